// Spot ledger: per account and asset a `free` and a `locked` balance in the asset's smallest unit.
//
// Exactness without BigInt in the hot path: a Slot keeps both balances as JS numbers while they are safe
// integers (<= 2^53-1) and switches itself, for good, to BigInt the first time a sum would leave that range.
// Every amount moved is itself a safe integer: the engine refuses (MAX_NOTIONAL) an order whose hold or
// receivable would not be one, and every fill moves at most an order's checked amount. The sum of two safe
// integers is either exact or >= 2^53 after rounding, so the `> MAX_SAFE_INTEGER` test below catches every
// inexact case before it is stored.
//
// Invariant kept by the engine: for every account and asset, locked == sum of the remaining holds of that
// account's open orders holding that asset.

import type { Order } from './order'

const MAX = Number.MAX_SAFE_INTEGER

export class Slot {
  /** free, number mode */
  f = 0
  /** locked, number mode */
  l = 0
  big = false
  bf = 0n
  bl = 0n
  constructor(
    readonly account: string,
    readonly asset: string
  ) {}

  get free(): bigint {
    return this.big ? this.bf : BigInt(this.f)
  }
  get locked(): bigint {
    return this.big ? this.bl : BigInt(this.l)
  }

  private promote(): void {
    this.bf = BigInt(this.f)
    this.bl = BigInt(this.l)
    this.f = 0
    this.l = 0
    this.big = true
  }

  hasFree(a: number): boolean {
    return this.big ? this.bf >= BigInt(a) : this.f >= a
  }

  /** free -> locked */
  lock(a: number): void {
    if (!this.big) {
      const l = this.l + a
      if (l <= MAX) {
        this.f -= a
        this.l = l
        return
      }
      this.promote()
    }
    const b = BigInt(a)
    this.bf -= b
    this.bl += b
  }

  /** locked -> free */
  unlock(a: number): void {
    if (!this.big) {
      const f = this.f + a
      if (f <= MAX) {
        this.l -= a
        this.f = f
        return
      }
      this.promote()
    }
    const b = BigInt(a)
    this.bl -= b
    this.bf += b
  }

  /** locked -> out (paid to someone) */
  spend(a: number): void {
    if (this.big) this.bl -= BigInt(a)
    else this.l -= a
  }

  /** in -> free */
  credit(a: number): void {
    if (!this.big) {
      const f = this.f + a
      if (f <= MAX) {
        this.f = f
        return
      }
      this.promote()
    }
    this.bf += BigInt(a)
  }

  /** Set both balances (restore, tests). */
  set(free: bigint, locked: bigint): void {
    if (free <= BigInt(MAX) && locked <= BigInt(MAX) && free >= 0n && locked >= 0n) {
      this.big = false
      this.f = Number(free)
      this.l = Number(locked)
      this.bf = 0n
      this.bl = 0n
    } else {
      this.big = true
      this.bf = free
      this.bl = locked
      this.f = 0
      this.l = 0
    }
  }
}

export class Account {
  /** Slots by asset index; created on first use. */
  readonly slots: (Slot | undefined)[] = []
  /**
   * Open orders of this account, in no particular order (swap-remove through Order.aidx, so removing one
   * touches at most one other order). Sort by id for arrival order.
   */
  readonly open: Order[] = []
  constructor(readonly id: string) {}

  get openCount(): number {
    return this.open.length
  }

  addOpen(o: Order): void {
    o.aidx = this.open.length
    this.open.push(o)
  }

  removeOpen(o: Order): void {
    const open = this.open
    const last = open.pop()!
    if (last !== o) {
      open[o.aidx] = last
      last.aidx = o.aidx
    }
    o.aidx = -1
  }
}

export interface BalanceRow {
  account: string
  asset: string
  free: bigint
  locked: bigint
}

export class Ledger {
  readonly assets: string[] = []
  readonly scales: number[] = []
  private readonly index = new Map<string, number>()
  readonly accounts = new Map<string, Account>()

  addAsset(asset: string, scale: number): number {
    const have = this.index.get(asset)
    if (have !== undefined) {
      if (this.scales[have] !== scale) throw new Error(`asset ${asset} already has scale ${this.scales[have]}`)
      return have
    }
    if (!Number.isInteger(scale) || scale < 0 || scale > 30) throw new Error(`bad scale ${scale} for ${asset}`)
    const i = this.assets.length
    this.assets.push(asset)
    this.scales.push(scale)
    this.index.set(asset, i)
    return i
  }

  assetIndex(asset: string): number | undefined {
    return this.index.get(asset)
  }

  account(id: string): Account {
    let a = this.accounts.get(id)
    if (a === undefined) {
      a = new Account(id)
      this.accounts.set(id, a)
    }
    return a
  }

  slotOf(acc: Account, assetIdx: number): Slot {
    let s = acc.slots[assetIdx]
    if (s === undefined) {
      s = new Slot(acc.id, this.assets[assetIdx]!)
      acc.slots[assetIdx] = s
    }
    return s
  }

  slot(account: string, asset: string): Slot {
    const i = this.index.get(asset)
    if (i === undefined) throw new Error(`unknown asset ${asset}`)
    return this.slotOf(this.account(account), i)
  }

  /** Credit free balance from outside (control API, tests). */
  deposit(account: string, asset: string, amount: bigint): void {
    if (amount < 0n) throw new Error('negative deposit')
    const s = this.slot(account, asset)
    s.set(s.free + amount, s.locked)
  }

  /** Debit free balance to outside; false (and nothing changed) when free is short. */
  withdraw(account: string, asset: string, amount: bigint): boolean {
    if (amount < 0n) throw new Error('negative withdrawal')
    const s = this.slot(account, asset)
    if (s.free < amount) return false
    s.set(s.free - amount, s.locked)
    return true
  }

  balance(account: string, asset: string): { free: bigint; locked: bigint } {
    const i = this.index.get(asset)
    const acc = this.accounts.get(account)
    const s = i === undefined || acc === undefined ? undefined : acc.slots[i]
    return s ? { free: s.free, locked: s.locked } : { free: 0n, locked: 0n }
  }

  /** Every balance that exists, accounts in creation order, assets in index order. */
  rows(): BalanceRow[] {
    const out: BalanceRow[] = []
    for (const acc of this.accounts.values()) {
      for (const s of acc.slots) if (s) out.push({ account: acc.id, asset: s.asset, free: s.free, locked: s.locked })
    }
    return out
  }

  /** Sum of free + locked over all accounts, per asset. */
  totals(): Map<string, bigint> {
    const t = new Map<string, bigint>(this.assets.map((a) => [a, 0n]))
    for (const r of this.rows()) t.set(r.asset, t.get(r.asset)! + r.free + r.locked)
    return t
  }
}
