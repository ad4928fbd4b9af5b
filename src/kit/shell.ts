// Commands as one line a POSIX shell reads back into the same argv (the replay line).

/** One argument, quoted only when the shell would otherwise change it. */
export const quoteArg = (arg: string): string => (/^[A-Za-z0-9_@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, `'\\''`)}'`)

export const quoteCommand = (argv: readonly string[]): string => argv.map(quoteArg).join(' ')
