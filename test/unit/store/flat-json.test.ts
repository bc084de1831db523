import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { flatJsonCopy } from '../../../src-sim/store/flat-json'

/** Own keys in order, each with its value compared by Object.is, and the prototype: what apply could tell apart. */
const shape = (v: object): unknown => ({
  proto: Object.getPrototypeOf(v) as unknown,
  entries: Object.keys(v).map((k) => [k, Object.is((v as Record<string, unknown>)[k], -0) ? '-0' : (v as never)[k]])
})
const roundTrip = (v: unknown): object => JSON.parse(JSON.stringify(v)) as object

describe('flatJsonCopy', () => {
  it('copies an order command as its JSON round trip, a fresh object', () => {
    const cmd = { t: 'place', account: 'a1', side: 'BUY', price: '30000.5', time: 1764480000000, post: false, x: null }
    const copy = flatJsonCopy(cmd)!
    expect(copy).not.toBe(cmd)
    expect(shape(copy)).toEqual(shape(roundTrip(cmd)))
  })

  it('leaves out undefined values as JSON does, integer keys first in both', () => {
    const cmd = { b: 'x', skip: undefined, 2: 'two', a: 1, 1: 'one' }
    expect(shape(flatJsonCopy(cmd)!)).toEqual(shape(roundTrip(cmd)))
  })

  it('declines what JSON writes differently or nests: -0, NaN, Infinity, objects, dates, toJSON, instances', () => {
    for (const v of [
      { n: -0 },
      { n: Number.NaN },
      { n: Number.POSITIVE_INFINITY },
      { o: {} },
      { a: [] },
      { d: new Date(0) },
      { toJSON: () => 1 },
      { f: () => 1 },
      { b: 1n },
      new (class K {
        a = 1
      })(),
      [1],
      'text',
      null
    ])
      expect(flatJsonCopy(v)).toBeUndefined()
  })

  it('declines an own __proto__ key (a copy would set the prototype), leaving Object.prototype alone', () => {
    const parsed = JSON.parse('{"__proto__":"x","a":"b"}') as object
    expect(flatJsonCopy(parsed)).toBeUndefined()
    const polluting = JSON.parse('{"__proto__":null,"t":"place"}') as object
    expect(flatJsonCopy(polluting)).toBeUndefined()
    expect(({} as Record<string, unknown>)['t']).toBeUndefined()
  })

  it('reads each value once: a getter gives the copy one value', () => {
    let reads = 0
    const v = {
      get n() {
        return ++reads
      }
    }
    expect(flatJsonCopy(v)).toEqual({ n: 1 })
    expect(reads).toBe(1)
  })

  it('is the JSON round trip whenever it copies (property)', () => {
    const scalar = fc.oneof(
      fc.string(),
      fc.boolean(),
      fc.constant(null),
      fc.constant(undefined),
      fc.double(),
      fc.integer(),
      fc.constant(-0)
    )
    const key = fc.oneof(fc.string(), fc.constantFrom('__proto__', 'constructor', '0', '10', 'toString'))
    fc.assert(
      fc.property(
        fc.oneof(fc.dictionary(key, scalar), fc.dictionary(key, fc.oneof(scalar, fc.object({ maxDepth: 1 })))),
        (v) => {
          const copy = flatJsonCopy(v)
          if (copy !== undefined) expect(shape(copy)).toEqual(shape(roundTrip(v)))
        }
      )
    )
  })
})
