// Outcomes of order actions. Every order carries a client order id before it is sent; an action whose outcome the
// venue left unknown (timeout, 5xx) answers `unknown` and is reconciled by the order gateway, whose verdict comes
// on trading.onOrderEvents (so does the late verdict of a futures operation: trigger order, TP/SL, setting, transfer).
// Every command answers with its action's id (`actionId`; a failure carries it in the error body when the action got
// that far), and every event of that action on trading.onOrderEvents names the same id: an order place or cancel
// by its entry in main's in-flight list, a futures operation by its operation id (`opId`, the same value).
import type { ContractErrorBody } from '../contract-kit'
import type { Words } from '../../i18n/words'
import type { OpenOrderView } from './account'
import type { Module, SpotModule } from '../../module'
import type { ActionRefView, DecimalText, IdText, Millis } from './common'

export interface OrderAckView extends ActionRefView {
  /**
   * `rejected` appears only in batch results: a single rejected order fails the command instead. `undetermined`:
   * the venue refuses the reads that would tell whether it was placed (`error` says why); check the venue.
   */
  status: 'placed' | 'rejected' | 'unknown' | 'undetermined'
  module: Module
  symbol: string
  clientOrderId: string
  orderId: IdText | null
  /** True when the outcome was read back from the venue after an unknown outcome. */
  reconciled: boolean
  error: ContractErrorBody | null
}

export interface CancelAckView extends ActionRefView {
  /** `rejected` appears only in batch and cancel-all results; `undetermined` as for OrderAckView. */
  status: 'canceled' | 'rejected' | 'unknown' | 'undetermined'
  module: Module
  symbol: string
  orderId: IdText | null
  clientOrderId: string
  reconciled: boolean
  error: ContractErrorBody | null
}

/** How a move (trading.moveOrder) ended. */
export type MoveOutcome =
  /** Cancelled and placed again, whole remaining size. */
  | 'moved'
  /** Cancelled and placed again for less: part of the order filled before the cancel took effect (`volume`). */
  | 'moved-smaller'
  /** The order filled before the cancel took effect: nothing to move, nothing placed. */
  | 'filled'
  /** The venue refused the cancel or it never took effect: the order stays where it was, nothing placed. */
  | 'not-canceled'
  /** The cancel's outcome is still unknown (or the venue will not tell): nothing placed, check the venue. */
  | 'cancel-unknown'
  /** Cancelled, but how much had filled could not be read: nothing placed (a guess could make two orders). */
  | 'fill-unread'
  /** Cancelled; the replacement was refused (the venue or the symbol's rules): no order is live, `error` says why. */
  | 'place-rejected'
  /** Cancelled; the replacement's outcome is being checked (its verdict comes on trading.onOrderEvents). */
  | 'place-unknown'
  /** Cancelled; the venue will not tell whether the replacement was placed: check the venue. */
  | 'place-undetermined'

/**
 * A move of an open LIMIT order (trading.moveOrder): its cancel and its replacement's place, each an action of its
 * own on trading.onOrderEvents.
 */
export interface MoveOrderView {
  moveId: string
  outcome: MoveOutcome
  module: Module
  symbol: string
  /** The order that was moved. */
  orderId: IdText
  /** The new price as asked. */
  price: DecimalText
  /** Filled of the old order when last read. */
  filled: DecimalText
  /** The replacement's size; null when none was sent. */
  volume: DecimalText | null
  cancel: CancelAckView
  place: OrderAckView | null
  /** The outcome in words (chartTrading.move.outcome.*). */
  words: Words
  error: ContractErrorBody | null
}

export interface BatchPlaceView {
  results: OrderAckView[]
}

export interface BatchCancelView {
  results: CancelAckView[]
}

export interface TriggerAckView extends ActionRefView {
  orderId: IdText
  clientOrderId: string | null
}

export interface TpSlAckView extends ActionRefView {
  triggerIds: IdText[]
}

/** A futures operation that is not a plain order (main's operation guard), named for the user; never a secret. */
export interface OperationSubjectView {
  kind: 'conditional' | 'tp-sl' | 'trigger-cancel' | 'leverage' | 'position-mode' | 'margin-mode' | 'transfer'
  /** The contract; null for a transfer. */
  symbol: string | null
  /** A transfer's coin, else null. */
  coin: string | null
  /** A conditional order's volume or a transfer's amount, else null. */
  amount: DecimalText | null
  /** What was asked, in a few words ("leverage 20, cross"). */
  detail: string
  /** `detail` in catalog words, for the UI to tell in its language. */
  words?: Words
}

/** An order on its way, as it was asked: side, type, size and (a limit's) price. */
export interface PendingOrderView {
  side: 'BUY' | 'SELL'
  type: string
  volume: DecimalText
  price: DecimalText | null
}

/** How far an action or operation without a verdict has got (the reads of its check, and why none was conclusive). */
export interface PendingProgressView {
  type: 'pending'
  phase: 'sending' | 'reconciling'
  since: Millis
  queries: number
  lastError: string | null
}

/**
 * An order action or a futures operation (`action: 'operation'`) still without a verdict, or its verdict. An
 * operation's `late` verdict came after its command had already failed with `unknown-outcome` ("still checking").
 */
export type OrderEventView = ActionRefView &
  (
    | (PendingProgressView & {
        action: 'operation'
        /** Ties this operation's pending events to its settled one. */
        opId: string
        operation: OperationSubjectView
      })
    | {
        type: 'settled'
        action: 'operation'
        opId: string
        operation: OperationSubjectView
        status: 'applied' | 'not-applied' | 'undetermined'
        late: boolean
        /** Why not applied (a resend is safe) or why the venue cannot tell; null when applied. */
        error: ContractErrorBody | null
      }
    | (PendingProgressView & {
        action: 'place' | 'cancel'
        module: Module
        symbol: string
        clientOrderId: string | null
        orderId: IdText | null
        /** A place's order as asked, to show while it is on its way; absent for a cancel (or one not known). */
        order?: PendingOrderView
      })
    | {
        type: 'settled'
        action: 'place' | 'cancel'
        module: Module
        symbol: string
        clientOrderId: string
        orderId: IdText | null
        /**
         * `undetermined`: the venue refuses the reads that would tell (`error` says why); the user must check it,
         * unless
         * main's later re-check (once reads work again) answers it with another settled event of the same action.
         */
        status: 'placed' | 'canceled' | 'rejected' | 'undetermined'
        reconciled: boolean
        error: ContractErrorBody | null
        /**
         * A verdict to tell however it arrives: 'recovered', an action the terminal was sending or reconciling when it
         * last stopped; 'correction', an order told "not placed" that the exchange shows after all. Null otherwise.
         */
        notice: 'recovered' | 'correction' | null
        /** What a 'correction' notice says, in catalog words (the order told "not placed" and the one now shown). */
        noticeWords?: Words
        /**
         * The command of this action already answered without this verdict ('unknown' past its deadline), or this is a
         * later answer to an 'undetermined' one: the event is the only word of it, so the UI tells it.
         */
        late: boolean
      }
  )

/** A spot or margin order as the terminal last knew it (recorded in main, kept across restarts). */
export interface OrderHistoryEntryView extends Omit<OpenOrderView, 'module' | 'avgPrice' | 'open'> {
  module: SpotModule
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
