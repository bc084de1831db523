// Spot and margin resources as the spec shapes them, from the engine's integers. Prices and sizes are
// decimal strings at the symbol's precision; ids and times are strings where the spec says so.
import type * as W from '@shared/api/wire'
import { formatScaled, formatScaledMin, type OrderInfo } from '../engine'
import type { SpotMarketConfig } from '../config/spot-markets'
import type { UserTrade, FundsRecord } from '../spot/records'
import { ASSET_SCALE } from '../spot/spot-state'

function origQty(m: SpotMarketConfig, o: OrderInfo): string {
  // A market buy is sized in quote; its quoteQty is ticks*lots, i.e. the quote amount times 10^qp.
  if (o.type === 'MARKET' && o.side === 'BUY')
    return formatScaled(BigInt(o.quoteQty) / 10n ** BigInt(m.quantityPrecision), m.pricePrecision)
  return formatScaled(o.origQty, m.quantityPrecision)
}

/** Average fill price at the symbol's precision plus up to 4 more decimals, trailing zeros beyond it trimmed. */
export function avgPrice(m: SpotMarketConfig, o: OrderInfo): string {
  if (o.executedQty === 0) return formatScaled(0, m.pricePrecision)
  const extra = 4
  const v = (BigInt(o.executedQuote) * 10n ** BigInt(extra)) / BigInt(o.executedQty)
  return formatScaledMin(v, m.pricePrecision + extra, m.pricePrecision)
}

export function spotOrderCreate(m: SpotMarketConfig, o: OrderInfo): W.SpotOrderCreate {
  return {
    orderId: o.orderId,
    clientOrderId: o.clientOrderId ?? '',
    symbol: o.symbol,
    transactTime: String(o.time),
    price: formatScaled(o.price, m.pricePrecision),
    origQty: origQty(m, o),
    executedQty: formatScaled(o.executedQty, m.quantityPrecision),
    type: o.type,
    side: o.side,
    status: o.status
  }
}

export function spotOrderQuery(m: SpotMarketConfig, o: OrderInfo): W.SpotOrderQuery {
  return { ...spotOrderCreate(m, o), avgPrice: avgPrice(m, o) }
}

export function spotOpenOrder(m: SpotMarketConfig, o: OrderInfo): W.SpotOpenOrder {
  const { transactTime: _t, clientOrderId: _c, ...rest } = spotOrderQuery(m, o)
  return { ...rest, time: String(o.time) }
}

export function spotCancel(o: OrderInfo): W.SpotCancel {
  return { symbol: o.symbol, clientOrderId: o.clientOrderId ?? '', orderId: o.orderId, status: o.status }
}

export function spotUserTrade(m: SpotMarketConfig, t: UserTrade): W.SpotUserTrade {
  return {
    symbol: t.symbol,
    id: t.id,
    bidId: t.bidId,
    askId: t.askId,
    price: formatScaled(t.price, m.pricePrecision),
    qty: formatScaled(t.qty, m.quantityPrecision),
    time: t.time,
    isBuyer: t.isBuyer,
    isMaker: t.isMaker,
    feeCoin: t.feeAsset,
    fee: formatScaled(t.fee, ASSET_SCALE, true)
  }
}

export function depositRecord(r: FundsRecord): W.DepositRecord {
  return {
    symbol: r.asset,
    amount: r.amount,
    address: r.address,
    txid: r.txid,
    status: r.status,
    createTime: r.createTime
  }
}

export function withdrawRecord(r: FundsRecord): W.WithdrawRecord {
  return { ...depositRecord(r), withdrawId: r.id, fee: r.fee ?? '0' }
}
