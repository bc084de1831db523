// How a broken rule is reported, and the steps the rule checks are written in. A refusal names the rule (the
// venue's field name: pricePrecision, limitVolumeMin, ...) and the field to mark, and says it in words:
// "price has 3 decimals; btcusdt allows 2 (pricePrecision)". Main throws it as its order-rule error, the renderer
// shows it at the field. Exact decimals only (src-shared/decimal).
import { compare, countDecimals, isDecimalText } from '../decimal'

export interface Refusal {
  /** The rule broken: the venue's field name (pricePrecision, limitVolumeMin, ...) or a form rule (balance). */
  rule: string
  /** The field to mark, with its path inside a batch or a TP/SL leg: price, orders.3.volume, stopLoss.triggerPrice. */
  field: string
  message: string
}

/** A refusal carried as an error, so callers that throw show it like a venue refusal. */
export class RefusalError extends Error {
  constructor(readonly refusal: Refusal) {
    super(refusal.message)
    this.name = 'RefusalError'
  }
}

/** Thrown inside a check, caught at its boundary: a check reads top-down and stops at the first broken rule. */
class Broken extends Error {
  constructor(readonly refusal: Refusal) {
    super(refusal.message)
  }
}

export const fail = (rule: string, field: string, message: string): never => {
  throw new Broken({ rule, field, message })
}

/** Runs a check written with the steps below: null when it passes, else the first broken rule. */
export function refusalOf(check: () => void): Refusal | null {
  try {
    check()
    return null
  } catch (e) {
    if (e instanceof Broken) return e.refusal
    throw e
  }
}

/** The field's own name without its path ('orders.3.price' -> 'price'): the rule a missing or bad value breaks. */
export const nameOf = (field: string): string => field.slice(field.lastIndexOf('.') + 1)

/** A positive plain decimal ("12.5"); anything else is refused before any rule that does arithmetic on it. */
export function amount(value: string | undefined, field: string, what: string): string {
  if (value === undefined || value === '') return fail(nameOf(field), field, `${what} is required`)
  if (!isDecimalText(value, { allowNegative: false }) || compare(value, '0') <= 0) return fail(nameOf(field), field, `${what} must be a number greater than 0`)
  return value
}

export function decimals(value: string, max: number, field: string, what: string, symbol: string, rule: string): void {
  const n = countDecimals(value)
  if (n > max) fail(rule, field, `${what} has ${n} decimal${n === 1 ? '' : 's'}; ${symbol} allows ${max} (${rule})`)
}

export function atLeast(value: string, min: string, field: string, what: string, symbol: string, rule: string, unit = ''): void {
  if (compare(value, min) < 0) fail(rule, field, `${what} ${value} is below ${symbol}'s minimum ${min}${unit} (${rule})`)
}

export function atMost(value: string, max: string, field: string, what: string, symbol: string, rule: string, unit = ''): void {
  if (compare(value, max) > 0) fail(rule, field, `${what} ${value} is above ${symbol}'s maximum ${max}${unit} (${rule})`)
}
