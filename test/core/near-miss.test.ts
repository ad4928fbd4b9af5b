// The near-miss helper (src/core/near-miss.ts) behind every "did you mean …?": the release
// config check compares skeletons only (TW-PLUGIN-6), the command line forgives one slip more.
import { describe, expect, it } from 'vitest'
import { nearMiss } from '../../src/core/near-miss.js'

describe('nearMiss: by skeleton (lower case, letters only, each run of a letter as one)', () => {
  it.each([
    ['allowparallelinprogress', 'allowParallelInProgress'],
    ['allow-parallel-in-progress', 'allowParallelInProgress'],
    ['allow_parallel_in_progress ', 'allowParallelInProgress'],
    ['alllowParalelInProgres', 'allowParallelInProgress'],
    ['--NO-AGENT', '--no-agent'],
    ['--noagent', '--no-agent'],
    ['Demo', 'demo'],
    ['--sed', '--seed'],
    ['9seed9', '--seed'],
  ])('%j is a near miss of %j, with or without slips', (word, name) => {
    expect(nearMiss(word, ['--other', name])).toBe(name)
    expect(nearMiss(word, ['--other', name], 1)).toBe(name)
  })

  it.each([
    ['allowParalelInPorgress', 'allowParallelInProgress'],
    ['allowParallel', 'allowParallelInProgress'],
    ['allowParallelInProgressX', 'allowParallelInProgress'],
    ['seeds', '--seed'],
    ['', '--seed'],
  ])('%j is not, without slips, a near miss of %j', (word, name) => {
    expect(nearMiss(word, [name])).toBeUndefined()
  })

  it('the first name whose skeleton the word has, before any one slip away', () => {
    expect(nearMiss('--Runs', ['--run', '--runs', '--RUNS'], 1)).toBe('--runs')
    expect(nearMiss('--runs', ['--runs', '--RUNS'])).toBe('--runs')
    expect(nearMiss('--runz', ['--profile', '--run', '--runs'], 1)).toBe('--run')
  })
})

describe('nearMiss with one slip', () => {
  it.each([
    ['replya', 'replay', 'two neighbours swapped'],
    ['erplay', 'replay', 'the first two swapped'],
    ['replyaa', 'replay', 'the last two swapped (a doubled letter is one)'],
    ['rendr', 'render', 'a letter dropped'],
    ['ender', 'render', 'the first letter dropped'],
    ['rende', 'render', 'the last letter dropped'],
    ['profiles', 'profile', 'a letter added at the end'],
    ['xprofile', 'profile', 'a letter added at the start'],
    ['proxfile', 'profile', 'a letter added inside'],
    ['conforn', 'conform', 'the last letter changed'],
    ['xonform', 'conform', 'the first letter changed'],
    ['cinform', 'conform', 'a letter changed inside'],
    ['rn', 'run', 'two letters left of three'],
  ])('%j for %j: %s', (word, name) => {
    expect(nearMiss(word, ['zzzzzzzzz', name], 1)).toBe(name)
    expect(nearMiss(word, [name])).toBeUndefined()
  })

  it.each([
    ['rpelya', 'replay', 'two swaps'],
    ['rplya', 'replay', 'a drop and a swap'],
    ['rnded', 'render', 'a letter dropped and one changed'],
    ['rendxyr', 'render', 'two letters added'],
    ['rndr', 'render', 'two letters dropped'],
    ['ayrepl', 'replay', 'a rotation'],
    ['replazq', 'replay', 'a letter changed, then one added'],
    ['eplayr', 'replay', 'a letter moved'],
    ['rplay', 'reply', 'a letter changed and one added'],
    ['abced', 'abdce', 'a swap, one letter further on'],
    ['axbd', 'abcd', 'a letter added before, one dropped after'],
    ['acxd', 'abcd', 'a letter dropped before, one added after'],
    ['abdc', 'abcde', 'a swap and a drop'],
    ['call', 'x', 'nothing alike'],
    ['x', 'call', 'nothing alike, the other way'],
  ])('%j is not a near miss of %j: %s', (word, name) => {
    expect(nearMiss(word, [name], 1)).toBeUndefined()
  })
})
