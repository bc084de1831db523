// Money of one spot fill.
//
// Fee rule: each side pays its fee (maker or taker rate of the symbol, in parts per million) on the asset it
// RECEIVES, rounded down to the asset's smallest unit: the buyer pays in base, the seller in quote
// (feeCoin = received asset). The fee goes to the engine's fee account, so every asset's total over all
// accounts never changes.
//
// Holds: a BUY LIMIT holds price*remaining in quote, a SELL holds remaining in base, a MARKET BUY holds its
// unspent notional. A fill releases exactly what it consumes; a BUY LIMIT that fills below its limit gets the
// difference back in free at once, so locked always equals the sum of the open orders' holds.

import { floorDiv } from './matching'
import type { Market } from './market'
import type { Order } from './order'
import type { Trade } from './types'

const MAX = Number.MAX_SAFE_INTEGER

/** floor(amount * ppm / 10^6), exact for safe integers. */
export function feeOf(amount: number, ppm: number): number {
  if (ppm === 0 || amount === 0) return 0
  const x = amount * ppm
  if (x <= MAX) return floorDiv(x, 1_000_000)
  return Number((BigInt(amount) * BigInt(ppm)) / 1_000_000n)
}

/** Settle one fill and describe it in `out` (overwritten; see EngineOptions.recycleOrders), or in a new record. */
export function settleSpotFill(
  m: Market,
  taker: Order,
  maker: Order,
  price: number,
  qty: number,
  id: string,
  time: number,
  out: Trade | null
): Trade {
  const base = qty * m.baseMul
  const pq = price * qty
  const quote = pq * m.quoteMul
  const takerBuys = taker.side === 'BUY'
  const buyer = takerBuys ? taker : maker
  const seller = takerBuys ? maker : taker

  // buyer pays quote out of its hold; a limit price above the fill price frees the difference
  buyer.holdSlot.spend(quote)
  if (buyer.type === 'LIMIT' && buyer.price !== price) {
    const back = (buyer.price - price) * qty * m.quoteMul
    buyer.holdSlot.unlock(back)
    buyer.hold -= quote + back
  } else buyer.hold -= quote
  // seller pays base out of its hold
  seller.holdSlot.spend(base)
  seller.hold -= base

  const buyerFee = feeOf(base, takerBuys ? m.takerPpm : m.makerPpm)
  const sellerFee = feeOf(quote, takerBuys ? m.makerPpm : m.takerPpm)
  buyer.recvSlot.credit(base - buyerFee)
  seller.recvSlot.credit(quote - sellerFee)
  if (buyerFee !== 0) m.feeBase.credit(buyerFee)
  if (sellerFee !== 0) m.feeQuote.credit(sellerFee)

  taker.addExecQuote(pq)
  maker.addExecQuote(pq)

  const t = out ?? blankTrade()
  t.id = id
  t.symbol = m.symbol
  t.price = price
  t.qty = qty
  t.quoteQty = pq
  t.takerSide = taker.side
  t.takerOrderId = taker.id
  t.makerOrderId = maker.id
  t.takerAccount = taker.account.id
  t.makerAccount = maker.account.id
  t.takerFee = takerBuys ? buyerFee : sellerFee
  t.takerFeeAsset = takerBuys ? m.cfg.baseAsset : m.cfg.quoteAsset
  t.makerFee = takerBuys ? sellerFee : buyerFee
  t.makerFeeAsset = takerBuys ? m.cfg.quoteAsset : m.cfg.baseAsset
  t.time = time
  return t
}

/** A trade record to fill in (one shape for fresh and reused records). */
export function blankTrade(): Trade {
  return {
    id: '',
    symbol: '',
    price: 0,
    qty: 0,
    quoteQty: 0,
    takerSide: 'BUY',
    takerOrderId: '',
    makerOrderId: '',
    takerAccount: '',
    makerAccount: '',
    takerFee: 0,
    takerFeeAsset: '',
    makerFee: 0,
    makerFeeAsset: '',
    time: 0
  }
}
