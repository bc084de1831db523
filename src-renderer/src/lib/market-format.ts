// Small display helpers of the market panel. Decimal text is padded as text (never via a float); times are local.
import { compare, div, formatFixed, mul } from '@shared/decimal'

/** `text` with exactly `decimals` places: zeros appended as text, rounded (half-even, exactly) only when longer. */
export function padDecimals(text: string, decimals: number): string {
  const dot = text.indexOf('.')
  const have = dot < 0 ? 0 : text.length - dot - 1
  if (have === decimals) return text
  if (have > decimals) return formatFixed(text, decimals)
  return `${dot < 0 ? `${text}.` : text}${'0'.repeat(decimals - have)}`
}

const two = (n: number): string => (n < 10 ? `0${n}` : String(n))

/** 14:03:27 */
export function clockTime(ms: number): string {
  const d = new Date(ms)
  return `${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`
}

/** 03:12:09 (hours may pass 24); never negative. */
export function countdown(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000))
  return `${two(Math.floor(s / 3600))}:${two(Math.floor(s / 60) % 60)}:${two(s % 60)}`
}

/**
 * Funding settles at every multiple of the interval since the epoch (8 h: 00:00, 08:00, 16:00 UTC, as the
 * embedded exchange and the usual venues do); the interface names no next-funding time, so it is derived.
 */
export const FUNDING_INTERVAL_MS = 8 * 3600_000

export function nextFundingTime(now: number, intervalMs = FUNDING_INTERVAL_MS): number {
  return Math.floor(now / intervalMs) * intervalMs + intervalMs
}

const UNITS: [string, string][] = [
  ['1000000000', 'B'],
  ['1000000', 'M'],
  ['1000', 'K']
]

/** 12345678.9 -> 12.35M (exact decimal division); below `from` (a power of ten) the text is kept. */
export function compactDecimal(text: string, from = '1000000'): string {
  const abs = text.startsWith('-') ? text.slice(1) : text
  // Fast path for the book's and tape's many small sizes: fewer integer digits than `from` means smaller.
  const dot = abs.indexOf('.')
  if ((dot < 0 ? abs.length : dot) < from.length) return text
  if (compare(abs, from) < 0) return text
  for (const [size, unit] of UNITS) if (compare(abs, size) >= 0) return `${div(text, size, 2, 'half-even')}${unit}`
  return text
}

/** A rate as a signed percent: '0.0123' -> '+1.23%'; `decimals` places, exact. */
export function signedPercent(rate: string, decimals = 2): string {
  const p = formatFixed(mul(rate, '100'), decimals)
  return `${compare(p, '0') > 0 ? '+' : ''}${p}%`
}

/** 'up' | 'down' | '' by the sign of a decimal. */
export function signOf(text: string | null | undefined): 'up' | 'down' | '' {
  if (!text) return ''
  const c = compare(text, '0')
  return c > 0 ? 'up' : c < 0 ? 'down' : ''
}
