// The confirmation's words for a draft: which account and venue, the market in human form, and for each order the
// side, type, quantity with its unit, price, estimated total and fee with units. What is listed is what is sent:
// a protected market order is listed as the limit it became, and its guard says why.
import { add, compare, formatFixed, mul } from '@shared/decimal'
import { feeAt } from '@shared/trading/fee-rate'
import { contractValue } from '@shared/trading/order-rules'
import type { ContractView } from '@shared/ipc/views/market'
import type { Draft } from '../stores/order-draft'
import { t } from '../i18n'
import { num } from './format'

export interface SummaryRow {
  /** Which row it is: the side row is coloured by side. */
  kind: 'side' | 'quantity' | 'price' | 'trigger' | 'total' | 'fee'
  label: string
  value: string
}

export interface OrderSummary {
  side: 'BUY' | 'SELL'
  /** "LIMIT BUY 0.1 ETH at 3,100.00 USDT" — the one-line form, for batches. */
  line: string
  rows: SummaryRow[]
}

type AnyOrder = {
  side: 'BUY' | 'SELL'
  type: 'LIMIT' | 'MARKET'
  volume: string
  price?: string | undefined
  open?: 'OPEN' | 'CLOSE' | undefined
  timeInForce?: string | undefined
}

/** What an order does, as the submit button and the confirmation's title say it ("Open long"). */
export function actionWords(o: { side: 'BUY' | 'SELL'; open?: 'OPEN' | 'CLOSE' | undefined }): string {
  if (!o.open) return t(o.side === 'BUY' ? 'order.action.buy' : 'order.action.sell')
  const long = (o.side === 'BUY') === (o.open === 'OPEN')
  if (o.open === 'OPEN') return t(long ? 'order.action.openLong' : 'order.action.openShort')
  return t(long ? 'order.action.closeLong' : 'order.action.closeShort')
}

/** "Buy ETH/USDT?" / "Open long BTC/USDT perpetual?" / "Send 3 orders on ETH/USDT?". */
export function summaryTitle(d: Draft): string {
  const market = d.market.name
  if (d.kind === 'batch') return t('order.summary.titleBatch', { n: d.input.orders.length, market })
  const action = actionWords(d.input as AnyOrder)
  if (d.kind === 'conditional')
    return t('order.summary.titleTrigger', { action, market, kind: t(`order.kinds.${d.input.kind}`) })
  return t(d.kind === 'test' ? 'order.summary.titleTest' : 'order.summary.title', { action, market })
}

/** Quantity with its unit: what a market buy spends, contracts with what they hold, or base units. */
function quantity(d: Draft, o: AnyOrder, contract: ContractView | undefined): string {
  const n = num(o.volume)
  if (d.market.futures) {
    if (o.type === 'MARKET' && o.open === 'OPEN') return t('order.summary.orderValue', { n, quote: d.market.quote })
    if (contract?.side !== 1 || !contract) return t('order.summary.contracts', { n })
    const held = num(mul(o.volume, contract.multiplier))
    return t('order.summary.contractsHeld', { n, held, coin: contract.multiplierCoin })
  }
  if (o.type === 'MARKET' && o.side === 'BUY') return t('order.summary.toSpend', { n, quote: d.market.quote })
  return `${n} ${d.market.base}`
}

/** Estimated value: price x size (spot) or contract value; a market order's from the book's estimate. */
function orderTotal(d: Draft, o: AnyOrder, contract: ContractView | undefined): string | null {
  if (o.type === 'LIMIT' && o.price)
    return contract ? contractValue(contract, o.volume, o.price) : mul(o.price, o.volume)
  if (o.type === 'MARKET' && (o.open === 'OPEN' || (!d.market.futures && o.side === 'BUY'))) return o.volume
  return d.estimate?.value ?? null
}

export function summarize(d: Draft, contract: ContractView | undefined): OrderSummary[] {
  const orders: AnyOrder[] = d.kind === 'batch' ? (d.input.orders as AnyOrder[]) : [d.input as AnyOrder]
  return orders.map((o) => {
    const tif = o.timeInForce ? ` ${o.timeInForce}` : ''
    const side = t(`order.sides.${o.side}`)
    const type = `${t(`order.types.${o.type}`)}${tif}`
    const kind = `${side} · ${type}${o.open ? ` · ${t(`order.opens.${o.open}`)}` : ''}`
    const q = quantity(d, o, contract)
    const e = d.estimate
    const price =
      o.type === 'LIMIT' && o.price
        ? `${num(o.price)} ${d.market.quote}`
        : e && e.avgPrice
          ? t('order.summary.marketEstimate', {
              avg: num(e.avgPrice, contract?.pricePrecision ?? 8),
              slippage: e.slippagePct ?? '',
              share: e.sharePct
            })
          : t('order.summary.marketNoBook')
    const total = orderTotal(d, o, contract)
    const rows: SummaryRow[] = [
      { kind: 'side', label: t('order.summary.sideType'), value: kind },
      { kind: 'quantity', label: t('order.summary.quantity'), value: q },
      { kind: 'price', label: t('order.summary.price'), value: price },
      ...(d.kind === 'conditional'
        ? [
            {
              kind: 'trigger' as const,
              label: t('order.summary.trigger'),
              value: d.input.callbackRatio
                ? t('order.summary.callback', {
                    price: num(d.input.triggerPrice),
                    quote: d.market.quote,
                    ratio: d.input.callbackRatio
                  })
                : `${num(d.input.triggerPrice)} ${d.market.quote}`
            }
          ]
        : []),
      // Rounded against the trader: what a buy costs up, what a sell brings down.
      {
        kind: 'total',
        label: t('order.summary.total'),
        value: total
          ? `${num(formatFixed(total, d.market.quoteDecimals, o.side === 'SELL' ? 'down' : 'up'))} ${d.market.quote}`
          : t('order.summary.totalUnknown')
      },
      { kind: 'fee', label: t('order.summary.fee'), value: feeWords(d, o, total) }
    ]
    const line =
      o.type === 'LIMIT' && o.price
        ? t('order.summary.lineLimit', { type, side, qty: q, price: num(o.price), quote: d.market.quote })
        : t('order.summary.lineMarket', { type, side, qty: q })
    return { side: o.side, line, rows }
  })
}

/**
 * The fee at the trader's own rates (learned from their fills; the interface publishes none): a market order takes,
 * a limit may make or take. A rate not learned yet is said to be unknown, never stood in for by the other one (a
 * crossing limit was told "maker 0%" when only maker fills were known).
 */
function feeWords(d: Draft, o: AnyOrder, total: string | null): string {
  const r = d.feeRates
  if (!r || (!r.maker && !r.taker) || !total)
    return t(r && (r.maker || r.taker) ? 'order.summary.feeNoValue' : 'order.summary.feeNone')
  const q = d.market.quote
  const at = (rate: string) => `${num(formatFixed(feeAt(total, rate), d.market.quoteDecimals, 'up'))} ${q}`
  const pct = (rate: string) => `${num(formatFixed(mul(rate, '100'), 4, 'half-even').replace(/\.?0+$/, ''))}%`
  if (o.type === 'MARKET') {
    if (!r.taker) return t('order.summary.feeTakerUnknown')
    return t('order.summary.feeOne', { fee: at(r.taker), kind: t('order.summary.taker'), pct: pct(r.taker) })
  }
  if (!r.taker) return t('order.summary.feeIfRests', { fee: at(r.maker!), pct: pct(r.maker!) })
  if (!r.maker) return t('order.summary.feeIfTakes', { fee: at(r.taker), pct: pct(r.taker) })
  return t('order.summary.feeRange', { low: at(r.maker), high: at(r.taker), maker: pct(r.maker), taker: pct(r.taker) })
}

/** Sum of the batch's limit values (spot quote, futures contract value). */
export function batchTotal(d: Draft, contract: ContractView | undefined): string | null {
  if (d.kind !== 'batch') return null
  let sum = '0'
  for (const o of d.input.orders as AnyOrder[]) {
    if (o.type !== 'LIMIT' || !o.price) return null
    sum = add(sum, contract ? contractValue(contract, o.volume, o.price) : mul(o.price, o.volume))
  }
  return compare(sum, '0') > 0 ? sum : null
}

/** "Buy order placed: 0.1 ETH at 3,100.00 USDT" — what was sent, in words; fills are told as they come. */
export function placedWords(d: Draft): string {
  if (d.kind !== 'order') return t('order.summary.placed')
  const o = d.input
  const open = 'open' in o ? o.open : undefined
  const long = (o.side === 'BUY') === (open === 'OPEN')
  const verb = !open
    ? t(o.side === 'BUY' ? 'order.action.buy' : 'order.action.sell')
    : t(
        open === 'OPEN'
          ? long
            ? 'order.summary.verbs.longOpen'
            : 'order.summary.verbs.shortOpen'
          : long
            ? 'order.summary.verbs.longClose'
            : 'order.summary.verbs.shortClose'
      )
  const sizedInQuote = o.type === 'MARKET' && (d.market.futures ? open === 'OPEN' : o.side === 'BUY')
  const unit = sizedInQuote ? d.market.quote : d.market.futures ? t('order.unit.contracts') : d.market.base
  const qty = `${num(o.volume)} ${unit}`
  const tif = 'timeInForce' in o && o.timeInForce ? ` ${o.timeInForce}` : ''
  const said = { verb, qty, tif, market: d.market.name }
  return o.type === 'LIMIT' && o.price
    ? t('order.summary.placedLimit', { ...said, price: num(o.price), quote: d.market.quote })
    : t('order.summary.placedMarket', said)
}
