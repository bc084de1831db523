// Wire shapes of the futures public endpoints (/fapi/v1). Conventions: see ./common.ts.
import type { JsonDecimal, Millis } from './common'

/** Element of GET /fapi/v1/contracts. */
export interface FuturesContract {
  symbol: string
  /** 0 not tradable, 1 tradable. */
  status: number
  /** E perpetual, S simulated, other = mixed. */
  type: string
  /** 0 inverse, 1 linear. */
  side: number
  /** Contract size. */
  multiplier: JsonDecimal
  multiplierCoin: string
  pricePrecision: number
  minOrderVolume: JsonDecimal
  minOrderMoney: JsonDecimal
  maxMarketVolume: JsonDecimal
  maxMarketMoney: JsonDecimal
  maxLimitVolume: JsonDecimal
  maxLimitMoney: JsonDecimal
  maxValidOrder: number
}
export type FuturesContractList = FuturesContract[]

/**
 * GET /fapi/v1/index. Live variance: some venues answer {currentFundRate, indexPrice, tagPrice, nextFundRate};
 * the client normalizes to this documented shape.
 */
export interface FuturesIndex {
  contractName: string
  indexPrice: JsonDecimal
  markPrice: JsonDecimal
  lastFundingRate: JsonDecimal
  time: Millis
}

/** GET /fapi/v1/get_all_indexPrice: contract name to index price. */
export type IndexPriceMap = Record<string, JsonDecimal>

/** Element of GET /fapi/v1/public_all_index_tag_price. */
export interface IndexTagPrice {
  symbol: string
  indexPrice: JsonDecimal
  markPrice: JsonDecimal
}
export type IndexTagPriceList = IndexTagPrice[]
