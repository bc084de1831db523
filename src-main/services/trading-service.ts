// Placing and cancelling orders. Every order is checked against its symbol's rules first
// (src-shared/trading/order-rules.ts, the same checks the order form runs: nothing is sent when it breaks one),
// then goes through the order gateway, which gives it a client order id and reconciles an unknown outcome before
// anything is reported. After every action the account data is refreshed at once. A single order the venue
// rejects fails the command with the venue's error; batches report per item. An 'undetermined' verdict (the venue
// refuses the reads that would tell) is an answer, not a failure: the order may exist, so "not placed" would lie.
// The gateway re-checks it later (its verdict then arrives on trading.onOrderEvents like any late one).
import type { z } from 'zod'
import type * as S from '@shared/ipc/schemas/trading'
import type { OkView } from '@shared/ipc/views/common'
import type {
  BatchCancelView,
  BatchPlaceView,
  CancelAckView,
  MoveOrderView,
  OrderAckView,
  OrderEventView
} from '@shared/ipc/views/trading'
import type { CancelResult, PlaceRequest } from '../orders/types'
import type { AccountService } from './account-service'
import type { Instruments } from './instruments'
import { checkFuturesOrder, checkSpotOrder } from '@shared/trading/order-rules'
import { enforce, withActionId } from './errors'
import { cancelAck, moveView, operationEvent, orderEvent, placeAck } from './order-views'
import { moveOrder, type Replacement } from '../orders/order-move'
import type { ProfileRuntime, Venues } from './venues'
import type { Module } from '@shared/module'

type In<T extends z.ZodType> = z.output<T>
type PlaceInput = In<typeof S.placeOrderInput>

export interface AfterAction {
  refreshNow(profileId: string, hint?: { module: Module; symbol: string }): void
  /** Open orders of the futures contract as last polled (for maxValidOrder), when known. */
  openOrderCount?(profileId: string, module: Module, symbol: string): number | undefined
}

export class TradingService {
  constructor(
    private readonly venues: Venues,
    private readonly instruments: Instruments,
    private readonly account: AccountService,
    private readonly after: AfterAction
  ) {
    // A spot/margin open-orders read that succeeded (polls and commands) says private reads work again: the
    // gateway re-checks its undetermined actions then (recheck.ts bounds how often).
    account.watchOpenOrders((profileId) => {
      try {
        venues.get(profileId).gateway.readsWork()
      } catch {
        // the profile was removed meanwhile: nothing to re-check
      }
    })
  }

  async placeOrder(i: PlaceInput): Promise<OrderAckView> {
    const rt = this.venues.get(i.profileId)
    await this.#check(rt, i)
    const r = await rt.gateway.place(toPlaceRequest(i))
    this.#refresh(rt, i.module, i.symbol)
    if (r.status === 'rejected') throw withActionId(r.error, r.actionId)
    if (r.status === 'unknown')
      void r.settled.then(
        () => this.#refresh(rt, i.module, i.symbol),
        () => undefined
      )
    return placeAck(r)
  }

  /** The venue's own check of a spot order (spot.order.test): signature and parameters, nothing placed. */
  async testOrder(i: In<typeof S.testOrderInput>): Promise<OkView> {
    const rt = this.venues.get(i.profileId)
    await this.#check(rt, i)
    const { profileId: _p, module: _m, clientOrderId, ...fields } = i
    await rt.client.call('spot.order.test', {
      ...fields,
      ...(clientOrderId ? { newClientOrderId: clientOrderId } : {})
    })
    return { ok: true }
  }

  async cancelOrder(i: In<typeof S.cancelOrderInput>): Promise<CancelAckView> {
    const rt = this.venues.get(i.profileId)
    const r = await rt.gateway.cancel({
      market: i.module,
      symbol: i.symbol,
      orderId: i.orderId,
      clientOrderId: i.clientOrderId
    })
    this.#refresh(rt, i.module, i.symbol)
    if (r.status === 'rejected') throw withActionId(r.error, r.actionId)
    this.#whenSettled(rt, r, i.module, i.symbol)
    return cancelAck(r)
  }

  /**
   * Moves an open LIMIT order to a new price (orders/order-move.ts): the replacement is checked against the symbol's
   * rules before anything is sent, the cancel's outcome is known before the place goes out, and the answer comes
   * once both are known (or the move stopped, with why).
   */
  async moveOrder(i: In<typeof S.moveOrderInput>): Promise<MoveOrderView> {
    const rt = this.venues.get(i.profileId)
    // An unknown symbol is told as one before the order is read (the venue would only refuse the read).
    if (i.module === 'futures') await this.instruments.contract(rt, i.symbol)
    else await this.instruments.spotSymbol(rt, i.symbol)
    const check = async (x: Replacement): Promise<void> => {
      if (i.module === 'futures') {
        const c = await this.instruments.contract(rt, i.symbol)
        const open = this.after.openOrderCount?.(rt.profile.id, 'futures', i.symbol)
        // The replacement takes the place of the order it moves: one fewer open order to count.
        enforce(checkFuturesOrder(c, { ...x, open: x.open ?? 'OPEN' }, { openOrders: open && open - 1 }))
      } else enforce(checkSpotOrder(await this.instruments.spotSymbol(rt, i.symbol), x))
    }
    const r = await moveOrder(
      { gateway: rt.gateway, client: rt.client, check },
      {
        market: i.module,
        symbol: i.symbol,
        orderId: i.orderId,
        price: i.price,
        ...(i.positionType ? { positionType: i.positionType } : {})
      }
    )
    this.#refresh(rt, i.module, i.symbol)
    this.#whenSettled(rt, r.cancel, i.module, i.symbol)
    if (r.place?.status === 'unknown')
      void r.place.settled.then(
        () => this.#refresh(rt, i.module, i.symbol),
        () => undefined
      )
    return moveView(r)
  }

  /** Every open order of the symbol, each cancelled through the gateway (reconciled one by one). */
  async cancelAll(i: In<typeof S.cancelAllInput>): Promise<BatchCancelView> {
    const rt = this.venues.get(i.profileId)
    const open = await this.account.openOrders({ profileId: rt.profile.id, module: i.module, symbol: i.symbol })
    return this.#cancelMany(
      rt,
      i.module,
      i.symbol,
      open.map((o) => o.orderId)
    )
  }

  /**
   * The user checked the venue: the undetermined action is no longer listed, stored or re-checked (the gateway's book).
   */
  dismissUndetermined(i: In<typeof S.dismissUndeterminedInput>): OkView {
    this.venues
      .get(i.profileId)
      .gateway.dismissUndetermined(i.action, { market: i.module, orderId: i.orderId, clientOrderId: i.clientOrderId })
    return { ok: true }
  }

  /** Cancels through the gateway, one request per order (the batch endpoints could not be reconciled per item). */
  async batchCancel(i: In<typeof S.batchCancelInput>): Promise<BatchCancelView> {
    return this.#cancelMany(this.venues.get(i.profileId), i.module, i.symbol, i.orderIds)
  }

  async batchPlace(i: In<typeof S.batchPlaceInput>): Promise<BatchPlaceView> {
    const rt = this.venues.get(i.profileId)
    if (i.module === 'spot') {
      const s = await this.instruments.spotSymbol(rt, i.symbol)
      i.orders.forEach((o, n) => enforce(checkSpotOrder(s, o, { prefix: `orders.${n}.` })))
    } else {
      const c = await this.instruments.contract(rt, i.symbol)
      const open = this.after.openOrderCount?.(rt.profile.id, 'futures', i.symbol)
      i.orders.forEach((o, n) =>
        enforce(
          checkFuturesOrder(c, o, { openOrders: open === undefined ? undefined : open + n, prefix: `orders.${n}.` })
        )
      )
    }
    const results =
      i.module === 'spot'
        ? await rt.gateway.placeBatch({ market: 'spot', symbol: i.symbol, orders: i.orders })
        : await rt.gateway.placeBatch({ market: 'futures', symbol: i.symbol, orders: i.orders })
    this.#refresh(rt, i.module, i.symbol)
    return { results: results.map(placeAck) }
  }

  /**
   * Order actions and futures operations (the operation guard's) without a verdict, and verdicts reached later,
   * for one profile; a new subscriber is told the pending ones and the undetermined verdicts still unanswered.
   * (A late operation verdict's account refresh is op-result.ts's.)
   */
  onOrderEvents(profileId: string, emit: (e: OrderEventView) => void): () => void {
    const off = this.venues.onOrderEvent((id, e) => {
      if (id !== profileId) return
      if (e.type === 'settled' && e.result.reconciled)
        this.after.refreshNow(id, { module: e.result.market, symbol: e.result.symbol })
      emit(orderEvent(e))
    })
    const offOps = this.venues.onOpEvent((id, e) => void (id === profileId && emit(operationEvent(e))))
    const rt = this.venues.get(profileId)
    for (const p of rt.gateway.pending()) emit(orderEvent({ type: 'pending', pending: p }))
    // Outcomes the venue would not tell are still the user's to check: a window opened since lists them too.
    for (const e of rt.gateway.undetermined()) emit(orderEvent(e))
    // Verdicts of actions a previous run left in flight, and corrections: reached before this window listened.
    for (const e of rt.gateway.noticesToTell()) emit(orderEvent(e))
    for (const p of rt.ops.pending()) emit(operationEvent({ type: 'pending', pending: p }))
    return () => {
      off()
      offOps()
    }
  }

  async #check(rt: ProfileRuntime, i: PlaceInput): Promise<void> {
    if (i.module === 'futures') {
      const c = await this.instruments.contract(rt, i.symbol)
      enforce(checkFuturesOrder(c, i, { openOrders: this.after.openOrderCount?.(rt.profile.id, 'futures', i.symbol) }))
    } else {
      enforce(checkSpotOrder(await this.instruments.spotSymbol(rt, i.symbol), i))
    }
  }

  async #cancelMany(
    rt: ProfileRuntime,
    module: Module,
    symbol: string,
    orderIds: readonly string[]
  ): Promise<BatchCancelView> {
    const results = await Promise.all(orderIds.map((orderId) => rt.gateway.cancel({ market: module, symbol, orderId })))
    for (const r of results) this.#whenSettled(rt, r, module, symbol)
    this.#refresh(rt, module, symbol)
    return { results: results.map(cancelAck) }
  }

  #whenSettled(rt: ProfileRuntime, r: CancelResult, module: Module, symbol: string): void {
    if (r.status === 'unknown')
      void r.settled.then(
        () => this.#refresh(rt, module, symbol),
        () => undefined
      )
  }

  #refresh(rt: ProfileRuntime, module: Module, symbol: string): void {
    this.after.refreshNow(rt.profile.id, { module, symbol })
  }
}

function toPlaceRequest(i: PlaceInput): PlaceRequest {
  const base = {
    symbol: i.symbol,
    side: i.side,
    type: i.type,
    volume: i.volume,
    price: i.price,
    clientOrderId: i.clientOrderId
  }
  if (i.module !== 'futures') return { market: i.module, ...base }
  return { market: 'futures', ...base, open: i.open, positionType: i.positionType, timeInForce: i.timeInForce }
}
