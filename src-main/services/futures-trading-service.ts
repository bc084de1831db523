// Futures actions beyond plain orders: conditional (stop-loss, take-profit, trailing) orders, TP/SL attached to a
// position, trigger cancels, leverage and position/margin modes. Checked first with the UI's own rules
// (src-shared/trading): size and price against the contract, triggers against the mark the UI is shown, a trailing
// stop's ratio, each TP/SL leg as the order type it sends. Trigger orders, TP/SL and setting edits go through the
// profile's operation guard (orders/op-guard.ts): sent once with user priority; after an unknown outcome the venue
// is read (background priority) to learn whether it took effect, and an identical request is refused meanwhile.
// Trigger cancels go through the guard too, only so that they are actions like the others (an id, pending and
// settled events): cancelling twice cannot duplicate anything, so an unknown outcome is left to the user.
import type { z } from 'zod'
import type { Words } from '@shared/i18n/words'
import type * as S from '@shared/ipc/schemas/trading'
import type { ActionAckView } from '@shared/ipc/views/common'
import type { TpSlAckView, TriggerAckView } from '@shared/ipc/views/trading'
import { makeClientOrderId } from '../client/client-order-id'
import type { ParamsOf } from '@shared/api/typed'
import {
  reconcileLeverage,
  reconcileTpSl,
  reconcileTrigger,
  type OpFacts,
  type TriggerShape
} from '../orders/op-reconcile'
import type { GuardedOp, OpSubject } from '../orders/op-guard'
import { appliedOrThrow } from './op-result'
import type { Instruments } from './instruments'
import { checkFuturesOrder } from '@shared/trading/order-rules'
import { checkConditional, checkTpSlLeg } from '@shared/trading/futures-rules'
import { enforce } from './errors'
import type { AfterAction } from './trading-service'
import type { ProfileRuntime, Venues } from './venues'

type In<T extends z.ZodType> = z.output<T>

const TRIGGER_TYPE = { 'stop-loss': 3, 'trailing-stop': 3, 'take-profit': 4 } as const
/** Trigger ids remembered per profile (a reconciliation's match must not be one the terminal already knows). */
const KNOWN_TRIGGERS = 10_000
type EditId = 'futures.leverage.edit' | 'futures.positionModel.edit' | 'futures.marginModel.edit'
const keyOf = (id: string, params: object): string => `${id} ${JSON.stringify(params)}`

export class FuturesTradingService {
  readonly #knownTriggers = new Map<string, Set<string>>()
  /** Ids of the TP/SL legs this terminal placed, per profile: the only ones the TP/SL keeper may resize. */
  readonly #tpslLegs = new Map<string, Set<string>>()

  /** The TP/SL legs placed here in this run (a trailing stop or another client's order is never among them). */
  tpslLegs(profileId: string): ReadonlySet<string> {
    return this.#tpslLegs.get(profileId) ?? new Set()
  }

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
    const fields: Omit<ParamsOf<'futures.conditionOrder.place'>, 'clientOrderId'> = {
      contractName: i.symbol,
      volume: i.volume,
      side: i.side,
      type: i.type,
      open: i.open,
      positionType: i.positionType,
      price: i.price,
      timeInForce: i.timeInForce,
      triggerType: TRIGGER_TYPE[i.kind],
      triggerPrice: i.triggerPrice,
      trailCallbackRatio: i.callbackRatio
    }
    const shape: TriggerShape = {
      side: i.side,
      open: i.open,
      triggerType: TRIGGER_TYPE[i.kind],
      triggerPrice: i.triggerPrice,
      volume: i.volume,
      ...(i.type === 'LIMIT' && i.price !== undefined ? { price: i.price } : {})
    }
    const known = this.#known(rt.profile.id)
    const r = await rt.ops.run({
      endpointId: 'futures.conditionOrder.place',
      key: keyOf('futures.conditionOrder.place', fields), // without the client id: a retry gets a new one
      subject: {
        kind: 'conditional',
        symbol: i.symbol,
        amount: i.volume,
        detail: `${i.kind} ${i.side} ${i.open} ${i.volume}, trigger ${i.triggerPrice}`,
        words: {
          key: 'main.operation.conditional',
          params: {
            kind: `main.term.trigger.${i.kind}`,
            side: `main.term.side.${i.side}`,
            open: `main.term.open.${i.open}`,
            volume: i.volume,
            trigger: i.triggerPrice
          }
        }
      },
      send: async () => ({
        orderId: String((await rt.client.call('futures.conditionOrder.place', { ...fields, clientOrderId })).orderId)
      }),
      reconcile: (env, w) => reconcileTrigger(env, i.symbol, clientOrderId, shape, w, known)
    })
    this.#refresh(rt, i.symbol)
    const { orderId, actionId } = appliedOrThrow(r, () => this.#refresh(rt, i.symbol))
    known.add(orderId)
    return { orderId, clientOrderId, actionId }
  }

  async placeTpSl(i: In<typeof S.placeTpSlInput>): Promise<TpSlAckView> {
    const rt = this.venues.get(i.profileId)
    const c = await this.instruments.contract(rt, i.symbol)
    const orderList: ParamsOf<'futures.profitLossOrder.place'>['orderList'][number][] = []
    const mark = this.markOf(rt.profile.id, i.symbol)
    for (const [field, leg, triggerType, kind] of [
      ['stopLoss', i.stopLoss, 3, 'stop-loss'],
      ['takeProfit', i.takeProfit, 4, 'take-profit']
    ] as const) {
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
    const params: ParamsOf<'futures.profitLossOrder.place'> = {
      contractName: i.symbol,
      positionId: i.positionId,
      side: i.side,
      positionType: i.positionType,
      orderList
    }
    const legs = orderList.map((o): TriggerShape => ({
      side: i.side,
      open: 'CLOSE',
      triggerType: Number(o['triggerType']),
      triggerPrice: String(o['triggerPrice']),
      volume: String(o['volume']),
      ...(o['type'] === 1 && o['price'] !== undefined ? { price: String(o['price']) } : {})
    }))
    const known = this.#known(rt.profile.id)
    const r = await rt.ops.run({
      endpointId: 'futures.profitLossOrder.place',
      key: keyOf('futures.profitLossOrder.place', params),
      subject: {
        kind: 'tp-sl',
        symbol: i.symbol,
        detail: `TP/SL ${i.side}: ${legs.map((l) => `${l.triggerType === 3 ? 'stop-loss' : 'take-profit'} ${l.volume} at ${l.triggerPrice}`).join(', ')}`,
        words: tpslWords(i.side, legs)
      },
      send: async () => ({
        triggerIds: (await rt.client.call('futures.profitLossOrder.place', params)).triggerIds.map(String)
      }),
      reconcile: (env, w) => reconcileTpSl(env, i.symbol, i.side, legs, w, known)
    })
    this.#refresh(rt, i.symbol)
    const { triggerIds, actionId } = appliedOrThrow(r, () => this.#refresh(rt, i.symbol))
    const mine = this.#tpslLegs.get(rt.profile.id) ?? new Set<string>()
    this.#tpslLegs.set(rt.profile.id, mine)
    for (const id of triggerIds) {
      known.add(id)
      mine.add(id)
    }
    return { triggerIds, actionId }
  }

  async cancelTrigger(i: In<typeof S.cancelTriggerInput>): Promise<TriggerAckView> {
    const rt = this.venues.get(i.profileId)
    const params: ParamsOf<'futures.triggerOrder.cancel'> = { contractName: i.symbol, orderId: i.orderId }
    const r = await rt.ops.run({
      endpointId: 'futures.triggerOrder.cancel',
      key: keyOf('futures.triggerOrder.cancel', params),
      subject: {
        kind: 'trigger-cancel',
        symbol: i.symbol,
        detail: `cancel trigger order ${i.orderId}`,
        words: { key: 'main.operation.triggerCancel', params: { orderId: i.orderId } }
      },
      send: async () => ({ orderId: String((await rt.client.call('futures.triggerOrder.cancel', params)).orderId) }),
      reconcile: async () => ({ kind: 'cannot-tell', reason: { key: 'main.reason.triggerCancelHidden' } })
    })
    this.#refresh(rt, i.symbol)
    const { orderId, actionId } = appliedOrThrow(r, () => this.#refresh(rt, i.symbol))
    return { orderId, clientOrderId: null, actionId }
  }

  setLeverage(i: In<typeof S.setLeverageInput>): Promise<ActionAckView> {
    const subject = {
      kind: 'leverage' as const,
      symbol: i.symbol,
      detail: `leverage ${i.leverage}, ${i.positionType === 1 ? 'cross' : 'isolated'}`,
      words: {
        key: 'main.operation.leverage',
        params: { leverage: i.leverage, mode: `main.term.marginMode.${i.positionType === 1 ? 'cross' : 'isolated'}` }
      }
    }
    return this.#edit(
      i.profileId,
      subject,
      'futures.leverage.edit',
      { contractName: i.symbol, leverageLevel: i.leverage, positionType: i.positionType },
      (env, w) => reconcileLeverage(env, i.symbol, i.positionType, i.leverage, w.settleAt)
    )
  }

  setPositionMode(i: In<typeof S.setPositionModeInput>): Promise<ActionAckView> {
    return this.#edit(
      i.profileId,
      {
        kind: 'position-mode',
        symbol: i.symbol,
        detail: `position mode ${i.mode}`,
        words: { key: 'main.operation.positionMode', params: { mode: `main.term.positionMode.${i.mode}` } }
      },
      'futures.positionModel.edit',
      { contractName: i.symbol, positionModel: i.mode === 'one-way' ? 1 : 2 },
      unreadable({ key: 'main.reason.positionModeHidden' })
    )
  }

  setMarginMode(i: In<typeof S.setMarginModeInput>): Promise<ActionAckView> {
    return this.#edit(
      i.profileId,
      {
        kind: 'margin-mode',
        symbol: i.symbol,
        detail: `margin mode ${i.mode}`,
        words: { key: 'main.operation.marginMode', params: { mode: `main.term.marginMode.${i.mode}` } }
      },
      'futures.marginModel.edit',
      { contractName: i.symbol, marginModel: i.mode === 'cross' ? 1 : 2 },
      unreadable({ key: 'main.reason.marginModeHidden' })
    )
  }

  async #edit(
    profileId: string | undefined,
    subject: OpSubject & { symbol: string },
    id: EditId,
    params: ParamsOf<EditId>,
    reconcile: GuardedOp<void>['reconcile']
  ): Promise<ActionAckView> {
    const rt = this.venues.get(profileId)
    const { symbol } = subject
    await this.instruments.contract(rt, symbol) // an unknown contract is named before anything is sent
    const r = await rt.ops.run({
      endpointId: id,
      key: keyOf(id, params),
      subject,
      send: async () => void (await rt.client.call(id, params)),
      reconcile
    })
    this.#refresh(rt, symbol)
    const { actionId } = appliedOrThrow(r, () => this.#refresh(rt, symbol))
    return { ok: true, actionId }
  }

  /** Trigger ids this terminal placed or read back for the profile (bounded; the oldest are forgotten). */
  #known(profileId: string): Set<string> {
    let s = this.#knownTriggers.get(profileId)
    if (!s) this.#knownTriggers.set(profileId, (s = new Set()))
    if (s.size > KNOWN_TRIGGERS) s.delete(s.values().next().value as string)
    return s
  }

  #refresh(rt: ProfileRuntime, symbol: string): void {
    this.after.refreshNow(rt.profile.id, { module: 'futures', symbol })
  }
}

/**
 * The venue never shows position and margin models: after an unknown outcome it cannot tell (setting it again is
 * harmless).
 */
const unreadable =
  (reason: Words): GuardedOp<void>['reconcile'] =>
  async (): Promise<OpFacts<void>> => ({ kind: 'cannot-tell', reason })

/** A TP/SL request in words: its stop-loss leg and take-profit leg (one of them, or both). */
function tpslWords(side: string, legs: readonly TriggerShape[]): Words {
  const stop = legs.find((l) => l.triggerType === 3)
  const profit = legs.find((l) => l.triggerType === 4)
  const sideKey = `main.term.side.${side}`
  if (stop && profit)
    return {
      key: 'main.operation.tpslBoth',
      params: {
        side: sideKey,
        slVolume: stop.volume,
        slPrice: stop.triggerPrice,
        tpVolume: profit.volume,
        tpPrice: profit.triggerPrice
      }
    }
  const leg = stop ?? profit
  return {
    key: stop ? 'main.operation.tpslStop' : 'main.operation.tpslProfit',
    params: { side: sideKey, volume: leg?.volume ?? '', price: leg?.triggerPrice ?? '' }
  }
}
