// The zod 4 pipeline (how opencode, and later versions of the harness, validate a tool's
// arguments): `safeParse` on a zod schema that also trims and strips, the issues turned
// into the harness's wording and walk order, then the tool body on zod's output.
import * as z from 'zod'
import { STATUSES } from '../../src/core/schema.js'
import { missingProperty, mustBeArray, mustBeObject, mustBeOneOf, mustBeString } from '../../src/core/messages.js'
import { finish, harnessPath, registryRefusal, schemaFailure, type Pipeline } from './finish.js'

const Todo = z.object({ content: z.string().trim(), status: z.enum(STATUSES) })
const Args = z.object({ todos: z.array(Todo) })

/** One zod issue in the harness's words. JSON has no `undefined`: an undefined input is a missing key. */
function word(issue: z.core.$ZodIssue): string {
  const path = harnessPath(issue.path)
  const input = (issue as { input?: unknown }).input
  if (input === undefined && issue.path.length > 0) return missingProperty(path)
  if (issue.code === 'invalid_type') {
    if (issue.expected === 'object') return mustBeObject(path)
    if (issue.expected === 'array') return mustBeArray(path)
    return mustBeString(path)
  }
  if (issue.code === 'invalid_value') return typeof input === 'string' ? mustBeOneOf(path, STATUSES) : mustBeString(path)
  throw new Error(`zod issue ${issue.code} at ${path} has no harness wording`)
}

/**
 * zod reports an item's issues key by key (content, then status); the harness reports its
 * missing keys first, then the wrong ones (TW-ARGS-10). A stable sort by item, then
 * missing-first, gives the harness's order.
 */
function violations(issues: readonly z.core.$ZodIssue[]): string[] {
  const keyed = issues.map((issue, order) => ({
    text: word(issue),
    item: typeof issue.path[1] === 'number' ? issue.path[1] : -1,
    missing: (issue as { input?: unknown }).input === undefined ? 0 : 1,
    order,
  }))
  keyed.sort((a, b) => a.item - b.item || a.missing - b.missing || a.order - b.order)
  return keyed.map((k) => k.text)
}

export const zodPipeline: Pipeline = (args, exec) => {
  const refusal = registryRefusal(args)
  if (refusal !== null) return refusal
  const parsed = Args.safeParse(args, { reportInput: true })
  if (!parsed.success) return schemaFailure(violations(parsed.error.issues))
  return finish(parsed.data.todos, exec)
}

/** The schema layer alone (no wording, no body): for the row's context figures. */
export const zodSchemaOnly = (args: unknown): boolean => Args.safeParse(args).success
