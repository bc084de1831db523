// Edge checks of a spot or margin order against its symbol's rules, turning decimal text into the engine's
// integers. Everything here throws a DomainError before any state changes.
import { parseScaledInt } from '../engine'
import type { RejectReason, SymbolConfig } from '../engine'
import { DomainError, refuse } from '../domain-error'
import type { SpotMarketConfig } from '../config/spot-markets'

export interface EngineOrderAmounts {
  price?: number
  qty?: number
  quoteQty?: number
}

function scaled(text: string, decimals: number, field: string): number {
  const r = parseScaledInt(text, decimals)
  if (r.ok) return r.value
  if (r.reason === 'PRECISION') refuse('BAD_PRECISION', `Parameter '${field}' has more than ${decimals} decimals`)
  if (r.reason === 'TOO_LARGE') refuse('MANDATORY_PARAM', `Parameter '${field}' is too large`)
  return refuse('MANDATORY_PARAM', `Parameter '${field}' must be a decimal number`)
}

/** Converts and checks price and volume. A MARKET BUY's volume is the quote amount to spend. */
export function orderAmounts(
  m: SpotMarketConfig,
  o: { side: string; type: string; price?: string; volume: string }
): EngineOrderAmounts {
  const pp = m.pricePrecision
  const qp = m.quantityPrecision
  if (o.type === 'LIMIT') {
    const price = scaled(o.price ?? '', pp, 'price')
    const qty = scaled(o.volume, qp, 'volume')
    if (price <= 0) refuse('MANDATORY_PARAM', "Parameter 'price' must be greater than 0")
    if (price < scaled(m.limitPriceMin, pp, 'limitPriceMin'))
      refuse('VOLUME_TOO_SMALL', `Price is below the minimum ${m.limitPriceMin}`)
    if (qty < scaled(m.limitVolumeMin, qp, 'limitVolumeMin'))
      refuse('VOLUME_TOO_SMALL', `Volume is below the minimum ${m.limitVolumeMin} for limit orders`)
    return { price, qty }
  }
  if (o.side === 'BUY') {
    // The quote amount may use the price's decimals; the engine counts it in ticks*lots.
    const quote = scaled(o.volume, pp, 'volume')
    if (quote < scaled(m.marketBuyMin, pp, 'marketBuyMin'))
      refuse('VOLUME_TOO_SMALL', `Market buy amount is below the minimum ${m.marketBuyMin} ${m.quoteAsset}`)
    const quoteQty = quote * 10 ** qp
    if (!Number.isSafeInteger(quoteQty)) refuse('MANDATORY_PARAM', "Parameter 'volume' is too large")
    return { quoteQty }
  }
  const qty = scaled(o.volume, qp, 'volume')
  if (qty < scaled(m.marketSellMin, qp, 'marketSellMin'))
    refuse('VOLUME_TOO_SMALL', `Market sell volume is below the minimum ${m.marketSellMin}`)
  return { qty }
}

/** The family's code for an engine refusal. */
export function rejectionError(reason: RejectReason, symbol: string): DomainError {
  const msg: Record<RejectReason, [number, string]> = {
    UNKNOWN_SYMBOL: [-1121, `Invalid symbol ${symbol}`],
    INVALID_SIDE: [-1117, 'Invalid side'],
    INVALID_TYPE: [-1116, 'Invalid order type'],
    INVALID_TIF: [-1102, 'This time in force is not allowed for this order type'],
    INVALID_PRICE: [-1102, "Parameter 'price' must be a positive number"],
    INVALID_QUANTITY: [-1102, "Parameter 'volume' must be a positive number"],
    PRECISION: [-1111, 'Precision is over the maximum defined for this symbol'],
    MIN_PRICE: [-1136, 'Price is below the minimum'],
    MIN_VOLUME: [-1136, 'Order volume is below the minimum'],
    MAX_NOTIONAL: [-1102, 'Order amount is too large for this market'],
    INSUFFICIENT_BALANCE: [-2017, 'Insufficient balance'],
    POST_ONLY_WOULD_TAKE: [-1102, 'POST_ONLY order would take liquidity'],
    FOK_NOT_FILLABLE: [-1102, 'FOK order cannot be filled completely'],
    ORDER_NOT_FOUND: [-2013, 'Order does not exist']
  }
  const [code, text] = msg[reason]
  return new DomainError(code, text)
}

/** Engine symbol config from the exchange's market config: minimums in engine units. */
export function engineSymbol(m: SpotMarketConfig): SymbolConfig {
  const pp = m.pricePrecision
  const qp = m.quantityPrecision
  return {
    symbol: m.symbol,
    baseAsset: m.baseAsset,
    quoteAsset: m.quoteAsset,
    pricePrecision: pp,
    quantityPrecision: qp,
    limitPriceMin: scaled(m.limitPriceMin, pp, 'limitPriceMin'),
    limitVolumeMin: scaled(m.limitVolumeMin, qp, 'limitVolumeMin'),
    marketBuyMin: scaled(m.marketBuyMin, pp, 'marketBuyMin') * 10 ** qp,
    marketSellMin: scaled(m.marketSellMin, qp, 'marketSellMin'),
    makerFeePpm: m.makerFeePpm,
    takerFeePpm: m.takerFeePpm
  }
}
