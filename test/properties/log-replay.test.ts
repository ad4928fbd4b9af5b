// TW-PROP-LOG-REPLAY (spec/replay.md section 6).
import { asyncProperty } from '../support/property.js'
import fc from '../support/fc.js'
import { expect } from 'vitest'
import { currentTodos, standingPlan } from '../../src/log/plan.js'
import { harnessLog } from '../support/harness-log.js'
import { segments } from '../../fixtures/generators.js'
import { cut, replay } from './log-support.js'

asyncProperty(
  'TW-PROP-LOG-REPLAY: a harness log streamed in any chunks replays to the model list and standing plan',
  [segments, fc.array(fc.nat(), { maxLength: 6 })],
  async (segs, offsets) => {
    const log = harnessLog(segs)
    const { plan, problems, events } = await replay(cut(Buffer.from(log.text), offsets))
    expect(problems).toEqual([])
    expect(plan.current).toEqual(log.current)
    expect(plan.standing).toEqual(log.standing)
    expect(plan.current).toEqual(currentTodos(events))
    expect(plan.standing).toEqual(standingPlan(events))
    expect(events).toEqual(log.events)
  },
)
