// The renderer's one formatting module: one grouping rule, prices and sizes at the market's decimals, money at the
// asset's, all exact from decimal text (values no binary float holds come out digit for digit).
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { setLocale } from '../../../src-renderer/src/i18n'
import {
  assetDecimals,
  ago,
  clockTime,
  compact,
  countdown,
  fixDecimals,
  group,
  isZero,
  money,
  moneyWithUnit,
  NONE,
  num,
  pct,
  price,
  signed,
  signedMs,
  time,
  signedPct,
  size,
  tone
} from '../../../src-renderer/src/lib/format'
import { nextFundingTime } from '../../../src-renderer/src/lib/funding-time'

describe('grouping', () => {
  it.each([
    ['0', '0'],
    ['999', '999'],
    ['1000', '1,000'],
    ['-1234.5', '-1,234.5'],
    ['1234567.891011', '1,234,567.891011'],
    ['-100', '-100'],
    ['100000', '100,000']
  ])('%s -> %s (integer part only)', (text, want) => expect(group(text)).toBe(want))

  it('groups every figure the same way: prices, sizes, money, percents, compact values', () => {
    expect(price('64941.4', 2)).toBe('64,941.40')
    expect(size('12345.5', 4)).toBe('12,345.5000')
    expect(money('100000', 'USDT')).toBe('100,000.00')
    expect(pct('123.456')).toBe('12,345.60%')
    expect(signedPct('12.5')).toBe('+1,250.00%')
    expect(compact('999999.5', '1000000', 2)).toBe('999,999.50')
  })
})

describe('precision', () => {
  it('fixes prices to the market precision, half-even, exactly', () => {
    expect(price('0.165125', 5)).toBe('0.16512')
    expect(price('0.165135', 5)).toBe('0.16514')
    expect(price('1234567.891', 0)).toBe('1,234,568')
    expect(price('65000', 2)).toBe('65,000.00')
    expect(price('65000.10', null)).toBe('65,000.10') // no rules yet: as the venue sent it
  })

  it('pads as text and rounds only when longer', () => {
    expect(fixDecimals('0.5', 6)).toBe('0.500000')
    expect(fixDecimals('7', 0)).toBe('7')
    expect(fixDecimals('1.23456', 2)).toBe('1.23')
    expect(fixDecimals('1.239', 2, 'down')).toBe('1.23')
    expect(fixDecimals('1e-3', 4)).toBe('0.0010')
  })

  it('writes money at its asset’s decimals, toward zero (a balance never reads more than there is)', () => {
    expect(money('99.999', 'USDT')).toBe('99.99')
    expect(money('10.000000000000', 'BTC')).toBe('10.00000000') // the 12-decimal wallet value
    expect(money('0.123456789', 'ETH')).toBe('0.12345678')
    expect(money('-5.129', 'USD')).toBe('-5.12')
    expect(moneyWithUnit('1234.5', 'USDT')).toBe('1,234.50 USDT')
    expect(moneyWithUnit(null, 'USDT')).toBe(NONE)
    expect([assetDecimals('usdt'), assetDecimals('BTC'), assetDecimals('DOGE')]).toEqual([2, 8, 8])
  })
})

describe('huge and tiny values, never through a float', () => {
  it('keeps every digit of values past 2^53 and past a double’s 17 significant digits', () => {
    expect(num('12345678901234567890.123456789012')).toBe('12,345,678,901,234,567,890.123456789012')
    expect(price('9007199254740993.005', 2)).toBe('9,007,199,254,740,993.00') // half-even; a double reads ...992
    expect(money('0.30000000000000004', 'BTC')).toBe('0.30000000')
    expect(num('1e30')).toBe('1,000,000,000,000,000,000,000,000,000,000')
  })

  it('writes tiny values in full, never in exponent form', () => {
    expect(num('1e-12')).toBe('0.000000000001')
    expect(size('0.00000001', 8)).toBe('0.00000001')
    expect(price('0.000000004', 8)).toBe('0.00000000')
    expect(money('0.000000019', 'BTC')).toBe('0.00000001')
    expect(pct('0.000001', 4)).toBe('0.0001%')
  })

  it('shows any decimal text digit for digit, grouped (property)', () => {
    const text = fc
      .tuple(fc.boolean(), fc.bigInt({ min: 0n, max: 10n ** 40n }), fc.integer({ min: 0, max: 30 }))
      .map(([neg, n, scale]) => {
        const digits = n.toString().padStart(scale + 1, '0')
        const int = digits.slice(0, digits.length - scale)
        const t = scale ? `${int}.${digits.slice(-scale)}` : int
        return neg && n !== 0n ? `-${t}` : t
      })
    fc.assert(
      fc.property(text, (t) => {
        const shown = num(t)
        expect(shown.replace(/,/g, '')).toBe(t)
        expect(shown).toMatch(/^-?\d{1,3}(,\d{3})*(\.\d+)?$/)
      })
    )
  })
})

describe('the rest of the display', () => {
  it('signs, tones and percents', () => {
    expect([signed('12.5'), signed('-3'), signed('0')]).toEqual(['+12.5', '-3', '0'])
    expect([tone('0.01'), tone('-1e-9'), tone('0'), tone(null), tone('x')]).toEqual(['up', 'down', '', '', ''])
    expect(signedPct('0.0123')).toBe('+1.23%')
    expect(signedPct('-0.00045')).toBe('-0.04%') // -0.045 % rounds half-even
    expect(signedPct('0.0001', 4)).toBe('+0.0100%')
    expect(signedPct(null)).toBe(NONE)
    expect(pct('0.0125')).toBe('1.25%')
    expect([isZero('0.00000000'), isZero('0.1'), isZero(null)]).toEqual([true, false, false])
  })

  it('compacts volumes from the threshold on, exactly', () => {
    expect(compact('12345678.9')).toBe('12.35M')
    expect(compact('2500', '1000', 2)).toBe('2.50K')
    expect(compact('3100000000', '1000', 2)).toBe('3.10B')
    expect(compact('12.3456', '1000', 2)).toBe('12.35')
    expect(compact('-80123456.7')).toBe('-80.12M')
    expect(compact(undefined)).toBe(NONE)
  })

  it('shows nothing as one dash and passes words through', () => {
    expect([num(null), num(undefined), num(''), price(null, 2), money(undefined, 'USDT')]).toEqual([
      NONE,
      NONE,
      NONE,
      NONE,
      NONE
    ])
    expect(num('n/a')).toBe('n/a')
  })

  it('writes times, countdowns and clock offsets', () => {
    const t = new Date(2024, 2, 5, 9, 7, 3).getTime()
    expect(clockTime(t)).toBe('09:07:03')
    expect(countdown(2 * 3600_000 + 61_000)).toBe('02:01:01')
    expect(countdown(-5)).toBe('00:00:00')
    expect([signedMs(12.4), signedMs(-3), signedMs(0)]).toEqual(['+12 ms', '−3 ms', '±0 ms'])
    expect(nextFundingTime(Date.UTC(2024, 0, 1, 23, 59, 59))).toBe(Date.UTC(2024, 0, 2))
    expect(nextFundingTime(Date.UTC(2024, 0, 2, 8))).toBe(Date.UTC(2024, 0, 2, 16))
  })

  it('writes dates, times, durations, relative times and large figures as the screen language does', () => {
    const t = new Date(2024, 2, 5, 9, 7, 3).getTime()
    try {
      setLocale('en')
      expect(time(t)).toBe('03/05, 09:07:03')
      expect(ago(12_400)).toBe('12 sec. ago')
      expect(ago(5 * 60_000)).toBe('5 min. ago')
      expect(compact('12345678.9')).toBe('12.35M')
      setLocale('zh-CN')
      expect(time(t)).toBe('03/05 09:07:03')
      expect(clockTime(t)).toBe('09:07:03')
      expect(signedMs(12.4)).toBe('+12毫秒')
      expect(ago(12_400)).toBe('12秒前')
      expect(compact('12345678.9')).toBe('1,234.57万')
      expect(compact('3100000000', '1000', 2)).toBe('31.00亿')
      expect(num('1234567.5')).toBe('1,234,567.5')
      setLocale('zh-TW')
      expect(ago(5 * 60_000)).toBe('5 分鐘前')
      expect(compact('12345678.9')).toBe('1,234.57萬')
    } finally {
      setLocale('en')
    }
  })
})
