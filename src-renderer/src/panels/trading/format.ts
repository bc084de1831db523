// Display of exact decimal text: grouped thousands, fixed decimals when asked, never through a float.
import { compare, formatFixed, isDecimalText, mul } from '@shared/decimal'
import { group } from '../../components/format'

/** "1234567.5" -> "1,234,567.5"; `dp` rounds half-even to that many decimals. Non-decimals pass through. */
export function num(text: string | null | undefined, dp?: number): string {
  if (text === null || text === undefined || text === '') return '–'
  if (!isDecimalText(text, { allowExponent: true })) return text
  // Without dp the text is shown as sent (trailing zeros included: "65000.10" is what the venue got).
  return group(dp === undefined && isDecimalText(text) ? text : formatFixed(text, dp))
}

/** Signed text with an explicit + for gains (PnL). */
export function signed(text: string | null | undefined, dp?: number): string {
  const s = num(text, dp)
  return text && isDecimalText(text) && compare(text, '0') > 0 ? `+${s}` : s
}

/** up / down class of a signed figure. */
export function tone(text: string | null | undefined): string {
  if (!text || !isDecimalText(text, { allowExponent: true })) return ''
  const c = compare(formatFixed(text), '0')
  return c > 0 ? 'up' : c < 0 ? 'down' : ''
}

/** A ratio "0.0125" as "1.25%". */
export function pct(ratio: string | null | undefined, dp = 2): string {
  if (!ratio || !isDecimalText(ratio, { allowExponent: true })) return '–'
  return `${num(mul(formatFixed(ratio), '100'), dp)}%`
}

const two = (n: number) => String(n).padStart(2, '0')
/** Local "MM-DD HH:mm:ss": dense, and the year rarely matters on a trading screen. */
export function time(ms: number | null | undefined): string {
  if (!ms) return '–'
  const d = new Date(ms)
  return `${two(d.getMonth() + 1)}-${two(d.getDate())} ${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`
}

/** True for "0", "0.0", "0.00000000". */
export const isZero = (text: string | null | undefined): boolean => !!text && isDecimalText(text) && compare(text, '0') === 0
