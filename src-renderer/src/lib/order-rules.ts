// The symbol's rules, checked in the form before anything is sent, so a refusal shows at once and names the rule
// (the venue's field name, as main's trading service words it: "price has 3 decimals; btcusdt allows 2
// (pricePrecision)"). Main checks the same rules again; the venue stays the final judge. Exact decimals only.
import { compare, countDecimals, div, isDecimalText, mul } from '@shared/decimal'
import type { ContractView, SpotSymbolView } from '@shared/ipc/views/market'

export interface Refusal {
  /** The rule broken: the venue's field name (pricePrecision, limitVolumeMin, ...) or a form rule (balance). */
  rule: string
  /** The form field to mark: price, volume, triggerPrice, ... */
  field: string
  message: string
}

export interface RuleOrder {
  side: 'BUY' | 'SELL'
  type: 'LIMIT' | 'MARKET'
  volume: string
  price?: string | undefined
}

export interface FuturesRuleOrder extends RuleOrder {
  open: 'OPEN' | 'CLOSE'
  timeInForce?: 'IOC' | 'FOK' | 'POST_ONLY' | undefined
}

/** A rule broken in the form, carried as an error so callers show it like a venue refusal. */
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
const fail = (rule: string, field: string, message: string): never => {
  throw new Broken({ rule, field, message })
}
function run(check: () => void): Refusal | null {
  try {
    check()
    return null
  } catch (e) {
    if (e instanceof Broken) return e.refusal
    throw e
  }
}

/** A positive plain decimal ("12.5"); anything else is refused before any rule that does arithmetic on it. */
function amount(value: string | undefined, field: string, what: string): string {
  if (value === undefined || value === '') return fail(field, field, `${what} is required`)
  if (!isDecimalText(value, { allowNegative: false }) || compare(value, '0') <= 0) return fail(field, field, `${what} must be a number greater than 0`)
  return value
}

function decimals(value: string, max: number, field: string, what: string, symbol: string, rule: string): void {
  const n = countDecimals(value)
  if (n > max) fail(rule, field, `${what} has ${n} decimal${n === 1 ? '' : 's'}; ${symbol} allows ${max} (${rule})`)
}
function atLeast(value: string, min: string, field: string, what: string, symbol: string, rule: string, unit = ''): void {
  if (compare(value, min) < 0) fail(rule, field, `${what} ${value} is below ${symbol}'s minimum ${min}${unit} (${rule})`)
}
function atMost(value: string, max: string, field: string, what: string, symbol: string, rule: string, unit = ''): void {
  if (compare(value, max) > 0) fail(rule, field, `${what} ${value} is above ${symbol}'s maximum ${max}${unit} (${rule})`)
}

/** Free balances the order draws on (spot): quote for a buy, base for a sell. Unknown balances skip the check. */
export interface Funds {
  base?: string | undefined
  quote?: string | undefined
}

export function checkSpotOrder(s: SpotSymbolView, o: RuleOrder, funds: Funds = {}, prefix = ''): Refusal | null {
  return run(() => {
    const sym = s.symbol
    const [pf, vf] = [`${prefix}price`, `${prefix}volume`]
    if (o.type === 'LIMIT') {
      const price = amount(o.price, pf, 'price')
      const volume = amount(o.volume, vf, 'volume')
      decimals(price, s.pricePrecision, pf, 'price', sym, 'pricePrecision')
      decimals(volume, s.quantityPrecision, vf, 'volume', sym, 'quantityPrecision')
      atLeast(price, s.limitPriceMin, pf, 'price', sym, 'limitPriceMin')
      atLeast(volume, s.limitVolumeMin, vf, 'volume', sym, 'limitVolumeMin', ' for limit orders')
      if (o.side === 'BUY') enough(mul(price, volume), funds.quote, s.quoteAsset, vf)
      else enough(volume, funds.base, s.baseAsset, vf)
      return
    }
    if (o.price) fail('price', pf, 'a MARKET order takes no price')
    const volume = amount(o.volume, vf, o.side === 'BUY' ? 'the quote amount' : 'volume')
    if (o.side === 'BUY') {
      // A market buy spends a quote amount, written with the price's decimals.
      decimals(volume, s.pricePrecision, vf, 'the quote amount of a market buy', sym, 'pricePrecision')
      atLeast(volume, s.marketBuyMin, vf, 'the quote amount', sym, 'marketBuyMin', ` ${s.quoteAsset} for market buys`)
      enough(volume, funds.quote, s.quoteAsset, vf)
      return
    }
    decimals(volume, s.quantityPrecision, vf, 'volume', sym, 'quantityPrecision')
    atLeast(volume, s.marketSellMin, vf, 'volume', sym, 'marketSellMin', ' for market sells')
    enough(volume, funds.base, s.baseAsset, vf)
  })
}

function enough(need: string, free: string | undefined, asset: string, field: string): void {
  if (free !== undefined && compare(need, free) > 0) fail('balance', field, `the order needs ${need} ${asset}; ${free} ${asset} is available (balance)`)
}

/** Contract decimals of a volume: those of minOrderVolume (whole contracts on most venues). */
export const volumeDecimals = (c: ContractView): number => countDecimals(c.minOrderVolume)

/** Value of `volume` contracts at `price`: linear contracts are worth multiplier x price, inverse a fixed multiplier. */
export function contractValue(c: ContractView, volume: string, price: string): string {
  return c.side === 1 ? mul(mul(volume, c.multiplier), price) : mul(volume, c.multiplier)
}

/** Futures rules. Volume is in contracts, except a MARKET OPEN, which is sized by its notional value. */
export function checkFuturesOrder(c: ContractView, o: FuturesRuleOrder, prefix = ''): Refusal | null {
  return run(() => {
    const sym = c.symbol
    const [pf, vf] = [`${prefix}price`, `${prefix}volume`]
    if (c.status !== 1) fail('status', `${prefix}symbol`, `${sym} is not tradable now (status ${c.status})`)
    if (o.timeInForce === 'POST_ONLY' && o.type !== 'LIMIT') fail('timeInForce', `${prefix}timeInForce`, 'POST_ONLY needs a LIMIT order (timeInForce)')
    if (o.type === 'MARKET' && o.price) fail('price', pf, 'a MARKET order takes no price')
    if (o.type === 'MARKET' && o.open === 'OPEN') {
      const notional = amount(o.volume, vf, 'the notional value')
      atLeast(notional, c.minOrderMoney, vf, 'the notional value of a market open', sym, 'minOrderMoney')
      atMost(notional, c.maxMarketMoney, vf, 'the notional value of a market open', sym, 'maxMarketMoney')
      return
    }
    const volume = amount(o.volume, vf, 'volume')
    decimals(volume, volumeDecimals(c), vf, 'volume', sym, 'minOrderVolume')
    atLeast(volume, c.minOrderVolume, vf, 'volume', sym, 'minOrderVolume', ' contracts')
    if (o.type === 'MARKET') return atMost(volume, c.maxMarketVolume, vf, 'volume', sym, 'maxMarketVolume', ' contracts for market orders')
    const price = amount(o.price, pf, 'price')
    decimals(price, c.pricePrecision, pf, 'price', sym, 'pricePrecision')
    atMost(volume, c.maxLimitVolume, vf, 'volume', sym, 'maxLimitVolume', ' contracts for limit orders')
    const value = contractValue(c, volume, price)
    atLeast(value, c.minOrderMoney, vf, 'the order value', sym, 'minOrderMoney')
    atMost(value, c.maxLimitMoney, vf, 'the order value', sym, 'maxLimitMoney')
  })
}

export type TriggerKind = 'stop-loss' | 'take-profit' | 'trailing-stop'

/**
 * A trigger price at the contract's precision, on the side of the mark it must wait on: a SELL stop (closing a
 * long) fires when the price falls to it, so it sits below the mark; a SELL take-profit above it; BUY mirrors.
 * A trailing stop waits for the price to reach its activation price first (SELL: from below).
 */
export function checkTrigger(c: ContractView, side: 'BUY' | 'SELL', kind: TriggerKind, triggerPrice: string | undefined, mark: string | undefined, field = 'triggerPrice'): Refusal | null {
  return run(() => {
    const t = amount(triggerPrice, field, 'the trigger price')
    decimals(t, c.pricePrecision, field, 'the trigger price', c.symbol, 'pricePrecision')
    if (!mark) return
    const below = (side === 'SELL') === (kind === 'stop-loss')
    if (below && compare(t, mark) >= 0) fail('triggerPrice', field, `a ${side} ${kind} triggers below the mark price ${mark}; ${t} is not (triggerPrice)`)
    if (!below && compare(t, mark) <= 0) fail('triggerPrice', field, `a ${side} ${kind} triggers above the mark price ${mark}; ${t} is not (triggerPrice)`)
  })
}

export function checkCallbackRatio(ratio: string | undefined): Refusal | null {
  return run(() => {
    const r = amount(ratio, 'callbackRatio', 'the callback ratio')
    if (compare(r, '1') >= 0) fail('callbackRatio', 'callbackRatio', `the callback ratio is a share of the price, below 1 (0.01 = 1%); ${r} is not (callbackRatio)`)
  })
}

export function checkLeverage(text: string): Refusal | null {
  return run(() => {
    if (!/^[1-9]\d{0,3}$/.test(text) || Number(text) > 1000) fail('leverage', 'leverage', 'leverage must be a whole number from 1 to 1000 (leverage)')
  })
}

/** The batch endpoints take 1..10 orders. */
export const BATCH_MAX = 10
export function checkBatchRoom(size: number): Refusal | null {
  return size >= BATCH_MAX ? { rule: 'batchSize', field: 'batch', message: `a batch holds at most ${BATCH_MAX} orders (batchSize)` } : null
}

/** `share` percent (0..100, whole) of `available`, rounded DOWN to `decimals` so the order never exceeds it. */
export function shareOf(available: string, share: number, decimals: number): string {
  return div(mul(available, String(Math.round(share))), '100', decimals, 'down')
}

/** How many contracts a notional buys at `price` (rounded down to the contract's volume decimals). */
export function contractsFor(c: ContractView, notional: string, price: string): string {
  return c.side === 1 ? div(notional, mul(c.multiplier, price), volumeDecimals(c), 'down') : div(mul(notional, price), c.multiplier, volumeDecimals(c), 'down')
}

/** Keeps what a decimal field may hold while typing: digits, one point, at most `max` decimals. */
export function sanitizeDecimal(text: string, max: number): string {
  let t = text.replace(/,/g, '.').replace(/[^\d.]/g, '')
  const dot = t.indexOf('.')
  if (dot >= 0) t = t.slice(0, dot + 1) + t.slice(dot + 1).replace(/\./g, '')
  if (dot >= 0) t = max === 0 ? t.slice(0, dot) : t.slice(0, dot + 1 + max)
  return t.replace(/^0+(?=\d)/, '')
}
