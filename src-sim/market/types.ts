// Shapes shared by the market-data layer: what the engine feeds in and what a symbol is.

export type ModuleKind = 'spot' | 'futures'

/** One symbol or contract. `name` is as the REST interface spells it: `btcusdt`, `E-BTC-USDT`. */
export interface MarketSymbol {
  kind: ModuleKind
  name: string
  pricePrecision: number
  quantityPrecision: number
  /** Seeds the ticker's last price before the first trade (otherwise every price reads zero). */
  initialPrice?: string
}

/** A trade as the matching engine reports it; side is the aggressor's. */
export interface EngineTrade {
  id: string
  price: string
  qty: string
  side: 'BUY' | 'SELL'
  /** ms since epoch */
  time: number
}

export interface Precision {
  pricePrecision: number
  quantityPrecision: number
}

/** Quote turnover of price x qty is exact at the sum of both precisions, so amounts use that many decimals. */
export function amountPlaces(p: Precision): number {
  return p.pricePrecision + p.quantityPrecision
}
