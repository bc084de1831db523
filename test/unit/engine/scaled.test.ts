import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { runs } from '../../fast-check-env'
import {
  formatScaled,
  formatScaledMin,
  parseScaled,
  parseScaledInt,
  toSafeNumber
} from '../../../src-sim/engine/scaled'

describe('scaled decimal text', () => {
  it('parses exact decimal text into scaled integers', () => {
    expect(parseScaled('65000.5', 2)).toEqual({ ok: true, value: 6500050n })
    expect(parseScaled('65000', 2)).toEqual({ ok: true, value: 6500000n })
    expect(parseScaled('0.001', 3)).toEqual({ ok: true, value: 1n })
    expect(parseScaled('.5', 1)).toEqual({ ok: true, value: 5n })
    expect(parseScaled('5.', 1)).toEqual({ ok: true, value: 50n })
    expect(parseScaled('-1.25', 2)).toEqual({ ok: true, value: -125n })
    expect(parseScaled('+3', 0)).toEqual({ ok: true, value: 3n })
    expect(parseScaled(' 007.10 ', 2)).toEqual({ ok: true, value: 710n })
    expect(parseScaled('1.2300000', 2)).toEqual({ ok: true, value: 123n }) // extra zeros are fine
    expect(parseScaled('1e-8', 8)).toEqual({ ok: true, value: 1n })
    expect(parseScaled('1.5E+3', 0)).toEqual({ ok: true, value: 1500n })
    expect(parseScaled('2500e-3', 1)).toEqual({ ok: true, value: 25n })
    expect(parseScaled('123456789012345678901234567890.123456789', 9)).toEqual({
      ok: true,
      value: 123456789012345678901234567890123456789n
    })
  })

  it('refuses more decimals than allowed and malformed text', () => {
    expect(parseScaled('0.1', 0)).toEqual({ ok: false, reason: 'PRECISION' })
    expect(parseScaled('0.001', 2)).toEqual({ ok: false, reason: 'PRECISION' })
    expect(parseScaled('1e-9', 8)).toEqual({ ok: false, reason: 'PRECISION' })
    // 0.1 + 0.2 in binary floating point is not 0.3: the text route never goes through floats
    expect(parseScaled(String(0.1 + 0.2), 8)).toEqual({ ok: false, reason: 'PRECISION' })
    for (const bad of ['', '.', '-', 'abc', '1.2.3', '1,5', '0x10', 'NaN', 'Infinity', '1e', '1e999', '--1', '1 2']) {
      expect(parseScaled(bad, 2), bad).toEqual({ ok: false, reason: 'MALFORMED' })
    }
  })

  it('parses straight to safe integers for the engine', () => {
    expect(parseScaledInt('65000.01', 2)).toEqual({ ok: true, value: 6500001 })
    expect(parseScaledInt('90071992547409.92', 2)).toEqual({ ok: false, reason: 'TOO_LARGE' })
    expect(parseScaledInt('90071992547409.91', 2)).toEqual({ ok: true, value: Number.MAX_SAFE_INTEGER })
    expect(parseScaledInt('0.123', 2)).toEqual({ ok: false, reason: 'PRECISION' })
    expect(toSafeNumber(2n ** 53n)).toBeUndefined()
  })

  it('parses plain digit text to the same safe integer as the exact BigInt route, and leaves the rest to it', () => {
    for (const [text, d, value] of [
      ['65000.5', 2, 6500050],
      ['0.00000001', 8, 1],
      ['007', 3, 7000],
      ['999999999999999', 0, 999999999999999],
      ['9999999999999.99', 2, 999999999999999]
    ] as const)
      expect(parseScaledInt(text, d)).toEqual({ ok: true, value })
    fc.assert(
      fc.property(fc.stringMatching(/^\d{1,18}(\.\d{0,10})?$/), fc.integer({ min: 0, max: 12 }), (text, d) => {
        const exact = parseScaled(text, d)
        const expected = !exact.ok
          ? exact
          : exact.value > BigInt(Number.MAX_SAFE_INTEGER)
            ? { ok: false, reason: 'TOO_LARGE' }
            : { ok: true, value: Number(exact.value) }
        expect(parseScaledInt(text, d)).toEqual(expected)
      }),
      { numRuns: runs(2000) }
    )
  })

  it('formats scaled integers as decimal text', () => {
    expect(formatScaled(6500050n, 2)).toBe('65000.50')
    expect(formatScaled(6500050, 2, true)).toBe('65000.5')
    expect(formatScaled(1n, 8)).toBe('0.00000001')
    expect(formatScaled(-125n, 2)).toBe('-1.25')
    expect(formatScaled(0n, 3)).toBe('0.000')
    expect(formatScaled(100n, 2, true)).toBe('1')
    expect(formatScaled(42n, 0)).toBe('42')
    expect(formatScaled(2n ** 70n, 18)).toBe('1180.591620717411303424')
    expect(() => formatScaled(0.5, 2)).toThrow()
    for (const [text, d] of [
      ['65000.5', 2],
      ['0.00000001', 8],
      ['-3.1', 4],
      ['12', 0]
    ] as const) {
      const p = parseScaled(text, d)
      expect(p.ok && parseScaled(formatScaled(p.value, d), d)).toEqual(p)
    }
  })

  it('formats with a minimum of decimals, zeros past it trimmed (average prices)', () => {
    expect(formatScaledMin(650001200n, 5, 1)).toBe('6500.012')
    expect(formatScaledMin(650000000n, 5, 1)).toBe('6500.0')
    expect(formatScaledMin(650000000n, 4, 0)).toBe('65000')
    expect(formatScaledMin(650001000n, 4, 0)).toBe('65000.1')
    expect(formatScaledMin(0n, 6, 2)).toBe('0.00')
    expect(formatScaledMin(123n, 2, 2)).toBe('1.23')
  })
})
