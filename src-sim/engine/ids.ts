// Monotonic decimal ids as strings, starting above 2^53 like live venues' ids (3176901856236716480...).
// The value is kept as a text prefix and a number holding the last 10 digits, so issuing an id is a number
// increment and one string concatenation; BigInt runs only when the last 10 digits wrap. The generator also
// yields each id's index key (see ./order-index.ts) from its numbers, without reading the string back.

export const ORDER_ID_BASE = 3176901856236716480n
export const TRADE_ID_BASE = 2941137766571030528n

const LOW = 10_000_000_000 // 10 digits
const LOW_N = 10_000_000_000n
/** keys are the last 15 digits of an id, minus those of ORDER_ID_BASE, modulo 10^15 */
export const KEY_SPAN = 1e15
export const KEY_BASE = Number(ORDER_ID_BASE % 1_000_000_000_000_000n)

export class IdGenerator {
  private prefix = ''
  /** the last 10 digits of the next id */
  private low = 0
  /** prefix's last 5 digits as a number, times 10^10 */
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
    this.low = Number(next % LOW_N)
    this.prefixLow = Number(p % 100_000n) * LOW
  }

  private text(low: number): string {
    if (this.prefix === '') return String(low)
    // a 10-digit low part needs no padding
    return low >= 1_000_000_000 ? this.prefix + String(low) : this.prefix + String(low + LOW).slice(1)
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

/** Compare two decimal id strings numerically (no leading zeros). */
export function compareIds(a: string, b: string): number {
  if (a.length !== b.length) return a.length - b.length
  return a < b ? -1 : a > b ? 1 : 0
}
