// Handlers of futures settings and trigger orders: leverage (edit_lever and its legacy alias level_edit),
// position and margin models, TP/SL, trigger list, cancel and expiry. Edits answer
// {"code":"0","msg":"success","data":null} in every flavor, as live venues do.
import { toJsonNumber } from '@shared/decimal'
import { compareIds } from '../engine'
import { triggerOut } from '../futures/format'
import { accountOf, type RequestOf, type SimContext, handlersOf } from './context'

export const EDIT_ACK = { code: '0', msg: 'success', data: null } as const

export function futuresSettingsHandlers(sim: SimContext) {
  const v = sim.futures
  const contract = (r: { params: { contractName: string } }): string => v.contract(r.params.contractName).symbol
  const leverage = async (
    r: RequestOf<'futures.leverage.edit' | 'futures.leverage.levelEdit'>
  ): Promise<typeof EDIT_ACK> => {
    await sim.commit({
      t: 'futures.leverage',
      account: accountOf(r),
      contract: contract(r),
      leverage: r.params.leverageLevel,
      positionType: r.params.positionType,
      time: r.now
    })
    return EDIT_ACK
  }
  return handlersOf({
    'futures.leverage.edit': leverage,
    'futures.leverage.levelEdit': leverage,
    'futures.positionModel.edit': async (r) => {
      await sim.commit({
        t: 'futures.positionModel',
        account: accountOf(r),
        contract: contract(r),
        positionModel: r.params.positionModel,
        time: r.now
      })
      return EDIT_ACK
    },
    'futures.marginModel.edit': async (r) => {
      await sim.commit({
        t: 'futures.marginModel',
        account: accountOf(r),
        contract: contract(r),
        marginModel: r.params.marginModel,
        time: r.now
      })
      return EDIT_ACK
    },
    'futures.triggerTime.edit': async (r) => {
      await sim.commit({
        t: 'futures.triggerTime',
        account: accountOf(r),
        contract: contract(r),
        triggerOrderId: r.params.triggerOrderId,
        expireTime: Number(r.params.expireTime),
        time: r.now
      })
      return EDIT_ACK
    },
    'futures.profitLossOrder.place': async (r) => {
      const p = r.params
      const res = await sim.commit({
        t: 'futures.tpsl',
        account: accountOf(r),
        contract: contract(r),
        positionId: p.positionId,
        side: p.side,
        positionType: p.positionType,
        orders: p.orderList.map((it) => ({
          triggerType: it.triggerType,
          triggerPrice: it.triggerPrice,
          ...(it.price !== undefined ? { price: it.price } : {}),
          volume: it.volume,
          type: it.type,
          ...(it.expiredTime !== undefined ? { expiredTime: Number(it.expiredTime) } : {}),
          tagPriceTrigger: it.tagPriceTrigger
        })),
        time: r.now
      })
      return { triggerIds: res!.triggerIds! }
    },
    // The family's trigger_order_list is the list of current trigger orders (ChainUp-based venues keep finished
    // ones apart, in history_trigger_order_list): waiting triggers only (status 1), newest first, `count` of them
    // all, one page of `limit`. A trigger that fired, failed, was canceled or expired is found through its order
    // id (GET /order, orderHistorical), which it shares.
    'futures.triggerOrder.list': (r) => {
      const name = r.params.contractName === undefined ? undefined : v.contract(r.params.contractName).symbol
      const account = accountOf(r)
      const all = [...v.triggers.values()]
        .filter((t) => t.status === 1 && t.account === account && (name === undefined || t.contract === name))
        .sort((a, b) => compareIds(b.id, a.id))
      const { limit, page } = r.params
      return {
        count: all.length,
        trigOrderList: all.slice((page - 1) * limit, page * limit).map((t) => triggerOut(v, t))
      }
    },
    'futures.triggerOrder.cancel': async (r) => {
      const res = await sim.commit({
        t: 'futures.triggerCancel',
        account: accountOf(r),
        contract: contract(r),
        orderId: r.params.orderId,
        time: r.now
      })
      return { orderId: toJsonNumber(res!.trigger!.id) }
    }
  })
}
