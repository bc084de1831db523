// Decimal text <-> scaled integers at the engine's edge, by BigInt and string math only (never floats).
//   parseScaled('65000.5', 2)  -> { ok: true, value: 6500050n }
//   parseScaled('0.001', 2)    -> { ok: false, reason: 'PRECISION' }   (more decimals than allowed)
//   formatScaled(6500050n, 2)  -> '65000.50'

export type ScaledParse = { ok: true; value: bigint } | { ok: false; reason: 'MALFORMED' | 'PRECISION' }

const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/

/**
 * Parse decimal text (optional sign, optional fraction, optional exponent) into value * 10^decimals.
 * Extra fractional digits are allowed only when they are zeros; otherwise PRECISION.
 */
export function parseScaled(text: string, decimals: number): ScaledParse {
  if (!Number.isInteger(decimals) || decimals < 0) throw new Error(`bad decimals ${decimals}`)
  const m = DECIMAL.exec(text.trim())
  if (m === null) return { ok: false, reason: 'MALFORMED' }
  const [, sign = '', int = '', frac = '', exp] = m
  if (int === '' && frac === '') return { ok: false, reason: 'MALFORMED' }
  if (exp !== undefined && Math.abs(Number(exp)) > 60) return { ok: false, reason: 'MALFORMED' }
  // digits * 10^(e - frac.length) * 10^decimals
  const digits = (int + frac).replace(/^0+(?=\d)/, '')
  const shift = (exp === undefined ? 0 : Number(exp)) - frac.length + decimals
  let value: bigint
  if (shift >= 0) value = BigInt(digits) * 10n ** BigInt(shift)
  else {
    const cut = -shift
    const whole = digits.length > cut ? digits.slice(0, digits.length - cut) : '0'
    const dropped = digits.length > cut ? digits.slice(digits.length - cut) : digits
    if (/[^0]/.test(dropped)) return { ok: false, reason: 'PRECISION' }
    value = BigInt(whole)
  }
  return { ok: true, value: sign === '-' ? -value : value }
}

/** value / 10^decimals as plain decimal text with exactly `decimals` fractional digits (or trimmed). */
export function formatScaled(value: bigint | number, decimals: number, trim = false): string {
  if (typeof value === 'number' && !Number.isSafeInteger(value)) throw new Error(`not a safe integer: ${value}`)
  let v = BigInt(value)
  const neg = v < 0n
  if (neg) v = -v
  let s = v.toString()
  if (decimals > 0) {
    s = s.padStart(decimals + 1, '0')
    let frac = s.slice(s.length - decimals)
    const int = s.slice(0, s.length - decimals)
    if (trim) frac = frac.replace(/0+$/, '')
    s = frac === '' ? int : `${int}.${frac}`
  }
  return neg && s !== '0' ? `-${s}` : s
}

/**
 * value / 10^decimals keeping at least `keep` decimals: zeros past them trimmed, so an average price shows
 * the market's precision and only the extra digits that carry something ('65000.1200' -> '65000.12').
 */
export function formatScaledMin(value: bigint, decimals: number, keep: number): string {
  const text = formatScaled(value, decimals)
  if (decimals <= keep) return text
  const dot = text.length - decimals - 1
  let end = text.length
  while (end > dot + 1 + keep && text.charCodeAt(end - 1) === 48) end--
  return end === dot + 1 ? text.slice(0, dot) : text.slice(0, end)
}

/** A BigInt as a JS number when it is a safe integer, else undefined (callers reject: MAX_NOTIONAL). */
export function toSafeNumber(v: bigint): number | undefined {
  return v <= BigInt(Number.MAX_SAFE_INTEGER) && v >= BigInt(Number.MIN_SAFE_INTEGER) ? Number(v) : undefined
}

/**
 * parseScaledInt's common case (every order's price and size) without the regex and the BigInt: plain digits, an
 * optional fraction of at most `decimals` digits, and at most 15 digits once scaled, so the digit text (the fraction
 * padded with zeros) is an integer Number reads exactly. Anything else (a sign, spaces, an exponent, trailing zeros
 * past `decimals`, a bare '.5' or '5.') is undefined: parseScaled decides it.
 */
function plainScaledInt(text: string, decimals: number): number | undefined {
  const n = text.length
  let dot = -1
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i)
    if (c >= 48 && c <= 57) continue
    if (c !== 46 || dot >= 0 || i === 0 || i === n - 1) return undefined
    dot = i
  }
  const intLen = dot < 0 ? n : dot
  const fracLen = dot < 0 ? 0 : n - dot - 1
  if (n === 0 || fracLen > decimals || intLen + decimals > 15) return undefined
  const digits = dot < 0 ? text : text.slice(0, dot) + text.slice(dot + 1)
  return Number(fracLen === decimals ? digits : digits.padEnd(intLen + decimals, '0'))
}

/** Parse straight to a safe integer of the given scale: what the server feeds the engine. */
export function parseScaledInt(
  text: string,
  decimals: number
): { ok: true; value: number } | { ok: false; reason: 'MALFORMED' | 'PRECISION' | 'TOO_LARGE' } {
  if (Number.isInteger(decimals) && decimals >= 0) {
    const plain = plainScaledInt(text, decimals)
    if (plain !== undefined) return { ok: true, value: plain }
  }
  const r = parseScaled(text, decimals)
  if (!r.ok) return r
  const n = toSafeNumber(r.value)
  return n === undefined ? { ok: false, reason: 'TOO_LARGE' } : { ok: true, value: n }
}
