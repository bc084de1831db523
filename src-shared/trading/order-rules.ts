// The symbol's and contract's published rules, checked BEFORE an order is sent: by the renderer's form so a
// refusal shows at once, and again by main's trading services so a bad order costs no request. The venue stays the
// final judge (its balance, position and price-band checks). Each check returns the first broken rule or null.
import { compare, countDecimals, mul } from '../decimal'
import { MAX_BATCH } from '../api/endpoints/params'
import type { ContractView, SpotSymbolView } from '../ipc/views/market'
import { amount, atLeast, atMost, decimals, fail, nameOf, refusalOf, type Refusal } from './refusal'

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

/** Free balances a spot order draws on: quote for a buy, base for a sell. An unknown balance is not checked. */
export interface Funds {
  base?: string | undefined
  quote?: string | undefined
}

export interface SpotCheckOptions {
  funds?: Funds | undefined
  /** The order's path inside its command ('orders.3.'), put in front of the field a refusal names. */
  prefix?: string | undefined
}

export interface FuturesCheckOptions {
  /** Open orders of the contract, when known: one more must fit under maxValidOrder. */
  openOrders?: number | undefined
  prefix?: string | undefined
}

export function checkSpotOrder(s: SpotSymbolView, o: RuleOrder, { funds = {}, prefix = '' }: SpotCheckOptions = {}): Refusal | null {
  return refusalOf(() => {
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
    // The venue ignores a MARKET order's price; refusing it keeps the user from believing it limits the fill.
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
export function checkFuturesOrder(c: ContractView, o: FuturesRuleOrder, { openOrders, prefix = '' }: FuturesCheckOptions = {}): Refusal | null {
  return refusalOf(() => {
    const sym = c.symbol
    const [pf, vf] = [`${prefix}price`, `${prefix}volume`]
    if (c.status !== 1) fail('status', `${prefix}symbol`, `${sym} is not tradable now (status ${c.status})`)
    if (openOrders !== undefined && openOrders >= c.maxValidOrder) {
      fail('maxValidOrder', `${prefix}symbol`, `${sym} allows at most ${c.maxValidOrder} open orders (maxValidOrder); ${openOrders} are open`)
    }
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

/** A trigger or TP/SL price at the contract's price precision; `what` defaults to the field's own name. */
export function checkPricePrecision(c: ContractView, value: string | undefined, field: string, what = nameOf(field)): Refusal | null {
  return refusalOf(() => decimals(amount(value, field, what), c.pricePrecision, field, what, c.symbol, 'pricePrecision'))
}

/** The batch endpoints take 1..MAX_BATCH orders; `size` is how many the batch already holds. */
export const BATCH_MAX = MAX_BATCH
export function checkBatchRoom(size: number): Refusal | null {
  return size >= BATCH_MAX ? { rule: 'batchSize', field: 'batch', message: `a batch holds at most ${BATCH_MAX} orders (batchSize)` } : null
}
