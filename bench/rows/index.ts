// The rows of the benchmark, in the table's order: one module each (bench/row.ts says what
// a row is). A new row is a new module here and one entry in this list.
import type { Row } from '../row.js'
import { parseFloor } from './a-parse-floor.js'
import { peers } from './b-peers.js'
import { violations } from './c-violations.js'
import { replay } from './d-replay.js'
import { serve } from './e-serve.js'
import { linearity } from './f-linearity.js'
import { registry } from './g-registry.js'

export const ROWS: Row[] = [parseFloor, peers, violations, replay, serve, linearity, registry]
