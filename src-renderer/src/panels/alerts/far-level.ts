// A level far from the price now (at least FAR times it, or at most a FAR-th of it) is most likely a slip of the
// keys (a zero too many or too few): the alert form asks before saving it, naming the distance. Never rewritten.
// Exact decimals.
import { compare, div, mul, normalizeDecimal, sub } from '@shared/decimal'

export const FAR = '10'

export interface FarLevel {
  level: string
  /** Above the price now, or below it. */
  above: boolean
  /** How many times the price now it is (above), or how many times smaller (below), to one decimal. */
  times: string
  /** Its distance from the price now in percent of it, signed, to two decimals. */
  percent: string
}

export function farLevel(level: string, now: string): FarLevel | null {
  if (compare(now, '0') <= 0 || compare(level, '0') <= 0) return null
  const above = compare(level, mul(now, FAR)) >= 0
  if (!above && compare(mul(level, FAR), now) > 0) return null
  return {
    level,
    above,
    times: normalizeDecimal(above ? div(level, now, 1, 'half-even') : div(now, level, 1, 'half-even')),
    percent: normalizeDecimal(div(mul(sub(level, now), '100'), now, 2, 'half-even'))
  }
}
