// Exact decimal arithmetic for market data. A private Decimal clone so nobody else's global Decimal
// configuration can change our rounding; 60 significant digits is far beyond any price x size product.
import Decimal from 'decimal.js'

export const Dec = Decimal.clone({ precision: 60, rounding: Decimal.ROUND_HALF_UP })
export type Dec = InstanceType<typeof Dec>

export const ZERO = new Dec(0)

/** Fixed-point text at `places` decimals; never "-0.00" (a tiny negative rounds to plain zero). */
export function fmt(d: Dec, places: number): string {
  const s = d.toFixed(places)
  return s.startsWith('-') && /^-0(\.0*)?$/.test(s) ? s.slice(1) : s
}
