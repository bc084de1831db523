// Money of one side of a fill, for book trades and for the synthetic fills of liquidation and ADL alike.
// OPEN adds contracts at the fill's value (isolated: margin ceil(value / leverage) moves from the wallet into
// the position); CLOSE releases cost and margin pro rata and pays sgn * (value - released cost) into the wallet.
// Each side pays its fee (maker or taker rate, rounded up to the money unit) on the fill's value, in the margin
// coin, into the futures state's fee pool.
import { achievedAdd, historyAdd, INSURANCE, posId, recordFlow, walletAdd } from './accounts'
import type { Contract } from './contract'
import { ceilDiv, PPM } from './money'
import type { FuturesRecords } from './records'
import { posSign } from './risk'
import type { Action, FuturesAccount, MarginMode, PosKey, Position, Side } from './types'

/** What settlement needs from the futures state. */
export interface SettleContext {
  records: FuturesRecords
  leverage(acc: FuturesAccount, contract: string, mode: MarginMode): number
  addFee(coin: string, fee: bigint): void
  nextPositionId(): string
}

export interface SideFill {
  acc: FuturesAccount
  c: Contract
  /** this party's direction in the trade */
  side: Side
  action: Action
  key: PosKey
  positionType: MarginMode
  qty: number
  price: number
  feePpm: number
  time: number
  /** capital-flow code of a close's PnL: 13, or 3 for the liquidated side of a takeover */
  pnlType?: '13' | '3'
}

export interface SideResult {
  pnl: bigint
  fee: bigint
  /** the position after the fill (null when it closed) */
  position: Position | null
  /** the position that this fill closed completely */
  closed: Position | null
}

function chargeFee(ctx: SettleContext, f: SideFill, p: Position, value: bigint, type: '6' | '7'): bigint {
  const ppm = f.acc.id === INSURANCE ? 0 : f.feePpm
  const fee = ceilDiv(value * BigInt(ppm), PPM)
  if (fee === 0n) return 0n
  const coin = f.c.coin
  walletAdd(f.acc, coin, -fee)
  achievedAdd(f.acc, coin, -fee)
  historyAdd(f.acc, f.c.symbol, p.side, -fee)
  p.tradeFee += fee
  ctx.addFee(coin, fee)
  recordFlow(ctx.records, f.acc, { contract: f.c.symbol, coin, type, amount: -fee, time: f.time })
  return fee
}

export function settleSide(ctx: SettleContext, f: SideFill): SideResult {
  const { acc, c, qty, price } = f
  const key = posId(c.symbol, f.key)
  const value = c.value(qty, price)
  const ticks = BigInt(price) * BigInt(qty)
  let p = acc.positions.get(key)
  if (f.action === 'OPEN') {
    if (!p) {
      p = {
        id: ctx.nextPositionId(),
        account: acc.id,
        contract: c.symbol,
        key: f.key,
        side: f.side,
        positionType: f.positionType,
        qty: 0,
        cost: 0n,
        margin: 0n,
        openQty: 0,
        openTicks: 0n,
        closeQty: 0,
        closeTicks: 0n,
        closeProfit: 0n,
        tradeFee: 0n,
        capitalFee: 0n,
        ctime: f.time,
        mtime: f.time
      }
      acc.positions.set(key, p)
    } else if (p.side !== f.side)
      throw new Error(
        `futures: OPEN ${f.side} met a ${p.side} position of ${acc.id} (placement rules must prevent this)`
      )
    if (p.positionType === 2) {
      const im = ceilDiv(value, BigInt(ctx.leverage(acc, c.symbol, 2)))
      p.margin += im
      walletAdd(acc, c.coin, -im)
    }
    p.qty += qty
    p.cost += value
    p.openQty += qty
    p.openTicks += ticks
    p.mtime = f.time
    const fee = chargeFee(ctx, f, p, value, '6')
    return { pnl: 0n, fee, position: p, closed: null }
  }

  if (!p || p.side === f.side || qty > p.qty)
    throw new Error(
      `futures: CLOSE ${f.side} ${qty} exceeds the position of ${acc.id} on ${key} (placement rules must prevent this)`
    )
  const whole = qty === p.qty
  const released = whole ? p.cost : (p.cost * BigInt(qty)) / BigInt(p.qty)
  const pnl = posSign(c, p) * (value - released)
  if (p.positionType === 2) {
    const m = whole ? p.margin : (p.margin * BigInt(qty)) / BigInt(p.qty)
    p.margin -= m
    walletAdd(acc, c.coin, m)
  }
  walletAdd(acc, c.coin, pnl)
  achievedAdd(acc, c.coin, pnl)
  historyAdd(acc, c.symbol, p.side, pnl)
  p.closeProfit += pnl
  p.qty -= qty
  p.cost -= released
  p.closeQty += qty
  p.closeTicks += ticks
  p.mtime = f.time
  recordFlow(ctx.records, acc, { contract: c.symbol, coin: c.coin, type: f.pnlType ?? '13', amount: pnl, time: f.time })
  const fee = chargeFee(ctx, f, p, value, '7')
  if (p.qty > 0) return { pnl, fee, position: p, closed: null }
  acc.positions.delete(key)
  if (acc.tracked) {
    ctx.records.closed(acc.id, {
      id: p.id,
      contract: c.symbol,
      side: p.side,
      positionType: p.positionType,
      leverage: ctx.leverage(acc, c.symbol, p.positionType),
      openTicks: p.openTicks,
      openQty: p.openQty,
      closeTicks: p.closeTicks,
      closeQty: p.closeQty,
      tradeFee: p.tradeFee,
      capitalFee: p.capitalFee,
      closeProfit: p.closeProfit,
      historyRealized: acc.historyRealized.get(`${c.symbol}|${p.side}`) ?? 0n,
      ctime: p.ctime,
      mtime: f.time
    })
  }
  return { pnl, fee, position: null, closed: p }
}
