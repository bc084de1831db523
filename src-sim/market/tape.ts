// Recent public trades in a fixed ring buffer, newest first on the way out. Entries are formatted once on
// the way in, so REST and WS readers only copy strings.
import type { PublicTrade, WsTradeItem } from '@shared/api/wire'
import { compareIds } from '../engine/ids'
import { Dec, fmt } from './decimal'
import { amountPlaces, type EngineTrade, type Precision } from './types'

export const DEFAULT_TAPE_CAPACITY = 1000
export const DEFAULT_TRADES_LIMIT = 200

export interface TapeEntry {
  id: string
  price: string
  qty: string
  amount: string
  side: 'BUY' | 'SELL'
  time: number
}

export class TradeTape {
  private readonly ring: (TapeEntry | undefined)[]
  private next = 0
  private count = 0
  /** Seeded history's trades (oldest first, all before any pushed), put under the pushed ones on the first read. */
  private pending: (() => TapeEntry[]) | null = null

  constructor(readonly capacity = DEFAULT_TAPE_CAPACITY) {
    this.ring = new Array<TapeEntry | undefined>(capacity)
  }

  get size(): number {
    this.materialize()
    return this.count
  }

  /**
   * Trades before every trade pushed so far or later, put in on the first read. dump() leaves them out while they
   * wait; load() drops them unless told the snapshot was taken while they waited.
   */
  setHistory(trades: () => TapeEntry[]): void {
    this.pending = trades
  }

  /** Whether seeded history waits for the first read (and is left out of dump()). */
  get historyPending(): boolean {
    return this.pending !== null
  }

  push(e: TapeEntry): void {
    this.ring[this.next] = e
    this.next = (this.next + 1) % this.capacity
    if (this.count < this.capacity) this.count++
  }

  /** The newest `limit` entries, newest first. */
  latest(limit: number): TapeEntry[] {
    this.materialize()
    const n = Math.min(Math.max(0, limit), this.count)
    const out: TapeEntry[] = []
    for (let k = 1; k <= n; k++) out.push(this.ring[(this.next - k + this.capacity) % this.capacity]!)
    return out
  }

  /** Every entry, oldest first, for a snapshot; not seeded history still waiting for its first read. */
  dump(): TapeEntry[] {
    const out: TapeEntry[] = []
    for (let k = this.count; k >= 1; k--) out.push(this.ring[(this.next - k + this.capacity) % this.capacity]!)
    return out
  }

  /**
   * Replaces the tape with a snapshot's entries (oldest first). `keepHistory`: the snapshot was taken while seeded
   * history waited; the history set since stays waiting under them.
   */
  load(entries: readonly TapeEntry[], keepHistory = false): void {
    if (!keepHistory) this.pending = null
    this.ring.fill(undefined)
    this.next = 0
    this.count = 0
    for (const e of entries) this.push({ ...e })
  }

  /** Up to `size` entries with id <= endId (a decimal id, compared as an integer), newest first; newest when absent. */
  page(endId: string | undefined, size: number): TapeEntry[] {
    this.materialize()
    const all = this.latest(this.count)
    const from = endId === undefined ? 0 : all.findIndex((e) => compareIds(e.id, endId) <= 0)
    return from < 0 ? [] : all.slice(from, from + size)
  }

  private materialize(): void {
    const take = this.pending
    if (!take) return
    this.pending = null
    const history = take()
    if (history.length === 0) return
    this.load(history.concat(this.dump()).slice(-this.capacity))
  }
}

export function tapeEntry(t: EngineTrade, p: Precision): TapeEntry {
  const price = new Dec(t.price)
  const qty = new Dec(t.qty)
  return {
    id: t.id,
    price: fmt(price, p.pricePrecision),
    qty: fmt(qty, p.quantityPrecision),
    amount: fmt(price.times(qty), amountPlaces(p)),
    side: t.side,
    time: t.time
  }
}

/** REST public trade. */
export function toPublicTrade(e: TapeEntry): PublicTrade {
  return { price: e.price, qty: e.qty, time: e.time, side: e.side }
}

/** Element of a WS `market_{sym}_trade_ticker` tick's data (and of a trade `req` reply); ds in UTC. */
export function toWsTrade(e: TapeEntry): WsTradeItem {
  return {
    id: e.id,
    side: e.side === 'BUY' ? 'buy' : 'sell',
    price: e.price,
    vol: e.qty,
    amount: e.amount,
    ts: e.time,
    ds: utcDateTime(e.time)
  }
}

/** "YYYY-MM-DD HH:mm:ss" in UTC. */
export function utcDateTime(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19).replace('T', ' ')
}
