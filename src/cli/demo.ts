// `todo-write demo`: the README's main job on an embedded default, a short agent session
// played through `todo-write call`, each call's arguments and the exact line it prints.
import { MemorySession } from '../log/events.js'
import { currentTodos } from '../log/plan.js'
import { callTodoWrite } from '../core/call.js'
import { callLine } from './call.js'
import { parseFlags } from './flags.js'
import { output, type Sink } from './io.js'

/** The sh word that is `text` itself: single quotes, a quote inside as '\\''. */
const shQuote = (text: string): string => `'${text.replaceAll("'", `'\\''`)}'`

/**
 * The command line that runs one call. printf, not echo: the echo of sh (dash) and zsh turns
 * `\n` inside the arguments into a line break, which breaks the JSON text.
 */
export const demoCommand = (args: string, agent: boolean): string => `printf '%s\\n' ${shQuote(args)} | todo-write call${agent ? '' : ' --no-agent'}`

interface DemoCall {
  note: string
  args: string
  agent: boolean
}

const DEMO_CALLS: DemoCall[] = [
  {
    note: 'plan three tasks',
    agent: true,
    args: '{"todos":[{"content":"read the code","status":"in_progress"},{"content":"write the fix","status":"pending"},{"content":"run the tests","status":"pending"}]}',
  },
  {
    note: 'contents are trimmed; extra keys are dropped',
    agent: true,
    args: '{"todos":[{"content":"  read the code ","status":"completed","id":1},{"content":"write the fix","status":"in_progress"},{"content":"run the tests","status":"pending"}]}',
  },
  { note: 'two tasks in progress', agent: true, args: '{"todos":[{"content":"a","status":"in_progress"},{"content":"b","status":"in_progress"}]}' },
  { note: 'duplicate after trimming', agent: true, args: '{"todos":[{"content":"ship it","status":"pending"},{"content":"ship it\\n","status":"pending"}]}' },
  { note: 'schema violations, all reported', agent: true, args: '{"todos":[{"content":"a","status":"done"},{"status":"pending"},7]}' },
  { note: 'no owning agent session', agent: false, args: '{"todos":[]}' },
]

export const DEMO_HELP = `todo-write demo

Plays ${DEMO_CALLS.length} calls through one session, each as a \`todo-write call\` command line
(sh, bash and zsh run it as shown) and the line it prints; then the list the session ends
with. Exit 0. It takes no argument and no flag but --help: anything else exits 2.`

export async function runDemo(argv: string[], stdout: Sink): Promise<number> {
  parseFlags('demo', argv, {})
  const out = output(stdout)
  await out.write('todo-write demo: each call as `todo-write call` answers it\n')
  for (const [index, call] of DEMO_CALLS.entries()) {
    await out.write(`\n# ${index + 1}. ${call.note}${call.agent ? '' : ' (--no-agent)'}\n`)
    await out.write(`$ ${demoCommand(call.args, call.agent)}\n`)
    await out.write(JSON.stringify(callLine(JSON.parse(call.args), call.agent, {})) + '\n')
  }
  // The same calls against one session: only accepted calls reach the log.
  const session = new MemorySession()
  for (const call of DEMO_CALLS) callTodoWrite(JSON.parse(call.args), call.agent ? { agent: { session } } : {})
  await out.write(`\nOne session fed all ${DEMO_CALLS.length} calls logged ${session.events.length} todo/write events; current list:\n`)
  await out.write(JSON.stringify(currentTodos(session.events)) + '\n')
  return 0
}
