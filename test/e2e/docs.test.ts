// Every command and output the documentation shows is run here (README.md and docs/*.md).
//
// ```console blocks are terminal sessions, replayed command by command:
// - A line starting with `$ ` is a command. The lines after it, up to the next `$ ` line or
//   the end of the block, are exactly what it prints, as a terminal shows it: its stdout
//   and its stderr in the order it wrote them (both go to one pipe, as to one terminal).
// - `2>/dev/null` at the end drops stderr from what is compared; `>/dev/null` drops stdout.
// - A last output line `(exit N)` is the exit status. Without one, the status must be 0.
// - `todo-write …`, or `npx todo-write …`, runs as `node dist/cli/bin.js …` (so `npm run build`
//   first) with the repository root as the working directory. Its stdin is empty, or what `echo '…' |`
//   before it writes (the text and a line break; no backslash in it, which the echo of sh
//   and zsh would change), or the file of `< FILE` after it.
//   `cat FILE` prints a file of the repository, to show what a command reads; `node FILE`
//   runs a script of the repository (an example) with the repository's node.
//   Words split as sh splits them ('…' and "…" quote); nothing else of sh is understood.
// - A command that names `python3` is skipped, visibly, where python3 is not on PATH; one that
//   names a file under `../shared/` (the fixtures beside the repository), where that file is
//   absent, except under CI, where it must be there.
//
// ```sh blocks hold what cannot run inside a test (`npm ci`, `npm test`, `git clone`,
// `npm pack`, a port of your own). They are not run, but what they name must exist: `npm run
// X` (anywhere in the docs, prose included), `npm test` and `npm start` a script of
// package.json, any other `npm X` an npm command, `npx X` an installed binary, and
// `todo-write X` (or `node dist/cli/bin.js X`) a subcommand of `todo-write --help` and flags of its `--help`.
// A command the docs say builds dist/ (in prose, or a sh line's comment) runs the build
// script, by npm's lifecycle.
//
// Every fenced block names its language, so no command hides in an untagged block; and
// every relative link of the docs leads to a file, and to a heading of it when it names one.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { createTodoWriteTool } from '../../src/core/tool.js'
import { updated } from '../../src/core/messages.js'
import { shellWords } from '../support/shell.js'
import { hasPython } from '../support/python.js'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const BIN = join(ROOT, 'dist/cli/bin.js')
const PAGES = [
  'README.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => `docs/${name}`),
]
const text = (page: string): string => readFileSync(join(ROOT, page), 'utf8')
/** A page without its fenced blocks. */
const prose = (page: string): string => text(page).replace(/^```[\s\S]*?^```$/gm, '')
/** A sh line without its comment. */
const uncommented = (line: string): string => line.replace(/\s+#.*$/, '')
const pkg = JSON.parse(text('package.json')) as { scripts: Record<string, string> }

interface Block {
  page: string
  /** The line of the opening fence, 1-based. */
  line: number
  lang: string
  body: string[]
}

/** Every fenced block of a page (fences at the start of a line, three backticks). */
function blocks(page: string): Block[] {
  const lines = text(page).split('\n')
  const found: Block[] = []
  for (let i = 0; i < lines.length; i++) {
    const open = /^```(.*)$/.exec(lines[i]!)
    if (!open) continue
    const end = lines.indexOf('```', i + 1)
    if (end < 0) throw new Error(`${page}:${i + 1}: unterminated fence`)
    found.push({ page, line: i + 1, lang: open[1]!.trim(), body: lines.slice(i + 1, end) })
    i = end
  }
  return found
}

const ALL = PAGES.flatMap(blocks)

interface Command {
  page: string
  line: number
  /** The command as the doc shows it, without `$ `. */
  shown: string
  program: 'todo-write' | 'cat' | 'node'
  argv: string[]
  stdin: string
  compare: 'both' | 'stdout' | 'stderr'
  expected: string
  exit: number
}

/** A `$ ` line and its output lines, read by the conventions at the top of this file. */
function command(page: string, line: number, shown: string, output: string[]): Command {
  let words = shellWords(shown)
  let stdin = ''
  if (words[0] === 'echo') {
    const pipe = words.indexOf('|')
    if (pipe < 0) throw new Error(`${page}:${line}: echo without a pipe`)
    stdin = words.slice(1, pipe).join(' ') + '\n'
    // The echo of sh (dash) and zsh turns `\n` and the like into other characters.
    if (stdin.includes('\\')) throw new Error(`${page}:${line}: echo of a text with a backslash: sh and zsh would not echo it as shown`)
    words = words.slice(pipe + 1)
  }
  if (words[0] === 'npx' && words[1] === 'todo-write') words = words.slice(1)
  let compare: Command['compare'] = 'both'
  const argv: string[] = []
  for (let i = 1; i < words.length; i++) {
    const word = words[i]!
    if (word === '<') stdin = readFileSync(join(ROOT, words[++i]!), 'utf8')
    else if (word === '2>/dev/null') compare = 'stdout'
    else if (word === '>/dev/null') compare = 'stderr'
    else if (/[<>|;&$`]/.test(word) && !shown.includes(`'${word}'`) && !shown.includes(`"${word}"`))
      throw new Error(`${page}:${line}: "${word}" is not understood (see the conventions)`)
    else argv.push(word)
  }
  const program = words[0]
  if (program !== 'todo-write' && program !== 'cat' && program !== 'node')
    throw new Error(`${page}:${line}: a console block runs todo-write, cat or node, not ${program}`)
  if (program === 'node' && (argv.length !== 1 || !existsSync(join(ROOT, argv[0]!)))) throw new Error(`${page}:${line}: node runs one script of the repository`)
  const last = /^\(exit (\d+)\)$/.exec(output.at(-1) ?? '')
  const printed = last ? output.slice(0, -1) : output
  return { page, line, shown, program, argv, stdin, compare, expected: printed.map((l) => l + '\n').join(''), exit: last ? Number(last[1]) : 0 }
}

/** Every command of every console block, in document order. */
function commands(): Command[] {
  return ALL.filter((b) => b.lang === 'console').flatMap((block) => {
    const found: { line: number; shown: string; output: string[] }[] = []
    block.body.forEach((line, offset) => {
      if (line.startsWith('$ ')) found.push({ line: block.line + 1 + offset, shown: line.slice(2), output: [] })
      else if (found.length === 0) throw new Error(`${block.page}:${block.line}: a console block starts with a $ line`)
      else found.at(-1)!.output.push(line)
    })
    return found.map((c) => command(block.page, c.line, c.shown, c.output))
  })
}

const COMMANDS = commands()
const CI = process.env.CI === 'true' || process.env.CI === '1'

/** Runs a command; the commands are independent, so they run concurrently. */
function run(c: Command): Promise<{ stdout: string; stderr: string; status: number | null }> {
  if (c.program === 'cat') return Promise.resolve({ stdout: c.argv.map((file) => readFileSync(join(ROOT, file), 'utf8')).join(''), stderr: '', status: 0 })
  return new Promise((resolve, reject) => {
    // Shown whole, the two streams share one pipe, so their lines keep the order written.
    const argv = c.program === 'node' ? c.argv : [BIN, ...c.argv]
    const [file, args] = c.compare === 'both' ? ['/bin/sh', ['-c', 'exec "$0" "$@" 2>&1', process.execPath, ...argv]] : [process.execPath, argv]
    const child = spawn(file, args, { cwd: ROOT, stdio: ['pipe', 'pipe', 'pipe'] })
    const out: Buffer[] = []
    const err: Buffer[] = []
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk))
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk))
    child.on('error', reject)
    child.on('close', (status) => resolve({ stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8'), status }))
    child.stdin.end(c.stdin)
  })
}

describe('console blocks: each command prints what the doc shows', () => {
  it('the docs hold commands, and dist/ is built', () => {
    expect(COMMANDS.length).toBeGreaterThanOrEqual(15)
    expect(existsSync(BIN), 'run npm run build first').toBe(true)
  })

  for (const c of COMMANDS) {
    const needsPython = c.argv.includes('python3')
    const absentShared = c.argv.filter((word) => word.startsWith('../shared/') && !existsSync(join(ROOT, word)))
    const title = `${c.page}:${c.line} $ ${c.shown}`
    const why = needsPython && !hasPython ? 'python3 is not on PATH' : absentShared.length > 0 && !CI ? `${absentShared[0]} is absent` : undefined
    ;(why !== undefined ? it.skip : it.concurrent)(why !== undefined ? `${title} (skipped: ${why})` : title, async () => {
      const result = await run(c)
      const shown = c.compare === 'stdout' ? result.stdout : c.compare === 'stderr' ? result.stderr : result.stdout + result.stderr
      expect(shown).toBe(c.expected)
      expect(result.status, `exit status of ${c.shown}`).toBe(c.exit)
    })
  }
})

describe('sh blocks and prose name only what exists', () => {
  const help = (...argv: string[]) => spawnSync(process.execPath, [BIN, ...argv, '--help'], { encoding: 'utf8' }).stdout
  const subcommands = new Set([...help().matchAll(/^ {2}todo-write ([a-z-]+)/gm)].map((m) => m[1]!))
  const flags = (subcommand: string) => new Set(help(subcommand).match(/--[a-z][a-z-]*/g))
  const NPM_COMMANDS = new Set(['ci', 'install', 'pack', 'run', 'test', 'start', 'exec'])
  const shLines = ALL.filter((b) => b.lang === 'sh').flatMap((b) =>
    b.body.map((line, i) => ({ where: `${b.page}:${b.line + 1 + i}`, line: uncommented(line) })),
  )

  it('the CLI help lists the subcommands the docs use', () => {
    expect([...subcommands].sort()).toEqual(['--help', '--version', 'call', 'conform', 'demo', 'replay', 'serve'].sort())
  })

  it('every npm and npx command of a sh block exists', () => {
    const problems: string[] = []
    for (const { where, line } of shLines) {
      for (const m of line.matchAll(/(?:^|&&|\|\||;)\s*npm ([a-z-]+)(?: ([\w:-]+))?/g)) {
        const [, cmd, arg] = m
        if (cmd === 'run' && !(arg! in pkg.scripts)) problems.push(`${where}: npm run ${arg}: no such script`)
        else if ((cmd === 'test' || cmd === 'start') && !(cmd in pkg.scripts)) problems.push(`${where}: npm ${cmd}: no such script`)
        else if (!NPM_COMMANDS.has(cmd!)) problems.push(`${where}: npm ${cmd}: not a command the docs may use`)
      }
      for (const m of line.matchAll(/(?:^|&&|\|\||;)\s*npx ([\w-]+)/g)) {
        if (!existsSync(join(ROOT, 'node_modules/.bin', m[1]!))) problems.push(`${where}: npx ${m[1]}: not installed`)
      }
    }
    expect(problems).toEqual([])
    expect(shLines.some(({ line }) => line.includes('npm ci && npm test'))).toBe(true)
  })

  it("every todo-write command of a sh block names a subcommand of --help and flags of that subcommand's --help", () => {
    const problems: string[] = []
    for (const { where, line } of shLines) {
      for (const m of line.matchAll(/(?:^|[|&;]\s*)(?:[A-Z_]+=\S*\s+)*(?:todo-write|node dist\/cli\/bin\.js) ([^|&;]*)/g)) {
        const words = shellWords(m[1]!.trim())
        const own = words.includes('--') ? words.slice(0, words.indexOf('--')) : words
        if (!subcommands.has(own[0]!)) problems.push(`${where}: todo-write ${own[0]}: no such subcommand`)
        for (const flag of own.filter((w) => w.startsWith('--')))
          if (!flags(own[0]!).has(flag)) problems.push(`${where}: ${flag}: not in todo-write ${own[0]} --help`)
      }
    }
    expect(problems).toEqual([])
  })

  it('every `npm run X` in the docs, prose included, names a script', () => {
    const named = PAGES.flatMap((page) => [...text(page).matchAll(/npm run ([\w:-]+)/g)].map((m) => ({ page, script: m[1]! })))
    expect(named.length).toBeGreaterThan(5)
    expect(named.filter(({ script }) => !(script in pkg.scripts))).toEqual([])
  })
})

/** The scripts of package.json npm runs for a command, by npm's lifecycle; none for any other program. */
function scriptsRunBy(command: string): string[] {
  const [program, sub, arg] = command.trim().split(/\s+/)
  if (program !== 'npm') return []
  const around = (name: string) => [`pre${name}`, name, `post${name}`]
  if (sub === 'ci' || sub === 'install') return ['preinstall', 'install', 'postinstall', 'prepublish', 'preprepare', 'prepare', 'postprepare']
  if (sub === 'pack') return ['prepack', 'preprepare', 'prepare', 'postprepare', 'postpack']
  if (sub === 'test' || sub === 'start') return around(sub)
  if (sub === 'run' && arg !== undefined) return around(arg)
  return []
}

/** The scripts a command runs: by npm's lifecycle, or named to npm-run-all2's `run-p` and `run-s`. */
const scriptsCalledBy = (command: string): string[] => {
  const [program, ...args] = command.trim().split(/\s+/)
  return program === 'run-p' || program === 'run-s' ? args.filter((arg) => !arg.startsWith('-')) : scriptsRunBy(command)
}

/** Whether a script is `build`, or runs it (through `npm run X`, `npm test`, `npm start`, `run-p`, `run-s`). */
function scriptBuilds(name: string, seen = new Set<string>()): boolean {
  if (name === 'build') return true
  const body = pkg.scripts[name]
  if (body === undefined || seen.has(name)) return false
  seen.add(name)
  return body.split('&&').some((command) => scriptsCalledBy(command).some((script) => scriptBuilds(script, seen)))
}

/** Whether a command line (`a && b && …`) runs the build. */
const lineBuilds = (line: string): boolean => line.split('&&').some((command) => scriptsRunBy(command).some((script) => scriptBuilds(script)))

describe('what the docs say builds dist/ does', () => {
  // A doc says so in prose ("`X` builds `dist/`", "after `npm …`" before a use of dist/),
  // or in the comment of a sh line ("# install, build, and …").
  const claims = PAGES.flatMap((page) => {
    const oneLine = prose(page).replace(/\s+/g, ' ')
    const said = [...oneLine.matchAll(/`([^`]+)` builds `dist\/`|after `(npm [^`]+)`/g)].map((m) => ({ where: page, command: (m[1] ?? m[2])! }))
    const commented = blocks(page)
      .filter((b) => b.lang === 'sh')
      .flatMap((b) => b.body.filter((line) => /#.*\bbuild/.test(line)).map((line) => ({ where: `${page}:${b.line}`, command: uncommented(line) })))
    return [...said, ...commented]
  })

  it('the docs say it of some commands', () => {
    expect(claims.length).toBeGreaterThanOrEqual(4)
  })

  it("each such command runs the build script, by npm's lifecycle", () => {
    expect(claims.filter(({ command }) => !lineBuilds(command))).toEqual([])
  })
})

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens. */
const slug = (heading: string): string =>
  heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/ /g, '-')

function anchors(page: string): Set<string> {
  const seen = new Map<string, number>()
  const out = new Set<string>()
  for (const m of prose(page).matchAll(/^#{1,6} (.*)$/gm)) {
    const base = slug(m[1]!)
    const n = seen.get(base) ?? 0
    seen.set(base, n + 1)
    out.add(n === 0 ? base : `${base}-${n}`)
  }
  return out
}

describe('the docs hang together', () => {
  it('every fenced block names its language', () => {
    expect(ALL.filter((b) => b.lang === '').map((b) => `${b.page}:${b.line}`)).toEqual([])
  })

  it('every relative link leads to a file, and to a heading of it when it names one', () => {
    const broken: string[] = []
    for (const page of PAGES) {
      for (const m of prose(page).matchAll(/\]\(([^)\s]+)\)/g)) {
        const target = m[1]!
        if (/^[a-z]+:/.test(target)) continue
        const [path, anchor] = target.split('#') as [string, string | undefined]
        const file = path === '' ? page : relative(ROOT, join(ROOT, dirname(page), path))
        if (!existsSync(join(ROOT, file))) broken.push(`${page}: ${target}: no such file`)
        else if (anchor !== undefined && file.endsWith('.md') && !anchors(file).has(anchor)) broken.push(`${page}: ${target}: no such heading in ${file}`)
      }
    }
    expect(broken).toEqual([])
  })

  it('README.md: its commands run from a clone as shown: `npx todo-write`, not a `todo-write` the clone has not on PATH', () => {
    const readme = COMMANDS.filter((c) => c.page === 'README.md' && c.program === 'todo-write')
    expect(readme.length).toBeGreaterThan(3)
    expect(readme.filter((c) => !/(?:^|\| )npx todo-write /.test(c.shown)).map((c) => c.shown)).toEqual([])
  })

  it('README.md: short, the two set-up commands, a link to each page of docs/', () => {
    const readme = text('README.md')
    expect(Buffer.byteLength(readme)).toBeLessThanOrEqual(8 * 1024)
    expect(readme).toContain('npm ci && npm start')
    expect(readme).toContain('npm ci && npm test')
    for (const page of PAGES.filter((p) => p.startsWith('docs/'))) expect(readme, page).toContain(`](${page})`)
  })

  it('docs/model-experience.md: the sizes it gives are those of the tool', () => {
    const page = text('docs/model-experience.md')
    const tool = createTodoWriteTool()
    const definition = JSON.stringify({ name: tool.name, description: tool.description, parameters: tool.parameters })
    expect(page).toContain(`${Buffer.byteLength(definition)} bytes of compact JSON, about ${Math.round(Buffer.byteLength(definition) / 4 / 10) * 10} tokens`)
    expect(page).toContain(`${Buffer.byteLength(updated(0, 1, 0))} bytes on success while every count has one digit`)
    const quoted = [...page.matchAll(/^> (.*)$/gm)].map((m) => m[1]!).join(' ')
    expect(quoted, 'the description, quoted').toBe(tool.description)
  })
})
