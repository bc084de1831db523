// Handlers of spot and margin orders. Both wallets share the books and the shapes; only the wallet differs.
import { DomainError } from '../domain-error'
import { ApiError, apiFail } from '../http/api-error'
import type { HandlerContext } from '../http/server'
import type { ParamRecord } from '../http/params'
import type { Wallet } from '../spot/commands'
import { orderAmounts } from '../spot/spot-rules'
import { engineAccount } from '../spot/spot-state'
import { accountOf, optionalText, type HandlerTable, type SimContext } from './context'
import { spotCancel, spotOpenOrder, spotOrderCreate, spotOrderQuery, spotUserTrade } from './spot-format'

export function orderHandlers(
  sim: SimContext,
  wallet: Wallet
): {
  place: (r: HandlerContext) => Promise<unknown>
  cancel: (r: HandlerContext) => Promise<unknown>
  query: (r: HandlerContext) => unknown
  openOrders: (r: HandlerContext) => unknown
  myTrades: (r: HandlerContext) => unknown
} {
  const place = async (r: HandlerContext, p: ParamRecord = r.params): Promise<ReturnType<typeof spotOrderCreate>> => {
    const m = sim.spot.market(String(p['symbol'] ?? r.params['symbol']))
    const res = await sim.commit({
      t: 'place',
      account: accountOf(r),
      wallet,
      symbol: m.symbol,
      side: p['side'] as 'BUY' | 'SELL',
      type: (p['type'] ?? p['batchType']) as 'LIMIT' | 'MARKET',
      ...(p['price'] !== undefined ? { price: String(p['price']) } : {}),
      volume: String(p['volume']),
      ...(p['newClientOrderId'] ? { clientOrderId: String(p['newClientOrderId']) } : {}),
      time: r.now
    })
    return spotOrderCreate(m, res!.accepted!)
  }
  const ref = (r: HandlerContext): { orderId?: string; clientOrderId?: string } => {
    const orderId = optionalText(r.params['orderId'])
    const clientOrderId = optionalText(r.params['newClientOrderId'])
    if (!orderId && !clientOrderId)
      apiFail('MANDATORY_PARAM', "Mandatory parameter 'orderId' was not sent (send it or newClientOrderId)")
    // The client id, when given, names the order (latest wins on duplicates).
    return clientOrderId ? { clientOrderId } : { orderId: orderId as string }
  }
  return {
    place: (r) => place(r),
    cancel: async (r) => {
      const m = sim.spot.market(String(r.params['symbol']))
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
      const m = sim.spot.market(String(r.params['symbol']))
      const o = sim.spot.records.findOrder(engineAccount(accountOf(r), wallet), m.symbol, ref(r))
      if (!o) apiFail('NO_SUCH_ORDER', 'Order does not exist')
      return spotOrderQuery(m, sim.spot.records.orders.get(o.orderId) ?? o)
    },
    openOrders: (r) => {
      const m = sim.spot.market(String(r.params['symbol']))
      const limit = Number(r.params['limit'] ?? 100)
      const open = sim.spot.engine.openOrders(engineAccount(accountOf(r), wallet), m.symbol)
      return open
        .slice(Math.max(0, open.length - limit))
        .reverse()
        .map((o) => spotOpenOrder(m, sim.spot.records.orders.get(o.id)!))
    },
    myTrades: (r) => {
      const m = sim.spot.market(String(r.params['symbol']))
      const fromId = optionalText(r.params['fromId'])
      const trades = sim.spot.records.userTrades(
        engineAccount(accountOf(r), wallet),
        m.symbol,
        Number(r.params['limit'] ?? 100),
        fromId
      )
      return trades.map((t) => spotUserTrade(m, t))
    }
  }
}

export function spotTradingHandlers(sim: SimContext): HandlerTable {
  const h = orderHandlers(sim, 'spot')
  return {
    'spot.order.place': h.place,
    'spot.order.test': (r) => {
      orderAmounts(sim.spot.market(String(r.params['symbol'])), {
        side: String(r.params['side']),
        type: String(r.params['type']),
        price: optionalText(r.params['price']),
        volume: String(r.params['volume'])
      })
      return {}
    },
    'spot.order.cancel': h.cancel,
    'spot.order.query': h.query,
    'spot.openOrders': h.openOrders,
    'spot.myTrades': h.myTrades,
    'spot.order.batchPlace': async (r) => {
      const m = sim.spot.market(String(r.params['symbol']))
      const orders = r.params['orders'] as ParamRecord[]
      // The whole batch is checked before any order is placed, so a malformed item places nothing.
      orders.forEach((o, i) => {
        try {
          orderAmounts(m, {
            side: String(o['side']),
            type: String(o['batchType']),
            price: optionalText(o['price']),
            volume: String(o['volume'])
          })
        } catch (e) {
          if (e instanceof DomainError) throw new ApiError(e.code, `orders[${i}]: ${e.message}`)
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
            side: o['side'] as 'BUY' | 'SELL',
            type: o['batchType'] as 'LIMIT' | 'MARKET',
            ...(o['price'] !== undefined ? { price: String(o['price']) } : {}),
            volume: String(o['volume']),
            ...(o['newClientOrderId'] ? { clientOrderId: String(o['newClientOrderId']) } : {}),
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
      const m = sim.spot.market(String(r.params['symbol']))
      const ids = r.params['orderIds'] as string[]
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
  }
}

export function marginHandlers(sim: SimContext): HandlerTable {
  const h = orderHandlers(sim, 'margin')
  return {
    'margin.order.place': h.place,
    'margin.order.cancel': h.cancel,
    'margin.order.query': h.query,
    'margin.openOrders': h.openOrders,
    'margin.myTrades': h.myTrades
  }
}
