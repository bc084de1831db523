// Kept for the order form and positions files still importing from here; the formatting lives in lib/format.ts.
export { isZero, num, pct, signed, time, tone } from '../../lib/format'
