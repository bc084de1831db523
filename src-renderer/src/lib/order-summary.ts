// The confirmation's words for a draft: which account and venue, the market in human form, and for each order the
// side, type, quantity with its unit, price, estimated total and fee with units. What is listed is what is sent:
// a protected market order is listed as the limit it became, and its guard says why.
import { add, compare, formatFixed, mul } from '@shared/decimal'
import { feeAt } from '@shared/trading/fee-rate'
import { contractValue } from '@shared/trading/order-rules'
import type { ContractView } from '@shared/ipc/views/market'
import type { Draft } from '../stores/order-form'
import { num } from './format'

export interface SummaryRow {
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

/** "Buy ETH/USDT" / "Open long BTC/USDT perpetual" / "Send 3 orders on ETH/USDT". */
export function summaryTitle(d: Draft): string {
  const m = d.market.name
  if (d.kind === 'batch') return `Send ${d.input.orders.length} orders on ${m}?`
  const o = d.input as AnyOrder
  const what = o.open
    ? `${o.open === 'OPEN' ? 'Open' : 'Close'} ${(o.side === 'BUY') === (o.open === 'OPEN') ? 'long' : 'short'}`
    : o.side === 'BUY'
      ? 'Buy'
      : 'Sell'
  const trig = d.kind === 'conditional' ? ` (${d.input.kind})` : d.kind === 'test' ? ' (test, nothing placed)' : ''
  return `${what} ${m}${trig}?`
}

/** Quantity with its unit: what a market buy spends, contracts with what they hold, or base units. */
function quantity(d: Draft, o: AnyOrder, contract: ContractView | undefined): string {
  if (d.market.futures) {
    if (o.type === 'MARKET' && o.open === 'OPEN') return `${num(o.volume)} ${d.market.quote} of contracts (order value)`
    const held = contract ? ` (${num(mul(o.volume, contract.multiplier))} ${contract.multiplierCoin})` : ''
    return `${num(o.volume)} contracts${contract?.side === 1 ? held : ''}`
  }
  if (o.type === 'MARKET' && o.side === 'BUY') return `${num(o.volume)} ${d.market.quote} to spend`
  return `${num(o.volume)} ${d.market.base}`
}

/** Estimated value: price x size (spot) or contract value; a market order's from the book's estimate. */
function total(d: Draft, o: AnyOrder, contract: ContractView | undefined): string | null {
  if (o.type === 'LIMIT' && o.price)
    return contract ? contractValue(contract, o.volume, o.price) : mul(o.price, o.volume)
  if (o.type === 'MARKET' && (o.open === 'OPEN' || (!d.market.futures && o.side === 'BUY'))) return o.volume
  return d.estimate?.value ?? null
}

export function summarize(d: Draft, contract: ContractView | undefined): OrderSummary[] {
  const orders: AnyOrder[] = d.kind === 'batch' ? (d.input.orders as AnyOrder[]) : [d.input as AnyOrder]
  return orders.map((o) => {
    const tif = o.timeInForce ? ` ${o.timeInForce}` : ''
    const kind = `${o.side} · ${o.type}${tif}${o.open ? ` · ${o.open}` : ''}`
    const q = quantity(d, o, contract)
    const e = d.estimate
    const price =
      o.type === 'LIMIT' && o.price
        ? `${num(o.price)} ${d.market.quote}`
        : e && e.avgPrice
          ? `market (est. avg ${num(e.avgPrice, contract?.pricePrecision ?? 8)}, slippage ${e.slippagePct}%, fills ${e.sharePct}%)`
          : 'market (no book on screen to estimate it)'
    const t = total(d, o, contract)
    const rows: SummaryRow[] = [
      { label: 'Side · type', value: kind },
      { label: 'Quantity', value: q },
      { label: 'Price', value: price },
      ...(d.kind === 'conditional'
        ? [
            {
              label: 'Trigger',
              value: `${num(d.input.triggerPrice)} ${d.market.quote}${d.input.callbackRatio ? `, callback ${d.input.callbackRatio}` : ''}`
            }
          ]
        : []),
      // Rounded against the trader: what a buy costs up, what a sell brings down.
      {
        label: 'Est. total',
        value: t
          ? `${num(formatFixed(t, d.market.quoteDecimals, o.side === 'SELL' ? 'down' : 'up'))} ${d.market.quote}`
          : 'not known before it fills'
      },
      { label: 'Fee', value: feeWords(d, o, t) }
    ]
    return {
      side: o.side,
      line: `${o.type}${tif} ${o.side} ${q}${o.type === 'LIMIT' && o.price ? ` at ${num(o.price)} ${d.market.quote}` : ' at market'}`,
      rows
    }
  })
}

/**
 * The fee at the trader's own rates (learned from their fills; the interface publishes none): a market order takes,
 * a limit may make or take. Without a rate it says so, not a guess.
 */
function feeWords(d: Draft, o: AnyOrder, total: string | null): string {
  const r = d.feeRates
  const none = 'not known: the venue publishes no fee rate, and you have no fill on this market yet'
  if (!r || (!r.maker && !r.taker) || !total)
    return r && (r.maker || r.taker) ? 'at your rate, on a value not known before it fills' : none
  const q = d.market.quote
  const at = (rate: string) => `${num(formatFixed(feeAt(total, rate), d.market.quoteDecimals, 'up'))} ${q}`
  const pct = (rate: string) => `${num(formatFixed(mul(rate, '100'), 4, 'half-even').replace(/\.?0+$/, ''))}%`
  if (o.type === 'MARKET' || !r.maker || !r.taker) {
    const rate = o.type === 'MARKET' ? (r.taker ?? r.maker!) : (r.maker ?? r.taker!)
    const kind = rate === r.taker ? 'taker' : 'maker'
    return `≈ ${at(rate)} (${kind} ${pct(rate)}, from your recent fills)`
  }
  return `≈ ${at(r.maker)} to ${at(r.taker)} (maker ${pct(r.maker)}, taker ${pct(r.taker)}, from your recent fills)`
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
  if (d.kind !== 'order') return 'placed'
  const o = d.input
  const verb =
    'open' in o && o.open
      ? `${o.side === 'BUY' ? 'Long' : 'Short'} ${o.open === 'OPEN' ? 'open' : 'close'}`
      : o.side === 'BUY'
        ? 'Buy'
        : 'Sell'
  const sizedInQuote = o.type === 'MARKET' && (d.market.futures ? 'open' in o && o.open === 'OPEN' : o.side === 'BUY')
  const qty = `${num(o.volume)} ${sizedInQuote ? d.market.quote : d.market.futures ? 'contracts' : d.market.base}`
  const at = o.type === 'LIMIT' && o.price ? ` at ${num(o.price)} ${d.market.quote}` : ' at market'
  const tif = 'timeInForce' in o && o.timeInForce ? ` ${o.timeInForce}` : ''
  return `${verb} order placed: ${qty}${at}${tif} on ${d.market.name}`
}
