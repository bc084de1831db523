// Inputs and typed outcomes of the order gateway. Every outcome names the client order id it concerns, so the UI
// can match it with what it showed as "sending" or "reconciling".
import type { OrderSide, SpotOrderCreate, SpotOrderType } from '../../src-shared/api/wire'
import type { ExchangeError } from '../client/errors'
import type { FuturesOrderDetail, Priority } from '../client/types'
import type { Module, SpotModule } from '@shared/module'

interface OrderFields {
  side: OrderSide
  type: SpotOrderType
  /** Decimal text; a spot MARKET BUY is sized in quote, a futures MARKET OPEN in notional. */
  volume: string
  price?: string
  /** Taken as given (it must be new to this gateway); generated when absent. */
  clientOrderId?: string
}
export interface FuturesOrderFields extends OrderFields {
  open: 'OPEN' | 'CLOSE'
  positionType: 1 | 2
  timeInForce?: 'IOC' | 'FOK' | 'POST_ONLY'
}

/**
 * The rate governor's queue a send waits in: 'user' (default) for the user's own actions, 'background' for what the
 * terminal does by itself (algorithms, src-main/algos), so the user's actions always go first.
 */
interface SendPriority {
  priority?: Priority
}

/** `symbol` is the spot symbol or, for futures, the contract name. */
export type PlaceRequest =
  | ({ market: SpotModule; symbol: string; recvWindow?: number } & OrderFields & SendPriority)
  | ({ market: 'futures'; symbol: string } & FuturesOrderFields & SendPriority)

/** Margin has no batch endpoint. At most 10 items (the catalog's maxBatch). */
export type BatchPlaceRequest =
  | ({ market: 'spot'; symbol: string; orders: OrderFields[] } & SendPriority)
  | ({ market: 'futures'; symbol: string; orders: FuturesOrderFields[] } & SendPriority)

/** The order to cancel, by venue id or client id (futures cancels by id: a client id is resolved by a query first). */
export interface CancelRequest extends SendPriority {
  market: Module
  symbol: string
  orderId?: string
  clientOrderId?: string
}

/** What the venue said about the order: its create answer, a query answer, or just the id (batches, futures). */
export type VenueOrder = SpotOrderCreate | FuturesOrderDetail | { orderId: string; status?: string }

interface Subject {
  /** The action's id (orders/intents.ts: its entry in the in-flight list), told on its pending and settled events. */
  actionId: string
  market: Module
  symbol: string
  clientOrderId: string
  /** True when the outcome was established by querying the venue after an unknown outcome. */
  reconciled: boolean
}

export interface PlacedResult extends Subject {
  status: 'placed'
  orderId: string
  order: VenueOrder
}
/**
 * Definitively not placed: the venue refused it, or it is provably absent. Only now may a caller resend, with a NEW
 * client id.
 */
export interface RejectedResult extends Subject {
  status: 'rejected'
  /** Never set (no venue order exists); declared so that every verdict can be read as `r.orderId ?? null`. */
  orderId?: undefined
  error: ExchangeError
}
/**
 * Reconciliation could not reach a verdict before the deadline (the venue is unreachable). It goes on in the
 * background; `settled` resolves with the verdict, which is also emitted as a 'settled' event.
 */
export interface UnknownResult<T> extends Subject {
  status: 'unknown'
  /** A cancel's order id, when known. */
  orderId?: string
  error: ExchangeError
  settled: Promise<T>
}
/**
 * The venue refuses the reads that would tell (a revoked key, a ban, HTTP 403...): the order may or may not
 * exist. `error` (kind 'unknown-outcome', detail 'undetermined') says why and that the venue must be checked by
 * hand. Its client id stays taken in this gateway (a place naming it again is refused unsent) until a later
 * re-check answers it with a 'settled' event of its own (recheck.ts).
 */
export interface PlaceUndeterminedResult extends Subject {
  status: 'undetermined'
  orderId?: undefined
  reconciled: true
  error: ExchangeError
}
export type PlaceVerdict = PlacedResult | RejectedResult | PlaceUndeterminedResult
export type PlaceResult = PlaceVerdict | UnknownResult<PlaceVerdict>

export interface CancelTarget {
  /** As Subject's. */
  actionId: string
  market: Module
  symbol: string
  orderId?: string
  /** Client id of the order when known ('' when the venue did not tell). */
  clientOrderId: string
  reconciled: boolean
}
/** The venue cancelled the order, or accepted the cancel (live venues answer PENDING_CANCEL). */
export interface CanceledResult extends CancelTarget {
  status: 'canceled'
  orderId: string
  order: VenueOrder
}
/**
 * The order was not cancelled: refused, unknown, already terminal (`orderStatus` FILLED...), or the cancel never took
 * effect (still open).
 */
export interface CancelRejectedResult extends CancelTarget {
  status: 'rejected'
  error: ExchangeError
  /** The order's status when reconciliation read it (e.g. FILLED, or NEW when the cancel never took effect). */
  orderStatus?: string
}
/** The venue refuses the query that would tell whether the cancel took effect (see PlaceUndeterminedResult). */
export interface CancelUndeterminedResult extends CancelTarget {
  status: 'undetermined'
  reconciled: true
  error: ExchangeError
}
export type CancelVerdict = CanceledResult | CancelRejectedResult | CancelUndeterminedResult
export type CancelResult = CancelVerdict | UnknownResult<CancelVerdict>

/** An order action whose outcome is not yet known: shown by the UI as "sending" or "reconciling". */
export interface PendingAction {
  /** The same id as its result's and its settled event's. */
  actionId: string
  action: 'place' | 'cancel'
  market: Module
  symbol: string
  clientOrderId?: string
  orderId?: string
  /** A place's order as asked (side, type, size, price), shown while it is on its way; none for a cancel. */
  order?: PlacedFields
  phase: 'sending' | 'reconciling'
  /** Local ms when the action started. */
  since: number
  /** Reconciliation queries made so far. */
  queries: number
  /** Why the last query was not conclusive (safe text). */
  lastError?: string
}

/** The order fields a place asked for (a batch answer names only ids; the order history needs the rest). */
export interface PlacedFields {
  side: OrderSide
  type: SpotOrderType
  volume: string
  price?: string
}

/**
 * A verdict the trader is told however it arrives: 'recovered', an action a previous run left in flight;
 * 'correction', a place reconciled as not placed that the venue shows after all.
 */
export type VerdictNotice = 'recovered' | 'correction'

// A settled event's `late`: its action's command (place, cancel) already answered without this verdict ('unknown' past
// the deadline, or 'undetermined' that a later read answered), so this event is the only word of it.

export type GatewayEvent =
  | { type: 'pending'; pending: PendingAction }
  | {
      type: 'settled'
      action: 'place'
      result: PlaceVerdict
      request?: PlacedFields
      notice?: VerdictNotice
      late?: boolean
    }
  | { type: 'settled'; action: 'cancel'; result: CancelVerdict; notice?: VerdictNotice; late?: boolean }
