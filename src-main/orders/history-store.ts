// The spot/margin order history of one profile on disk (the interface has no spot order-history endpoint, so the
// terminal keeps its own). One JSON line per change of an order, appended and fdatasync'ed; on load the last line
// of an order wins. A crash can tear only the last line: it is dropped (with any other unreadable line) and the file
// rewritten atomically. The file is also rewritten once it holds far more lines than orders, keeping the newest
// `maxOrders` by creation time (unfinished orders are never dropped). A failed write leaves the file suspect (a
// partial line): the next write rewrites it whole instead of appending. Nothing secret is ever in a record.
import { open, readFile, unlink } from 'node:fs/promises'
import { isDecimalText } from '@shared/decimal'
import { writeFileAtomic } from '../vault/atomic-file'
import { isTerminal } from './venue-ops'
import type { SpotModule } from '@shared/module'

/** One order as last known. Decimals are the venue's exact text; ids are strings. */
export interface HistoryRecord {
  module: SpotModule
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
  /** The state came from an order query (the venue's own answer); anything else is read back until it is. */
  confirmed: boolean
}

/** How the store writes (replaced in tests to inject a failing disk). */
export interface HistoryIo {
  /** Appends and fdatasyncs; a failure may leave part of `text` written. */
  append(path: string, text: string): Promise<void>
  /** Replaces the whole file atomically. */
  rewrite(path: string, text: string): Promise<void>
}

const fileIo: HistoryIo = {
  async append(path, text) {
    const fh = await open(path, 'a', 0o600)
    try {
      await fh.writeFile(text, 'utf8')
      await fh.datasync()
    } finally {
      await fh.close()
    }
  },
  rewrite: (path, text) => writeFileAtomic(path, text)
}

export interface LoadReport {
  records: number
  /** Lines dropped as unreadable (a torn tail after a crash, or damage). */
  dropped: number
}

const DIGITS = /^\d{1,30}$/
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
  if (badField(v) !== null) return null
  const {
    module,
    symbol,
    orderId,
    clientOrderId,
    side,
    type,
    price,
    volume,
    executed,
    avgPrice,
    status,
    time,
    updatedAt,
    confirmed
  } = v as HistoryRecord
  // Lines written before `confirmed` existed were never confirmed.
  return {
    module,
    symbol,
    orderId,
    clientOrderId,
    side,
    type,
    price,
    volume,
    executed,
    avgPrice,
    status,
    time,
    updatedAt,
    confirmed: confirmed === true
  }
}

/** The name of the first missing or malformed field (for a log line that shows no value), or null. */
export function badField(v: unknown): string | null {
  if (v === null || typeof v !== 'object') return 'record'
  const o = v as Record<string, unknown>
  const dec = (v: unknown): boolean => isDecimalText(v, { allowNegative: false })
  const ms = (v: unknown): boolean => Number.isSafeInteger(v) && (v as number) >= 0
  const checks: [string, boolean][] = [
    ['module', o['module'] === 'spot' || o['module'] === 'margin'],
    ['symbol', str(o['symbol'])],
    ['orderId', typeof o['orderId'] === 'string' && DIGITS.test(o['orderId'])],
    ['clientOrderId', o['clientOrderId'] === null || str(o['clientOrderId'])],
    ['side', o['side'] === 'BUY' || o['side'] === 'SELL'],
    ['type', str(o['type'])],
    ['price', dec(o['price'])],
    ['volume', dec(o['volume'])],
    ['executed', dec(o['executed'])],
    ['avgPrice', o['avgPrice'] === null || dec(o['avgPrice'])],
    ['status', str(o['status'])],
    ['time', ms(o['time'])],
    ['updatedAt', ms(o['updatedAt'])],
    ['confirmed', o['confirmed'] === undefined || typeof o['confirmed'] === 'boolean']
  ]
  return checks.find(([, ok]) => !ok)?.[0] ?? null
}

export const recordKey = (r: Pick<HistoryRecord, 'module' | 'orderId'>): string => `${r.module}:${r.orderId}`

/** Newest first: creation time, then order id (digit strings beyond 2^53: compared as BigInt). */
export function newestFirst(
  a: Pick<HistoryRecord, 'time' | 'orderId' | 'module'>,
  b: Pick<HistoryRecord, 'time' | 'orderId' | 'module'>
): number {
  if (a.time !== b.time) return b.time - a.time
  const x = BigInt(a.orderId)
  const y = BigInt(b.orderId)
  return x === y ? (a.module < b.module ? 1 : a.module > b.module ? -1 : 0) : y > x ? 1 : -1
}

export class HistoryStore {
  readonly #path: string
  readonly #max: number
  readonly #io: HistoryIo
  readonly #records = new Map<string, HistoryRecord>()
  /** Lines in the file (compaction is due when they far exceed the records). */
  #lines = 0
  #pending: string[] = []
  /** A write failed: the file may end in a partial line, so the next write is a whole rewrite. */
  #dirty = false
  #destroyed = false
  #chain: Promise<void> = Promise.resolve()

  readonly #scrub: <T>(value: T) => T

  private constructor(path: string, maxOrders: number, io: HistoryIo, scrub: <T>(value: T) => T) {
    this.#path = path
    this.#max = maxOrders
    this.#io = io
    this.#scrub = scrub
  }

  /** Reads the file (a missing one is an empty history); a torn or damaged file is repaired at once. */
  /** `scrub` takes every secret out of a record before it is written (records come from venues' answers). */
  static async open(
    path: string,
    maxOrders = 5000,
    io: HistoryIo = fileIo,
    scrub: <T>(value: T) => T = (v) => v
  ): Promise<{ store: HistoryStore; report: LoadReport }> {
    const s = new HistoryStore(path, maxOrders, io, scrub)
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
    const before = s.#records.size
    s.#trim()
    // Appending after a torn line would glue the next record to it: rewrite first.
    if (dropped > 0 || s.#records.size < before) await s.#compact()
    return { store: s, report: { records: s.#records.size, dropped } }
  }

  get size(): number {
    return this.#records.size
  }

  get(module: SpotModule, orderId: string): HistoryRecord | undefined {
    return this.#records.get(recordKey({ module, orderId }))
  }

  /** Every record (unordered); callers sort what they show. */
  all(): IterableIterator<HistoryRecord> {
    return this.#records.values()
  }

  /**
   * Sets records (the latest state of each order): in memory at once, on disk when `written` resolves. Beyond
   * the bound the oldest final orders are dropped; `kept` are the given records still held (only those are written).
   */
  put(records: readonly HistoryRecord[]): { kept: HistoryRecord[]; written: Promise<void> } {
    if (this.#destroyed) return { kept: [], written: Promise.resolve() }
    for (const r of records) this.#records.set(recordKey(r), r)
    this.#trim()
    const kept = records.filter((r) => this.#records.get(recordKey(r)) === r)
    if (kept.length === 0) return { kept, written: this.#chain }
    this.#pending.push(...kept.map((r) => JSON.stringify(this.#scrub(r))))
    return { kept, written: this.#enqueue(() => this.#flush()) }
  }

  /** Waits for every write so far, retrying one that failed. */
  flush(): Promise<void> {
    return this.#dirty || this.#pending.length > 0 ? this.#enqueue(() => this.#flush()) : this.#chain
  }

  /** Deletes the file (the profile is gone); later puts write nothing. */
  async destroy(): Promise<void> {
    this.#destroyed = true
    this.#records.clear()
    this.#pending = []
    await this.#enqueue(() => unlinkIfThere(this.#path))
  }

  #enqueue(step: () => Promise<void>): Promise<void> {
    const run = this.#chain.then(step)
    this.#chain = run.catch(() => undefined) // one failed write must not block the next
    return run
  }

  async #flush(): Promise<void> {
    if (this.#destroyed) return
    if (this.#dirty || this.#lines + this.#pending.length > Math.max(2 * this.#records.size, this.#records.size + 1000))
      return this.#compact()
    if (this.#pending.length === 0) return
    const batch = this.#pending
    this.#pending = []
    try {
      await this.#io.append(this.#path, batch.map((l) => `${l}\n`).join(''))
    } catch (e) {
      this.#pending = [...batch, ...this.#pending]
      this.#dirty = true
      throw e
    }
    this.#lines += batch.length
  }

  /** The whole history in one atomic rewrite (also covers any pending lines). */
  async #compact(): Promise<void> {
    if (this.#destroyed) return
    this.#pending = []
    const lines = [...this.#records.values()].map((r) => `${JSON.stringify(this.#scrub(r))}\n`)
    try {
      await this.#io.rewrite(this.#path, lines.join(''))
    } catch (e) {
      this.#dirty = true // the records are in memory: the next write tries the rewrite again
      throw e
    }
    this.#dirty = false
    this.#lines = lines.length
  }

  /** Keeps the newest `max` orders, dropping only final ones (an open one would come back with the next poll). */
  #trim(): void {
    let over = this.#records.size - this.#max
    if (over <= 0) return
    const oldestFirst = [...this.#records.values()]
      .filter((r) => isTerminal(r.status))
      .sort(newestFirst)
      .reverse()
    for (const r of oldestFirst) {
      if (over-- <= 0) break
      this.#records.delete(recordKey(r))
    }
  }
}

const unlinkIfThere = (path: string): Promise<void> =>
  unlink(path).catch((e: NodeJS.ErrnoException) => (e.code === 'ENOENT' ? undefined : Promise.reject(e)))

/** Deletes a profile's history file without reading it. */
export const deleteHistoryFile = unlinkIfThere
