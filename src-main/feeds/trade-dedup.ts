// Trades seen by a stream, so a gap-filling REST snapshot (trades without ids) and the live frames around it
// reach listeners exactly once. Live trades are matched by id; REST trades by (ts, price, vol, side), counted
// as a multiset because one taker order can print several identical trades. Bounded: the oldest records are
// forgotten past `capacity`, far more than one REST page.
import type { FeedTrade } from './types'

const keyOf = (t: FeedTrade): string => `${t.ts}|${t.price}|${t.vol}|${t.side}`

interface Rec {
  id: string | null
  key: string | null
}

export class TradeDedup {
  private readonly ids = new Set<string>()
  /** Delivered trades per key, with or without id. */
  private readonly count = new Map<string, number>()
  /** Delivered without id and not yet matched by a live trade carrying one. */
  private readonly anon = new Map<string, number>()
  private readonly log: Rec[] = []
  private head = 0

  constructor(private readonly capacity = 2000) {}

  /** The trades not delivered before, in the order given (newest first by convention). */
  filter(trades: FeedTrade[]): FeedTrade[] {
    const out: FeedTrade[] = []
    // An anonymous trade is new when it is the n-th of its key in this batch and n exceeds the number of
    // trades with that key delivered before the batch.
    const prior = new Map<string, number>()
    const nth = new Map<string, number>()
    for (const t of trades) {
      const k = keyOf(t)
      if (t.id !== null) {
        if (this.ids.has(t.id)) continue
        this.ids.add(t.id)
        const a = this.anon.get(k) ?? 0
        if (a > 0) {
          // already delivered by a REST snapshot; from now on known by id
          this.bump(this.anon, k, -1)
          this.remember({ id: t.id, key: null })
          continue
        }
        this.bump(this.count, k, 1)
        this.remember({ id: t.id, key: k })
        out.push(t)
        continue
      }
      if (!prior.has(k)) prior.set(k, this.count.get(k) ?? 0)
      const n = (nth.get(k) ?? 0) + 1
      nth.set(k, n)
      if (n <= prior.get(k)!) continue
      this.bump(this.count, k, 1)
      this.bump(this.anon, k, 1)
      this.remember({ id: null, key: k })
      out.push(t)
    }
    return out
  }

  private bump(m: Map<string, number>, k: string, d: number): void {
    const v = (m.get(k) ?? 0) + d
    if (v > 0) m.set(k, v)
    else m.delete(k)
  }

  private remember(r: Rec): void {
    this.log.push(r)
    if (this.log.length - this.head <= this.capacity) return
    const old = this.log[this.head++]!
    if (old.id !== null) this.ids.delete(old.id)
    if (old.key !== null) {
      this.bump(this.count, old.key, -1)
      const a = this.anon.get(old.key) ?? 0
      const c = this.count.get(old.key) ?? 0
      if (a > c) this.bump(this.anon, old.key, c - a)
    }
    // compact now and then so the log does not grow without bound
    if (this.head > this.capacity) {
      this.log.splice(0, this.head)
      this.head = 0
    }
  }
}
