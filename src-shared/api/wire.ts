// Wire types of every resource of the spec and of the gap shapes in api-family-notes.md, and the registry of
// response type names that catalog entries point at (EndpointDef.response).
import type * as C from './wire/common'
import type * as S from './wire/spot'
import type * as FM from './wire/futures-market'
import type * as FO from './wire/futures-orders'
import type * as FA from './wire/futures-account'

export * from './wire/common'
export * from './wire/spot'
export * from './wire/futures-market'
export * from './wire/futures-orders'
export * from './wire/futures-account'
export * from './wire/ws'

/** Response type name to response type: what an EndpointDef.response names. */
export interface WireTypeMap {
  Empty: C.Empty
  ServerTime: C.ServerTime
  OrderBook: C.OrderBook
  Ticker: C.Ticker
  TickerMap: C.TickerMap
  CandleList: C.CandleList
  BatchPlaceResult: C.BatchPlaceResult
  BatchCancelResult: C.BatchCancelResult
  EditAck: C.EditAck
  SpotSymbolsResponse: S.SpotSymbolsResponse
  PublicTradeList: S.PublicTradeList
  SpotOrderCreate: S.SpotOrderCreate
  SpotOrderQuery: S.SpotOrderQuery
  SpotOpenOrderList: S.SpotOpenOrderList
  SpotCancel: S.SpotCancel
  SpotUserTradeList: S.SpotUserTradeList
  SpotAccount: S.SpotAccount
  DepositRecordList: S.DepositRecordList
  WithdrawRecordList: S.WithdrawRecordList
  FuturesContractList: FM.FuturesContractList
  FuturesIndex: FM.FuturesIndex
  IndexPriceMap: FM.IndexPriceMap
  IndexTagPriceList: FM.IndexTagPriceList
  FuturesOrderId: FO.FuturesOrderId
  FuturesOrderDetail: FO.FuturesOrderDetail
  FuturesOrderDetailList: FO.FuturesOrderDetailList
  FuturesOpenOrdersCount: FO.FuturesOpenOrdersCount
  FuturesOrderHistoryList: FO.FuturesOrderHistoryList
  FuturesPnlHistoryList: FO.FuturesPnlHistoryList
  FuturesUserTradeList: FO.FuturesUserTradeList
  TradesRecordList: FO.TradesRecordList
  AdlRecordList: FO.AdlRecordList
  LiquidationRecordList: FO.LiquidationRecordList
  TriggerOrderListResult: FO.TriggerOrderListResult
  ProfitLossOrderResult: FO.ProfitLossOrderResult
  FuturesAccount: FA.FuturesAccount
  FuturesPositionsResponse: FA.FuturesPositionsResponse
  CapitalFlowResponse: FA.CapitalFlowResponse
  FuturesTransferResult: FA.FuturesTransferResult
  FuturesBalanceList: FA.FuturesBalanceList
}

export type WireTypeName = keyof WireTypeMap

/** Every key of WireTypeMap, at run time (the compile-time check below keeps the two in step). */
export const WIRE_TYPE_NAMES = [
  'Empty',
  'ServerTime',
  'OrderBook',
  'Ticker',
  'TickerMap',
  'CandleList',
  'BatchPlaceResult',
  'BatchCancelResult',
  'EditAck',
  'SpotSymbolsResponse',
  'PublicTradeList',
  'SpotOrderCreate',
  'SpotOrderQuery',
  'SpotOpenOrderList',
  'SpotCancel',
  'SpotUserTradeList',
  'SpotAccount',
  'DepositRecordList',
  'WithdrawRecordList',
  'FuturesContractList',
  'FuturesIndex',
  'IndexPriceMap',
  'IndexTagPriceList',
  'FuturesOrderId',
  'FuturesOrderDetail',
  'FuturesOrderDetailList',
  'FuturesOpenOrdersCount',
  'FuturesOrderHistoryList',
  'FuturesPnlHistoryList',
  'FuturesUserTradeList',
  'TradesRecordList',
  'AdlRecordList',
  'LiquidationRecordList',
  'TriggerOrderListResult',
  'ProfitLossOrderResult',
  'FuturesAccount',
  'FuturesPositionsResponse',
  'CapitalFlowResponse',
  'FuturesTransferResult',
  'FuturesBalanceList'
] as const satisfies readonly WireTypeName[]

// Fails to compile when a WireTypeMap key is missing from WIRE_TYPE_NAMES.
type MissingNames = Exclude<WireTypeName, (typeof WIRE_TYPE_NAMES)[number]>
const wireNamesComplete: [MissingNames] extends [never] ? true : MissingNames = true
void wireNamesComplete

export function isWireTypeName(name: string): name is WireTypeName {
  return (WIRE_TYPE_NAMES as readonly string[]).includes(name)
}
