import fc from 'fast-check'
import { runs } from '../../fast-check-env'
import { describe, expect, it } from 'vitest'
import { stringifyWithDecimals } from '@shared/decimal'
import { JsonNumber } from '@shared/json/lossless-json'
import { jsonText } from '../../../src-sim/http/json-text'

const outcome = (f: () => string): { text: string } | { error: string } => {
  try {
    return { text: f() }
  } catch (e) {
    return { error: (e as Error).message }
  }
}

describe('jsonText (answer bodies)', () => {
  it('writes exactly what stringifyWithDecimals writes, for any JSON-like value', () => {
    const leaf = fc.oneof(
      fc.string(),
      fc.boolean(),
      fc.constant(null),
      fc.constant(undefined),
      fc.double(),
      fc.integer(),
      fc.constant(-0),
      fc.stringMatching(/^-?\d{1,20}(\.\d{1,12})?$/).map((t) => new JsonNumber(t))
    )
    const value = fc.letrec((tie) => ({
      node: fc.oneof({ depthSize: 'small' }, leaf, fc.array(tie('node')), fc.dictionary(fc.string(), tie('node')))
    })).node
    fc.assert(
      fc.property(value, (v) => {
        expect(outcome(() => jsonText(v))).toEqual(outcome(() => stringifyWithDecimals(v)))
      }),
      { numRuns: runs(2000) }
    )
  })

  it('keeps exact decimals, and refuses what JSON.stringify would quietly change', () => {
    expect(jsonText({ price: new JsonNumber('0.10'), id: '18446744073709551617' })).toBe(
      '{"price":0.10,"id":"18446744073709551617"}'
    )
    expect(() => jsonText({ a: Number.NaN })).toThrow(/finite/)
    expect(() => jsonText({ a: 1n })).toThrow(/bigint/)
    expect(() => jsonText(undefined)).toThrow(/no JSON form/)
    const cyclic: Record<string, unknown> = {}
    cyclic['self'] = { cyclic }
    expect(() => jsonText(cyclic)).toThrow(/circular/)
    expect(jsonText([1, undefined, () => 1])).toBe('[1,null,null]')
    expect(jsonText({ at: new Date(0) })).toBe('{"at":"1970-01-01T00:00:00.000Z"}')
  })
})
