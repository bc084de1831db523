// Market data views: the shapes the market feeds push (src-main/feeds/types.ts), plus the symbol it belongs to,
// and the instrument rules the trading service checks orders against.
import type { DecimalText, IdText, Millis } from './common'

export type LevelView = [price: DecimalText, qty: DecimalText]

export interface SpotSymbolView {
  symbol: string
  baseAsset: string
  quoteAsset: string
  pricePrecision: number
  quantityPrecision: number
  limitPriceMin: DecimalText
  limitVolumeMin: DecimalText
  /** Minimum quote amount of a market buy. */
  marketBuyMin: DecimalText
  marketSellMin: DecimalText
}

export interface ContractView {
  /** Contract name, e.g. E-BTC-USDT. */
  symbol: string
  status: number
  type: string
  /** 0 inverse, 1 linear. */
  side: number
  multiplier: DecimalText
  multiplierCoin: string
  pricePrecision: number
  minOrderVolume: DecimalText
  minOrderMoney: DecimalText
  maxMarketVolume: DecimalText
  maxMarketMoney: DecimalText
  maxLimitVolume: DecimalText
  maxLimitMoney: DecimalText
  maxValidOrder: number
}

export interface TickerView {
  symbol: string
  close: DecimalText
  open: DecimalText | null
  high: DecimalText
  low: DecimalText
  vol: DecimalText
  amount: DecimalText | null
  rose: DecimalText | null
  ts: Millis | null
}

export interface BookView {
  symbol: string
  asks: LevelView[]
  bids: LevelView[]
  ts: Millis | null
}

export interface TradeView {
  /** REST trades carry no id. */
  id: IdText | null
  side: 'buy' | 'sell'
  price: DecimalText
  vol: DecimalText
  amount: DecimalText | null
  ts: Millis
}

export interface CandleView {
  /** Open time in seconds. */
  id: number
  open: DecimalText
  close: DecimalText
  high: DecimalText
  low: DecimalText
  vol: DecimalText
  amount: DecimalText | null
}

export interface IndexPriceView {
  symbol: string
  indexPrice: DecimalText
  markPrice: DecimalText
}

export interface FundingView {
  symbol: string
  indexPrice: DecimalText
  markPrice: DecimalText
  lastFundingRate: DecimalText
  nextFundingRate: DecimalText | null
  time: Millis
}

/** onTrades: new trades, newest first (the first event carries the recent ones). */
export interface TradesEvent {
  symbol: string
  trades: TradeView[]
}

/** onCandles: changed candles, oldest first, upsert by id (the first event carries history). */
export interface CandlesEvent {
  symbol: string
  interval: string
  candles: CandleView[]
}
