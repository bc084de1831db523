// One normalizer per response type of the catalog (EndpointDef.response): every live variant listed in
// api-family-notes "Variance" is absorbed here, after the HTTP layer has unwrapped a success envelope
// ({"code":"0","msg":"success","data":...}) and turned a failure envelope into an ExchangeError.
import type { WireTypeName } from '../../../src-shared/api/wire'
import type { EndpointDef } from '../../../src-shared/api/types'
import type { LosslessValue } from '../../../src-shared/json/lossless-json'
import type { WireRecord } from '../validate'
import { normalizeFuturesIndex, normalizeOrderBook, normalizeTriggerList } from './special'
import { isObject, list, mapOf, decText, one, type Schema } from './shape'
import * as S from './schemas'

export interface NormalizeContext {
  /** The validated request parameters (the live index shape lacks contractName). */
  params: WireRecord
  /** Server-time estimate at receipt, ms. */
  receivedAt: number
}

type Normalizer = (body: LosslessValue | undefined, ctx: NormalizeContext) => unknown

/** A wrapper object `{key: [...]}` whose list may also arrive bare (some venues drop the wrapper). */
const wrapped =
  (key: string, item: Schema): Normalizer =>
  (v) => ({
    ...(isObject(v) ? (one({})(v) as object) : {}),
    [key]: list(item)(isObject(v) && key in v ? v[key] : v)
  })

const NORMALIZERS: Record<WireTypeName, Normalizer> = {
  Empty: (v) => (isObject(v) ? one({})(v) : {}),
  ServerTime: one(S.serverTime),
  OrderBook: normalizeOrderBook,
  Ticker: one(S.ticker),
  TickerMap: mapOf(one(S.ticker)),
  CandleList: list(S.candle),
  BatchPlaceResult: one(S.batchPlace),
  BatchCancelResult: one(S.batchCancel),
  EditAck: () => ({ ok: true }),
  SpotSymbolsResponse: wrapped('symbols', S.spotSymbol),
  PublicTradeList: list(S.publicTrade),
  SpotOrderCreate: one(S.spotOrderCreate),
  SpotOrderQuery: one(S.spotOrderQuery),
  SpotOpenOrderList: list(S.spotOpenOrder),
  SpotCancel: one(S.spotCancel), // status PENDING_CANCEL passes as any other status text
  SpotUserTradeList: list(S.spotUserTrade),
  SpotAccount: one(S.spotAccount),
  DepositRecordList: list(S.depositRecord),
  WithdrawRecordList: list(S.withdrawRecord),
  FuturesContractList: list(S.futuresContract),
  FuturesIndex: normalizeFuturesIndex,
  IndexPriceMap: mapOf(decText),
  IndexTagPriceList: list(S.indexTagPrice),
  FuturesOrderId: one(S.futuresOrderId),
  FuturesOrderDetail: one(S.futuresOrderDetail),
  FuturesOrderDetailList: list(S.futuresOrderDetail),
  FuturesOpenOrdersCount: (v) => one(S.futuresOpenOrdersPage)(v ?? { count: '0', orderList: [] }),
  FuturesOrderHistoryList: list(S.futuresOrderHistory),
  FuturesPnlHistoryList: list(S.futuresPnlHistory),
  FuturesUserTradeList: list(S.futuresUserTrade),
  TradesRecordList: list(S.tradesRecord),
  AdlRecordList: list(S.adlRecord),
  LiquidationRecordList: list(S.adlRecord),
  TriggerOrderListResult: normalizeTriggerList,
  ProfitLossOrderResult: one(S.profitLossResult),
  FuturesAccount: wrapped('account', S.futuresAccount.account[0]),
  FuturesPositionsResponse: wrapped('positions', S.futuresPosition),
  CapitalFlowResponse: wrapped('records', S.capitalFlow.records[0]),
  FuturesTransferResult: one(S.transferResult),
  FuturesBalanceList: list(S.walletBalance)
}

/** The normalized value of a response body (already envelope-unwrapped), by the endpoint's response type. */
export function normalizeResponse(def: EndpointDef, body: LosslessValue | undefined, ctx: NormalizeContext): unknown {
  const fn = NORMALIZERS[def.response as WireTypeName]
  if (!fn) throw new Error(`no normalizer for response type ${def.response}`)
  return fn(body, ctx)
}
