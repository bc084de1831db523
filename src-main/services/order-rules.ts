// The symbol's own rules, checked BEFORE an order is sent, so a bad order costs no request and gets a refusal that
// names the rule (the venue's field name) in words: "price has 3 decimals; btcusdt allows 2 (pricePrecision)".
// Exact decimal arithmetic only (src-shared/decimal). The venue stays the final judge: these are the published
// rules, not its balance or position checks.
import { compare, countDecimals, mul } from '@shared/decimal'
import type { ContractView, SpotSymbolView } from '@shared/ipc/views/market'
import { OrderRuleError } from './errors'

export interface RuleOrder {
  side: 'BUY' | 'SELL'
  type: 'LIMIT' | 'MARKET'
  volume: string
  price?: string | undefined
}

export interface FuturesRuleOrder extends RuleOrder {
  open: 'OPEN' | 'CLOSE'
}

/** `prefix` is the field path of the order inside its command ('' or 'orders.3.'). */
function decimals(value: string, max: number, field: string, what: string, symbol: string, rule: string): void {
  const n = countDecimals(value, field)
  if (n > max) throw new OrderRuleError(rule, field, `${what} has ${n} decimal${n === 1 ? '' : 's'}; ${symbol} allows ${max} (${rule})`)
}

function atLeast(value: string, min: string, field: string, what: string, symbol: string, rule: string, unit = ''): void {
  if (compare(value, min) < 0) throw new OrderRuleError(rule, field, `${what} ${value} is below ${symbol}'s minimum ${min}${unit} (${rule})`)
}

function atMost(value: string, max: string, field: string, what: string, symbol: string, rule: string, unit = ''): void {
  if (compare(value, max) > 0) throw new OrderRuleError(rule, field, `${what} ${value} is above ${symbol}'s maximum ${max}${unit} (${rule})`)
}

export function checkSpotOrder(s: SpotSymbolView, o: RuleOrder, prefix = ''): void {
  const sym = s.symbol
  const price = `${prefix}price`
  const volume = `${prefix}volume`
  if (o.type === 'LIMIT') {
    if (o.price === undefined) throw new OrderRuleError('price', price, 'a LIMIT order needs a price')
    decimals(o.price, s.pricePrecision, price, 'price', sym, 'pricePrecision')
    decimals(o.volume, s.quantityPrecision, volume, 'volume', sym, 'quantityPrecision')
    atLeast(o.price, s.limitPriceMin, price, 'price', sym, 'limitPriceMin')
    atLeast(o.volume, s.limitVolumeMin, volume, 'volume', sym, 'limitVolumeMin', ' for limit orders')
    return
  }
  if (o.side === 'BUY') {
    // A market buy spends a quote amount, written with the price's decimals.
    decimals(o.volume, s.pricePrecision, volume, 'the quote amount of a market buy', sym, 'pricePrecision')
    atLeast(o.volume, s.marketBuyMin, volume, 'the quote amount', sym, 'marketBuyMin', ` ${s.quoteAsset} for market buys`)
    return
  }
  decimals(o.volume, s.quantityPrecision, volume, 'volume', sym, 'quantityPrecision')
  atLeast(o.volume, s.marketSellMin, volume, 'volume', sym, 'marketSellMin', ' for market sells')
}

/** Value of `volume` contracts at `price`: linear contracts are worth multiplier x price, inverse a fixed multiplier. */
export function contractValue(c: ContractView, volume: string, price: string): string {
  return c.side === 1 ? mul(mul(volume, c.multiplier), price) : mul(volume, c.multiplier)
}

/**
 * Futures rules. Volume is in contracts with the decimals of minOrderVolume, except for a MARKET OPEN, which is
 * sized by its notional value. `openOrders` (when known) is checked against maxValidOrder.
 */
export function checkFuturesOrder(c: ContractView, o: FuturesRuleOrder, openOrders?: number, prefix = ''): void {
  const sym = c.symbol
  const price = `${prefix}price`
  const volume = `${prefix}volume`
  if (c.status !== 1) throw new OrderRuleError('status', `${prefix}symbol`, `${sym} is not tradable now (status ${c.status})`)
  if (openOrders !== undefined && openOrders >= c.maxValidOrder) {
    throw new OrderRuleError('maxValidOrder', `${prefix}symbol`, `${sym} allows at most ${c.maxValidOrder} open orders (maxValidOrder); ${openOrders} are open`)
  }
  if (o.type === 'MARKET' && o.open === 'OPEN') {
    atLeast(o.volume, c.minOrderMoney, volume, 'the notional value of a market open', sym, 'minOrderMoney')
    atMost(o.volume, c.maxMarketMoney, volume, 'the notional value of a market open', sym, 'maxMarketMoney')
    return
  }
  decimals(o.volume, countDecimals(c.minOrderVolume), volume, 'volume', sym, 'minOrderVolume')
  atLeast(o.volume, c.minOrderVolume, volume, 'volume', sym, 'minOrderVolume', ' contracts')
  if (o.type === 'MARKET') {
    atMost(o.volume, c.maxMarketVolume, volume, 'volume', sym, 'maxMarketVolume', ' contracts for market orders')
    return
  }
  if (o.price === undefined) throw new OrderRuleError('price', price, 'a LIMIT order needs a price')
  decimals(o.price, c.pricePrecision, price, 'price', sym, 'pricePrecision')
  atMost(o.volume, c.maxLimitVolume, volume, 'volume', sym, 'maxLimitVolume', ' contracts for limit orders')
  const value = contractValue(c, o.volume, o.price)
  atLeast(value, c.minOrderMoney, volume, 'the order value', sym, 'minOrderMoney')
  atMost(value, c.maxLimitMoney, volume, 'the order value', sym, 'maxLimitMoney')
}

/** A trigger or TP/SL price: the contract's price precision. */
export function checkFuturesPrice(c: ContractView, value: string, field: string): void {
  decimals(value, c.pricePrecision, field, field.split('.').pop() ?? field, c.symbol, 'pricePrecision')
}
