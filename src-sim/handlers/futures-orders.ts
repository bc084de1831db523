// Handlers of futures orders: place, conditional place, cancel, batches, queries and order / PnL history.
import { toJsonNumber } from '@shared/decimal'
import { compareIds } from '../engine'
import { DomainError } from '../domain-error'
import { ApiError, apiFail } from '../http/api-error'
import type { HandlerContext } from '../http/server'
import type { ParamRecord } from '../http/params'
import type { OrderFields } from '../futures/commands'
import { orderDetail, orderHistory, pnlHistory } from '../futures/format'
import { findOrder, parseOrder } from '../futures/orders'
import type { MarginMode } from '../futures/types'
import { accountOf, optionalText, type HandlerTable, type SimContext } from './context'

export function orderFields(r: HandlerContext, p: ParamRecord, contract: string): OrderFields {
  return {
    account: accountOf(r),
    contract,
    side: p['side'] as 'BUY' | 'SELL',
    type: p['type'] as 'LIMIT' | 'MARKET',
    open: p['open'] as 'OPEN' | 'CLOSE',
    positionType: Number(p['positionType']) as MarginMode,
    ...(p['price'] !== undefined ? { price: String(p['price']) } : {}),
    volume: String(p['volume']),
    ...(p['clientOrderId'] ? { clientOrderId: String(p['clientOrderId']) } : {}),
    ...(p['timeInForce'] ? { timeInForce: p['timeInForce'] as 'IOC' | 'FOK' | 'POST_ONLY' } : {})
  }
}

/** Newest first, ids below fromId (the next page back), at most limit. */
function pageBack<T>(list: T[], idOf: (x: T) => string, limit: number, fromId?: string): T[] {
  return (fromId === undefined ? list : list.filter((x) => compareIds(idOf(x), fromId) < 0)).slice(0, limit)
}

export function futuresOrderHandlers(sim: SimContext): HandlerTable {
  const v = sim.futures
  const contract = (r: HandlerContext): string => v.contract(String(r.params['contractName'])).symbol
  return {
    'futures.order.place': async (r) => {
      const res = await sim.commit({ t: 'futures.place', ...orderFields(r, r.params, contract(r)), time: r.now })
      return { orderId: toJsonNumber(res!.order!.id) }
    },
    'futures.conditionOrder.place': async (r) => {
      const p = r.params
      const res = await sim.commit({
        t: 'futures.condition',
        ...orderFields(r, p, contract(r)),
        triggerType: Number(p['triggerType']) as 3 | 4,
        triggerPrice: String(p['triggerPrice']),
        ...(p['trailCallbackRatio'] !== undefined ? { trailCallbackRatio: String(p['trailCallbackRatio']) } : {}),
        time: r.now
      })
      return { orderId: toJsonNumber(res!.order!.id) }
    },
    'futures.order.cancel': async (r) => {
      const res = await sim.commit({
        t: 'futures.cancel',
        account: accountOf(r),
        contract: contract(r),
        orderId: String(r.params['orderId']),
        time: r.now
      })
      return { orderId: toJsonNumber(res!.order!.id) }
    },
    'futures.order.batchPlace': async (r) => {
      const name = contract(r)
      const items = (r.params['orders'] as ParamRecord[]).map((p, i) => {
        if (p['contractName'] !== undefined && p['contractName'] !== name)
          apiFail('MANDATORY_PARAM', `orders[${i}].contractName must equal contractName`)
        return orderFields(r, p, name)
      })
      // Every item is checked first, so a malformed item places nothing.
      items.forEach((f, i) => {
        try {
          parseOrder(v, f)
        } catch (e) {
          if (e instanceof DomainError) throw new ApiError(e.code, `orders[${i}]: ${e.message}`)
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
      for (const id of r.params['orderIds'] as string[]) {
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
      const orderId = optionalText(r.params['orderId'])
      const clientOrderId = optionalText(r.params['clientOrderId'])
      if (!orderId && !clientOrderId)
        apiFail('MANDATORY_PARAM', "Mandatory parameter 'orderId' was not sent (send it or clientOrderId)")
      return orderDetail(
        v,
        findOrder(v, accountOf(r), contract(r), orderId ? { orderId } : { clientOrderId: clientOrderId! })
      )
    },
    'futures.openOrders': (r) => {
      const name = r.params['contractName'] === undefined ? undefined : contract(r)
      return v
        .openOrders(accountOf(r), name)
        .reverse()
        .map((o) => orderDetail(v, o))
    },
    'futures.openOrdersCount': (r) => {
      const id = r.params['contractId']
      const c = id === undefined ? undefined : v.contractById(Number(id))
      if (id !== undefined && !c) apiFail('BAD_SYMBOL', `Invalid contractId ${String(id)}`)
      const open = v.openOrders(accountOf(r), c?.symbol).reverse()
      const size = Number(r.params['pageSize'])
      const page = Number(r.params['page'])
      return {
        code: '0',
        data: {
          count: open.length,
          orderList: open.slice((page - 1) * size, page * size).map((o) => orderDetail(v, o))
        }
      }
    },
    'futures.orderHistorical': (r) => {
      const name = r.params['contractName'] === undefined ? undefined : contract(r)
      const list = v.ordersOf(accountOf(r), name)
      return pageBack(list, (o) => o.id, Number(r.params['limit']), optionalText(r.params['fromId'])).map((o) =>
        orderHistory(v, o)
      )
    },
    'futures.profitHistorical': (r) => {
      const name = r.params['contractName'] === undefined ? undefined : contract(r)
      const list = (v.records.pnl.get(accountOf(r)) ?? [])
        .filter((x) => name === undefined || x.contract === name)
        .reverse()
      return pageBack(list, (x) => x.id, Number(r.params['limit']), optionalText(r.params['fromId'])).map((x) =>
        pnlHistory(v, x)
      )
    }
  }
}
