// Handlers of futures orders: place, conditional place, cancel, batches, queries and order / PnL history.
import { toJsonNumber } from '@shared/decimal'
import { compareIds } from '../engine'
import { DomainError, refuse } from '../domain-error'
import type { HandlerContext } from '../http/server'
import type { OrderFields } from '../futures/commands'
import { orderDetail, orderHistory, pnlHistory } from '../futures/format'
import { findOrder, parseOrder } from '../futures/orders'
import { accountOf, type RequestOf, type SimContext, handlersOf } from './context'

/** The order fields of a place body, a conditional place body or a batch item (their common parameters). */
type OrderParams = Omit<RequestOf<'futures.order.place'>['params'], 'contractName' | 'recvWindow'>

export function orderFields(
  r: Pick<HandlerContext, 'credential' | 'def'>,
  p: OrderParams,
  contract: string
): OrderFields {
  return {
    account: accountOf(r),
    contract,
    side: p.side,
    type: p.type,
    open: p.open,
    positionType: p.positionType,
    ...(p.price !== undefined ? { price: p.price } : {}),
    volume: p.volume,
    ...(p.clientOrderId ? { clientOrderId: p.clientOrderId } : {}),
    ...(p.timeInForce ? { timeInForce: p.timeInForce } : {})
  }
}

/** Newest first, ids below fromId (the next page back), at most limit. */
function pageBack<T>(list: T[], idOf: (x: T) => string, limit: number, fromId?: string): T[] {
  return (fromId === undefined ? list : list.filter((x) => compareIds(idOf(x), fromId) < 0)).slice(0, limit)
}

export function futuresOrderHandlers(sim: SimContext) {
  const v = sim.futures
  const contract = (r: { params: { contractName: string } }): string => v.contract(r.params.contractName).symbol
  /** The contract filter of a list: undefined for every contract. */
  const filter = (r: { params: { contractName?: string } }): string | undefined =>
    r.params.contractName === undefined ? undefined : v.contract(r.params.contractName).symbol
  return handlersOf({
    'futures.order.place': async (r) => {
      const res = await sim.commit({ t: 'futures.place', ...orderFields(r, r.params, contract(r)), time: r.now })
      return { orderId: toJsonNumber(res!.order!.id) }
    },
    'futures.conditionOrder.place': async (r) => {
      const p = r.params
      const res = await sim.commit({
        t: 'futures.condition',
        ...orderFields(r, p, contract(r)),
        triggerType: p.triggerType,
        triggerPrice: p.triggerPrice,
        ...(p.trailCallbackRatio !== undefined ? { trailCallbackRatio: p.trailCallbackRatio } : {}),
        time: r.now
      })
      return { orderId: toJsonNumber(res!.order!.id) }
    },
    'futures.order.cancel': async (r) => {
      const res = await sim.commit({
        t: 'futures.cancel',
        account: accountOf(r),
        contract: contract(r),
        orderId: r.params.orderId,
        time: r.now
      })
      return { orderId: toJsonNumber(res!.order!.id) }
    },
    'futures.order.batchPlace': async (r) => {
      const name = contract(r)
      const items = r.params.orders.map((p, i) => {
        if (p.contractName !== undefined && p.contractName !== name)
          refuse('MANDATORY_PARAM', `orders[${i}].contractName must equal contractName`)
        return orderFields(r, p, name)
      })
      // Every item is checked first, so a malformed item places nothing.
      items.forEach((f, i) => {
        try {
          parseOrder(v, f)
        } catch (e) {
          if (e instanceof DomainError) throw new DomainError(e.code, `orders[${i}]: ${e.message}`)
          throw e
        }
      })
      const ids: string[] = []
      const failed: { index: number; code: number; msg: string }[] = []
      for (const [index, f] of items.entries()) {
        try {
          ids.push((await sim.commit({ t: 'futures.place', ...f, time: r.now }))!.order!.id)
        } catch (e) {
          if (!(e instanceof DomainError)) throw e
          failed.push({ index, code: e.code, msg: e.message })
        }
      }
      return failed.length ? { ids, failed } : { ids }
    },
    'futures.order.batchCancel': async (r) => {
      const name = contract(r)
      const success: string[] = []
      const failed: string[] = []
      for (const id of r.params.orderIds) {
        try {
          await sim.commit({ t: 'futures.cancel', account: accountOf(r), contract: name, orderId: id, time: r.now })
          success.push(id)
        } catch (e) {
          if (!(e instanceof DomainError)) throw e
          failed.push(id)
        }
      }
      return { success, failed }
    },
    'futures.order.query': (r) => {
      const { orderId, clientOrderId } = r.params
      if (!orderId && !clientOrderId)
        refuse('MANDATORY_PARAM', "Mandatory parameter 'orderId' was not sent (send it or clientOrderId)")
      return orderDetail(
        v,
        findOrder(v, accountOf(r), contract(r), orderId ? { orderId } : { clientOrderId: clientOrderId! })
      )
    },
    'futures.openOrders': (r) => {
      return v
        .openOrders(accountOf(r), filter(r))
        .reverse()
        .map((o) => orderDetail(v, o))
    },
    'futures.openOrdersCount': (r) => {
      const id = r.params.contractId
      const c = id === undefined ? undefined : v.contractById(id)
      if (id !== undefined && !c) refuse('BAD_SYMBOL', `Invalid contractId ${id}`)
      const open = v.openOrders(accountOf(r), c?.symbol).reverse()
      const { pageSize: size, page } = r.params
      return {
        code: '0',
        data: {
          count: open.length,
          orderList: open.slice((page - 1) * size, page * size).map((o) => orderDetail(v, o))
        }
      }
    },
    'futures.orderHistorical': (r) => {
      const list = v.ordersOf(accountOf(r), filter(r))
      return pageBack(list, (o) => o.id, r.params.limit, r.params.fromId).map((o) => orderHistory(v, o))
    },
    'futures.profitHistorical': (r) => {
      const name = filter(r)
      const list = v.records
        .of(v.records.pnl, accountOf(r))
        .filter((x) => name === undefined || x.contract === name)
        .reverse()
      return pageBack(list, (x) => x.id, r.params.limit, r.params.fromId).map((x) => pnlHistory(v, x))
    }
  })
}
