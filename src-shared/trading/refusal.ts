// How a broken rule is reported, and the steps the rules are written in. A refusal names the rule (the venue's
// field name: pricePrecision, limitVolumeMin, ... kept for code, never shown), the field to mark, says it in words
// a trader reads ("price ticks are 0.01 on ETH/USDT: 3000.12 or 3000.13") and offers the nearest allowed values,
// which the form turns into one-click fixes. Main throws it as its order-rule error. Exact decimals only.
// The words are catalog words (src-shared/i18n/en/order.ts): a key and its values, told by the UI in its language;
// `message` is their English (main's log, and a window whose catalogs lack the key). The parts of a message that
// vary are other messages linked in by key: the field named (`what`), the unit, the orders a bound is for, the fixes.
import { compare, countDecimals, formatFixed, isDecimalText } from '../decimal'
import type { Messages } from '../i18n/messages'
import { inEnglish } from '../i18n/translate'
import type { WordParams, Words } from '../i18n/words'

export interface Refusal {
  /** The rule broken: the venue's field name (pricePrecision, limitVolumeMin, ...) or a form rule (balance). */
  rule: string
  /** The field to mark, with its path inside a batch or a TP/SL leg: price, orders.3.volume, stopLoss.triggerPrice. */
  field: string
  /** In English (the words' English when there are words). */
  message: string
  /** The same in catalog words, for the UI to tell in its language; absent from a refusal written in English only. */
  words?: Words
  /** Nearest allowed values of `field`, nearest first; absent when no single value mends it. */
  fixes?: string[]
}

type Leaves<T, P extends string> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>
}[keyof T & string]
/** A message key of the order area (a wrong one fails the typecheck). */
export type OrderKey = Leaves<Messages['order'], 'order.'>
/** A field named in a message: a key under `order.what`. */
export type What = keyof Messages['order']['what']
/** The key that names field `w` in a message (linked in as `@:{what}`). */
export const whatKey = (w: What): string => `order.what.${w}`

/** Words of the order area. */
export const orderWords = (key: OrderKey, params?: WordParams): Words => (params ? { key, params } : { key })

/** A refusal in catalog words, its English message made from them. */
export function refusal(rule: string, field: string, words: Words, fixes?: string[]): Refusal {
  return { rule, field, message: inEnglish(words), words, ...(fixes?.length ? { fixes } : {}) }
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

export const fail = (rule: string, field: string, words: Words, fixes?: string[]): never => {
  throw new Broken(refusal(rule, field, words, fixes))
}

/**
 * Runs a check written with the steps below: null when it passes, else the first broken rule. `contract`: the
 * contract the check is of, carried beside the market's English name in the words (`{market}`) so a window names it
 * in its own language.
 */
export function refusalOf(check: () => void, contract?: string): Refusal | null {
  try {
    check()
    return null
  } catch (e) {
    if (e instanceof Broken) return contract === undefined ? e.refusal : ofContract(e.refusal, contract)
    throw e
  }
}

/** A refusal whose words name a market, marked as contract `symbol` (param `contract`). */
export function ofContract(r: Refusal, symbol: string): Refusal {
  const params = r.words?.params
  if (!r.words || params?.['market'] === undefined) return r
  return { ...r, words: { ...r.words, params: { ...params, contract: symbol } } }
}

/** The field's own name without its path ('orders.3.price' -> 'price'): the rule a missing or bad value breaks. */
export const nameOf = (field: string): string => field.slice(field.lastIndexOf('.') + 1)

const WHAT: Record<string, What> = {
  price: 'price',
  volume: 'size',
  triggerPrice: 'triggerPrice',
  callbackRatio: 'callbackRatio'
}
/**
 * A field as a message names it: the key of its words ('stopLoss.triggerPrice' -> 'order.what.triggerPrice'); a
 * field without words is named as it is (no other API names reach a message).
 */
export const whatOf = (field: string): string => {
  const w = WHAT[nameOf(field)]
  return w ? whatKey(w) : nameOf(field)
}

/** A unit after a number: a coin as it is written, or contracts (in words). */
export type Unit = { coin: string } | 'contracts'
const unitParams = (u: Unit): WordParams =>
  u === 'contracts' ? { unit: 'order.unit.contracts' } : { unit: 'order.unit.coin', coin: u.coin }

/** The allowed values a refusal offers, linked into its message as `@:{options}` ("3000.12 or 3000.13"). */
export const optionParams = (fixes: readonly string[]): WordParams =>
  fixes.length > 1
    ? { options: 'order.options.two', fix1: fixes[0]!, fix2: fixes[1]! }
    : { options: 'order.options.one', fix1: fixes[0] ?? '' }

/** A positive plain decimal ("12.5"); anything else is refused before any rule that does arithmetic on it. */
export function amount(value: string | undefined, field: string, what: What): string {
  if (value === undefined || value === '')
    return fail(nameOf(field), field, orderWords('order.rule.required', { what: whatKey(what) }))
  if (!isDecimalText(value, { allowNegative: false }) || compare(value, '0') <= 0)
    return fail(nameOf(field), field, orderWords('order.rule.positive', { what: whatKey(what) }))
  return value
}

/** The smallest step of `places` decimals: 0.01 for 2, 1 for 0. */
export const stepOf = (places: number): string => (places === 0 ? '1' : `0.${'0'.repeat(places - 1)}1`)

/** At most `max` decimals; the refusal offers the allowed values either side. */
export function decimals(
  value: string,
  max: number,
  field: string,
  what: What,
  market: string,
  rule: string,
  unit: Unit
): void {
  if (countDecimals(value) <= max) return
  const down = formatFixed(value, max, 'down')
  const fixes = [...(compare(down, '0') > 0 ? [down] : []), formatFixed(value, max, 'up')]
  const key = max === 0 ? 'order.rule.wholeNumbers' : /price/i.test(what) ? 'order.rule.ticks' : 'order.rule.steps'
  const params = { what: whatKey(what), market, step: stepOf(max), ...unitParams(unit), ...optionParams(fixes) }
  fail(rule, field, orderWords(key, params), fixes)
}

export interface BoundWords {
  unit: Unit
  /** Which orders the bound is for: a key under `order.scope`. */
  scope?: keyof Messages['order']['scope']
  /** The value that mends it when it is not the bound itself (an order value mended by a size); null: none. */
  fix?: string | null
}

export function atLeast(
  value: string,
  min: string,
  field: string,
  what: What,
  market: string,
  rule: string,
  w: BoundWords
): void {
  if (compare(value, min) >= 0) return
  fail(
    rule,
    field,
    boundWords(w.scope ? 'order.rule.belowMinFor' : 'order.rule.belowMin', value, min, what, market, w),
    fixOf(w, min)
  )
}

export function atMost(
  value: string,
  max: string,
  field: string,
  what: What,
  market: string,
  rule: string,
  w: BoundWords
): void {
  if (compare(value, max) <= 0) return
  fail(
    rule,
    field,
    boundWords(w.scope ? 'order.rule.aboveMaxFor' : 'order.rule.aboveMax', value, max, what, market, w),
    fixOf(w, max)
  )
}

function boundWords(key: OrderKey, value: string, bound: string, what: What, market: string, w: BoundWords): Words {
  return orderWords(key, {
    what: whatKey(what),
    value,
    bound,
    market,
    ...unitParams(w.unit),
    ...(w.scope ? { scope: `order.scope.${w.scope}` } : {})
  })
}

function fixOf(w: BoundWords, bound: string): string[] | undefined {
  if (w.fix === null) return undefined
  return [w.fix ?? bound]
}
