// The terminal's own spot and margin order history, per profile (the interface has a futures history endpoint but
// none for spot or margin). It records every order the terminal places or sees: the order gateway's verdicts
// (acks, reconciliations, cancels), open-orders lists and order queries, each with its latest known state. Only an
// order query confirms a state (a cancel answer has no fills, a create answer no average price), so an order not
// settled (final and confirmed) is read back from the venue (the catalog's order query) when its history is loaded
// (at start), shortly after the terminal's own place or cancel, when it leaves its symbol's open-orders list, and
// when a page showing it is read; so a filled or canceled order ends with its final figures.
import { mkdir, readdir } from 'node:fs/promises'
import { join } from 'node:path'
import type { SpotOrderQuery } from '@shared/api/wire'
import { isExchangeError } from '../client/errors'
import type { ExchangeClient } from '../client/exchange-client'
import { fromAck, fromOpenOrder, fromQuery, isSettled, merge, type Built, type SeenOpenOrder } from './history-records'
import { deleteHistoryFile, HistoryStore, newestFirst, recordKey, type HistoryRecord } from './history-store'
import type { GatewayEvent } from './types'
import { reasonOf } from './reconcile'
import { isNoSuchOrder, MARKET_OPS, refParams } from './venue-ops'
import type { SpotModule } from '@shared/module'

export interface OrderHistoryOptions {
  /** Folder of the history files, one `<profileId>.jsonl` each. */
  dir: string
  /** The profile's exchange client (signing with its keys). */
  clientOf(profileId: string): ExchangeClient
  log?: (line: string) => void
  /** Orders kept per profile (the oldest go first). Default 5000. */
  maxOrders?: number
  /** Delay before an order is read back after the terminal's own place or cancel. Default 1000 ms. */
  settleDelayMs?: number
  /**
   * Least time between two reads of the same order (not after the terminal's own place or cancel). Default 10 000 ms.
   */
  requeryMs?: number
  /** First wait after a read the venue did not answer; doubles up to 60 s. Default 2000 ms. */
  retryMs?: number
  /** Told of every recorded change, any profile (the gateway settles undetermined actions the orders answer). */
  onRecorded?: (profileId: string, changed: readonly HistoryRecord[]) => void
  /** Takes every secret out of a record before it is written (main's secret scrubber). */
  scrub?: <T>(value: T) => T
}

export interface HistoryQuery {
  module?: SpotModule
  symbol?: string
  limit: number
  /** `time:orderId:module` of the last order of the previous page. */
  before?: string
}

interface Due {
  module: SpotModule
  symbol: string
  orderId: string
  at: number
  tries: number
}

interface ProfileHistory {
  store: HistoryStore
  queue: Map<string, Due>
  /** Local ms of the last read of each order (throttles re-reads). */
  readAt: Map<string, number>
  /**
   * Orders the venue says do not exist (a profile pointed at another venue), or answers unusably: not read again this
   * session.
   */
  gone: Set<string>
  /** Orders whose unusable record was logged (once each). */
  logged: Set<string>
  listeners: Set<(changed: HistoryRecord[]) => void>
  timer: ReturnType<typeof setTimeout> | undefined
  busy: boolean
}

const MAX_TRIES = 6
/** Open-orders lists are read with this limit; a full one may be cut short, so nothing is inferred from it. */
const OPEN_LIST_LIMIT = 1000
const SAFE_ID = /^[A-Za-z0-9-]{1,64}$/

// The module is part of the cursor: a spot and a margin order may share the time and the id.
const historyCursor = (r: Pick<HistoryRecord, 'time' | 'orderId' | 'module'>): string =>
  `${r.time}:${r.orderId}:${r.module}`

export class OrderHistory {
  readonly #o: Required<Omit<OrderHistoryOptions, 'log'>> & { log: (line: string) => void }
  readonly #profiles = new Map<string, Promise<ProfileHistory>>()
  /** Removed profiles: a late answer or poll must not bring their file back. */
  readonly #forgotten = new Set<string>()
  #closed = false

  constructor(o: OrderHistoryOptions) {
    this.#o = {
      maxOrders: 5000,
      settleDelayMs: 1000,
      requeryMs: 10_000,
      retryMs: 2000,
      log: () => undefined,
      onRecorded: () => undefined,
      scrub: (v) => v,
      ...o
    }
  }

  /** Loads the histories on disk of these profiles, so their unsettled orders are read back now. */
  async start(profileIds: readonly string[]): Promise<void> {
    const files = new Set(await readdir(this.#o.dir).catch(() => [] as string[]))
    await Promise.all(
      profileIds.filter((id) => files.has(`${id}.jsonl`)).map((id) => this.#profile(id).catch(() => undefined))
    )
  }

  /** A verdict of the order gateway: the order as acknowledged, then read back once settled. */
  onGatewayEvent(profileId: string, e: GatewayEvent): void {
    if (e.type !== 'settled' || e.result.market === 'futures') return
    const module = e.result.market
    const symbol = e.result.symbol
    void this.#with(profileId, async (p) => {
      // The terminal's own action: read back after the settle delay, whatever the last read (force).
      if (e.action === 'place') {
        if (e.result.status !== 'placed') return
        const rec = this.#usable(
          profileId,
          p,
          module,
          e.result.orderId,
          'create answer',
          fromAck(module, e.result, e.request, Date.now())
        )
        if (rec) await this.#upsert(profileId, p, [rec])
        // Even a FILLED answer: it carries no average price, and only a query confirms it.
        this.#enqueue(p, module, symbol, e.result.orderId, this.#o.settleDelayMs, true)
        return
      }
      const r = e.result
      if (!r.orderId) return
      const known = p.store.get(module, r.orderId)
      if (known && r.status === 'canceled') {
        const status = (r.order as { status?: unknown }).status
        if (typeof status === 'string' && status !== '')
          await this.#upsert(profileId, p, [{ ...known, status, confirmed: false, updatedAt: Date.now() }])
      }
      // A cancel answer has no fill figures; a refused cancel may mean the order filled: read it either way.
      this.#enqueue(p, module, symbol, r.orderId, this.#o.settleDelayMs, true)
    })
  }

  /**
   * A complete open-orders list of one symbol: its orders are recorded, and unfinished ones missing from it read back.
   */
  sawOpenOrders(profileId: string, module: SpotModule, symbol: string, orders: readonly SeenOpenOrder[]): void {
    void this.#with(profileId, async (p) => {
      const now = Date.now()
      const seen = orders
        .map((o) => this.#usable(profileId, p, module, o.orderId, 'open-orders list', fromOpenOrder(module, o, now)))
        .filter((r): r is HistoryRecord => r !== null)
      await this.#upsert(profileId, p, seen)
      if (orders.length >= OPEN_LIST_LIMIT) return
      const open = new Set(orders.map((o) => o.orderId))
      for (const r of p.store.all()) {
        if (r.module === module && r.symbol === symbol && !isSettled(r) && !open.has(r.orderId))
          this.#enqueue(p, module, symbol, r.orderId, 0)
      }
    })
  }

  /** A page of the history, newest first, and the cursor of the next page (null on the last). */
  async list(profileId: string, q: HistoryQuery): Promise<{ records: HistoryRecord[]; nextCursor: string | null }> {
    const p = await this.#profile(profileId)
    const all = [...p.store.all()]
      .filter(
        (r) => (q.module === undefined || r.module === q.module) && (q.symbol === undefined || r.symbol === q.symbol)
      )
      .sort(newestFirst)
    let start = 0
    if (q.before !== undefined) {
      const [t, orderId, m] = q.before.split(':') as [string, string, SpotModule]
      const at = { time: Number(t), orderId, module: m }
      start = all.findIndex((r) => newestFirst(r, at) > 0)
      if (start < 0) start = all.length
    }
    const records = all.slice(start, start + q.limit)
    // What is on screen and not settled is read back (each order at most once per requeryMs).
    for (const r of records) if (!isSettled(r)) this.#enqueue(p, r.module, r.symbol, r.orderId, 0)
    this.#pump(profileId, p)
    const more = start + q.limit < all.length
    return { records, nextCursor: more && records.length > 0 ? historyCursor(records[records.length - 1]!) : null }
  }

  /** The spot and margin markets the profile has orders of (the PnL analytics read their fills). */
  async markets(profileId: string): Promise<{ module: SpotModule; symbol: string }[]> {
    const seen = new Map<string, { module: SpotModule; symbol: string }>()
    for (const r of (await this.#profile(profileId)).store.all())
      seen.set(`${r.module}:${r.symbol}`, { module: r.module, symbol: r.symbol })
    return [...seen.values()]
  }

  /** Changed orders of a profile, as they are recorded. */
  onChange(profileId: string, fn: (changed: HistoryRecord[]) => void): () => void {
    let off = false
    let stop: () => void = () => undefined
    void this.#profile(profileId).then(
      (p) => {
        if (off) return
        p.listeners.add(fn)
        stop = () => p.listeners.delete(fn)
      },
      () => undefined
    )
    return () => {
      off = true
      stop()
    }
  }

  /**
   * The profile is gone: its history file is deleted without being read (a failure is logged; the profile is gone
   * either way), and nothing recorded for it afterwards.
   */
  async forget(profileId: string): Promise<void> {
    this.#forgotten.add(profileId)
    const pp = this.#profiles.get(profileId)
    this.#profiles.delete(profileId)
    const p = pp ? await pp.catch(() => null) : null
    if (p) {
      clearTimeout(p.timer)
      p.queue.clear()
      p.listeners.clear()
    }
    try {
      if (p) await p.store.destroy()
      else if (SAFE_ID.test(profileId)) await deleteHistoryFile(this.#file(profileId))
    } catch (e) {
      this.#o.log(`order history: profile ${profileId}: the file could not be deleted: ${(e as Error).message}`)
    }
  }

  /** Stops reading the venue and waits for every write. */
  async close(): Promise<void> {
    this.#closed = true
    for (const pp of this.#profiles.values()) {
      const p = await pp.catch(() => null)
      if (!p) continue
      clearTimeout(p.timer)
      p.queue.clear()
      await p.store.flush()
    }
  }

  #profile(profileId: string): Promise<ProfileHistory> {
    if (this.#forgotten.has(profileId)) return Promise.reject(new Error('the profile was removed'))
    let pp = this.#profiles.get(profileId)
    if (!pp) {
      pp = this.#load(profileId)
      pp.catch((e: unknown) => {
        this.#profiles.delete(profileId) // retried on next use
        this.#o.log(`order history: profile ${profileId} could not be loaded: ${(e as Error).message}`)
      })
      this.#profiles.set(profileId, pp)
    }
    return pp
  }

  async #load(profileId: string): Promise<ProfileHistory> {
    if (!SAFE_ID.test(profileId)) throw new Error('profile id is not a safe file name')
    await mkdir(this.#o.dir, { recursive: true, mode: 0o700 })
    const { store, report } = await HistoryStore.open(
      this.#file(profileId),
      this.#o.maxOrders,
      undefined,
      this.#o.scrub
    )
    if (report.dropped > 0)
      this.#o.log(
        `order history: profile ${profileId}: ${report.dropped} unreadable line(s) dropped (a write cut short by a crash)`
      )
    const p: ProfileHistory = {
      store,
      queue: new Map(),
      readAt: new Map(),
      gone: new Set(),
      logged: new Set(),
      listeners: new Set(),
      timer: undefined,
      busy: false
    }
    for (const r of store.all()) if (!isSettled(r)) this.#enqueue(p, r.module, r.symbol, r.orderId, 0)
    this.#pump(profileId, p)
    return p
  }

  /** Runs `fn` on the profile's history once loaded; failures are logged, never thrown at the caller. */
  #with(profileId: string, fn: (p: ProfileHistory) => Promise<void>): Promise<void> {
    if (this.#forgotten.has(profileId)) return Promise.resolve()
    return this.#profile(profileId)
      .then(async (p) => {
        await fn(p)
        this.#pump(profileId, p)
      })
      .catch((e: unknown) => this.#o.log(`order history: profile ${profileId}: ${(e as Error).message}`))
  }

  /** Merges what was learned; writes and announces only orders that changed. */
  async #upsert(profileId: string, p: ProfileHistory, incoming: readonly HistoryRecord[]): Promise<void> {
    const changed: HistoryRecord[] = []
    for (const r of incoming) {
      const next = merge(p.store.get(r.module, r.orderId), r)
      if (next) changed.push(next)
    }
    if (changed.length === 0) return
    // An old final order the bound drops at once is neither written nor announced.
    const { kept, written } = p.store.put(changed)
    if (kept.length > 0) {
      try {
        this.#o.onRecorded(profileId, kept)
      } catch {
        // a failing observer must not stop the recording
      }
    }
    for (const l of kept.length > 0 ? [...p.listeners] : []) {
      try {
        l(kept)
      } catch {
        // a failing listener must not stop the recording
      }
    }
    await written
  }

  /** The record, or null after logging (once per order, naming the field, never its value) why it is unusable. */
  #usable(
    profileId: string,
    p: ProfileHistory,
    module: SpotModule,
    orderId: string,
    source: string,
    b: Built
  ): HistoryRecord | null {
    if (b.record) return b.record
    const key = recordKey({ module, orderId: String(orderId) })
    if (!p.logged.has(key)) {
      p.logged.add(key)
      this.#o.log(
        `order history: profile ${profileId}: ${module} order ${String(orderId).slice(0, 40)}: the venue's ${source} is unusable (${b.bad}); not recorded from it`
      )
    }
    return null
  }

  /** `force`: after the terminal's own action, read even if the order was read less than requeryMs ago. */
  #enqueue(
    p: ProfileHistory,
    module: SpotModule,
    symbol: string,
    orderId: string,
    delayMs: number,
    force = false
  ): void {
    const key = recordKey({ module, orderId })
    if (this.#closed || p.gone.has(key)) return
    const at = force
      ? Date.now() + delayMs
      : Math.max(Date.now() + delayMs, (p.readAt.get(key) ?? -Infinity) + this.#o.requeryMs)
    const due = p.queue.get(key)
    if (due && due.at <= at) return
    p.queue.set(key, { module, symbol, orderId, at, tries: due?.tries ?? 0 })
  }

  /** Reads due orders one at a time (background priority: user actions go first), then sleeps until the next is due. */
  #pump(profileId: string, p: ProfileHistory): void {
    if (p.busy || this.#closed) return
    clearTimeout(p.timer)
    const now = Date.now()
    const next = [...p.queue.values()].sort((a, b) => a.at - b.at)[0]
    if (!next) return
    if (next.at > now) {
      p.timer = setTimeout(() => this.#pump(profileId, p), next.at - now)
      p.timer.unref?.()
      return
    }
    p.busy = true
    void this.#read(profileId, p, next).finally(() => {
      p.busy = false
      this.#pump(profileId, p)
    })
  }

  #file(profileId: string): string {
    return join(this.#o.dir, `${profileId}.jsonl`)
  }

  async #read(profileId: string, p: ProfileHistory, d: Due): Promise<void> {
    const key = recordKey(d)
    p.queue.delete(key)
    p.readAt.set(key, Date.now())
    try {
      const o = (await this.#o
        .clientOf(profileId)
        .call(MARKET_OPS[d.module].query, refParams(d.module, d.symbol, { orderId: d.orderId }), {
          priority: 'background'
        })) as SpotOrderQuery
      if (this.#closed || this.#profiles.get(profileId) === undefined) return
      const rec = this.#usable(
        profileId,
        p,
        d.module,
        d.orderId,
        'order query',
        fromQuery(d, o, p.store.get(d.module, d.orderId), Date.now())
      )
      if (rec) await this.#upsert(profileId, p, [rec])
      else p.gone.add(key) // asking again would get the same answer
    } catch (e) {
      if (this.#closed) return
      if (isNoSuchOrder(e)) return void p.gone.add(key)
      if (isExchangeError(e) && e.endpointId === 'credentials') {
        p.queue.clear() // no keys: nothing can be read until they are added (the next load tries again)
        return
      }
      if (d.tries + 1 >= MAX_TRIES) {
        this.#o.log(`order history: order ${d.orderId} of profile ${profileId} could not be read back: ${reasonOf(e)}`)
        return
      }
      p.queue.set(key, { ...d, tries: d.tries + 1, at: Date.now() + Math.min(60_000, this.#o.retryMs * 2 ** d.tries) })
    }
  }
}
