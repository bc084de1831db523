// Outcomes of order actions. Every order carries a client order id before it is sent; an action whose outcome the
// venue left unknown (timeout, 5xx) answers `unknown` and is reconciled by the order gateway, whose verdict comes
// on trading.onOrderEvents.
import type { ContractErrorBody } from '../contract-kit'
import type { OpenOrderView } from './account'
import type { DecimalText, IdText, Millis, TradeModule } from './common'

export interface OrderAckView {
  /** `rejected` appears only in batch results: a single rejected order fails the command instead. */
  status: 'placed' | 'rejected' | 'unknown'
  module: TradeModule
  symbol: string
  clientOrderId: string
  orderId: IdText | null
  /** True when the outcome was read back from the venue after an unknown outcome. */
  reconciled: boolean
  error: ContractErrorBody | null
}

export interface CancelAckView {
  /** `rejected` appears only in batch and cancel-all results. */
  status: 'canceled' | 'rejected' | 'unknown'
  module: TradeModule
  symbol: string
  orderId: IdText | null
  clientOrderId: string
  reconciled: boolean
  error: ContractErrorBody | null
}

export interface BatchPlaceView {
  results: OrderAckView[]
}

export interface BatchCancelView {
  results: CancelAckView[]
}

export interface TriggerAckView {
  orderId: IdText
  clientOrderId: string | null
}

export interface TpSlAckView {
  triggerIds: IdText[]
}

/** An order action still without a verdict, or a verdict reached by reconciliation. */
export type OrderEventView =
  | {
      type: 'pending'
      action: 'place' | 'cancel'
      module: TradeModule
      symbol: string
      clientOrderId: string | null
      orderId: IdText | null
      phase: 'sending' | 'reconciling'
      since: Millis
      queries: number
      lastError: string | null
    }
  | {
      type: 'settled'
      action: 'place' | 'cancel'
      module: TradeModule
      symbol: string
      clientOrderId: string
      orderId: IdText | null
      status: 'placed' | 'canceled' | 'rejected'
      reconciled: boolean
      error: ContractErrorBody | null
    }

/** A spot or margin order as the terminal last knew it (recorded in main, kept across restarts). */
export interface OrderHistoryEntryView extends Omit<OpenOrderView, 'module' | 'avgPrice' | 'open'> {
  module: 'spot' | 'margin'
  /** Null until the venue has told it. */
  avgPrice: DecimalText | null
  /** False while the status can still change (main reads such orders back from the venue). */
  final: boolean
  /** When the terminal last learned something about the order (`time` is its creation on the venue). */
  updatedAt: Millis
}

export interface OrderHistoryPageView {
  /** Newest first. */
  orders: OrderHistoryEntryView[]
  /** Pass as `before` for the next (older) page; null on the last page. */
  nextCursor: string | null
}

/** Orders of the history that changed (new, or a new state). */
export interface OrderHistoryEventView {
  orders: OrderHistoryEntryView[]
}
