import fc from 'fast-check'
import { afterEach, describe, expect, it } from 'vitest'
import { configureFastCheck, readFastCheckEnv } from '../fast-check-env'

describe('fast-check settings from the environment', () => {
  afterEach(() => void configureFastCheck(process.env))

  it('changes nothing without the variables', () => {
    expect(readFastCheckEnv({})).toEqual({ seed: undefined, numRuns: undefined, factor: 1 })
    expect(readFastCheckEnv({ FC_SEED: '', FC_NUM_RUNS: '', FC_RUNS_FACTOR: '' })).toEqual({
      seed: undefined,
      numRuns: undefined,
      factor: 1
    })
  })

  it.each([
    [{ FC_SEED: '1.5' }, 'FC_SEED: must be a 32-bit integer, got "1.5"'],
    [{ FC_SEED: '4294967296' }, 'FC_SEED: must be a 32-bit integer'],
    [{ FC_NUM_RUNS: '0' }, 'FC_NUM_RUNS: must be a positive integer, got "0"'],
    [{ FC_NUM_RUNS: '1e3' }, 'FC_NUM_RUNS: must be a positive integer'],
    [{ FC_RUNS_FACTOR: '-2' }, 'FC_RUNS_FACTOR: must be a positive integer']
  ])('refuses %j naming the variable', (env, message) => {
    expect(() => readFastCheckEnv(env)).toThrow(message)
  })

  it('replays a seed: the same seed draws the same values', () => {
    const draw = (): number[] => {
      const seen: number[] = []
      fc.assert(fc.property(fc.nat(), (n) => void seen.push(n)))
      return seen
    }
    expect(configureFastCheck({ FC_SEED: '-1284417553', FC_NUM_RUNS: '20' })).toEqual({
      seed: -1284417553,
      numRuns: 20,
      factor: 1
    })
    const first = draw()
    expect(first).toHaveLength(20)
    expect(draw()).toEqual(first)
  })

  it('scales the default count by the factor unless a count is given', () => {
    let n = 0
    configureFastCheck({ FC_RUNS_FACTOR: '3' })
    fc.assert(fc.property(fc.nat(), () => void n++))
    expect(n).toBe(300)
    configureFastCheck({ FC_RUNS_FACTOR: '3', FC_NUM_RUNS: '7' })
    expect(fc.readConfigureGlobal().numRuns).toBe(7)
  })
})
