// Placing and cancelling futures orders. Checks, in order: contract, margin mode, time in force, price (precision,
// band), volume (whole contracts; a MARKET OPEN's volume is a notional converted at the best opposite price),
// minimums and maximums, maxValidOrder, the position rules, leverage against the tier, then margin against the
// exact fills the walk would make. All checks run before anything changes.
// Position rules: CLOSE is reduce-only (at most the position less the contracts already in close orders); in
// one-way mode an OPEN against the held direction is refused, and a position's opening cancels resting OPEN
// orders of the other direction, so fills never net (CLOSE reduces, OPEN adds).
import { refuse } from '../domain-error'
import { INSURANCE, lockAdd, positionKey, posId, settingsOf } from './accounts'
import { MAX_TICKS, type Preview } from './books'
import type { FuturesCancelCmd, FuturesPlaceCmd, OrderFields } from './commands'
import type { Contract } from './contract'
import { ceilDiv, moneyText, parseAmount, PPM } from './money'
import { availableOf, coinRisk } from './risk'
import type { Action, FOrder, FuturesAccount, PosKey, Side, Tif } from './types'
import type { FuturesView } from './futures-view'

/** A LIMIT order may not buy above the mark by more than this, nor sell below it (ppm): -1138. */
export const PRICE_BAND_PPM = 100_000

/** A checked placement: the order's fields as it will be recorded, its contract and margin preview. */
export interface Prepared extends Pick<
  FOrder,
  | 'account'
  | 'side'
  | 'action'
  | 'key'
  | 'positionType'
  | 'leverage'
  | 'type'
  | 'tif'
  | 'price'
  | 'volume'
  | 'requested'
  | 'clientOrderId'
  | 'lockUnit'
> {
  c: Contract
  preview: Preview
  reject?: 'POST_ONLY' | 'FOK'
}

/** Margin reserved per contract at `price`: initial margin plus a taker fee, each rounded up. */
export function unitCost(c: Contract, price: number, leverage: number): bigint {
  const u = c.unit(price)
  return ceilDiv(u, BigInt(leverage)) + ceilDiv(u * BigInt(c.cfg.takerFeePpm), PPM)
}

/** Contracts in the account's open orders of one action on one position. */
export function pendingQty(v: FuturesView, account: string, contract: string, key: PosKey, action: Action): number {
  let n = 0
  for (const o of v.openOrders(account, contract))
    if (o.key === key && o.action === action) n += o.volume - o.executedQty
  return n
}

export const opposite = (s: Side): Side => (s === 'BUY' ? 'SELL' : 'BUY')
export const dirName = (s: Side): string => (s === 'BUY' ? 'long' : 'short')

/** Contract count and price of the order, static checks only (shared with conditional orders). */
export function parseOrder(
  v: FuturesView,
  f: OrderFields,
  convertNotional = true
): { c: Contract; tif: Tif; price: number; volume: number } {
  const c = v.contract(f.contract)
  if (c.cfg.status !== 1) refuse('BAD_SYMBOL', `Contract ${c.symbol} is not tradable`)
  const tif: Tif = f.timeInForce ?? 'GTC'
  if (f.type === 'MARKET' && tif === 'POST_ONLY') refuse('MANDATORY_PARAM', 'POST_ONLY needs a LIMIT order')
  const mark = v.markOf(c.symbol)
  let price = 0
  if (f.type === 'LIMIT') {
    price = c.parsePrice(f.price ?? '')
    const band = BigInt(PRICE_BAND_PPM)
    const far =
      f.side === 'BUY'
        ? BigInt(price) * PPM > BigInt(mark) * (PPM + band)
        : BigInt(price) * PPM < BigInt(mark) * (PPM - band)
    if (far)
      refuse(
        'PRICE_DEVIATION',
        `Price ${f.price} is more than ${PRICE_BAND_PPM / 10_000}% ${f.side === 'BUY' ? 'above' : 'below'} the mark price ${c.priceText(mark)}`
      )
  }
  let volume: number
  let ref = price
  if (f.type === 'MARKET') ref = (f.side === 'BUY' ? v.books.bestAsk(c.symbol) : v.books.bestBid(c.symbol)) ?? mark
  if (f.type === 'MARKET' && f.open === 'OPEN') {
    // The spec: a market open is sized by its notional value (linear: USDT; inverse: USD).
    const notional = parseAmount(f.volume, 8, 'volume')
    if (!convertNotional) return { c, tif, price, volume: 0 }
    const per = c.linear ? c.unit(ref) : c.multMoney
    volume = Number(notional / per)
    if (volume < c.minVolume)
      refuse(
        'VOLUME_TOO_SMALL',
        `Notional ${f.volume} buys ${volume} contracts at ${c.priceText(ref)}; the minimum is ${c.minVolume}`
      )
  } else volume = c.parseVolume(f.volume)
  const money = c.money(volume, ref)
  if (volume < c.minVolume) refuse('VOLUME_TOO_SMALL', `Volume ${volume} is below the minimum ${c.minVolume} contracts`)
  if (money < c.minMoney)
    refuse('VOLUME_TOO_SMALL', `Order value ${moneyText(money)} is below the minimum ${c.cfg.minOrderMoney}`)
  const [maxVol, maxMoney, what] =
    f.type === 'LIMIT' ? [c.maxLimitVolume, c.maxLimitMoney, 'limit'] : [c.maxMarketVolume, c.maxMarketMoney, 'market']
  if (volume > maxVol)
    refuse('MANDATORY_PARAM', `Volume ${volume} is above the maximum ${maxVol} contracts of a ${what} order`)
  if (money > maxMoney)
    refuse(
      'MANDATORY_PARAM',
      `Order value ${moneyText(money)} is above the maximum ${moneyText(maxMoney)} of a ${what} order`
    )
  return { c, tif, price, volume }
}

export function prepareOrder(v: FuturesView, f: OrderFields): Prepared {
  const { c, tif, price, volume } = parseOrder(v, f)
  const acc = v.accounts.get(f.account)
  if (!acc && !v.spot().accounts.has(f.account)) refuse('UNAUTHORIZED', `Unknown account ${f.account}`)
  const s = settingsOf(acc, c)
  if (f.positionType !== s.marginModel) {
    refuse(
      'MANDATORY_PARAM',
      `positionType ${f.positionType} does not match the margin model of ${c.symbol} (${s.marginModel === 1 ? '1 cross' : '2 isolated'}); change it with edit_user_margin_model`
    )
  }
  if (v.books.openOf(f.account, c.symbol).length >= c.cfg.maxValidOrder) {
    refuse('MANDATORY_PARAM', `Too many open orders: at most ${c.cfg.maxValidOrder} (maxValidOrder) per contract`)
  }
  const key = positionKey(s.positionModel, f.side, f.open)
  const leverage = s.lever[f.positionType - 1]!
  const pos = acc?.positions.get(posId(c.symbol, key))
  if (f.open === 'CLOSE') {
    if (!pos || pos.side === f.side)
      refuse('INSUFFICIENT_BALANCE', `No ${dirName(opposite(f.side))} position on ${c.symbol} to close`)
    const pending = pendingQty(v, f.account, c.symbol, key, 'CLOSE')
    if (volume > pos.qty - pending) {
      refuse(
        'INSUFFICIENT_BALANCE',
        `Close volume ${volume} is larger than the position: ${pos.qty} contracts, ${pending} of them already in close orders`
      )
    }
  } else {
    if (pos && pos.side !== f.side) {
      refuse(
        'MANDATORY_PARAM',
        `One-way mode: ${c.symbol} holds a ${dirName(pos.side)} position; reduce it with a CLOSE order or switch to hedge mode`
      )
    }
    const exposure = (pos?.qty ?? 0) + pendingQty(v, f.account, c.symbol, key, 'OPEN') + volume
    const tier = c.tier(exposure)
    if (!tier)
      refuse('MANDATORY_PARAM', `A position of ${exposure} contracts is beyond the largest tier of ${c.symbol}`)
    if (tier.maxLeverage < leverage) {
      refuse(
        'MANDATORY_PARAM',
        `A position of ${exposure} contracts allows at most ${tier.maxLeverage}x leverage on ${c.symbol}; it is ${leverage}x`
      )
    }
  }
  const limit = f.type === 'MARKET' ? (f.side === 'BUY' ? MAX_TICKS : 0) : price
  const preview = v.books.preview(c.symbol, f.account, f.side, volume, limit)
  let reject: Prepared['reject']
  if (tif === 'POST_ONLY') {
    const best = f.side === 'BUY' ? v.books.bestAsk(c.symbol) : v.books.bestBid(c.symbol)
    if (best !== undefined && (f.side === 'BUY' ? best <= price : best >= price)) reject = 'POST_ONLY'
  }
  if (tif === 'FOK' && preview.filled < volume) reject = 'FOK'
  let lockUnit = 0n
  if (f.open === 'OPEN') {
    lockUnit = f.type === 'LIMIT' ? unitCost(c, price, leverage) : 0n
    const rests = f.type === 'LIMIT' && (tif === 'GTC' || tif === 'POST_ONLY')
    let required = rests ? BigInt(volume - preview.filled) * lockUnit : 0n
    for (const [p, q] of preview.fills) required += BigInt(q) * unitCost(c, p, leverage)
    if (!reject && f.account !== INSURANCE) {
      const available = acc ? availableOf(coinRisk(v, acc, c.coin)) : 0n
      if (required > available) {
        refuse(
          'INSUFFICIENT_BALANCE',
          `Insufficient margin: the order needs ${moneyText(required)} ${c.coin}, ${moneyText(available > 0n ? available : 0n)} is available`
        )
      }
    }
  }
  return {
    account: f.account,
    c,
    side: f.side,
    action: f.open,
    key,
    positionType: f.positionType,
    leverage,
    type: f.type,
    tif,
    price,
    volume,
    requested: f.volume,
    clientOrderId: f.clientOrderId ?? null,
    preview,
    lockUnit,
    ...(reject ? { reject } : {})
  }
}

/** Places a prepared order: match, rest or finish, then tidy. `id` is given when a trigger fires. */
export function executeOrder(v: FuturesView, p: Prepared, time: number, id?: string): FOrder {
  const acc = v.account(p.account)
  const o: FOrder = {
    id: id ?? v.nextOrderId(),
    seq: v.nextOrderSeq(),
    account: p.account,
    contract: p.c.symbol,
    side: p.side,
    action: p.action,
    key: p.key,
    positionType: p.positionType,
    leverage: p.leverage,
    type: p.type,
    tif: p.tif,
    price: p.price,
    volume: p.volume,
    requested: p.requested,
    clientOrderId: p.clientOrderId,
    status: 'NEW',
    executedQty: 0,
    executedTicks: 0n,
    fee: 0n,
    lockUnit: p.lockUnit,
    fills: [],
    time,
    updateTime: time
  }
  v.orders.set(o.id, o)
  if (p.reject) {
    o.status = 'REJECTED'
    v.retire(o)
    return o
  }
  const e = v.books.engineOrder(o)
  v.walk(o.contract, acc.id, () => {
    if (v.books.wouldTake(o.contract, e)) v.books.match(o.contract, e, v)
    if (e.remaining === 0) o.status = 'FILLED'
    else if (o.type === 'LIMIT' && (o.tif === 'GTC' || o.tif === 'POST_ONLY')) {
      o.status = o.executedQty > 0 ? 'PARTIALLY_FILLED' : 'NEW'
      v.books.rest(e)
      lockAdd(acc, p.c.coin, BigInt(e.remaining) * o.lockUnit)
    } else o.status = 'CANCELED'
  })
  if (o.status === 'FILLED' || o.status === 'CANCELED') v.retire(o)
  v.sink?.onBookChanged(o.contract)
  return o
}

export function placeCmd(v: FuturesView, cmd: FuturesPlaceCmd): FOrder {
  return executeOrder(v, prepareOrder(v, cmd), cmd.time)
}

/** An order of the insurance fund, outside every user check (liquidation closes). */
export function systemOrder(
  v: FuturesView,
  c: Contract,
  side: Side,
  key: PosKey,
  qty: number,
  limit: number | 'MARKET',
  time: number
): FOrder {
  const type = limit === 'MARKET' ? 'MARKET' : 'LIMIT'
  const price = limit === 'MARKET' ? 0 : limit
  return executeOrder(
    v,
    {
      account: INSURANCE,
      c,
      side,
      action: 'CLOSE',
      key,
      positionType: 1,
      leverage: 1,
      type,
      tif: 'IOC',
      price,
      volume: qty,
      requested: String(qty),
      clientOrderId: null,
      preview: { fills: [], filled: 0 },
      lockUnit: 0n
    },
    time
  )
}

/** Cancels one resting order: off the book, its reserve released. */
export function cancelOpen(v: FuturesView, o: FOrder, time: number): void {
  const e = v.books.get(o.id)
  if (!e) return
  v.books.remove(e)
  const acc = v.accounts.get(o.account)!
  lockAdd(acc, v.contracts.get(o.contract)!.coin, -(o.lockUnit * BigInt(e.remaining)))
  o.status = 'CANCELED'
  o.updateTime = time
  v.retire(o)
  v.sink?.onBookChanged(o.contract)
}

/** Finds the caller's order by id or client id (latest wins); -2013 when unknown. */
export function findOrder(
  v: FuturesView,
  account: string,
  contract: string,
  ref: { orderId?: string; clientOrderId?: string }
): FOrder {
  let o: FOrder | undefined
  if (ref.orderId !== undefined) o = v.orders.get(ref.orderId)
  else if (ref.clientOrderId !== undefined)
    o = v.ordersOf(account, contract).find((x) => x.clientOrderId === ref.clientOrderId)
  if (!o || o.account !== account || o.contract !== contract) refuse('NO_SUCH_ORDER', 'Order does not exist')
  return o
}

export function cancelCmd(v: FuturesView, cmd: FuturesCancelCmd): FOrder {
  v.contract(cmd.contract)
  const o = findOrder(v, cmd.account, cmd.contract, cmd)
  if (o.status === 'INIT') {
    // A waiting conditional order: cancelling its id cancels the trigger.
    const t = v.triggers.get(o.id)!
    t.status = 4
    t.mtime = cmd.time
    o.status = 'CANCELED'
    o.updateTime = cmd.time
    return o
  }
  if (o.status !== 'NEW' && o.status !== 'PARTIALLY_FILLED')
    refuse('CANCEL_NOT_ALLOWED', `Order ${o.id} is ${o.status}; it cannot be canceled`)
  cancelOpen(v, o, cmd.time)
  return o
}

/**
 * After fills, liquidations or ADL: close orders beyond the position are canceled (newest first); in one-way
 * mode OPEN orders against the position's direction are canceled; TP/SL of a position that is gone are canceled.
 */
export function tidyAccount(v: FuturesView, account: string, contract: string, time: number): void {
  const acc = v.accounts.get(account)
  if (!acc) return
  const open = v.openOrders(account, contract)
  for (const key of ['BOTH', 'LONG', 'SHORT'] as const) {
    const pos = acc.positions.get(posId(contract, key))
    let excess =
      open.filter((o) => o.key === key && o.action === 'CLOSE').reduce((n, o) => n + o.volume - o.executedQty, 0) -
      (pos?.qty ?? 0)
    for (const o of [...open].reverse()) {
      if (excess <= 0) break
      if (o.key !== key || o.action !== 'CLOSE' || o.status === 'CANCELED') continue
      excess -= o.volume - o.executedQty
      cancelOpen(v, o, time)
    }
    if (key === 'BOTH' && pos)
      for (const o of open)
        if (o.key === 'BOTH' && o.action === 'OPEN' && o.side !== pos.side && o.status !== 'CANCELED')
          cancelOpen(v, o, time)
  }
  cancelOrphanTpsl(v, acc, contract, time)
}

function cancelOrphanTpsl(v: FuturesView, acc: FuturesAccount, contract: string, time: number): void {
  const live = new Set([...acc.positions.values()].map((p) => p.id))
  for (const t of v.triggers.values()) {
    if (
      t.account !== acc.id ||
      t.contract !== contract ||
      t.kind !== 'tpsl' ||
      t.status !== 1 ||
      live.has(t.positionId!)
    )
      continue
    t.status = 4
    t.mtime = time
    const o = v.orders.get(t.id)
    if (o) {
      o.status = 'CANCELED'
      o.updateTime = time
    }
  }
}
