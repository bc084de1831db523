// The spot/margin order history of one profile on disk (the interface has no spot order-history endpoint, so the
// terminal keeps its own). One JSON line per change of an order, appended and fdatasync'ed; on load the last line
// of an order wins. A crash can tear only the last line: it is dropped (with any other unreadable line) and the file
// rewritten atomically. The file is also rewritten once it holds far more lines than orders, keeping the newest
// `maxOrders` by creation time. Nothing secret is ever in a record.
import { open, readFile, unlink } from 'node:fs/promises'
import { writeFileAtomic } from '../vault/atomic-file'

export type HistoryModule = 'spot' | 'margin'

/** One order as last known. Decimals are the venue's exact text; ids are strings. */
export interface HistoryRecord {
  module: HistoryModule
  symbol: string
  orderId: string
  clientOrderId: string | null
  side: 'BUY' | 'SELL'
  type: string
  price: string
  volume: string
  executed: string
  /** Null until the venue tells it (create answers carry none). */
  avgPrice: string | null
  status: string
  /** Creation time on the venue, ms. */
  time: number
  /** Local ms of the last change. */
  updatedAt: number
}

export interface LoadReport {
  records: number
  /** Lines dropped as unreadable (a torn tail after a crash, or damage). */
  dropped: number
}

const DIGITS = /^\d{1,30}$/
const DECIMAL = /^\d{1,40}(?:\.\d{1,40})?$/
const str = (v: unknown, max = 64): v is string => typeof v === 'string' && v.length <= max

/** The record in a parsed line, or null when any field is missing or malformed. */
function parseRecord(line: string): HistoryRecord | null {
  try {
    return checkRecord(JSON.parse(line))
  } catch {
    return null
  }
}

/** A well-formed record with exactly its own fields, or null (also used before anything is written). */
export function checkRecord(v: unknown): HistoryRecord | null {
  if (v === null || typeof v !== 'object') return null
  const o = v as Record<string, unknown>
  const dec = (v: unknown): v is string => typeof v === 'string' && DECIMAL.test(v)
  const ms = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) >= 0
  const ok =
    (o['module'] === 'spot' || o['module'] === 'margin') &&
    str(o['symbol']) &&
    typeof o['orderId'] === 'string' &&
    DIGITS.test(o['orderId']) &&
    (o['clientOrderId'] === null || str(o['clientOrderId'])) &&
    (o['side'] === 'BUY' || o['side'] === 'SELL') &&
    str(o['type']) &&
    dec(o['price']) &&
    dec(o['volume']) &&
    dec(o['executed']) &&
    (o['avgPrice'] === null || dec(o['avgPrice'])) &&
    str(o['status']) &&
    ms(o['time']) &&
    ms(o['updatedAt'])
  if (!ok) return null
  const { module, symbol, orderId, clientOrderId, side, type, price, volume, executed, avgPrice, status, time, updatedAt } = o as unknown as HistoryRecord
  return { module, symbol, orderId, clientOrderId, side, type, price, volume, executed, avgPrice, status, time, updatedAt }
}

export const recordKey = (r: Pick<HistoryRecord, 'module' | 'orderId'>): string => `${r.module}:${r.orderId}`

/** Newest first: creation time, then order id (digit strings beyond 2^53: compared as BigInt). */
export function newestFirst(a: HistoryRecord, b: HistoryRecord): number {
  if (a.time !== b.time) return b.time - a.time
  const x = BigInt(a.orderId)
  const y = BigInt(b.orderId)
  return x === y ? (a.module < b.module ? 1 : a.module > b.module ? -1 : 0) : y > x ? 1 : -1
}

export class HistoryStore {
  readonly #path: string
  readonly #max: number
  readonly #records = new Map<string, HistoryRecord>()
  /** Lines in the file (compaction is due when they far exceed the records). */
  #lines = 0
  #pending: string[] = []
  #chain: Promise<void> = Promise.resolve()

  private constructor(path: string, maxOrders: number) {
    this.#path = path
    this.#max = maxOrders
  }

  /** Reads the file (a missing one is an empty history); a torn or damaged file is repaired at once. */
  static async open(path: string, maxOrders = 5000): Promise<{ store: HistoryStore; report: LoadReport }> {
    const s = new HistoryStore(path, maxOrders)
    let text = ''
    try {
      text = await readFile(path, 'utf8')
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e
    }
    let dropped = 0
    const lines = text.split('\n')
    // The part after the last newline is a line whose write did not finish (or nothing).
    if (lines.pop() !== '') dropped++
    for (const line of lines) {
      const r = line === '' ? null : parseRecord(line)
      if (r) s.#records.set(recordKey(r), r)
      else dropped++
    }
    s.#lines = lines.length
    const over = s.#records.size > maxOrders
    if (over) s.#trim()
    // Appending after a torn line would glue the next record to it: rewrite first.
    if (dropped > 0 || over) await s.#compact()
    return { store: s, report: { records: s.#records.size, dropped } }
  }

  get size(): number {
    return this.#records.size
  }

  get(module: HistoryModule, orderId: string): HistoryRecord | undefined {
    return this.#records.get(recordKey({ module, orderId }))
  }

  /** Every record (unordered); callers sort what they show. */
  all(): IterableIterator<HistoryRecord> {
    return this.#records.values()
  }

  /**
   * Sets records (the latest state of each order): in memory at once, on disk when the returned promise
   * resolves. Beyond the bound the oldest orders are dropped.
   */
  put(records: readonly HistoryRecord[]): Promise<void> {
    if (records.length === 0) return this.#chain
    for (const r of records) {
      this.#records.set(recordKey(r), r)
      this.#pending.push(JSON.stringify(r))
    }
    if (this.#records.size > this.#max) this.#trim()
    return this.#enqueue(() => this.#flush())
  }

  /** Waits for every write so far. */
  flush(): Promise<void> {
    return this.#chain
  }

  /** Deletes the file (the profile is gone). */
  async destroy(): Promise<void> {
    this.#records.clear()
    this.#pending = []
    await this.#enqueue(() => unlink(this.#path).catch((e: NodeJS.ErrnoException) => (e.code === 'ENOENT' ? undefined : Promise.reject(e))))
  }

  #enqueue(step: () => Promise<void>): Promise<void> {
    const run = this.#chain.then(step)
    this.#chain = run.catch(() => undefined) // one failed write must not block the next
    return run
  }

  async #flush(): Promise<void> {
    if (this.#pending.length === 0) return
    if (this.#lines + this.#pending.length > Math.max(2 * this.#records.size, this.#records.size + 1000)) return this.#compact()
    const batch = this.#pending
    this.#pending = []
    const fh = await open(this.#path, 'a', 0o600)
    try {
      await fh.writeFile(batch.map((l) => `${l}\n`).join(''), 'utf8')
      await fh.datasync()
    } finally {
      await fh.close()
    }
    this.#lines += batch.length
  }

  /** The whole history in one atomic rewrite (also covers any pending lines). */
  async #compact(): Promise<void> {
    this.#pending = []
    const lines = [...this.#records.values()].map((r) => `${JSON.stringify(r)}\n`)
    await writeFileAtomic(this.#path, lines.join(''))
    this.#lines = lines.length
  }

  /** Keeps the newest `max` orders. */
  #trim(): void {
    const sorted = [...this.#records.values()].sort(newestFirst)
    for (const r of sorted.slice(this.#max)) this.#records.delete(recordKey(r))
  }
}
