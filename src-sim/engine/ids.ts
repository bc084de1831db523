// Monotonic decimal ids as strings, starting above 2^53 like live venues' ids (3176901856236716480...).
// The value is kept as a BigInt-derived high part (text) and a low part below 10^9 (a number), so issuing an
// id is a number increment and a string concatenation; BigInt runs only when the low part wraps.

export const ORDER_ID_BASE = 3176901856236716480n
export const TRADE_ID_BASE = 2941137766571030528n

const LOW = 1_000_000_000
const LOW_N = 1_000_000_000n

export class IdGenerator {
  private hi = ''
  private lo = 0

  constructor(next: bigint) {
    this.reset(next)
  }

  private reset(next: bigint): void {
    if (next < 0n) throw new Error('ids are non-negative')
    const hi = next / LOW_N
    this.hi = hi === 0n ? '' : hi.toString()
    this.lo = Number(next % LOW_N)
  }

  /** Issue the next id. */
  next(): string {
    const lo = this.lo
    const id = this.hi === '' ? String(lo) : this.hi + String(lo + LOW).slice(1)
    if (lo + 1 === LOW) this.reset(BigInt(this.peek()) + 1n)
    else this.lo = lo + 1
    return id
  }

  /** The id the next call of next() returns (for snapshots). */
  peek(): string {
    return this.hi === '' ? String(this.lo) : this.hi + String(this.lo + LOW).slice(1)
  }
}

/** Compare two decimal id strings numerically (no leading zeros). */
export function compareIds(a: string, b: string): number {
  if (a.length !== b.length) return a.length - b.length
  return a < b ? -1 : a > b ? 1 : 0
}
