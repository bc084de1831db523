// Futures resources as the exchange client decodes them: the wire's JSON-number decimals (JsonDecimal) become
// exact decimal text. One definition serves the client's normalized types (src-main/client/types.ts) and the
// account views that carry them to the UI (src-shared/ipc/views/account.ts), so the two cannot drift apart.
import type * as W from './wire'

/** T with the fields K turned into decimal text. */
export type WithDecimals<T, K extends keyof T> = { [P in keyof T]: P extends K ? W.DecimalString : T[P] }

export type FuturesContract = WithDecimals<
  W.FuturesContract,
  | 'multiplier'
  | 'minOrderVolume'
  | 'minOrderMoney'
  | 'maxMarketVolume'
  | 'maxMarketMoney'
  | 'maxLimitVolume'
  | 'maxLimitMoney'
>
export type IndexTagPrice = WithDecimals<W.IndexTagPrice, 'indexPrice' | 'markPrice'>

export type FuturesFill = WithDecimals<W.FuturesFill, 'price' | 'qty' | 'commission'>
export interface FuturesOrderDetail extends Omit<
  WithDecimals<W.FuturesOrderDetail, 'price' | 'origQty' | 'executedQty' | 'avgPrice'>,
  'fills'
> {
  fills: FuturesFill[]
}
export type FuturesOrderHistory = WithDecimals<
  W.FuturesOrderHistory,
  | 'price'
  | 'volume'
  | 'dealVolume'
  | 'dealMoney'
  | 'avgPrice'
  | 'openTakerFeeRate'
  | 'openMakerFeeRate'
  | 'closeTakerFeeRate'
  | 'closeMakerFeeRate'
>
export type FuturesPnlHistory = WithDecimals<
  W.FuturesPnlHistory,
  | 'openPrice'
  | 'openEndPrice'
  | 'volume'
  | 'tradeFee'
  | 'capitalFee'
  | 'shareAmount'
  | 'closeProfit'
  | 'settleProfit'
  | 'realizedAmount'
  | 'historyRealizedAmount'
>
export type AdlRecord = WithDecimals<W.AdlRecord, 'volume' | 'price'>
/** Trigger order; triggerType is always 3 (stop-loss) or 4 (take-profit): venues sending 1 / 2 are mapped. */
export type TriggerOrder = WithDecimals<W.TriggerOrder, 'multiplier' | 'triggerPrice' | 'price' | 'volume'>

export type FuturesPosition = WithDecimals<
  W.FuturesPosition,
  | 'volume'
  | 'openPrice'
  | 'avgPrice'
  | 'leverageLevel'
  | 'holdAmount'
  | 'realizedAmount'
  | 'historyRealizedAmount'
  | 'unRealizedAmount'
  | 'openRealizedAmount'
  | 'positionBalance'
  | 'marginRate'
  | 'reducePrice'
  | 'returnRate'
  | 'indexPrice'
  | 'keepRate'
  | 'maxFeeRate'
  | 'tradeFee'
  | 'capitalFee'
  | 'shareAmount'
>
export interface FuturesPositionGroup extends Omit<W.FuturesPositionGroup, 'positions'> {
  positions: FuturesPosition[]
}
export interface FuturesAccountEntry extends Omit<
  WithDecimals<
    W.FuturesAccountEntry,
    | 'accountNormal'
    | 'accountLock'
    | 'partPositionNormal'
    | 'totalPositionNormal'
    | 'achievedAmount'
    | 'unrealizedAmount'
    | 'totalEquity'
    | 'partEquity'
    | 'totalCost'
    | 'totalMarginRate'
    | 'sumMarginRate'
  >,
  'positionVos'
> {
  positionVos: FuturesPositionGroup[]
}
