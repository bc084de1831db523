import Decimal from 'decimal.js'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { runs } from '../fast-check-env'
import {
  add,
  runningTotals,
  compare,
  countDecimals,
  DecimalError,
  div,
  fitsPrecision,
  formatFixed,
  fromScaledBigInt,
  groupDigits,
  groupText,
  JsonDecimal,
  mul,
  normalizeDecimal,
  numberMarks,
  parseDecimal,
  roundToDecimals,
  roundToStep,
  stringifyWithDecimals,
  sub,
  toJsonNumber,
  toScaledBigInt
} from '../../src-shared/decimal'

// Test-side formatting of n / 10^scale, written independently of the module: canonical (no trailing zeros).
function textOf(n: bigint, scale: number): string {
  const neg = n < 0n
  const digits = (neg ? -n : n).toString().padStart(scale + 1, '0')
  const int = digits.slice(0, digits.length - scale)
  const frac = digits.slice(digits.length - scale).replace(/0+$/, '')
  const body = frac === '' ? int : `${int}.${frac}`
  return neg && body !== '0' ? `-${body}` : body
}
const scaled = (maxDigits: number) =>
  fc.bigInt({ min: -(10n ** BigInt(maxDigits)) + 1n, max: 10n ** BigInt(maxDigits) - 1n })

describe('parseDecimal', () => {
  it.each([
    ['NaN', /finite/],
    ['Infinity', /finite/],
    ['-Infinity', /finite/],
    ['1e5', /exponent/],
    ['1.5E-3', /exponent/],
    ['', /empty/],
    [' 1', /whitespace/],
    ['1\n', /whitespace/],
    ['+1', /'\+'/],
    ['01', /leading zeros/],
    ['-00.5', /leading zeros/],
    ['.5', /not a decimal/],
    ['5.', /not a decimal/],
    ['1,5', /not a decimal/],
    ['0x10', /not a decimal/],
    ['1.2.3', /not a decimal/]
  ])('rejects %j naming the field', (text, reason) => {
    expect(() => parseDecimal(text, 'price')).toThrow(DecimalError)
    expect(() => parseDecimal(text, 'price')).toThrow(/^price: /)
    expect(() => parseDecimal(text, 'price')).toThrow(reason)
  })
  it('rejects non-strings, and negatives when asked', () => {
    expect(() => parseDecimal(0.1, 'volume')).toThrow('volume: must be a decimal string, got number')
    expect(() => parseDecimal(null, 'volume')).toThrow(/got null/)
    expect(() => parseDecimal('-1', 'volume', { allowNegative: false })).toThrow(/negative/)
  })
  it('accepts plain decimals exactly, exponent only when allowed', () => {
    expect(parseDecimal('123456789012345678.123456789').toFixed()).toBe('123456789012345678.123456789')
    expect(parseDecimal('1e-7', 'x', { allowExponent: true }).toFixed()).toBe('0.0000001')
    expect(normalizeDecimal('-0')).toBe('0')
    expect(normalizeDecimal('1.500')).toBe('1.5')
  })
  it('groups text as written in a language’s marks, its digits untouched (one rule for windows and main)', () => {
    expect(groupText('70000.10')).toBe('70,000.10')
    expect(groupText('-1234567')).toBe('-1,234,567')
    expect(groupText('999.5')).toBe('999.5')
    expect(groupText('1234.50', { group: '.', decimal: ',' })).toBe('1.234,50')
    expect(numberMarks('de-DE')).toEqual({ group: '.', decimal: ',' })
    expect(numberMarks('zh-CN')).toEqual({ group: ',', decimal: '.' })
  })
  it('groups the integer digits by threes, the fraction and sign kept, the padding dropped', () => {
    expect(groupDigits('130000')).toBe('130,000')
    expect(groupDigits('100000.00000000')).toBe('100,000')
    expect(groupDigits('1234567.0012345')).toBe('1,234,567.0012345')
    expect(groupDigits('-1234.5')).toBe('-1,234.5')
    expect(groupDigits('999.99')).toBe('999.99')
    fc.assert(
      fc.property(
        scaled(24).chain((n) => fc.tuple(fc.constant(n), fc.nat(12))),
        ([n, scale]) => {
          const text = textOf(n, scale)
          expect(groupDigits(text).replaceAll(',', '')).toBe(text)
        }
      ),
      { numRuns: runs(200) }
    )
  })
})

describe('precision and rounding', () => {
  it('counts decimals of the value', () => {
    expect(countDecimals('1.500')).toBe(1)
    expect(countDecimals('100')).toBe(0)
    expect(countDecimals('0.00000001')).toBe(8)
    expect(fitsPrecision('1.25', 2)).toBe(true)
    expect(fitsPrecision('1.255', 2)).toBe(false)
    expect(() => fitsPrecision('1', -1)).toThrow(/decimals/)
  })
  it.each([
    ['2.345', 2, 'half-even', '2.34'],
    ['2.345', 2, 'half-up', '2.35'],
    ['2.349', 2, 'down', '2.34'],
    ['2.341', 2, 'up', '2.35'],
    ['-2.345', 2, 'up', '-2.35'],
    ['-2.345', 2, 'half-up', '-2.35'],
    ['2.5', 0, 'half-even', '2'],
    ['3.5', 0, 'half-even', '4'],
    ['-0.001', 2, 'down', '0.00'],
    ['7', 3, 'down', '7.000']
  ] as const)('roundToDecimals(%s, %i, %s) = %s', (v, d, mode, want) => {
    expect(roundToDecimals(v, d, mode)).toBe(want)
  })
  it.each([
    ['1.234', '0.05', 'down', '1.20'],
    ['1.234', '0.05', 'up', '1.25'],
    ['1.234', '0.05', 'half-up', '1.25'],
    ['1.225', '0.05', 'half-even', '1.20'],
    ['1.275', '0.05', 'half-even', '1.30'],
    ['1.225', '0.05', 'half-up', '1.25'],
    ['12', '5', 'half-even', '10'],
    ['-1.234', '0.05', 'down', '-1.20'],
    ['100.00', '0.5', 'down', '100.0']
  ] as const)('roundToStep(%s, %s, %s) = %s', (v, step, mode, want) => {
    expect(roundToStep(v, step, mode)).toBe(want)
  })
  it('roundToStep lands on a step multiple next to the value (property)', () => {
    fc.assert(
      fc.property(scaled(15), fc.bigInt({ min: 1n, max: 10n ** 6n }), fc.integer({ min: 0, max: 8 }), (v, st, s) => {
        const [x, step] = [textOf(v, 8), textOf(st, s)]
        const down = roundToStep(x, step, 'down')
        const up = roundToStep(x, step, 'up')
        const k = div(down, step, 0, 'down')
        expect(compare(mul(k, step), down)).toBe(0) // a whole number of steps
        const dist = v < 0n ? sub(down, up) : sub(up, down) // 'up' is away from zero
        expect(['0', normalizeDecimal(step)]).toContain(dist)
        const half = roundToStep(x, step, 'half-even')
        expect([down, up]).toContain(half)
      })
    )
  })
  it('refuses a non-positive step', () => {
    expect(() => roundToStep('1', '0', 'down')).toThrow(/step: must be greater than zero/)
  })
  it('formats with fixed decimals and never an exponent', () => {
    expect(formatFixed('1e-7')).toBe('0.0000001')
    expect(formatFixed(new Decimal('1e-7'), 9)).toBe('0.000000100')
    expect(formatFixed(new Decimal('1e25'))).toBe('10000000000000000000000000')
    expect(formatFixed('0.1', 8)).toBe('0.10000000')
    expect(formatFixed('123456789012345678.123456789')).toBe('123456789012345678.123456789')
    expect(formatFixed('2.5', 0)).toBe('2')
    expect(formatFixed('2.5', 0, 'half-up')).toBe('3')
  })
})

describe('arithmetic', () => {
  it('is exact where floats are not', () => {
    expect(add('0.1', '0.2')).toBe('0.3')
    expect(sub('0.3', '0.1')).toBe('0.2')
    expect(mul('0.1', '0.2')).toBe('0.02')
    expect(add('123456789012345678.123456789', '0.000000001')).toBe('123456789012345678.12345679')
    expect(compare('0.10', '0.1')).toBe(0)
    expect(compare('-1', '0.5')).toBe(-1)
    expect(compare('1', '0.99999999999999999999')).toBe(1)
  })
  it('divides with one rounding to the requested decimals', () => {
    expect(div('1', '3', 8, 'down')).toBe('0.33333333')
    expect(div('2', '3', 8, 'half-up')).toBe('0.66666667')
    expect(div('-2', '3', 2, 'down')).toBe('-0.66')
    expect(div('1', '8', 2, 'half-even')).toBe('0.12')
    expect(div('3', '8', 2, 'half-even')).toBe('0.38')
    expect(div('0.5', '0.25', 0, 'down')).toBe('2')
    expect(() => div('1', '0', 2, 'down')).toThrow(/divisor: must not be zero/)
  })
  it('refuses, rather than rounds, a result past 60 significant digits', () => {
    const big = `1${'0'.repeat(40)}`
    const tiny = `0.${'0'.repeat(25)}1`
    expect(() => add(big, tiny)).toThrow(/60 significant digits/)
    expect(() => mul('1.' + '1'.repeat(35), '1.' + '1'.repeat(35))).toThrow(/60 significant digits/)
  })
  it('add/sub match bigint arithmetic (property)', () => {
    fc.assert(
      fc.property(scaled(28), scaled(28), fc.integer({ min: 0, max: 18 }), (a, b, s) => {
        expect(add(textOf(a, s), textOf(b, s))).toBe(textOf(a + b, s))
        expect(sub(textOf(a, s), textOf(b, s))).toBe(textOf(a - b, s))
        expect(mul(textOf(a, s), textOf(b, s))).toBe(textOf(a * b, 2 * s))
        expect(compare(textOf(a, s), textOf(b, s))).toBe(a < b ? -1 : a > b ? 1 : 0)
      })
    )
  })
  it('div(down) brackets the exact quotient (property)', () => {
    fc.assert(
      fc.property(
        scaled(20),
        scaled(20).filter((b) => b > 0n),
        fc.integer({ min: 0, max: 12 }),
        (a, b, d) => {
          const [x, y] = [textOf(a < 0n ? -a : a, 6), textOf(b, 6)]
          const q = div(x, y, d, 'down')
          const ulp = textOf(1n, d)
          expect(compare(mul(q, y), x)).toBeLessThanOrEqual(0)
          expect(compare(mul(add(q, ulp), y), x)).toBe(1)
        }
      )
    )
  })
})

describe('scaled integers', () => {
  it('converts exactly and refuses extra decimals', () => {
    expect(toScaledBigInt('1.23', 2)).toBe(123n)
    expect(toScaledBigInt('1.5', 4)).toBe(15000n)
    expect(toScaledBigInt('-0.5', 3)).toBe(-500n)
    expect(toScaledBigInt('98765432109876543210.5', 1)).toBe(987654321098765432105n)
    expect(() => toScaledBigInt('1.234', 2, 'price')).toThrow('price: has 3 decimals, more than the 2 allowed')
    expect(fromScaledBigInt(-5n, 3)).toBe('-0.005')
    expect(fromScaledBigInt(0n, 0)).toBe('0')
    expect(fromScaledBigInt(150n, 2)).toBe('1.50')
  })
  it('round-trips text -> scaled -> text (property)', () => {
    fc.assert(
      fc.property(scaled(30), fc.integer({ min: 0, max: 20 }), fc.integer({ min: 0, max: 10 }), (n, s, extra) => {
        const text = textOf(n, s)
        const decimals = s + extra
        const back = fromScaledBigInt(toScaledBigInt(text, decimals), decimals)
        expect(normalizeDecimal(back)).toBe(text)
        expect(back.split('.')[1]?.length ?? 0).toBe(decimals)
        expect(toScaledBigInt(fromScaledBigInt(n, s), s)).toBe(n)
      })
    )
  })
})

describe('JSON with exact decimals', () => {
  it('writes marked decimals as JSON numbers from their exact text', () => {
    const body = {
      symbol: 'BTCUSDT',
      price: toJsonNumber('0.1'),
      volume: toJsonNumber('123456789012345678.123456789'),
      side: 'BUY',
      skip: undefined
    }
    expect(stringifyWithDecimals(body)).toBe(
      '{"symbol":"BTCUSDT","price":0.1,"volume":123456789012345678.123456789,"side":"BUY"}'
    )
    expect(JSON.stringify({ p: new JsonDecimal('0.1') })).toBe('{"p":"0.1"}')
  })
  it('marks fields by key at any depth, arrays included', () => {
    const batch = {
      symbol: 'BTCUSDT',
      orders: [{ price: '27000.50', volume: '0.001', side: 'BUY' }],
      levels: ['1.0', '2']
    }
    expect(stringifyWithDecimals(batch, { decimalKeys: ['price', 'volume', 'levels'] })).toBe(
      '{"symbol":"BTCUSDT","orders":[{"price":27000.50,"volume":0.001,"side":"BUY"}],"levels":[1.0,2]}'
    )
    expect(() => stringifyWithDecimals({ price: '1e5' }, { decimalKeys: ['price'] })).toThrow(/^price: .*exponent/)
  })
  it('refuses values JSON.stringify would silently mangle', () => {
    expect(() => stringifyWithDecimals({ v: Number.NaN })).toThrow(/v: is not a finite number/)
    expect(() => stringifyWithDecimals({ id: 1n })).toThrow(/bigint/)
    const cyc: Record<string, unknown> = {}
    cyc.self = cyc
    expect(() => stringifyWithDecimals(cyc)).toThrow(/circular/)
    expect(() => toJsonNumber('0.1 ')).toThrow(/whitespace/)
  })
  it('writes a missing array item as null, as JSON.stringify does', () => {
    // eslint-disable-next-line no-sparse-arrays -- a hole is the input under test
    expect(stringifyWithDecimals({ a: [1, , 2], b: new Array(2) })).toBe('{"a":[1,null,2],"b":[null,null]}')
  })
  it('equals JSON.stringify on plain JSON values (property)', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        expect(stringifyWithDecimals(v)).toBe(JSON.stringify(v))
      })
    )
    // and on the values JSON.stringify writes without loss of meaning: holes and undefined (null in arrays, left
    // out of objects), objects without a prototype, any UTF-16 string (lone surrogates escaped)
    const leaf = fc.oneof(
      fc.string({ unit: 'binary' }),
      fc.boolean(),
      fc.constant(null),
      fc.constant(undefined),
      fc.double({ noNaN: true, noDefaultInfinity: true }),
      fc.integer()
    )
    fc.assert(
      fc.property(
        fc.anything({
          values: [leaf],
          withSparseArray: true,
          withNullPrototype: true,
          key: fc.string({ unit: 'binary' })
        }),
        (v) => {
          fc.pre(v !== undefined)
          expect(stringifyWithDecimals(v)).toBe(JSON.stringify(v))
        }
      )
    )
    expect(stringifyWithDecimals({ at: new Date(0), f: () => 1, a: [undefined] })).toBe(
      JSON.stringify({ at: new Date(0), f: () => 1, a: [undefined] })
    )
  })
  it('output parses back to the same digits (property)', () => {
    fc.assert(
      fc.property(scaled(30), fc.integer({ min: 0, max: 25 }), (n, s) => {
        const text = textOf(n, s)
        const json = stringifyWithDecimals(
          { a: [{ price: toJsonNumber(text) }], volume: text },
          { decimalKeys: ['volume'] }
        )
        expect(json).toBe(`{"a":[{"price":${text}}],"volume":${text}}`)
        const parsed = JSON.parse(json) as { volume: number }
        expect(parsed.volume).toBe(Number(text)) // valid JSON, same value to float precision
      })
    )
  })
})

describe('runningTotals', () => {
  it('gives every running total exactly as a fold of add() writes it', () => {
    const text = fc.oneof(
      fc
        .bigInt({ min: -(10n ** 30n), max: 10n ** 30n })
        .chain((n) => fc.nat({ max: 18 }).map((d) => fromScaledBigInt(n, d))),
      fc.constantFrom('0', '0.0', '1.50', '-0.5', '100', '0.000001', '99999999999999999999.99999999')
    )
    fc.assert(
      fc.property(fc.array(text, { maxLength: 60 }), (values) => {
        let total = '0'
        expect(runningTotals(values)).toEqual(values.map((v) => (total = add(total, v))))
      }),
      { numRuns: runs(300), examples: [[[]], [['0.1', '0.2', '0.30']], [['-1.5', '1.5', '0.00']]] }
    )
  })

  it('refuses bad text naming the field and index, and a total beyond the precision', () => {
    expect(() => runningTotals(['1', '1e3'], 'qty')).toThrow(/^qty\[1\]: must be written without exponent notation/)
    expect(() => runningTotals(['1', ' 2'], 'qty')).toThrow(/^qty\[1\]: must not contain whitespace/)
    expect(() => runningTotals(['01'], 'qty')).toThrow(/^qty\[0\]: /)
    expect(() => runningTotals(['1.'], 'qty')).toThrow(/^qty\[0\]: /)
    expect(() => runningTotals([`0.${'0'.repeat(247)}1`], 'qty')).toThrow(/^qty\[0\]: is longer than 200 characters/)
    expect(() => runningTotals([123 as unknown as string], 'qty')).toThrow(
      /^qty\[0\]: must be a decimal string, got number/
    )
    // 60 significant digits are kept exactly; a total needing 61 is refused, not rounded
    expect(runningTotals(['9'.repeat(59), '1'])).toEqual(['9'.repeat(59), `1${'0'.repeat(59)}`])
    expect(runningTotals([`${'1'.repeat(30)}.${'1'.repeat(30)}`])).toEqual([`${'1'.repeat(30)}.${'1'.repeat(30)}`])
    expect(() => runningTotals(['1', `${'1'.repeat(30)}.${'1'.repeat(31)}`], 'qty')).toThrow(
      /^qty\[1\]: the running total needs more than 60 significant digits/
    )
    expect(() => runningTotals(['9'.repeat(60), '0.1'])).toThrow(/more than 60 significant digits/)
  })

  it('writes zero and negative totals as add does', () => {
    for (const values of [['-0'], ['-0.00'], ['0.000', '-0.5', '0.5'], ['-1.25', '-0.75'], ['100', '0.10']]) {
      let total = '0'
      expect(runningTotals(values), values.join(' ')).toEqual(values.map((v) => (total = add(total, v))))
    }
  })
})
