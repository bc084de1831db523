// Liquidation and auto-deleveraging, run at every tick after triggers and funding, and at once after any other
// command whose fills changed positions (the mark moves only at the tick, but a fill at a price off the mark or a
// close's fee can put an account past its liquidation price between ticks; a venue's liquidation engine acts on
// that at once, so the embedded exchange does too, for the accounts filled). Until no position is below its
// maintenance margin (accounts in id order):
// 1. Trigger: a cross account when wallet + cross unrealized PnL < sum of cross MMs (all its cross positions in
//    that coin go); an isolated position when margin + unrealized PnL < its MM. The account's open orders on
//    those contracts are canceled first.
// 2. Takeover: the insurance fund takes each position over at its bankruptcy price (where the collateral behind
//    it is exhausted, rounded in the owner's favour), without fees: the owner realizes the loss (capital-flow
//    type 3) and keeps whatever dust the rounding leaves.
// 3. The fund closes the position on the book: first as an IOC at the bankruptcy price (no loss possible), then
//    at market if the book is deep enough and the fund's balance covers the loss.
// 4. Otherwise the rest is auto-deleveraged at the bankruptcy price against opposite positions, ranked by
//    unrealized PnL / margin x leverage (highest first, ties by position id), without fees.
// A wallet left negative with no position (fees, funding) is topped up by the fund as far as it can.
import { INSURANCE, posId, recordFlow, walletAdd } from './accounts'
import type { Contract } from './contract'
import { cancelOpen, opposite, systemOrder, tidyAccount } from './orders'
import { bankruptcyPrice, coinRisk, collateralOf, crossBelowMaintenance, positionMargin, posSign, upnlAt } from './risk'
import { settleSide } from './settle'
import type { FuturesAccount, PosKey, Position, Side } from './types'
import type { FuturesView } from './futures-view'

interface Victim {
  acc: FuturesAccount
  coin: string
  positions: Position[]
}

const byId = (a: { id: string }, b: { id: string }): number => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)

/** The futures accounts, or those of `only`, in id order. */
const accountsOf = (v: FuturesView, only?: ReadonlySet<string>): FuturesAccount[] =>
  (only ? [...only].flatMap((id) => v.accounts.get(id) ?? []) : [...v.accounts.values()]).sort(byId)

function coinsOf(v: FuturesView): string[] {
  return [...new Set([...v.contracts.values()].map((c) => c.coin))].sort()
}

/** The first account (in id order, of `only` when given) with positions below maintenance. */
export function findVictim(v: FuturesView, only?: ReadonlySet<string>): Victim | null {
  for (const acc of accountsOf(v, only)) {
    if (acc.system || acc.positions.size === 0) continue
    // only the coins it holds positions in can liquidate (in coin order, as coinsOf)
    const coins = new Set<string>()
    for (const p of acc.positions.values()) coins.add(v.contracts.get(p.contract)!.coin)
    for (const coin of [...coins].sort()) {
      const r = coinRisk(v, acc, coin)
      if (crossBelowMaintenance(r))
        return { acc, coin, positions: r.positions.filter((pr) => pr.p.positionType === 1).map((pr) => pr.p) }
      const iso = r.positions.find((pr) => pr.p.positionType === 2 && pr.p.margin + pr.upnl < pr.mm)
      if (iso) return { acc, coin, positions: [iso.p] }
    }
  }
  return null
}

/** Liquidates every account below maintenance (of `only` when given), then tops up negative wallets. */
export function runLiquidations(v: FuturesView, time: number, only?: ReadonlySet<string>): void {
  for (let guard = 0; guard < 10_000; guard++) {
    const victim = findVictim(v, only)
    if (!victim) break
    liquidate(v, victim, time)
  }
  coverNegativeWallets(v, time, only)
}

function liquidate(v: FuturesView, victim: Victim, time: number): void {
  const contracts = new Set(victim.positions.map((p) => p.contract))
  for (const o of v.openOrders(victim.acc.id)) if (contracts.has(o.contract)) cancelOpen(v, o, time)
  for (const p of [...victim.positions].sort((a, b) => Number(BigInt(a.id) - BigInt(b.id)))) {
    if (!victim.acc.positions.has(posId(p.contract, p.key))) continue
    takeover(v, victim.acc, p, time)
  }
  for (const c of contracts) tidyAccount(v, victim.acc.id, c, time)
}

function takeover(v: FuturesView, acc: FuturesAccount, p: Position, time: number): void {
  const c = v.contracts.get(p.contract)!
  const r = coinRisk(v, acc, c.coin)
  const pr = r.positions.find((x) => x.p === p)!
  const bp = bankruptcyPrice(c, p, collateralOf(r, pr, false))
  const qty = p.qty
  const side = p.side
  settleSide(v, {
    acc,
    c,
    side: opposite(side),
    action: 'CLOSE',
    key: p.key,
    positionType: p.positionType,
    qty,
    price: bp,
    feePpm: 0,
    time,
    pnlType: '3'
  })
  if (acc.tracked)
    v.records.event('liquidation', acc.id, {
      id: v.nextEventId(),
      contract: c.symbol,
      side,
      positionType: p.positionType,
      volume: qty,
      price: bp,
      time
    })
  const fund = v.account(INSURANCE)
  // The fund keeps a long and a short apart (hedge keys), so a takeover never meets an opposite position of its own.
  const key = fundKey(side)
  settleSide(v, { acc: fund, c, side, action: 'OPEN', key, positionType: 1, qty, price: bp, feePpm: 0, time })
  closeFundPosition(v, c, key, bp, time)
}

const fundKey = (side: Side): PosKey => (side === 'BUY' ? 'LONG' : 'SHORT')

function fundPosition(v: FuturesView, c: Contract, key: PosKey): Position | undefined {
  return v.account(INSURANCE).positions.get(posId(c.symbol, key))
}

function closeFundPosition(v: FuturesView, c: Contract, key: PosKey, bp: number, time: number): void {
  let p = fundPosition(v, c, key)
  if (!p) return
  const side = opposite(p.side)
  systemOrder(v, c, side, key, p.qty, bp, time)
  p = fundPosition(v, c, key)
  if (!p) return
  const preview = v.books.preview(c.symbol, INSURANCE, side, p.qty, side === 'BUY' ? Number.MAX_SAFE_INTEGER : 0)
  if (preview.filled === p.qty) {
    let value = 0n
    for (const [price, q] of preview.fills) value += c.value(q, price)
    const pnl = posSign(c, p) * (value - p.cost)
    if ((v.account(INSURANCE).wallet.get(c.coin) ?? 0n) + pnl >= 0n) {
      systemOrder(v, c, side, key, p.qty, 'MARKET', time)
      p = fundPosition(v, c, key)
      if (!p) return
    }
  }
  autoDeleverage(v, c, p, bp, time)
}

function autoDeleverage(v: FuturesView, c: Contract, fundPos: Position, bp: number, time: number): void {
  const fund = v.account(INSURANCE)
  const mark = v.markOf(c.symbol)
  const candidates: { acc: FuturesAccount; p: Position; upnl: bigint; lev: bigint; im: bigint }[] = []
  for (const acc of v.accounts.values()) {
    if (acc.system) continue
    for (const p of acc.positions.values()) {
      if (p.contract !== c.symbol || p.side === fundPos.side) continue
      const im = positionMargin(v, acc, p)
      candidates.push({
        acc,
        p,
        upnl: upnlAt(c, p, mark),
        lev: BigInt(v.leverageOf(acc, c.symbol, p.positionType)),
        im: im > 0n ? im : 1n
      })
    }
  }
  // score = upnl / im * lev, highest first: compare a.upnl*a.lev*b.im with b.upnl*b.lev*a.im
  candidates.sort((a, b) => {
    const x = a.upnl * a.lev * b.im
    const y = b.upnl * b.lev * a.im
    return x > y ? -1 : x < y ? 1 : Number(BigInt(a.p.id) - BigInt(b.p.id))
  })
  let need = fundPos.qty
  for (const k of candidates) {
    if (need <= 0) break
    const q = Math.min(need, k.p.qty)
    settleSide(v, {
      acc: fund,
      c,
      side: opposite(fundPos.side),
      action: 'CLOSE',
      key: fundPos.key,
      positionType: 1,
      qty: q,
      price: bp,
      feePpm: 0,
      time
    })
    settleSide(v, {
      acc: k.acc,
      c,
      side: fundPos.side,
      action: 'CLOSE',
      key: k.p.key,
      positionType: k.p.positionType,
      qty: q,
      price: bp,
      feePpm: 0,
      time
    })
    if (k.acc.tracked)
      v.records.event('adl', k.acc.id, {
        id: v.nextEventId(),
        contract: c.symbol,
        side: k.p.side,
        positionType: k.p.positionType,
        volume: q,
        price: bp,
        time
      })
    tidyAccount(v, k.acc.id, c.symbol, time)
    need -= q
  }
}

/** What the fund would pay into a negative wallet of `acc` in `coin` (none while a position in it is open). */
function coverOf(v: FuturesView, fund: FuturesAccount | undefined, acc: FuturesAccount, coin: string): bigint {
  const w = acc.wallet.get(coin) ?? 0n
  if (acc.system || w >= 0n || [...acc.positions.values()].some((p) => v.contracts.get(p.contract)!.coin === coin))
    return 0n
  const have = fund?.wallet.get(coin) ?? 0n
  return have < -w ? have : -w
}

/** True when some negative wallet would be topped up by the fund now (the tick then has work to do). */
export function anyCoverable(v: FuturesView): boolean {
  const fund = v.accounts.get(INSURANCE)
  const coins = coinsOf(v)
  return accountsOf(v).some((acc) => coins.some((coin) => coverOf(v, fund, acc, coin) > 0n))
}

function coverNegativeWallets(v: FuturesView, time: number, only?: ReadonlySet<string>): void {
  const fund = v.account(INSURANCE)
  const coins = coinsOf(v)
  for (const acc of accountsOf(v, only)) {
    for (const coin of coins) {
      const cover = coverOf(v, fund, acc, coin)
      if (cover <= 0n) continue
      walletAdd(fund, coin, -cover)
      walletAdd(acc, coin, cover)
      recordFlow(v.records, acc, { contract: '', coin, type: '3', amount: cover, time })
    }
  }
}
