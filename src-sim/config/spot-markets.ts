// The embedded exchange's spot markets. Precisions differ on purpose (2..5 price decimals, 0..6 size
// decimals) so the terminal's precision handling is exercised on every kind of market.

export interface SpotMarketConfig {
  symbol: string
  baseAsset: string
  quoteAsset: string
  pricePrecision: number
  quantityPrecision: number
  /** Smallest price step for limit orders, as text. */
  limitPriceMin: string
  limitVolumeMin: string
  /** Market buys are sized in quote notional; this is the minimum notional. */
  marketBuyMin: string
  marketSellMin: string
  /** Fees in parts per million of the received asset. */
  makerFeePpm: number
  takerFeePpm: number
  /** Where the activity generator starts the market, and how it moves (per-step volatility in ppm). */
  initialPrice: string
  volatilityPpm: number
}

const common = { quoteAsset: 'USDT', makerFeePpm: 1000, takerFeePpm: 2000 } as const

export const SPOT_MARKETS: readonly SpotMarketConfig[] = [
  {
    ...common,
    symbol: 'btcusdt',
    baseAsset: 'BTC',
    pricePrecision: 2,
    quantityPrecision: 6,
    limitPriceMin: '0.01',
    limitVolumeMin: '0.0001',
    marketBuyMin: '5',
    marketSellMin: '0.0001',
    initialPrice: '65000.00',
    volatilityPpm: 300
  },
  {
    ...common,
    symbol: 'ethusdt',
    baseAsset: 'ETH',
    pricePrecision: 2,
    quantityPrecision: 4,
    limitPriceMin: '0.01',
    limitVolumeMin: '0.001',
    marketBuyMin: '5',
    marketSellMin: '0.001',
    initialPrice: '3200.00',
    volatilityPpm: 400
  },
  {
    ...common,
    symbol: 'solusdt',
    baseAsset: 'SOL',
    pricePrecision: 3,
    quantityPrecision: 2,
    limitPriceMin: '0.001',
    limitVolumeMin: '0.01',
    marketBuyMin: '1',
    marketSellMin: '0.01',
    initialPrice: '145.500',
    volatilityPpm: 600
  },
  {
    ...common,
    symbol: 'dogeusdt',
    baseAsset: 'DOGE',
    pricePrecision: 5,
    quantityPrecision: 0,
    limitPriceMin: '0.00001',
    limitVolumeMin: '10',
    marketBuyMin: '1',
    marketSellMin: '10',
    initialPrice: '0.16500',
    volatilityPpm: 800
  }
]
