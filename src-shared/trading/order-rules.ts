// The symbol's and contract's published rules, checked BEFORE an order is sent: by the renderer's form so a
// refusal shows at once, and again by main's trading services so a bad order costs no request. The venue stays the
// final judge (its balance, position and price-band checks). Each check returns the first broken rule or null.
import { compare, countDecimals, div, formatFixed, groupDigits, mul } from '../decimal'
import { MAX_BATCH } from '../api/endpoints/params'
import type { ContractView, SpotSymbolView } from '../ipc/views/market'
import { contractMarketName, spotMarketName } from './market-name'
import {
  amount,
  atLeast,
  atMost,
  decimals,
  fail,
  nameOf,
  orderWords,
  refusal,
  refusalOf,
  type Refusal,
  type What
} from './refusal'

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

export function checkSpotOrder(
  s: SpotSymbolView,
  o: RuleOrder,
  { funds = {}, prefix = '' }: SpotCheckOptions = {}
): Refusal | null {
  return refusalOf(() => {
    const m = spotMarketName(s)
    const [pf, vf] = [`${prefix}price`, `${prefix}volume`]
    const [base, quote] = [{ coin: s.baseAsset }, { coin: s.quoteAsset }]
    if (o.type === 'LIMIT') {
      const price = amount(o.price, pf, 'price')
      const volume = amount(o.volume, vf, 'size')
      decimals(price, s.pricePrecision, pf, 'price', m, 'pricePrecision', quote)
      decimals(volume, s.quantityPrecision, vf, 'size', m, 'quantityPrecision', base)
      atLeast(price, s.limitPriceMin, pf, 'price', m, 'limitPriceMin', { unit: quote })
      atLeast(volume, s.limitVolumeMin, vf, 'size', m, 'limitVolumeMin', { unit: base, scope: 'limit' })
      if (o.side === 'BUY')
        enough(
          mul(price, volume),
          funds.quote,
          s.quoteAsset,
          vf,
          funds.quote && div(funds.quote, price, s.quantityPrecision, 'down')
        )
      else
        enough(volume, funds.base, s.baseAsset, vf, funds.base && formatFixed(funds.base, s.quantityPrecision, 'down'))
      return
    }
    // The venue ignores a MARKET order's price; refusing it keeps the user from believing it limits the fill.
    if (o.price) fail('price', pf, orderWords('order.rule.marketNoPrice'))
    if (o.side === 'BUY') {
      // A market buy spends a quote amount, written with the price's decimals.
      const spend = amount(o.volume, vf, 'spend')
      decimals(spend, s.pricePrecision, vf, 'spend', m, 'pricePrecision', quote)
      atLeast(spend, s.marketBuyMin, vf, 'spend', m, 'marketBuyMin', { unit: quote, scope: 'marketBuy' })
      enough(spend, funds.quote, s.quoteAsset, vf, funds.quote && formatFixed(funds.quote, s.pricePrecision, 'down'))
      return
    }
    const volume = amount(o.volume, vf, 'size')
    decimals(volume, s.quantityPrecision, vf, 'size', m, 'quantityPrecision', base)
    atLeast(volume, s.marketSellMin, vf, 'size', m, 'marketSellMin', { unit: base, scope: 'marketSell' })
    enough(volume, funds.base, s.baseAsset, vf, funds.base && formatFixed(funds.base, s.quantityPrecision, 'down'))
  })
}

/** Free balance against what the order draws; `most` is the largest size it affords, offered as the fix. */
function enough(need: string, free: string | undefined, asset: string, field: string, most: string | undefined): void {
  if (free === undefined || compare(need, free) <= 0) return
  // Venues write balances with 8 decimals ("100000.00000000"): said without the padding, exact, grouped as the
  // preview's figures are.
  fail(
    'balance',
    field,
    orderWords('order.rule.balance', { need: groupDigits(need), free: groupDigits(free), coin: asset }),
    most && compare(most, '0') > 0 ? [most] : undefined
  )
}

/** Contract decimals of a volume: those of minOrderVolume (whole contracts on most venues). */
export const volumeDecimals = (c: ContractView): number => countDecimals(c.minOrderVolume)

/**
 * Value of `volume` contracts at `price`: linear contracts are worth multiplier x price, inverse a fixed multiplier.
 */
export function contractValue(c: ContractView, volume: string, price: string): string {
  return c.side === 1 ? mul(mul(volume, c.multiplier), price) : mul(volume, c.multiplier)
}

/** Contracts worth `value` at `price` (inverse: value in the base coin), at the contract's volume decimals. */
export function contractsAt(c: ContractView, value: string, price: string, mode: 'down' | 'up'): string {
  return c.side === 1
    ? div(value, mul(c.multiplier, price), volumeDecimals(c), mode)
    : div(mul(value, price), c.multiplier, volumeDecimals(c), mode)
}

/**
 * The coin an order value is counted in: the quote of a linear contract (USDT), the multiplier coin of an inverse one.
 */
export const valueCoin = (c: ContractView): string =>
  c.side === 1 ? (c.symbol.split('-').at(-1) ?? '') : c.multiplierCoin

/** Futures rules. Volume is in contracts, except a MARKET OPEN, which is sized by its notional value. */
export function checkFuturesOrder(
  c: ContractView,
  o: FuturesRuleOrder,
  { openOrders, prefix = '' }: FuturesCheckOptions = {}
): Refusal | null {
  return refusalOf(() => {
    const m = contractMarketName(c.symbol)
    const [pf, vf] = [`${prefix}price`, `${prefix}volume`]
    const [cont, money] = ['contracts' as const, { coin: valueCoin(c) }]
    if (c.status !== 1)
      fail('status', `${prefix}symbol`, orderWords('order.rule.notTradable', { market: m, status: c.status }))
    if (openOrders !== undefined && openOrders >= c.maxValidOrder) {
      fail(
        'maxValidOrder',
        `${prefix}symbol`,
        orderWords('order.rule.maxOpenOrders', { market: m, max: c.maxValidOrder, open: openOrders })
      )
    }
    if (o.timeInForce === 'POST_ONLY' && o.type !== 'LIMIT')
      fail('timeInForce', `${prefix}timeInForce`, orderWords('order.rule.postOnlyLimit'))
    if (o.type === 'MARKET' && o.price) fail('price', pf, orderWords('order.rule.marketNoPrice'))
    if (o.type === 'MARKET' && o.open === 'OPEN') {
      const notional = amount(o.volume, vf, 'orderValue')
      atLeast(notional, c.minOrderMoney, vf, 'marketOpenValue', m, 'minOrderMoney', { unit: money })
      atMost(notional, c.maxMarketMoney, vf, 'marketOpenValue', m, 'maxMarketMoney', { unit: money })
      return
    }
    const volume = amount(o.volume, vf, 'size')
    decimals(volume, volumeDecimals(c), vf, 'size', m, 'minOrderVolume', cont)
    atLeast(volume, c.minOrderVolume, vf, 'size', m, 'minOrderVolume', { unit: cont })
    if (o.type === 'MARKET')
      return atMost(volume, c.maxMarketVolume, vf, 'size', m, 'maxMarketVolume', { unit: cont, scope: 'market' })
    const price = amount(o.price, pf, 'price')
    decimals(price, c.pricePrecision, pf, 'price', m, 'pricePrecision', money)
    atMost(volume, c.maxLimitVolume, vf, 'size', m, 'maxLimitVolume', { unit: cont, scope: 'limit' })
    const value = contractValue(c, volume, price)
    const mend = (v: string, mode: 'down' | 'up'): string | null => {
      const n = contractsAt(c, v, price, mode)
      return compare(n, '0') > 0 ? n : null
    }
    atLeast(value, c.minOrderMoney, vf, 'orderValue', m, 'minOrderMoney', {
      unit: money,
      fix: mend(c.minOrderMoney, 'up')
    })
    atMost(value, c.maxLimitMoney, vf, 'orderValue', m, 'maxLimitMoney', {
      unit: money,
      fix: mend(c.maxLimitMoney, 'down')
    })
  }, c.symbol)
}

/** A trigger or TP/SL price at the contract's price precision; `what` defaults to the field's name. */
export function checkPricePrecision(
  c: ContractView,
  value: string | undefined,
  field: string,
  what: What = nameOf(field) === 'triggerPrice' ? 'triggerPrice' : 'price'
): Refusal | null {
  return refusalOf(
    () =>
      decimals(
        amount(value, field, what),
        c.pricePrecision,
        field,
        what,
        contractMarketName(c.symbol),
        'pricePrecision',
        {
          coin: valueCoin(c)
        }
      ),
    c.symbol
  )
}

/** The batch endpoints take 1..MAX_BATCH orders; `size` is how many the batch already holds. */
export const BATCH_MAX = MAX_BATCH
export function checkBatchRoom(size: number): Refusal | null {
  return size >= BATCH_MAX
    ? refusal('batchSize', 'batch', orderWords('order.rule.batchSize', { max: BATCH_MAX }))
    : null
}
