// Monotonic decimal ids as strings, starting above 2^53 like live venues' ids (3176901856236716480...).
// The value is kept as a text prefix and a number holding the last 9 digits, so issuing an id is a number
// increment and one flat string; BigInt runs only when the last 9 digits wrap. The generator also
// yields each id's index key (see ./order-index.ts) from its numbers, without reading the string back.

export const ORDER_ID_BASE = 3176901856236716480n
export const TRADE_ID_BASE = 2941137766571030528n

const LOW = 1_000_000_000 // 9 digits: the low part stays a V8 small integer, which prints fast
const LOW_N = 1_000_000_000n
/** keys are the last 15 digits of an id, minus those of ORDER_ID_BASE, modulo 10^15 */
export const KEY_SPAN = 1e15
export const KEY_BASE = Number(ORDER_ID_BASE % 1_000_000_000_000_000n)

export class IdGenerator {
  private prefix = ''
  /** char codes of the prefix */
  private pc: number[] = []
  /** the last 9 digits of the next id */
  private low = 0
  /** prefix's last 6 digits as a number, times 10^9 */
  private prefixLow = 0
  /** key of the id returned by the last next() */
  lastKey = 0

  constructor(next: bigint) {
    this.reset(next)
  }

  private reset(next: bigint): void {
    if (next < 0n) throw new Error('ids are non-negative')
    const p = next / LOW_N
    this.prefix = p === 0n ? '' : p.toString()
    this.pc = [...this.prefix].map((c) => c.charCodeAt(0))
    this.low = Number(next % LOW_N)
    this.prefixLow = Number(p % 1_000_000n) * LOW
  }

  private text(low: number): string {
    const p = this.pc
    if (p.length === 10) {
      // the usual case (19-digit ids): build one flat string. A concatenation would give a two-part string
      // that V8 has to flatten (copy) the first time anyone reads its characters.
      let v = low
      const d8 = v % 10
      v = (v - d8) / 10
      const d7 = v % 10
      v = (v - d7) / 10
      const d6 = v % 10
      v = (v - d6) / 10
      const d5 = v % 10
      v = (v - d5) / 10
      const d4 = v % 10
      v = (v - d4) / 10
      const d3 = v % 10
      v = (v - d3) / 10
      const d2 = v % 10
      v = (v - d2) / 10
      const d1 = v % 10
      const d0 = (v - d1) / 10
      return String.fromCharCode(
        p[0]!,
        p[1]!,
        p[2]!,
        p[3]!,
        p[4]!,
        p[5]!,
        p[6]!,
        p[7]!,
        p[8]!,
        p[9]!,
        48 + d0,
        48 + d1,
        48 + d2,
        48 + d3,
        48 + d4,
        48 + d5,
        48 + d6,
        48 + d7,
        48 + d8
      )
    }
    if (this.prefix === '') return String(low)
    return this.prefix + String(low + LOW).slice(1)
  }

  /** Issue the next id. */
  next(): string {
    const low = this.low
    const id = this.text(low)
    const k = this.prefixLow + low - KEY_BASE
    this.lastKey = k >= 0 ? k : k + KEY_SPAN
    if (low + 1 === LOW) this.reset(BigInt(id) + 1n)
    else this.low = low + 1
    return id
  }

  /** The id the next call of next() returns (for snapshots). */
  peek(): string {
    return this.text(this.low)
  }
}

/**
 * myTrades paging, spot and futures alike: the records of an id-ascending list from `fromId` on (inclusive,
 * oldest first), at most `limit`; the latest `limit` when fromId is absent.
 */
export function pageFromId<T>(list: readonly T[], idOf: (r: T) => string, limit: number, fromId?: string): T[] {
  if (fromId === undefined) return list.slice(Math.max(0, list.length - limit))
  let lo = 0
  let hi = list.length
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    if (compareIds(idOf(list[mid]!), fromId) < 0) lo = mid + 1
    else hi = mid
  }
  return list.slice(lo, lo + limit)
}

/** Compare two decimal id strings numerically (no leading zeros). */
export function compareIds(a: string, b: string): number {
  if (a.length !== b.length) return a.length - b.length
  return a < b ? -1 : a > b ? 1 : 0
}
