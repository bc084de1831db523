// Normalized response types: what the client returns after absorbing live-venue variance (api-family-notes,
// "Variance"). They differ from the wire types (src-shared/api/wire) only where the wire carries money as JSON
// numbers (futures resources): here every price, size, amount and rate is a decimal string written from the exact
// JSON text, and every id is a string. Timestamps and small integer codes stay numbers. Unchanged resources reuse
// the wire types as they are.
import type { CatalogEntry, EndpointId } from '../../src-shared/api/catalog'
import type * as W from '../../src-shared/api/wire'
import type {
  FuturesAccountEntry,
  FuturesContract,
  FuturesOrderDetail,
  FuturesOrderHistory,
  FuturesPnlHistory,
  FuturesPosition,
  AdlRecord,
  IndexTagPrice,
  TriggerOrder
} from '../../src-shared/api/decoded'

// The futures resources with decimals as text are defined once in src-shared (the account views carry them too).
export type * from '../../src-shared/api/decoded'

export type DecimalString = string
export type Id = string

/** Order book: levels trimmed to [price, qty]; `time` is null when the venue sends none (kept, not invented). */
export interface OrderBook {
  time: number | null
  bids: W.BookLevel[]
  asks: W.BookLevel[]
}

/**
 * Documented index shape. From the live shape {currentFundRate, indexPrice, tagPrice, nextFundRate}: contractName
 * comes from the request, markPrice from tagPrice, lastFundingRate from currentFundRate, `time` is the client's
 * server-time estimate at receipt (the live shape has none), and nextFundingRate is kept when sent.
 */
export interface FuturesIndex {
  contractName: string
  indexPrice: DecimalString
  markPrice: DecimalString
  lastFundingRate: DecimalString
  time: number
  nextFundingRate?: DecimalString
}
export type IndexPriceMap = Record<string, DecimalString>
/** openOrdersCount after its {code, data} envelope is unwrapped. */
export interface FuturesOpenOrdersPage {
  count: number
  orderList: FuturesOrderDetail[]
}
export interface TriggerOrderListResult {
  count: number
  trigOrderList: TriggerOrder[]
}

/** The futures edit endpoints answer {"code":"0","msg":"success","data":null}; once unwrapped, just success. */
export interface EditResult {
  ok: true
}

/** Response type name (EndpointDef.response) to normalized type. */
export interface NormalizedTypeMap extends Omit<W.WireTypeMap, keyof ChangedTypes>, ChangedTypes {}
interface ChangedTypes {
  OrderBook: OrderBook
  EditAck: EditResult
  FuturesContractList: FuturesContract[]
  FuturesIndex: FuturesIndex
  IndexPriceMap: IndexPriceMap
  IndexTagPriceList: IndexTagPrice[]
  FuturesOrderDetail: FuturesOrderDetail
  FuturesOrderDetailList: FuturesOrderDetail[]
  FuturesOpenOrdersCount: FuturesOpenOrdersPage
  FuturesOrderHistoryList: FuturesOrderHistory[]
  FuturesPnlHistoryList: FuturesPnlHistory[]
  AdlRecordList: AdlRecord[]
  LiquidationRecordList: AdlRecord[]
  TriggerOrderListResult: TriggerOrderListResult
  FuturesAccount: { account: FuturesAccountEntry[] }
  FuturesPositionsResponse: { positions: FuturesPosition[] }
}

/** What `call(id)` resolves to: the catalog's ResponseOf where unchanged, the normalized type otherwise. */
export type NormalizedResponseOf<I extends EndpointId> = NormalizedTypeMap[Extract<CatalogEntry, { id: I }>['response']]

export interface Credentials {
  apiKey: string
  secret: string
  /** PEM text or a KeyObject; only the RSA endpoints (futures_transfer, futures_balance) need it. */
  rsaPrivateKey?: string | import('node:crypto').KeyObject
}
/** Supplies the profile's credentials from main-process memory (the vault); called per signed request. */
export type CredentialsProvider = () => Promise<Credentials>

export type Priority = 'user' | 'background'

export interface CallOptions {
  /** User actions go ahead of background refresh in the rate governor. Default 'user'. */
  priority?: Priority
  signal?: AbortSignal
  /** Per-attempt timeout, ms (default from the client config). */
  timeoutMs?: number
}
