// Account views: balances, orders, fills, fund records and the futures account. Futures figures are the venue's
// JSON numbers read as exact decimal text by the exchange client.
import type * as W from '../../api/wire'
import type * as D from '../../api/decoded'
import type { Words } from '../../i18n/words'
import type { Module } from '../../module'
import type { DecimalText, IdText, Millis } from './common'

export interface BalanceView {
  asset: string
  free: DecimalText
  locked: DecimalText
}

/** An open order of any module, in one shape. */
export interface OpenOrderView {
  module: Module
  symbol: string
  orderId: IdText
  clientOrderId: string | null
  side: 'BUY' | 'SELL'
  type: string
  price: DecimalText
  volume: DecimalText
  executed: DecimalText
  avgPrice: DecimalText
  status: string
  time: Millis
  /** Futures: OPEN or CLOSE; null elsewhere. */
  open: string | null
}

export interface UserTradeView {
  module: Module
  symbol: string
  id: IdText
  side: 'BUY' | 'SELL'
  price: DecimalText
  qty: DecimalText
  fee: DecimalText
  /** Null where the venue does not name it (futures fills are charged in the margin coin). */
  feeCoin: string | null
  isMaker: boolean
  time: Millis
}

export interface DepositView {
  asset: string
  amount: DecimalText
  address: string
  txid: string
  status: number
  /** The status code's meaning (api-family-notes), e.g. COMPLETED. */
  statusText: string
  time: Millis
}
export interface WithdrawView extends DepositView {
  withdrawId: IdText
  fee: DecimalText
}

// The futures figures below are the client's decoded resources as they are (src-shared/api/decoded).
export type PositionView = D.FuturesPosition & { contractName: string }
export type FuturesAccountView = Omit<D.FuturesAccountEntry, 'positionVos'>
export type FuturesOrderHistoryView = D.FuturesOrderHistory
export type PnlView = D.FuturesPnlHistory
/**
 * A closing fill (tradesRecord with openOrClose CLOSE): each partial close as it happened, with the PnL it
 * realized. The venue's PnL history (profitHistorical) lists a position only once it is fully closed.
 */
export interface ClosingFillView {
  tradeId: IdText
  symbol: string
  /** Side of the fill: SELL closes a long. */
  side: 'BUY' | 'SELL'
  price: DecimalText
  qty: DecimalText
  fee: DecimalText
  realized: DecimalText
  time: Millis
}
export type CapitalFlowView = W.CapitalFlowRecord & { typeText: string }
export type TriggerOrderView = D.TriggerOrder
export interface TriggerOrdersView {
  count: number
  orders: TriggerOrderView[]
}
export type AdlView = D.AdlRecord

/** One poll of a profile's private data (account.onUpdate). A part not polled (or not yet) is null. */
export interface AccountSnapshotView {
  profileId: string
  /** Local ms of the poll that produced this snapshot. */
  at: Millis
  balances: BalanceView[] | null
  openOrders: OpenOrderView[]
  positions: PositionView[] | null
  futuresAccount: FuturesAccountView[] | null
  /**
   * Parts whose last poll failed (the previous value is kept); empty when all are fresh. `words`: the message in
   * catalog words when main wrote it (as ContractErrorBody's).
   */
  errors: { part: string; message: string; words?: Words }[]
}
