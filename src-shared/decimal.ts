// Decimal money helpers shared by renderer, main and the embedded exchange. Prices and sizes travel as decimal
// strings and are never routed through binary floats. Pure: no Node, no DOM.
// decimal.js is used through a private clone so no other module's global Decimal settings can change results.
// Results are exact: add/sub/mul refuse (rather than round) a result beyond PRECISION digits, and every
// quotient (div, roundToStep) is rounded once from the exact bigint remainder, never from a rounded quotient.

import Decimal from 'decimal.js'
import { JsonNumber } from './json/lossless-json'

export const PRECISION = 60
const D = Decimal.clone({ precision: PRECISION, rounding: Decimal.ROUND_HALF_EVEN, toExpNeg: -9e15, toExpPos: 9e15 })
const MAX_TEXT = 200
const MAX_EXPONENT = 1000

export type DecimalValue = string | Decimal
/** down/up: toward/away from zero; half-up: ties away from zero; half-even: ties to the even digit. */
export type RoundingMode = 'down' | 'up' | 'half-even' | 'half-up'

const RM: Record<RoundingMode, Decimal.Rounding> = {
  down: Decimal.ROUND_DOWN,
  up: Decimal.ROUND_UP,
  'half-even': Decimal.ROUND_HALF_EVEN,
  'half-up': Decimal.ROUND_HALF_UP
}

export class DecimalError extends Error {
  constructor(
    readonly field: string,
    message: string
  ) {
    super(`${field}: ${message}`)
    this.name = 'DecimalError'
  }
}

export interface ParseOptions {
  /** Accept 1e-7 style input (never produced by this module). Default false. */
  allowExponent?: boolean
  /** Default true. */
  allowNegative?: boolean
}

// JSON number grammar minus the exponent: the text can be written into a JSON body verbatim.
const PLAIN_RE = /^-?(?:0|[1-9]\d*)(?:\.\d+)?$/
const EXP_RE = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/

const quote = (text: string): string => JSON.stringify(text.length > 40 ? `${text.slice(0, 40)}...` : text)

/** Strict parse of decimal text; every rejection names the field and the reason. */
export function parseDecimal(text: unknown, field = 'value', opts: ParseOptions = {}): Decimal {
  if (typeof text !== 'string')
    throw new DecimalError(field, `must be a decimal string, got ${text === null ? 'null' : typeof text}`)
  if (text === '') throw new DecimalError(field, 'must not be empty')
  if (text.length > MAX_TEXT) throw new DecimalError(field, `is longer than ${MAX_TEXT} characters`)
  if (/\s/.test(text)) throw new DecimalError(field, `must not contain whitespace: ${quote(text)}`)
  if (text.startsWith('+')) throw new DecimalError(field, `must not start with '+': ${quote(text)}`)
  if (/^-?(?:nan|inf(?:inity)?)$/i.test(text))
    throw new DecimalError(field, `must be a finite decimal, got ${quote(text)}`)
  if (!PLAIN_RE.test(text)) {
    if (EXP_RE.test(text)) {
      if (!opts.allowExponent)
        throw new DecimalError(field, `must be written without exponent notation: ${quote(text)}`)
    } else if (/^-?0\d/.test(text)) {
      throw new DecimalError(field, `must not have leading zeros: ${quote(text)}`)
    } else {
      throw new DecimalError(field, `is not a decimal number: ${quote(text)}`)
    }
  }
  if (opts.allowNegative === false && text.startsWith('-'))
    throw new DecimalError(field, `must not be negative: ${quote(text)}`)
  const x = new D(text)
  if (Math.abs(x.e) > MAX_EXPONENT) throw new DecimalError(field, `is out of range: ${quote(text)}`)
  return x.isZero() ? new D(0) : x
}

export function isDecimalText(text: unknown, opts: ParseOptions = {}): boolean {
  try {
    parseDecimal(text, 'value', opts)
    return true
  } catch {
    return false
  }
}

function dec(v: DecimalValue, field: string): Decimal {
  if (typeof v === 'string') return parseDecimal(v, field)
  if (!Decimal.isDecimal(v) || !v.isFinite()) throw new DecimalError(field, 'must be a finite decimal')
  return new D(v)
}

function checkDecimals(decimals: number, field = 'decimals'): void {
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > MAX_EXPONENT)
    throw new DecimalError(field, `must be an integer in 0..${MAX_EXPONENT}, got ${String(decimals)}`)
}

/** Plain text, never exponent notation, never "-0". */
function plain(x: Decimal, decimals?: number, mode: RoundingMode = 'half-even'): string {
  const s = decimals === undefined ? x.toFixed() : x.toFixed(decimals, RM[mode])
  return /^-0(?:\.0*)?$/.test(s) ? s.slice(1) : s
}

/** Canonical text: no exponent, no trailing fractional zeros ('1.50' -> '1.5'). */
export function normalizeDecimal(v: DecimalValue, field = 'value'): string {
  return plain(dec(v, field))
}

/** The marks a number is written with: the thousands group and the decimal point. */
export interface NumberMarks {
  group: string
  decimal: string
}
const PLAIN_MARKS: NumberMarks = { group: ',', decimal: '.' }

/** The marks language `locale` writes numbers with (Intl). */
export function numberMarks(locale: string): NumberMarks {
  const parts = new Intl.NumberFormat(locale).formatToParts(12345.6)
  return {
    group: parts.find((p) => p.type === 'group')?.value ?? ',',
    decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.'
  }
}

/**
 * Decimal text as written ('-1234567.50') with its integer digits grouped by threes and its point in `marks`
 * ('-1,234,567.50'); the digits themselves untouched (trailing zeros kept).
 */
export function groupText(text: string, marks: NumberMarks = PLAIN_MARKS): string {
  const dot = text.indexOf('.')
  const int = dot < 0 ? text : text.slice(0, dot)
  const sign = int.startsWith('-') ? '-' : ''
  const digits = (sign ? int.slice(1) : int).replace(/\B(?=(\d{3})+(?!\d))/g, marks.group)
  return `${sign}${digits}${dot < 0 ? '' : `${marks.decimal}${text.slice(dot + 1)}`}`
}

/** Canonical text with the integer digits grouped by threes ('130000.5' -> '130,000.5'), for figures in words. */
export function groupDigits(v: DecimalValue, field = 'value'): string {
  return groupText(normalizeDecimal(v, field))
}

/** Decimals of the value (trailing zeros do not count: '1.500' has 1). */
export function countDecimals(v: DecimalValue, field = 'value'): number {
  return dec(v, field).dp()
}

export function fitsPrecision(v: DecimalValue, decimals: number, field = 'value'): boolean {
  checkDecimals(decimals)
  return countDecimals(v, field) <= decimals
}

/** Rounds to `decimals` places and writes exactly that many. */
export function roundToDecimals(v: DecimalValue, decimals: number, mode: RoundingMode, field = 'value'): string {
  checkDecimals(decimals)
  return plain(dec(v, field), decimals, mode)
}

/** Fixed-decimal text, never exponent notation; without `decimals` the value's own decimals. Accepts 1e-7 input. */
export function formatFixed(v: DecimalValue, decimals?: number, mode: RoundingMode = 'half-even'): string {
  const x = typeof v === 'string' ? parseDecimal(v, 'value', { allowExponent: true }) : dec(v, 'value')
  if (decimals !== undefined) checkDecimals(decimals)
  return plain(x, decimals, mode)
}

export function compare(a: DecimalValue, b: DecimalValue): -1 | 0 | 1 {
  return dec(a, 'left').cmp(dec(b, 'right')) as -1 | 0 | 1
}

/** Upper bound of the significant digits of a + b, from the digit positions of the operands. */
function sumDigits(x: Decimal, y: Decimal): number {
  const nz = [x, y].filter((z) => !z.isZero())
  if (nz.length === 0) return 1
  const hi = Math.max(...nz.map((z) => z.e)) + 1
  const lo = Math.min(...nz.map((z) => z.e - z.sd() + 1))
  return hi - lo + 1
}

function exact(result: Decimal, digits: number): string {
  if (digits > PRECISION)
    throw new DecimalError('result', `needs more than ${PRECISION} significant digits; refusing to round`)
  return plain(result)
}

export function add(a: DecimalValue, b: DecimalValue): string {
  const x = dec(a, 'left')
  const y = dec(b, 'right')
  return exact(x.plus(y), sumDigits(x, y))
}

/**
 * Every running total of `values` (totals[i] = values[0] + ... + values[i]), exact, in the text add() writes. Each
 * value is parsed once and summed as a scaled bigint, where a fold of add() re-parses the growing total at every
 * step: the book ladder's cumulative sizes, for every book update of every panel. Refuses what parseDecimal refuses
 * (naming `field` and the index) and a total of more than PRECISION significant digits (add's bound, taken from its
 * operands' digit positions, is a little stricter).
 */
export function runningTotals(values: readonly string[], field = 'value'): string[] {
  let scale = 0
  values.forEach((v, i) => {
    if (typeof v !== 'string' || v.length > MAX_TEXT || !PLAIN_RE.test(v)) parseDecimal(v, `${field}[${i}]`) // throws why
    const dot = v.indexOf('.')
    if (dot >= 0) scale = Math.max(scale, v.length - dot - 1)
  })
  const out = new Array<string>(values.length)
  let sum = 0n
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!
    const dot = v.indexOf('.')
    sum += BigInt(
      dot < 0 ? v + '0'.repeat(scale) : v.slice(0, dot) + v.slice(dot + 1) + '0'.repeat(scale - (v.length - dot - 1))
    )
    // Significant digits: from the first non-zero one to the last (trailing zeros, of the scaling too, are not).
    if ((sum < 0n ? -sum : sum).toString().replace(/0+$/, '').length > PRECISION)
      throw new DecimalError(
        `${field}[${i}]`,
        `the running total needs more than ${PRECISION} significant digits; refusing to round`
      )
    out[i] = scale === 0 ? fromScaledBigInt(sum, 0) : fromScaledBigInt(sum, scale).replace(/\.?0+$/, '')
  }
  return out
}

export function sub(a: DecimalValue, b: DecimalValue): string {
  const x = dec(a, 'left')
  const y = dec(b, 'right')
  return exact(x.minus(y), sumDigits(x, y))
}

export function mul(a: DecimalValue, b: DecimalValue): string {
  const x = dec(a, 'left')
  const y = dec(b, 'right')
  return exact(x.times(y), x.isZero() || y.isZero() ? 1 : x.sd() + y.sd())
}

/** n / d rounded to an integer by `mode`, from the exact remainder. */
function divRound(n: bigint, d: bigint, mode: RoundingMode): bigint {
  if (d < 0n) {
    n = -n
    d = -d
  }
  const q = n / d
  const r = n % d
  if (r === 0n) return q
  const away = n < 0n ? q - 1n : q + 1n
  const twice = 2n * (r < 0n ? -r : r)
  switch (mode) {
    case 'down':
      return q
    case 'up':
      return away
    case 'half-up':
      return twice >= d ? away : q
    case 'half-even':
      return twice > d ? away : twice < d ? q : q % 2n === 0n ? q : away
  }
}

/** a / b rounded once to `decimals` places (exactly that many written). */
export function div(a: DecimalValue, b: DecimalValue, decimals: number, mode: RoundingMode): string {
  checkDecimals(decimals)
  const x = dec(a, 'dividend')
  const y = dec(b, 'divisor')
  if (y.isZero()) throw new DecimalError('divisor', 'must not be zero')
  const da = x.dp()
  const db = y.dp()
  // a/b = (A/10^da) / (B/10^db), so a/b * 10^decimals = A * 10^(db+decimals) / (B * 10^da).
  const n = toScaledBigInt(x, da) * 10n ** BigInt(db + decimals)
  const d = toScaledBigInt(y, db) * 10n ** BigInt(da)
  return fromScaledBigInt(divRound(n, d, mode), decimals)
}

/** Rounds to a multiple of `step` (tick or lot, e.g. '0.05'); written with the step's decimals. */
export function roundToStep(v: DecimalValue, step: DecimalValue, mode: RoundingMode, field = 'value'): string {
  const x = dec(v, field)
  const s = dec(step, 'step')
  if (s.lte(0)) throw new DecimalError('step', 'must be greater than zero')
  const scale = Math.max(x.dp(), s.dp())
  const units = toScaledBigInt(s, scale)
  const q = divRound(toScaledBigInt(x, scale), units, mode)
  return formatFixed(fromScaledBigInt(q * units, scale), s.dp())
}

// ---- scaled integers (engine ticks and lots) --------------------------------------------------------------

/** value * 10^decimals as a bigint; throws when the value has more decimals than allowed (never rounds). */
export function toScaledBigInt(v: DecimalValue, decimals: number, field = 'value'): bigint {
  checkDecimals(decimals)
  const x = dec(v, field)
  if (x.dp() > decimals) throw new DecimalError(field, `has ${x.dp()} decimals, more than the ${decimals} allowed`)
  return BigInt(plain(x, decimals).replace('.', ''))
}

/** n / 10^decimals as text with exactly `decimals` decimals. */
export function fromScaledBigInt(n: bigint, decimals: number): string {
  checkDecimals(decimals)
  const digits = (n < 0n ? -n : n).toString().padStart(decimals + 1, '0')
  const cut = digits.length - decimals
  return `${n < 0n ? '-' : ''}${digits.slice(0, cut)}${decimals > 0 ? `.${digits.slice(cut)}` : ''}`
}

// ---- JSON with exact decimal numbers ----------------------------------------------------------------------

/**
 * A JSON number written verbatim from decimal text; the same class the lossless parser produces, so a parsed
 * body is written back digit for digit. Plain JSON.stringify falls back to a string, never a float.
 */
export { JsonNumber as JsonDecimal }

/** Wraps decimal text for stringifyWithDecimals; the text is kept exactly as given ('0.10' stays '0.10'). */
export function toJsonNumber(v: DecimalValue, field = 'value'): JsonNumber {
  if (typeof v === 'string') {
    parseDecimal(v, field)
    return new JsonNumber(v)
  }
  return new JsonNumber(plain(dec(v, field)))
}

export interface StringifyOptions {
  /** Keys whose string values (or arrays of them) are written as JSON numbers, at any depth (price, volume). */
  decimalKeys?: Iterable<string>
}

/**
 * JSON.stringify semantics (toJSON, omitted undefined/functions, null in arrays), except: JsonDecimal and string
 * values under `decimalKeys` are written as JSON numbers from their exact text; non-finite numbers, bigints and
 * cycles throw instead of silently becoming null or crashing later. Output is compact: serialize once, sign and
 * send these exact bytes.
 */
export function stringifyWithDecimals(value: unknown, opts: StringifyOptions = {}): string {
  const decimalKeys = new Set(opts.decimalKeys ?? [])
  const stack = new Set<object>()

  const write = (v: unknown, key: string): string | undefined => {
    if (v instanceof JsonNumber) return v.text
    if (v !== null && typeof v === 'object' && typeof (v as { toJSON?: unknown }).toJSON === 'function')
      v = (v as { toJSON: (k: string) => unknown }).toJSON(key)
    if (v instanceof JsonNumber) return v.text
    switch (typeof v) {
      case 'string':
        return decimalKeys.has(key) ? toJsonNumber(v, key).text : JSON.stringify(v)
      case 'number':
        if (!Number.isFinite(v)) throw new DecimalError(key || 'value', `is not a finite number: ${String(v)}`)
        return JSON.stringify(v)
      case 'boolean':
        return v ? 'true' : 'false'
      case 'bigint':
        throw new DecimalError(key || 'value', 'is a bigint; pass ids as strings and amounts as JsonDecimal')
      case 'undefined':
      case 'function':
      case 'symbol':
        return undefined
    }
    if (v === null) return 'null'
    const obj = v as object
    if (stack.has(obj)) throw new TypeError('stringifyWithDecimals: circular structure')
    stack.add(obj)
    let out: string
    if (Array.isArray(obj)) {
      // Items inherit the array's key, so decimalKeys also covers arrays of amounts. Array.from visits holes
      // (map skips them, which wrote '[1,,2]'), so a missing item is null as in JSON.stringify.
      out = `[${Array.from(obj, (item) => write(item, key) ?? 'null').join(',')}]`
    } else {
      const parts: string[] = []
      for (const [k, item] of Object.entries(obj)) {
        const text = write(item, k)
        if (text !== undefined) parts.push(`${JSON.stringify(k)}:${text}`)
      }
      out = `{${parts.join(',')}}`
    }
    stack.delete(obj)
    return out
  }

  const text = write(value, '')
  if (text === undefined) throw new TypeError('stringifyWithDecimals: value has no JSON form')
  return text
}
