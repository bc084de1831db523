// Margin arithmetic (the rules the README states under "Futures"):
// - unrealized PnL on the mark price: sgn * (value(qty, mark) - cost)
// - maintenance margin MM = ceil(value(qty, mark) * keepRate), keepRate from the tier of the position's size
// - initial margin of a cross position = ceil(cost / leverage); an isolated position holds its own margin
// - cross equity = wallet + sum of cross unrealized PnL; a cross account is liquidated when it falls below the
//   sum of its cross MMs, an isolated position when margin + unrealized PnL falls below its MM
// - available = wallet - order locks - cross initial margin + min(0, cross unrealized PnL)
// Liquidation and bankruptcy prices are found by bisection over integer ticks on exactly these formulas, so the
// liquidation price shown is the exact boundary: a long is liquidated at a mark <= reducePrice, a short >= it.
import type { Contract } from './contract'
import { ceilDiv, PPM } from './money'
import type { FuturesAccount, MarginMode, Position } from './types'

/** What the arithmetic reads from the futures state. */
export interface RiskView {
  contracts: ReadonlyMap<string, Contract>
  markOf(contract: string): number
  leverageOf(acc: FuturesAccount, contract: string, mode: MarginMode): number
}

/** Upper end of the price search, ticks. */
const MAX_P = 10 ** 15

export function posSign(c: Contract, p: Position): bigint {
  return (p.side === 'BUY' ? 1n : -1n) * c.dir
}

export function upnlAt(c: Contract, p: Position, price: number): bigint {
  return posSign(c, p) * (c.value(p.qty, price) - p.cost)
}

export function keepPpm(c: Contract, qty: number): number {
  const tiers = c.cfg.tiers
  return (c.tier(qty) ?? tiers[tiers.length - 1]!).keepRatePpm
}

export function maintAt(c: Contract, p: Position, price: number): bigint {
  return ceilDiv(c.value(p.qty, price) * BigInt(keepPpm(c, p.qty)), PPM)
}

/** Margin a position stands on: its isolated margin, or for cross its initial margin. */
export function positionMargin(v: RiskView, acc: FuturesAccount, p: Position): bigint {
  return p.positionType === 2 ? p.margin : ceilDiv(p.cost, BigInt(v.leverageOf(acc, p.contract, 1)))
}

export interface PositionRisk {
  p: Position
  c: Contract
  mark: number
  value: bigint
  upnl: bigint
  mm: bigint
  /** Isolated margin, or cross initial margin. */
  im: bigint
}

export interface CoinRisk {
  coin: string
  wallet: bigint
  lock: bigint
  crossIm: bigint
  crossUpnl: bigint
  crossMm: bigint
  crossValue: bigint
  isoMargin: bigint
  isoUpnl: bigint
  isoValue: bigint
  positions: PositionRisk[]
}

export function positionRisk(v: RiskView, acc: FuturesAccount, p: Position): PositionRisk {
  const c = v.contracts.get(p.contract)!
  const mark = v.markOf(p.contract)
  return {
    p,
    c,
    mark,
    value: c.value(p.qty, mark),
    upnl: upnlAt(c, p, mark),
    mm: maintAt(c, p, mark),
    im: positionMargin(v, acc, p)
  }
}

/** Everything about one margin coin of an account, positions sorted by id. */
export function coinRisk(v: RiskView, acc: FuturesAccount, coin: string): CoinRisk {
  const r: CoinRisk = {
    coin,
    wallet: acc.wallet.get(coin) ?? 0n,
    lock: acc.lock.get(coin) ?? 0n,
    crossIm: 0n,
    crossUpnl: 0n,
    crossMm: 0n,
    crossValue: 0n,
    isoMargin: 0n,
    isoUpnl: 0n,
    isoValue: 0n,
    positions: []
  }
  for (const p of acc.positions.values()) {
    if (v.contracts.get(p.contract)!.coin !== coin) continue
    const pr = positionRisk(v, acc, p)
    r.positions.push(pr)
    if (p.positionType === 1) {
      r.crossIm += pr.im
      r.crossUpnl += pr.upnl
      r.crossMm += pr.mm
      r.crossValue += pr.value
    } else {
      r.isoMargin += p.margin
      r.isoUpnl += pr.upnl
      r.isoValue += pr.value
    }
  }
  r.positions.sort((a, b) => Number(BigInt(a.p.id) - BigInt(b.p.id)))
  return r
}

/** True when the cross positions of `r` are (or, with the wallet at `wallet`, would be) past liquidation. */
export function crossBelowMaintenance(r: CoinRisk, wallet = r.wallet): boolean {
  return r.positions.some((pr) => pr.p.positionType === 1) && wallet + r.crossUpnl < r.crossMm
}

export function availableOf(r: CoinRisk): bigint {
  return r.wallet - r.lock - r.crossIm + (r.crossUpnl < 0n ? r.crossUpnl : 0n)
}

/** Collateral behind one position: isolated margin, or the cross wallet with the other cross positions at mark. */
export function collateralOf(r: CoinRisk, pr: PositionRisk, withMaintenance: boolean): bigint {
  if (pr.p.positionType === 2) return pr.p.margin
  let c = r.wallet
  for (const o of r.positions) {
    if (o.p === pr.p || o.p.positionType !== 1) continue
    c += o.upnl - (withMaintenance ? o.mm : 0n)
  }
  return c
}

/** Smallest tick in [lo, hi] where pred holds, for pred false..false true..true; hi + 1 when never. */
function firstTrue(lo: number, hi: number, pred: (p: number) => boolean): number {
  let a = lo
  let b = hi + 1
  while (a < b) {
    const m = a + Math.floor((b - a) / 2)
    if (pred(m)) b = m
    else a = m + 1
  }
  return a
}

/**
 * Bankruptcy price: where collateral + unrealized PnL reaches zero, rounded so the owner never ends below zero
 * (a long: the lowest tick with equity >= 0; a short: the highest).
 */
export function bankruptcyPrice(c: Contract, p: Position, collateral: bigint): number {
  const ok = (price: number): boolean => collateral + upnlAt(c, p, price) >= 0n
  if (p.side === 'BUY') return Math.min(firstTrue(1, MAX_P, ok), MAX_P)
  // short: ok holds on [1, x]; the answer is the last such tick
  const firstBad = firstTrue(1, MAX_P, (price) => !ok(price))
  return Math.max(firstBad - 1, 1)
}

/**
 * Liquidation price (the position's reducePrice): a long is liquidated at any mark <= it, a short at any
 * mark >= it; 0 when no price in range liquidates.
 */
export function liquidationPrice(c: Contract, p: Position, collateral: bigint): number {
  const safe = (price: number): boolean => collateral + upnlAt(c, p, price) >= maintAt(c, p, price)
  if (p.side === 'BUY') {
    const firstSafe = firstTrue(1, MAX_P, safe)
    return firstSafe - 1 // 0 when even 1 tick is safe
  }
  const firstBad = firstTrue(1, MAX_P, (price) => !safe(price))
  return firstBad > MAX_P ? 0 : firstBad
}
