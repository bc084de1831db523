// Handlers of spot and margin orders. Both wallets share the books and the shapes; only the wallet differs.
import { DomainError, refuse } from '../domain-error'
import type { Wallet } from '../spot/commands'
import { orderAmounts } from '../spot/spot-rules'
import { engineAccount } from '../spot/spot-state'
import { accountOf, type AnswerOf, type RequestOf, type SimContext, handlersOf } from './context'
import { spotCancel, spotOpenOrder, spotOrderCreate, spotOrderQuery, spotUserTrade } from './spot-format'

/** The ids of one spot-or-margin operation: both wallets answer through the same handler. */
type Both<Op extends string> = `spot.${Op}` | `margin.${Op}`
type PlaceId = Both<'order.place'>
type CancelId = Both<'order.cancel'>
type QueryId = Both<'order.query'>
type OpenId = Both<'openOrders'>
type TradesId = Both<'myTrades'>

export function orderHandlers(
  sim: SimContext,
  wallet: Wallet
): {
  place: (r: RequestOf<PlaceId>) => Promise<AnswerOf<PlaceId>>
  cancel: (r: RequestOf<CancelId>) => Promise<AnswerOf<CancelId>>
  query: (r: RequestOf<QueryId>) => AnswerOf<QueryId>
  openOrders: (r: RequestOf<OpenId>) => AnswerOf<OpenId>
  myTrades: (r: RequestOf<TradesId>) => AnswerOf<TradesId>
} {
  const ref = (r: RequestOf<CancelId | QueryId>): { orderId?: string; clientOrderId?: string } => {
    const { orderId, newClientOrderId: clientOrderId } = r.params
    if (!orderId && !clientOrderId)
      refuse('MANDATORY_PARAM', "Mandatory parameter 'orderId' was not sent (send it or newClientOrderId)")
    // The client id, when given, names the order (latest wins on duplicates).
    return clientOrderId ? { clientOrderId } : { orderId: orderId as string }
  }
  return {
    place: async (r) => {
      const p = r.params
      const m = sim.spot.market(p.symbol)
      const res = await sim.commit({
        t: 'place',
        account: accountOf(r),
        wallet,
        symbol: m.symbol,
        side: p.side,
        type: p.type,
        ...(p.price !== undefined ? { price: p.price } : {}),
        volume: p.volume,
        ...(p.newClientOrderId ? { clientOrderId: p.newClientOrderId } : {}),
        time: r.now
      })
      return spotOrderCreate(m, res!.accepted!)
    },
    cancel: async (r) => {
      const m = sim.spot.market(r.params.symbol)
      const res = await sim.commit({
        t: 'cancel',
        account: accountOf(r),
        wallet,
        symbol: m.symbol,
        ...ref(r),
        time: r.now
      })
      return spotCancel(res!.cancelled!)
    },
    query: (r) => {
      const m = sim.spot.market(r.params.symbol)
      const o = sim.spot.records.findOrder(engineAccount(accountOf(r), wallet), m.symbol, ref(r))
      if (!o) refuse('NO_SUCH_ORDER', 'Order does not exist')
      return spotOrderQuery(m, sim.spot.records.orders.get(o.orderId) ?? o)
    },
    openOrders: (r) => {
      const m = sim.spot.market(r.params.symbol)
      const limit = r.params.limit
      const open = sim.spot.engine.openOrders(engineAccount(accountOf(r), wallet), m.symbol)
      return open
        .slice(Math.max(0, open.length - limit))
        .reverse()
        .map((o) => spotOpenOrder(m, sim.spot.records.orders.get(o.id)!))
    },
    myTrades: (r) => {
      const m = sim.spot.market(r.params.symbol)
      const trades = sim.spot.records.userTrades(
        engineAccount(accountOf(r), wallet),
        m.symbol,
        r.params.limit,
        r.params.fromId
      )
      return trades.map((t) => spotUserTrade(m, t))
    }
  }
}

export function spotTradingHandlers(sim: SimContext) {
  const h = orderHandlers(sim, 'spot')
  return handlersOf({
    'spot.order.place': h.place,
    'spot.order.test': (r) => {
      const p = r.params
      orderAmounts(sim.spot.market(p.symbol), { side: p.side, type: p.type, price: p.price, volume: p.volume })
      return {}
    },
    'spot.order.cancel': h.cancel,
    'spot.order.query': h.query,
    'spot.openOrders': h.openOrders,
    'spot.myTrades': h.myTrades,
    'spot.order.batchPlace': async (r) => {
      const m = sim.spot.market(r.params.symbol)
      const orders = r.params.orders
      // The whole batch is checked before any order is placed, so a malformed item places nothing.
      orders.forEach((o, i) => {
        try {
          orderAmounts(m, { side: o.side, type: o.batchType, price: o.price, volume: o.volume })
        } catch (e) {
          if (e instanceof DomainError) throw new DomainError(e.code, `orders[${i}]: ${e.message}`)
          throw e
        }
      })
      // Every order is applied now, in order, and answered once all are durable: one journal batch, not one each.
      const settled = await Promise.allSettled(
        orders.map((o) =>
          sim.commit({
            t: 'place',
            account: accountOf(r),
            wallet: 'spot',
            symbol: m.symbol,
            side: o.side,
            type: o.batchType,
            ...(o.price !== undefined ? { price: o.price } : {}),
            volume: o.volume,
            ...(o.newClientOrderId ? { clientOrderId: o.newClientOrderId } : {}),
            time: r.now
          })
        )
      )
      const ids: string[] = []
      const failed: { index: number; code: number; msg: string }[] = []
      for (const [index, s] of settled.entries()) {
        if (s.status === 'fulfilled') ids.push(s.value!.accepted!.orderId)
        else if (s.reason instanceof DomainError) failed.push({ index, code: s.reason.code, msg: s.reason.message })
        else throw s.reason
      }
      return failed.length ? { ids, failed } : { ids }
    },
    'spot.order.batchCancel': async (r) => {
      const m = sim.spot.market(r.params.symbol)
      const ids = r.params.orderIds
      // As in batchPlace: all applied now, in order; answered once all are durable.
      const settled = await Promise.allSettled(
        ids.map((id) =>
          sim.commit({ t: 'cancel', account: accountOf(r), wallet: 'spot', symbol: m.symbol, orderId: id, time: r.now })
        )
      )
      const success: string[] = []
      const failed: string[] = []
      for (const [i, s] of settled.entries()) {
        if (s.status === 'fulfilled') success.push(ids[i]!)
        else if (s.reason instanceof DomainError) failed.push(ids[i]!)
        else throw s.reason
      }
      return { success, failed }
    }
  })
}

export function marginHandlers(sim: SimContext) {
  const h = orderHandlers(sim, 'margin')
  return handlersOf({
    'margin.order.place': h.place,
    'margin.order.cancel': h.cancel,
    'margin.order.query': h.query,
    'margin.openOrders': h.openOrders,
    'margin.myTrades': h.myTrades
  })
}
