// Every number and time the renderer shows is written here, so one rule holds on every screen: decimal text is
// formatted as text (never through a binary float), thousands grouped and the decimal point written as the screen's
// language writes them (Intl), prices keep the market's precision, sizes its step, money its asset's decimals, and a
// missing value is "–". Dates, times, durations and relative times are the language's (Intl); each reads the
// current locale (a ref), so whatever shows them re-renders when the language changes.
import {
  compare,
  div,
  formatFixed,
  groupText,
  isDecimalText,
  mul,
  numberMarks,
  type RoundingMode
} from '@shared/decimal'
import { locale } from '../i18n'

export const NONE = '–'

const lenient = (t: string | null | undefined): t is string =>
  typeof t === 'string' && t !== '' && isDecimalText(t, { allowExponent: true })

/** The Intl formatters of one locale, made once (the book and the tape format hundreds of figures a frame). */
interface LocaleFormats {
  group: string
  decimal: string
  dateTime: Intl.DateTimeFormat
  clock: Intl.DateTimeFormat
  ms: Intl.NumberFormat
  relative: Intl.RelativeTimeFormat
}
const formats = new Map<string, LocaleFormats>()
function formatsOf(l: string): LocaleFormats {
  let f = formats.get(l)
  if (!f) {
    const h23 = { hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' } as const
    f = {
      ...numberMarks(l),
      dateTime: new Intl.DateTimeFormat(l, { month: '2-digit', day: '2-digit', ...h23 }),
      clock: new Intl.DateTimeFormat(l, h23),
      ms: new Intl.NumberFormat(l, { style: 'unit', unit: 'millisecond', unitDisplay: 'short' }),
      relative: new Intl.RelativeTimeFormat(l, { numeric: 'always', style: 'short' })
    }
    formats.set(l, f)
  }
  return f
}
const here = (): LocaleFormats => formatsOf(locale())

/** "1234567.5" -> "1,234,567.5": the integer part grouped by threes, the fraction as it is (the locale's marks). */
export const group = (text: string): string => groupText(text, here())

/**
 * `text` with exactly `decimals` places: zeros appended as text, rounded exactly (half-even unless told) only when
 * longer. The fast path matters: the book and the tape write hundreds of these a frame.
 */
export function fixDecimals(text: string, decimals: number, mode: RoundingMode = 'half-even'): string {
  const dot = text.indexOf('.')
  const have = dot < 0 ? 0 : text.length - dot - 1
  if (have === decimals && !/e/i.test(text)) return text
  if (have > decimals || /e/i.test(text)) return formatFixed(text, decimals, mode)
  return `${dot < 0 ? `${text}.` : text}${'0'.repeat(decimals - have)}`
}

/**
 * Decimal text grouped; `dp` fixes the places (half-even). Without `dp` the text keeps its own decimals ("65000.10"
 * is what the venue sent). Text that is no number passes through; nothing shows "–".
 */
export function num(text: string | null | undefined, dp?: number): string {
  if (text === null || text === undefined || text === '') return NONE
  if (!lenient(text)) return text
  if (dp === undefined) return group(/e/i.test(text) ? formatFixed(text) : text)
  return group(fixDecimals(text, Math.max(0, Math.min(dp, 18))))
}

/** A price at the market's precision (its decimals), grouped. */
export const price = (text: string | null | undefined, precision: number | null | undefined): string =>
  num(text, precision ?? undefined)

/** A size at the market's step (its decimals), grouped. */
export const size = (text: string | null | undefined, decimals: number | null | undefined): string =>
  num(text, decimals ?? undefined)

// Fiat and stablecoins read in cents; any other coin to the satoshi (8), which no listed coin's step is finer than.
const CENT_ASSETS = new Set(['USD', 'USDT', 'USDC', 'BUSD', 'FDUSD', 'TUSD', 'DAI', 'EUR', 'GBP', 'TRY', 'BRL'])
export const assetDecimals = (asset: string): number => (CENT_ASSETS.has(asset.toUpperCase()) ? 2 : 8)

/**
 * An amount of `asset` at its sensible decimals, grouped. Rounded toward zero: a balance never reads more than
 * there is (99.999 USDT is 99.99, not 100.00).
 */
export function money(text: string | null | undefined, asset: string): string {
  if (!lenient(text)) return text ? text : NONE
  return group(fixDecimals(text, assetDecimals(asset), 'down'))
}

/** An amount with its coin: "1,234.50 USDT". */
export const moneyWithUnit = (text: string | null | undefined, asset: string): string => {
  const m = money(text, asset)
  return m === NONE ? m : `${m} ${asset}`
}

/** Signed figure (PnL) with an explicit + for gains. */
export function signed(text: string | null | undefined, dp?: number): string {
  const s = num(text, dp)
  return lenient(text) && compare(formatFixed(text), '0') > 0 ? `+${s}` : s
}

/** 'up' | 'down' | '' by the sign of a figure (the colour class). */
export function tone(text: string | null | undefined): 'up' | 'down' | '' {
  if (!lenient(text)) return ''
  const c = compare(formatFixed(text), '0')
  return c > 0 ? 'up' : c < 0 ? 'down' : ''
}

/** A ratio "0.0125" as "1.25%". */
export function pct(ratio: string | null | undefined, dp = 2): string {
  if (!lenient(ratio)) return NONE
  return `${num(mul(formatFixed(ratio), '100'), dp)}%`
}

/** A rate as a signed percent: "0.0123" -> "+1.23%" (24 h change, funding). */
export function signedPct(rate: string | null | undefined, dp = 2): string {
  if (!lenient(rate)) return NONE
  const p = formatFixed(mul(formatFixed(rate), '100'), dp)
  return `${compare(p, '0') > 0 ? '+' : ''}${group(p)}%`
}

// Large figures in the units each language counts in: thousands in English, 万 (10^4) and 亿 (10^8) in Chinese.
const UNITS: Record<string, [string, string][]> = {
  en: [
    ['1000000000', 'B'],
    ['1000000', 'M'],
    ['1000', 'K']
  ],
  'zh-CN': [
    ['100000000', '亿'],
    ['10000', '万']
  ],
  'zh-TW': [
    ['100000000', '億'],
    ['10000', '萬']
  ]
}

/**
 * Volumes where space is tight: from `from` (a power of ten) on, 12345678.9 -> 12.35M, 1234.57万 (exact division);
 * below it the text grouped, at `smallDp` places when given.
 */
export function compact(text: string | null | undefined, from = '1000000', smallDp?: number): string {
  if (!lenient(text)) return NONE
  const abs = text.startsWith('-') ? text.slice(1) : text
  const dot = abs.indexOf('.')
  // Fast path for the book's and tape's many small sizes: fewer integer digits than `from` means smaller.
  if ((dot < 0 ? abs.length : dot) >= from.length && compare(abs, from) >= 0) {
    for (const [unit, name] of UNITS[locale()] ?? UNITS.en!)
      if (compare(abs, unit) >= 0) return `${group(div(text, unit, 2, 'half-even'))}${name}`
  }
  return num(text, smallDp)
}

/** True for "0", "0.0", "0.00000000". */
export const isZero = (text: string | null | undefined): boolean =>
  lenient(text) && compare(formatFixed(text), '0') === 0

const two = (n: number): string => (n < 10 ? `0${n}` : String(n))

/** Local month, day and 24-hour time to the second, in the language's order ("11/27, 14:03:27"; "11/27 14:03:27"). */
export function time(ms: number | null | undefined): string {
  // A date no calendar holds (a stamp in the wrong unit, a mangled field) reads as missing, not as a crash.
  if (!ms || !Number.isFinite(ms) || Math.abs(ms) > 8.64e15) return NONE
  return here().dateTime.format(ms)
}

/** Local 14:03:27. */
export function clockTime(ms: number): string {
  return here().clock.format(ms)
}

/** How long ago, in the language's words: "12 sec. ago", "12秒前"; in whole seconds under two minutes. */
export function ago(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000))
  const r = here().relative
  if (s < 120) return r.format(-s, 'second')
  if (s < 7200) return r.format(-Math.round(s / 60), 'minute')
  return r.format(-Math.round(s / 3600), 'hour')
}

/** 03:12:09 (hours may pass 24); never negative. */
export function countdown(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000))
  return `${two(Math.floor(s / 3600))}:${two(Math.floor(s / 60) % 60)}:${two(s % 60)}`
}

/** Signed milliseconds, the unit in the language's words: +12 ms, −3 ms, ±0 ms; +12毫秒. */
export function signedMs(ms: number): string {
  return `${ms > 0 ? '+' : ms < 0 ? '−' : '±'}${here().ms.format(Math.abs(Math.round(ms)))}`
}
