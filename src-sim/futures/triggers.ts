// Conditional orders and TP/SL. A trigger waits with its order in state INIT under the order's own id (so the
// trigger list's id and triggerOrderId are the same number, and GET /order shows it as INIT). At each tick:
// - a plain trigger fires when its price crosses: a BUY stop (3) at price >= trigger, a BUY take-profit (4) at
//   price <= trigger; a SELL stop at price <= trigger, a SELL take-profit at price >= trigger (so a long's
//   SELL stop-loss sits below the market and its take-profit above);
// - a trailing stop (trailCallbackRatio r) activates once the price reaches triggerPrice (SELL: >=, BUY: <=),
//   then follows the best price since (SELL: highest, BUY: lowest) and fires when the price comes back by r.
// conditionOrder triggers on the mark price; profitLossOrder on mark (tagPriceTrigger 1) or last trade (0).
// A trigger whose price is already crossed when it is placed is refused (-1102). When it fires, its order goes
// through every check of a new order; a refusal leaves the trigger FAILED (3) and the order REJECTED.
import { DomainError, refuse } from '../domain-error'
import { posId, settingsOf } from './accounts'
import type {
  FuturesConditionCmd,
  FuturesTpslCmd,
  FuturesTriggerCancelCmd,
  FuturesTriggerTimeCmd,
  FuturesResult,
  OrderFields
} from './commands'
import type { Contract } from './contract'
import { dirName, executeOrder, opposite, parseOrder, pendingQty, prepareOrder } from './orders'
import type { FOrder, Side, Trigger } from './types'
import type { FuturesView } from './futures-view'

/** Waiting triggers one account may have per contract. */
export const MAX_WAITING_TRIGGERS = 20
const MIN_TRAIL_PPM = 1_000
const MAX_TRAIL_PPM = 100_000

export function crossed(side: Side, triggerType: 3 | 4, price: number, trigger: number): boolean {
  return (side === 'BUY') === (triggerType === 3) ? price >= trigger : price <= trigger
}

function sourcePrice(v: FuturesView, contract: string, source: 'mark' | 'last'): number {
  const m = v.market.get(contract)!
  return source === 'last' && m.lastPrice > 0 ? m.lastPrice : m.mark
}

function trailPpm(ratio: string | undefined): number {
  if (ratio === undefined) return 0
  const m = /^(0|[1-9]\d*)(?:\.(\d{1,6}))?$/.exec(ratio)
  const ppm = m ? Number(m[1]) * 1_000_000 + Number((m[2] ?? '').padEnd(6, '0')) : NaN
  if (!(ppm >= MIN_TRAIL_PPM && ppm <= MAX_TRAIL_PPM))
    refuse('MANDATORY_PARAM', "Parameter 'trailCallbackRatio' must be between 0.001 and 0.1 with at most 6 decimals")
  return ppm
}

function checkRoom(v: FuturesView, account: string, contract: string, adding: number): void {
  let n = 0
  for (const t of v.triggers.values()) if (t.account === account && t.contract === contract && t.status === 1) n++
  if (n + adding > MAX_WAITING_TRIGGERS)
    refuse('MANDATORY_PARAM', `At most ${MAX_WAITING_TRIGGERS} waiting trigger orders per contract`)
}

function initOrder(v: FuturesView, f: OrderFields, c: Contract, price: number, volume: number, time: number): FOrder {
  const s = settingsOf(v.accounts.get(f.account), c)
  return {
    id: v.nextOrderId(),
    seq: 0,
    account: f.account,
    contract: c.symbol,
    side: f.side,
    action: f.open,
    key: 'BOTH',
    positionType: f.positionType,
    leverage: s.lever[f.positionType - 1]!,
    type: f.type,
    tif: f.timeInForce ?? 'GTC',
    price,
    volume,
    requested: f.volume,
    clientOrderId: f.clientOrderId ?? null,
    status: 'INIT',
    executedQty: 0,
    executedTicks: 0n,
    fee: 0n,
    lockUnit: 0n,
    fills: [],
    time,
    updateTime: time
  }
}

function addTrigger(
  v: FuturesView,
  o: FOrder,
  t: Omit<Trigger, 'id' | 'account' | 'contract' | 'status' | 'ctime' | 'mtime'>,
  time: number
): Trigger {
  v.account(o.account)
  const trig: Trigger = {
    ...t,
    id: o.id,
    account: o.account,
    contract: o.contract,
    status: 1,
    ctime: time,
    mtime: time
  }
  v.orders.set(o.id, o)
  v.triggers.set(o.id, trig)
  return trig
}

export function placeCondition(v: FuturesView, cmd: FuturesConditionCmd): FuturesResult {
  const { c, price, volume } = parseOrder(v, cmd, false)
  const s = settingsOf(v.accounts.get(cmd.account), c)
  if (cmd.positionType !== s.marginModel)
    refuse(
      'MANDATORY_PARAM',
      `positionType ${cmd.positionType} does not match the margin model of ${c.symbol}; change it with edit_user_margin_model`
    )
  const triggerPrice = c.parsePrice(cmd.triggerPrice, 'triggerPrice')
  const trail = trailPpm(cmd.trailCallbackRatio)
  if (!trail && crossed(cmd.side, cmd.triggerType, sourcePrice(v, c.symbol, 'mark'), triggerPrice)) {
    refuse(
      'MANDATORY_PARAM',
      `Trigger price ${cmd.triggerPrice} would trigger immediately (mark ${c.priceText(v.markOf(c.symbol))})`
    )
  }
  checkRoom(v, cmd.account, c.symbol, 1)
  const o = initOrder(v, cmd, c, price, volume, cmd.time)
  const trigger = addTrigger(
    v,
    o,
    {
      kind: 'condition',
      triggerType: cmd.triggerType,
      triggerPrice,
      source: 'mark',
      trailPpm: trail,
      activated: false,
      extreme: 0,
      positionId: null,
      expireTime: 0
    },
    cmd.time
  )
  return { order: o, trigger }
}

export function placeTpsl(v: FuturesView, cmd: FuturesTpslCmd): FuturesResult {
  const c = v.contract(cmd.contract)
  const acc = v.accounts.get(cmd.account)
  const pos = [...(acc?.positions.values() ?? [])].find((p) => p.id === cmd.positionId && p.contract === c.symbol)
  if (!pos) refuse('MANDATORY_PARAM', `Position ${cmd.positionId} is not an open position of yours on ${c.symbol}`)
  if (pos.positionType !== cmd.positionType)
    refuse('MANDATORY_PARAM', `Position ${pos.id} has positionType ${pos.positionType}`)
  if (cmd.side === pos.side)
    refuse('INVALID_SIDE', `TP/SL orders of a ${dirName(pos.side)} position ${opposite(pos.side)}`)
  const seen = new Set<number>()
  const prepared = cmd.orders.map((it, i) => {
    if (seen.has(it.triggerType)) refuse('MANDATORY_PARAM', `orderList holds one stop-loss and one take-profit at most`)
    seen.add(it.triggerType)
    const type = it.type === 1 ? 'LIMIT' : 'MARKET'
    const fields: OrderFields = {
      account: cmd.account,
      contract: c.symbol,
      side: cmd.side,
      type,
      open: 'CLOSE',
      positionType: cmd.positionType,
      volume: it.volume,
      ...(it.price !== undefined && type === 'LIMIT' ? { price: it.price } : {})
    }
    let parsed
    try {
      parsed = parseOrder(v, fields)
    } catch (e) {
      if (e instanceof DomainError) throw new DomainError(e.code, `orderList[${i}]: ${e.message}`)
      throw e
    }
    if (parsed.volume > pos.qty)
      refuse(
        'INSUFFICIENT_BALANCE',
        `orderList[${i}]: volume ${parsed.volume} is larger than the position (${pos.qty})`
      )
    const triggerPrice = c.parsePrice(it.triggerPrice, `orderList[${i}].triggerPrice`)
    const source = it.tagPriceTrigger === 0 ? ('last' as const) : ('mark' as const)
    if (crossed(cmd.side, it.triggerType, sourcePrice(v, c.symbol, source), triggerPrice)) {
      refuse('MANDATORY_PARAM', `orderList[${i}]: trigger price ${it.triggerPrice} would trigger immediately`)
    }
    if (it.expiredTime !== undefined && it.expiredTime <= cmd.time)
      refuse('MANDATORY_PARAM', `orderList[${i}]: expiredTime is in the past`)
    return { it, fields, parsed, triggerPrice, source }
  })
  checkRoom(v, cmd.account, c.symbol, prepared.length)
  const triggerIds = prepared.map(({ it, fields, parsed, triggerPrice, source }) => {
    const o = initOrder(v, fields, c, parsed.price, parsed.volume, cmd.time)
    o.key = pos.key
    addTrigger(
      v,
      o,
      {
        kind: 'tpsl',
        triggerType: it.triggerType,
        triggerPrice,
        source,
        trailPpm: 0,
        activated: false,
        extreme: 0,
        positionId: pos.id,
        expireTime: it.expiredTime ?? 0
      },
      cmd.time
    )
    return o.id
  })
  return { triggerIds }
}

function own(v: FuturesView, account: string, contract: string, id: string): Trigger {
  v.contract(contract)
  const t = v.triggers.get(id)
  if (!t || t.account !== account || t.contract !== contract)
    refuse('NO_SUCH_ORDER', `Trigger order ${id} does not exist`)
  if (t.status !== 1) refuse('CANCEL_NOT_ALLOWED', `Trigger order ${id} is no longer waiting`)
  return t
}

function finish(v: FuturesView, t: Trigger, status: 3 | 4 | 6, time: number): void {
  t.status = status
  t.mtime = time
  const o = v.orders.get(t.id)
  if (o && o.status === 'INIT') {
    o.status = status === 3 ? 'REJECTED' : 'CANCELED'
    if (status === 6) o.expired = true
    o.updateTime = time
  }
}

export function cancelTrigger(v: FuturesView, cmd: FuturesTriggerCancelCmd): FuturesResult {
  const t = own(v, cmd.account, cmd.contract, cmd.orderId)
  finish(v, t, 4, cmd.time)
  return { trigger: t }
}

export function editTriggerTime(v: FuturesView, cmd: FuturesTriggerTimeCmd): FuturesResult {
  const t = own(v, cmd.account, cmd.contract, cmd.triggerOrderId)
  if (cmd.expireTime <= cmd.time) refuse('MANDATORY_PARAM', "Parameter 'expireTime' must be in the future")
  t.expireTime = cmd.expireTime
  t.mtime = cmd.time
  return { trigger: t }
}

/** What the price does to a waiting trigger now: fire it, and a trailing stop's activation and best price. */
function evaluate(v: FuturesView, t: Trigger, side: Side): { fire: boolean; activated: boolean; extreme: number } {
  const price = sourcePrice(v, t.contract, t.source)
  if (!t.trailPpm)
    return { fire: crossed(side, t.triggerType, price, t.triggerPrice), activated: t.activated, extreme: t.extreme }
  const sell = side === 'SELL'
  let { activated, extreme } = t
  if (!activated) {
    if (sell ? price < t.triggerPrice : price > t.triggerPrice) return { fire: false, activated, extreme }
    activated = true
    extreme = price
  }
  if (sell ? price > extreme : price < extreme) extreme = price
  const back = BigInt(extreme) * BigInt(sell ? 1_000_000 - t.trailPpm : 1_000_000 + t.trailPpm)
  return { fire: sell ? BigInt(price) * 1_000_000n <= back : BigInt(price) * 1_000_000n >= back, activated, extreme }
}

function fires(v: FuturesView, t: Trigger, side: Side): boolean {
  const e = evaluate(v, t, side)
  t.activated = e.activated
  t.extreme = e.extreme
  return e.fire
}

const expired = (t: Trigger, time: number): boolean => t.expireTime > 0 && t.expireTime <= time

const waitingTriggers = (v: FuturesView): Trigger[] => [...v.triggers.values()].filter((t) => t.status === 1)

/** True when a tick at `time` (at the prices as they are) would expire, fire or move no trigger. */
export function triggersSettled(v: FuturesView, time: number): boolean {
  return waitingTriggers(v).every((t) => {
    if (expired(t, time)) return false
    const e = evaluate(v, t, v.orders.get(t.id)!.side)
    return !e.fire && e.activated === t.activated && e.extreme === t.extreme
  })
}

function fire(v: FuturesView, t: Trigger, o: FOrder, time: number): void {
  const c = v.contracts.get(t.contract)!
  let volume = o.type === 'MARKET' && o.action === 'OPEN' ? o.requested : String(o.volume)
  if (t.kind === 'tpsl') {
    // A TP/SL closes at most what is left of its position beyond other close orders.
    const pos = v.accounts.get(t.account)?.positions.get(posId(c.symbol, o.key))
    const room = pos && pos.id === t.positionId ? pos.qty - pendingQty(v, t.account, c.symbol, o.key, 'CLOSE') : 0
    if (room <= 0) return finish(v, t, 3, time)
    volume = String(Math.min(o.volume, room))
  }
  const fields: OrderFields = {
    account: o.account,
    contract: o.contract,
    side: o.side,
    type: o.type,
    open: o.action,
    positionType: o.positionType,
    volume,
    ...(o.type === 'LIMIT' ? { price: c.priceText(o.price) } : {}),
    ...(o.clientOrderId ? { clientOrderId: o.clientOrderId } : {}),
    ...(o.tif !== 'GTC' ? { timeInForce: o.tif } : {})
  }
  let prepared
  try {
    prepared = prepareOrder(v, fields)
  } catch (e) {
    if (!(e instanceof DomainError)) throw e
    return finish(v, t, 3, time)
  }
  t.status = 2
  t.mtime = time
  executeOrder(v, prepared, time, o.id)
}

/** Expires and fires the waiting triggers, oldest first. */
export function runTriggers(v: FuturesView, time: number): void {
  const waiting = waitingTriggers(v).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
  for (const t of waiting) {
    if (t.status !== 1) continue // canceled by an earlier trigger's fills (TP/SL of a closed position)
    if (expired(t, time)) {
      finish(v, t, 6, time)
      continue
    }
    const o = v.orders.get(t.id)!
    if (fires(v, t, o.side)) fire(v, t, o, time)
  }
}
