// How a broken rule is reported, and the steps the rules are written in. A refusal names the rule (the venue's
// field name: pricePrecision, limitVolumeMin, ... kept for code, never shown), the field to mark, says it in words
// a trader reads ("price ticks are 0.01 on ETH/USDT: 3000.12 or 3000.13") and offers the nearest allowed values,
// which the form turns into one-click fixes. Main throws it as its order-rule error. Exact decimals only.
import { compare, countDecimals, formatFixed, isDecimalText } from '../decimal'

export interface Refusal {
  /** The rule broken: the venue's field name (pricePrecision, limitVolumeMin, ...) or a form rule (balance). */
  rule: string
  /** The field to mark, with its path inside a batch or a TP/SL leg: price, orders.3.volume, stopLoss.triggerPrice. */
  field: string
  message: string
  /** Nearest allowed values of `field`, nearest first; absent when no single value mends it. */
  fixes?: string[]
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

export const fail = (rule: string, field: string, message: string, fixes?: string[]): never => {
  throw new Broken({ rule, field, message, ...(fixes?.length ? { fixes } : {}) })
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

const WORDS: Record<string, string> = {
  price: 'price',
  volume: 'size',
  triggerPrice: 'the trigger price',
  callbackRatio: 'the callback ratio'
}
/** A field in the words of a message ('stopLoss.triggerPrice' -> 'the trigger price'): no API names on screen. */
export const wordsOf = (field: string): string => WORDS[nameOf(field)] ?? nameOf(field)

/** A positive plain decimal ("12.5"); anything else is refused before any rule that does arithmetic on it. */
export function amount(value: string | undefined, field: string, what: string): string {
  if (value === undefined || value === '') return fail(nameOf(field), field, `${what} is required`)
  if (!isDecimalText(value, { allowNegative: false }) || compare(value, '0') <= 0)
    return fail(nameOf(field), field, `${what} must be a number greater than 0`)
  return value
}

/** The smallest step of `places` decimals: 0.01 for 2, 1 for 0. */
export const stepOf = (places: number): string => (places === 0 ? '1' : `0.${'0'.repeat(places - 1)}1`)

/** At most `max` decimals; the refusal offers the allowed values either side. `unit` reads ' ETH', ' USDT'. */
export function decimals(
  value: string,
  max: number,
  field: string,
  what: string,
  market: string,
  rule: string,
  unit = ''
): void {
  if (countDecimals(value) <= max) return
  const down = formatFixed(value, max, 'down')
  const fixes = [...(compare(down, '0') > 0 ? [down] : []), formatFixed(value, max, 'up')]
  const grain =
    max === 0
      ? `${what} takes whole numbers`
      : `${what} ${/price/i.test(what) ? 'ticks' : 'steps'} are ${stepOf(max)}${unit}`
  fail(rule, field, `${grain} on ${market}: ${fixes.join(' or ')}`, fixes)
}

export interface BoundWords {
  /** ' ETH', ' contracts': after each number. */
  unit?: string
  /** ' for limit orders': after the bound. */
  scope?: string
  /** The value that mends it when it is not the bound itself (an order value mended by a size); null: none. */
  fix?: string | null
}

export function atLeast(
  value: string,
  min: string,
  field: string,
  what: string,
  market: string,
  rule: string,
  w: BoundWords = {}
): void {
  if (compare(value, min) >= 0) return
  const u = w.unit ?? ''
  fail(rule, field, `${what} ${value}${u} is below the minimum ${min}${u}${w.scope ?? ''} on ${market}`, fixOf(w, min))
}

export function atMost(
  value: string,
  max: string,
  field: string,
  what: string,
  market: string,
  rule: string,
  w: BoundWords = {}
): void {
  if (compare(value, max) <= 0) return
  const u = w.unit ?? ''
  fail(rule, field, `${what} ${value}${u} is above the maximum ${max}${u}${w.scope ?? ''} on ${market}`, fixOf(w, max))
}

function fixOf(w: BoundWords, bound: string): string[] | undefined {
  if (w.fix === null) return undefined
  return [w.fix ?? bound]
}
