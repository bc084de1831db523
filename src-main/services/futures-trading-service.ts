// Futures actions beyond plain orders: conditional (stop-loss, take-profit, trailing) orders, TP/SL attached to a
// position, trigger cancels, leverage and position/margin modes. Checked first with the UI's own rules
// (src-shared/trading): size and price against the contract, triggers against the mark the UI is shown, a trailing
// stop's ratio, each TP/SL leg as the order type it sends. The order gateway covers plain place/cancel only, so these go straight to the client with
// user priority; a trigger order with an unknown outcome surfaces as an 'unknown-outcome' error to look up in
// account.triggerOrders before retrying.
import type { z } from 'zod'
import type * as S from '@shared/ipc/schemas/trading'
import type { OkView } from '@shared/ipc/views/common'
import type { TpSlAckView, TriggerAckView } from '@shared/ipc/views/trading'
import { makeClientOrderId } from '../client/client-order-id'
import type { RequestParams } from '../client/validate'
import type { Instruments } from './instruments'
import { checkFuturesOrder } from '@shared/trading/order-rules'
import { checkConditional, checkTpSlLeg } from '@shared/trading/futures-rules'
import { enforce } from './errors'
import type { AfterAction } from './trading-service'
import type { ProfileRuntime, Venues } from './venues'

type In<T extends z.ZodType> = z.output<T>

const TRIGGER_TYPE = { 'stop-loss': 3, 'trailing-stop': 3, 'take-profit': 4 } as const

export class FuturesTradingService {
  constructor(
    private readonly venues: Venues,
    private readonly instruments: Instruments,
    private readonly after: AfterAction,
    /** The mark price last polled for the UI (undefined when none is followed: the venue then judges the trigger). */
    private readonly markOf: (profileId: string, symbol: string) => string | undefined = () => undefined
  ) {}

  async placeConditional(i: In<typeof S.placeConditionalInput>): Promise<TriggerAckView> {
    const rt = this.venues.get(i.profileId)
    const c = await this.instruments.contract(rt, i.symbol)
    enforce(checkFuturesOrder(c, i))
    enforce(checkConditional(c, i, this.markOf(rt.profile.id, i.symbol)))
    const clientOrderId = i.clientOrderId ?? makeClientOrderId()
    const r = await rt.client.call('futures.conditionOrder.place', {
      contractName: i.symbol,
      volume: i.volume,
      side: i.side,
      type: i.type,
      open: i.open,
      positionType: i.positionType,
      price: i.price,
      clientOrderId,
      timeInForce: i.timeInForce,
      triggerType: TRIGGER_TYPE[i.kind],
      triggerPrice: i.triggerPrice,
      trailCallbackRatio: i.callbackRatio
    })
    this.#refresh(rt, i.symbol)
    return { orderId: r.orderId, clientOrderId }
  }

  async placeTpSl(i: In<typeof S.placeTpSlInput>): Promise<TpSlAckView> {
    const rt = this.venues.get(i.profileId)
    const c = await this.instruments.contract(rt, i.symbol)
    const orderList: RequestParams[] = []
    const mark = this.markOf(rt.profile.id, i.symbol)
    for (const [field, leg, triggerType, kind] of [['stopLoss', i.stopLoss, 3, 'stop-loss'], ['takeProfit', i.takeProfit, 4, 'take-profit']] as const) {
      if (!leg) continue
      enforce(checkTpSlLeg(c, i.side, kind, leg, mark, field))
      orderList.push({
        triggerType,
        triggerPrice: leg.triggerPrice,
        price: leg.price,
        volume: leg.volume,
        type: leg.type === 'LIMIT' ? 1 : 2,
        expiredTime: leg.expiresAt,
        tagPriceTrigger: leg.triggerBy === 'last' ? 0 : 1
      })
    }
    const r = await rt.client.call('futures.profitLossOrder.place', { contractName: i.symbol, positionId: i.positionId, side: i.side, positionType: i.positionType, orderList })
    this.#refresh(rt, i.symbol)
    return { triggerIds: r.triggerIds }
  }

  async cancelTrigger(i: In<typeof S.cancelTriggerInput>): Promise<TriggerAckView> {
    const rt = this.venues.get(i.profileId)
    const r = await rt.client.call('futures.triggerOrder.cancel', { contractName: i.symbol, orderId: i.orderId })
    this.#refresh(rt, i.symbol)
    return { orderId: r.orderId, clientOrderId: null }
  }

  setLeverage(i: In<typeof S.setLeverageInput>): Promise<OkView> {
    return this.#edit(i.profileId, i.symbol, 'futures.leverage.edit', { contractName: i.symbol, leverageLevel: i.leverage, positionType: i.positionType })
  }

  setPositionMode(i: In<typeof S.setPositionModeInput>): Promise<OkView> {
    return this.#edit(i.profileId, i.symbol, 'futures.positionModel.edit', { contractName: i.symbol, positionModel: i.mode === 'one-way' ? 1 : 2 })
  }

  setMarginMode(i: In<typeof S.setMarginModeInput>): Promise<OkView> {
    return this.#edit(i.profileId, i.symbol, 'futures.marginModel.edit', { contractName: i.symbol, marginModel: i.mode === 'cross' ? 1 : 2 })
  }

  async #edit(profileId: string | undefined, symbol: string, id: 'futures.leverage.edit' | 'futures.positionModel.edit' | 'futures.marginModel.edit', params: RequestParams): Promise<OkView> {
    const rt = this.venues.get(profileId)
    await this.instruments.contract(rt, symbol) // an unknown contract is named before anything is sent
    await rt.client.call(id, params)
    this.#refresh(rt, symbol)
    return { ok: true }
  }

  #refresh(rt: ProfileRuntime, symbol: string): void {
    this.after.refreshNow(rt.profile.id, { module: 'futures', symbol })
  }
}
