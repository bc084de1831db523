// Every number and time the renderer shows is written here, so one rule holds on every screen: decimal text is
// formatted as text (never through a binary float), thousands are grouped with "," in every figure, prices keep
// the market's precision, sizes its step, money its asset's decimals, and a missing value is "–".
import { compare, div, formatFixed, isDecimalText, mul, type RoundingMode } from '@shared/decimal'

export const NONE = '–'

const lenient = (t: string | null | undefined): t is string =>
  typeof t === 'string' && t !== '' && isDecimalText(t, { allowExponent: true })

/** "1234567.5" -> "1,234,567.5": the integer part grouped by threes, the fraction as it is. */
export function group(text: string): string {
  const dot = text.indexOf('.')
  const int = dot < 0 ? text : text.slice(0, dot)
  const sign = int.startsWith('-') ? '-' : ''
  const digits = sign ? int.slice(1) : int
  if (digits.length <= 3) return text
  return `${sign}${digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${dot < 0 ? '' : text.slice(dot)}`
}

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

const UNITS: [string, string][] = [
  ['1000000000', 'B'],
  ['1000000', 'M'],
  ['1000', 'K']
]

/**
 * Volumes where space is tight: from `from` (a power of ten) on, 12345678.9 -> 12.35M (exact division); below it
 * the text grouped, at `smallDp` places when given.
 */
export function compact(text: string | null | undefined, from = '1000000', smallDp?: number): string {
  if (!lenient(text)) return NONE
  const abs = text.startsWith('-') ? text.slice(1) : text
  const dot = abs.indexOf('.')
  // Fast path for the book's and tape's many small sizes: fewer integer digits than `from` means smaller.
  if ((dot < 0 ? abs.length : dot) >= from.length && compare(abs, from) >= 0) {
    for (const [unit, name] of UNITS) if (compare(abs, unit) >= 0) return `${div(text, unit, 2, 'half-even')}${name}`
  }
  return num(text, smallDp)
}

/** True for "0", "0.0", "0.00000000". */
export const isZero = (text: string | null | undefined): boolean =>
  lenient(text) && compare(formatFixed(text), '0') === 0

const two = (n: number): string => (n < 10 ? `0${n}` : String(n))

/** Local "MM-DD HH:mm:ss": dense, and the year rarely matters on a trading screen. */
export function time(ms: number | null | undefined): string {
  if (!ms) return NONE
  const d = new Date(ms)
  return `${two(d.getMonth() + 1)}-${two(d.getDate())} ${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`
}

/** Local 14:03:27. */
export function clockTime(ms: number): string {
  const d = new Date(ms)
  return `${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`
}

/** 03:12:09 (hours may pass 24); never negative. */
export function countdown(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000))
  return `${two(Math.floor(s / 3600))}:${two(Math.floor(s / 60) % 60)}:${two(s % 60)}`
}

/** Signed milliseconds: +12 ms, −3 ms, ±0 ms. */
export function signedMs(ms: number): string {
  return `${ms > 0 ? '+' : ms < 0 ? '−' : '±'}${Math.abs(Math.round(ms))} ms`
}
