// Display formatting of decimal text: exact (through @shared/decimal, never via binary floats), fixed to the
// market's precision, and compact where space is tight (volumes: 12.35M).
import { compare, formatFixed, isDecimalText } from '@shared/decimal'
import { compactDecimal, signedPercent, signOf } from '../lib/market-format'

const dec = (v: string | null | undefined): v is string => typeof v === 'string' && isDecimalText(v)

/** `v` with `decimals` places (half-even); `—` when there is no value. */
export function fixed(v: string | null | undefined, decimals: number): string {
  if (!dec(v)) return '—'
  return group(formatFixed(v, Math.max(0, Math.min(decimals, 18))))
}

/** 1234567.5 -> 1,234,567.5 (the integer part only). */
export function group(text: string): string {
  const [int, frac] = text.split('.')
  const sign = int!.startsWith('-') ? '-' : ''
  const digits = sign ? int!.slice(1) : int!
  const g = digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  return `${sign}${g}${frac !== undefined ? `.${frac}` : ''}`
}

/** A ticker's `rose` (a fraction: 0.0123) as `+1.23%`. */
export function percent(rose: string | null | undefined): string {
  return dec(rose) ? signedPercent(rose) : '—'
}

export function trend(rose: string | null | undefined): 'up' | 'down' | '' {
  return dec(rose) ? signOf(rose) : ''
}

/** 12345678.9 -> 12.35M; below a thousand, `smallDecimals` places. */
export function compact(v: string | null | undefined, smallDecimals = 2): string {
  if (!dec(v)) return '—'
  return compare(v.replace(/^-/, ''), '1000') < 0 ? formatFixed(v, smallDecimals) : compactDecimal(v, '1000')
}

/** Signed milliseconds: +12 ms, -3 ms. */
export function signedMs(ms: number): string {
  return `${ms > 0 ? '+' : ms < 0 ? '−' : '±'}${Math.abs(Math.round(ms))} ms`
}
