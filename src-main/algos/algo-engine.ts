// One profile's algorithm engine: runs each algorithm's state machine (machine.ts) over the profile's venue port
// (algo-venue.ts: the order gateway), one step at a time per algorithm, every change journaled (algo-store.ts)
// before it is acted on. Started again on the same journal it resumes each algorithm where it stood: a child whose
// place or cancel had no known outcome is reconciled first, and a trigger that passed while the terminal was closed
// fires late only if the user chose that (machine.ts onPrice).
import { randomUUID } from 'node:crypto'
import type { Words } from '@shared/i18n/words'
import { makeClientOrderId } from '../client/client-order-id'
import { linking } from '../orders/said'
import { ServiceError } from '../services/errors'
import type { AlgoStore } from './algo-store'
import type { AlgoVenue } from './algo-venue'
import { decide, onPrice, type Step } from './machine'
import { firesAtOnce, readEdit, type AlgoPatch } from './edits'
import { childOpen, futuresFault } from './futures-spec'
import { w, type BestPrices } from './steps'
import { scaledLevels } from './scaled'
import { twapSchedule } from './twap'
import { TERMINAL_STATES, TRIGGER_KINDS, type Algo, type AlgoRules, type AlgoSpec, type ChildOrder } from './types'

/** The last price of a symbol, followed; `dead` when its source stopped (nothing triggers on stale prices). */
export type LastPrice = { price: string; at: number } | { dead: string }
export interface AlgoPrices {
  /** `module`: the algorithm's (spot when not said; futures: the contract's last price). */
  follow(symbol: string, fn: (p: LastPrice) => void, module?: 'spot' | 'futures'): () => void
}

export interface AlgoEngineOptions {
  profileId: string
  store: AlgoStore
  venue: AlgoVenue
  prices: AlgoPrices
  /** How often live children are read for their fills. Default 1000 ms. */
  pollMs?: number
  /** Reads of a cancelled child until it shows final. Default 8, backing off from `readBackoffMs`. */
  finalReads?: number
  readBackoffMs?: number
  now?: () => number
  newClientOrderId?: () => string
  /** A TWAP's jitter. Default Math.random. */
  random?: () => number
  log?: (line: string) => void
  /** Told after every change (the contract's stream). */
  onChange?: (algos: Algo[]) => void
}

/** A refusal of a command, in words naming the rule (the contract error `algo-rule`). */
export class AlgoRefusal extends ServiceError {
  constructor(words: Words, field?: string) {
    super('algo-rule', words, field)
  }
}

export class AlgoEngine {
  readonly #o: AlgoEngineOptions
  readonly #algos = new Map<string, Algo>()
  /** Each algorithm's steps run one after another. */
  readonly #runs = new Map<string, Promise<void>>()
  readonly #follows = new Map<string, () => void>()
  /** Algorithms of a previous run that have not seen a price in this one (machine.ts onPrice `first`). */
  readonly #resumed = new Set<string>()
  /** Whether a step is running or asked for, so a price or poll tick during it runs the machine once more. */
  readonly #again = new Set<string>()
  /** Each chase's book as last read (not journaled: market data, read again after a restart). */
  readonly #books = new Map<string, BestPrices>()
  /** Each algorithm's last price as followed (not journaled; none while its feed is dead): an edit is read by it. */
  readonly #lastPrices = new Map<string, string>()
  #timer: ReturnType<typeof setInterval> | null = null
  #closed = false
  #saving: Promise<void> = Promise.resolve()

  constructor(o: AlgoEngineOptions) {
    this.#o = o
    const { algos } = o.store.load()
    for (const a of algos) {
      this.#algos.set(a.id, a)
      if (!TERMINAL_STATES.has(a.state)) this.#resumed.add(a.id)
    }
    for (const a of this.#algos.values()) this.#start(a.id)
    this.#timer = setInterval(() => this.#poll(), o.pollMs ?? 1000)
    this.#timer.unref?.()
  }

  list(): Algo[] {
    return [...this.#algos.values()].sort((x, y) => x.createdAt - y.createdAt).map((a) => structuredClone(a))
  }

  get(id: string): Algo | undefined {
    const a = this.#algos.get(id)
    return a && structuredClone(a)
  }

  /** A chase's book as last read (none before its first read): what its shown next step is decided on. */
  bookOf(id: string): BestPrices | undefined {
    return this.#books.get(id)
  }

  /** Creates an algorithm from a validated spec (and its symbol's rules): journaled first, then started. */
  async create(spec: AlgoSpec, rules?: AlgoRules): Promise<Algo> {
    this.#open()
    const now = this.#now()
    let levels: Algo['levels']
    if (spec.kind === 'scaled') {
      const laid = rules ? scaledLevels(spec, rules) : { ok: false as const, words: w('algos.refuse.closed') }
      if (!laid.ok) throw new AlgoRefusal(laid.words)
      levels = laid.levels
    }
    const a: Algo = {
      id: randomUUID(),
      profileId: this.#o.profileId,
      spec,
      // Stops wait for their trigger; the others send their first order at once.
      state: TRIGGER_KINDS.has(spec.kind) ? 'waiting' : 'working',
      children: [],
      ...(rules ? { rules } : {}),
      ...(spec.kind === 'twap' ? { schedule: twapSchedule(spec, now, this.#o.random ?? Math.random) } : {}),
      ...(levels ? { levels } : {}),
      createdAt: now,
      updatedAt: now
    }
    await this.#commit(a)
    this.#start(a.id)
    return structuredClone(a)
  }

  async pause(id: string): Promise<Algo> {
    return this.#command(id, (a) => {
      if (a.state === 'paused') return null
      if (a.state !== 'waiting' && a.state !== 'working')
        throw new AlgoRefusal(w('algos.refuse.notRunning', { state: a.state }))
      return { ...a, state: 'paused', pausedFrom: a.state, updatedAt: this.#now() }
    })
  }

  /** Resumes a paused algorithm; one paused on a missed trigger fires now (the user chose it). */
  async resume(id: string): Promise<Algo> {
    return this.#command(id, (a) => {
      if (a.state !== 'paused') throw new AlgoRefusal(w('algos.refuse.notPaused', { state: a.state }))
      const { missed, reason: _r, pausedFrom, ...rest } = a
      this.#resumed.delete(id)
      return {
        ...rest,
        state: pausedFrom ?? 'waiting',
        ...(missed ? { triggered: { price: missed.price, at: this.#now(), late: true } } : {}),
        updatedAt: this.#now()
      }
    })
  }

  /**
   * A safe edit (edits.ts), read against the algorithm as it stands now (refused while a child's outcome is
   * unknown), journaled, then acted on by its machine at its next step.
   */
  async edit(id: string, patch: AlgoPatch): Promise<Algo> {
    return this.#command(id, (a) => {
      const r = readEdit(a, patch, this.#now())
      if (!r.ok) throw new AlgoRefusal(r.words, r.field)
      const fires = firesAtOnce(a, r.spec, this.#lastPrices.get(id), this.#now())
      if (fires) throw new AlgoRefusal(fires.words, fires.field)
      const moved = r.edit.changes.some((c) => c.field === 'triggerPrice' || c.field === 'trailPercent')
      // A trigger missed while closed was the old trigger's: moved, resuming watches the new one (nothing fires).
      const { missed: _m, reason: _r, ...rest } = a
      const kept = moved && a.missed ? rest : a
      return { ...kept, spec: r.spec, edits: [...(a.edits ?? []), r.edit], updatedAt: this.#now() }
    })
  }

  /** Cancels an algorithm: its live children are cancelled, then it ends 'cancelled'. */
  async cancel(id: string, reason: Words = w('algos.reason.cancelled')): Promise<Algo> {
    return this.#command(id, (a) => this.#stopping(a, reason))
  }

  /**
   * The kill switch: every running algorithm of the profile is stopping (journaled) when this resolves; each
   * cancels its live children and then ends 'cancelled'.
   */
  async killAll(): Promise<Algo[]> {
    const ids = [...this.#algos.values()].filter((a) => !TERMINAL_STATES.has(a.state)).map((a) => a.id)
    await Promise.all(ids.map((id) => this.cancel(id, w('algos.reason.killed')).catch(() => undefined)))
    return ids.map((id) => this.get(id)!)
  }

  /** The profile's venue was replaced (its feeds closed under the follows): every running algorithm follows anew. */
  refollow(): void {
    for (const id of [...this.#follows.keys()]) {
      this.#unfollow(id)
      this.#start(id)
    }
  }

  /** Resolves once every algorithm's current steps are done (tests, close). */
  async idle(): Promise<void> {
    await Promise.all([...this.#runs.values()])
    await this.#saving
  }

  /** Stops stepping; what is journaled stays for the next start. */
  async close(): Promise<void> {
    this.#closed = true
    if (this.#timer) clearInterval(this.#timer)
    for (const off of this.#follows.values()) off()
    this.#follows.clear()
    await this.#o.store.flushed()
  }

  #now(): number {
    return (this.#o.now ?? Date.now)()
  }

  #open(): void {
    if (this.#closed) throw new AlgoRefusal(w('algos.refuse.closed'))
  }

  #stopping(a: Algo, reason: Words, end: 'cancelled' | 'failed' = 'cancelled'): Algo | null {
    if (TERMINAL_STATES.has(a.state) || a.state === 'stopping') return null
    const { pausedFrom: _p, missed: _m, ...rest } = a
    return { ...rest, state: 'stopping', stopping: { end, reason }, updatedAt: this.#now() }
  }

  async #command(id: string, change: (a: Algo) => Algo | null): Promise<Algo> {
    this.#open()
    const a = this.#algos.get(id)
    if (!a) throw new AlgoRefusal(w('algos.refuse.notFound'), 'id')
    // Applied at once, not behind a step in progress (a place may wait long for its verdict): a step reads the
    // algorithm afresh after every answer, so it sees the change before it decides anything more.
    const next = change(a)
    if (next) await this.#commit(next)
    this.#kick(id)
    return this.get(id)!
  }

  async #commit(a: Algo): Promise<void> {
    // A closed engine writes nothing more: the next one owns the journal (a step still running here is dropped).
    if (this.#closed) throw new Error('the algorithm engine is closed')
    this.#algos.set(a.id, a)
    const write = this.#o.store.save([...this.#algos.values()])
    this.#saving = write.catch(() => undefined)
    await write
    if (TERMINAL_STATES.has(a.state)) this.#unfollow(a.id)
    this.#o.onChange?.(this.list())
  }

  #start(id: string): void {
    const a = this.#algos.get(id)
    if (!a || TERMINAL_STATES.has(a.state) || this.#closed) return
    if (!this.#follows.has(id))
      this.#follows.set(
        id,
        this.#o.prices.follow(a.spec.symbol, (p) => this.#price(id, p), a.spec.module)
      )
    this.#kick(id, a.spec.kind === 'chase') // a chase reads the book first
  }

  #unfollow(id: string): void {
    this.#follows.get(id)?.()
    this.#follows.delete(id)
  }

  #price(id: string, p: LastPrice): void {
    if ('dead' in p) this.#lastPrices.delete(id)
    else this.#lastPrices.set(id, p.price)
    if (this.#closed || 'dead' in p) return
    void this.#queue(id, async () => {
      const a = this.#algos.get(id)
      if (!a) return
      const first = this.#resumed.has(id)
      const next = onPrice(a, p.price, p.at, first)
      this.#resumed.delete(id)
      if (!next) return
      if (next.missed) this.#o.log?.(`algos: ${id}: its trigger passed while the terminal was closed (${p.price})`)
      await this.#commit(next)
      if (next.triggered && !a.triggered) this.#again.add(id)
    }).then(() => {
      if (this.#again.delete(id)) this.#kick(id)
    })
  }

  /** Live children are read for their fills; a step that failed for a transient reason is tried again. */
  #poll(): void {
    for (const a of this.#algos.values()) if (!TERMINAL_STATES.has(a.state)) this.#kick(a.id, true)
  }

  #queue(id: string, fn: () => Promise<void>): Promise<void> {
    const run = (this.#runs.get(id) ?? Promise.resolve()).then(fn).catch((e: unknown) => {
      this.#o.log?.(`algos: ${id}: a step failed: ${(e as Error).message}`)
    })
    this.#runs.set(id, run)
    return run
  }

  #kick(id: string, refresh = false): void {
    if (this.#closed) return
    void this.#queue(id, () => this.#run(id, refresh))
  }

  /** Steps the machine until it waits. */
  async #run(id: string, refresh: boolean): Promise<void> {
    for (let n = 0; n < 50 && !this.#closed; n++) {
      const a = this.#algos.get(id)
      if (!a || TERMINAL_STATES.has(a.state)) return
      // A futures spec of a kind that does not run there, or without its open or margin mode, is never sent (a batch
      // or a book read would go to spot): it fails in words, its live children cancelled on futures first.
      const fault = futuresFault(a.spec)
      if (fault && a.state !== 'stopping') {
        const next = this.#stopping(a, fault, 'failed')
        if (!next) return
        await this.#commit(next)
        continue
      }
      if (refresh) {
        refresh = false
        await this.#refresh(a)
        continue
      }
      const step = decide(a, { now: this.#now(), book: this.#books.get(id) })
      if (step.do === 'wait') return
      const moved = await this.#perform(a, step)
      if (!moved) return // nothing changed (a read that failed): the next poll tries again
    }
  }

  /** One step; false when it changed nothing. */
  async #perform(a: Algo, step: Exclude<Step, { do: 'wait' }>): Promise<boolean> {
    const s = a.spec
    switch (step.do) {
      case 'note': {
        await this.#commit({ ...a, ...step.patch, updatedAt: this.#now() })
        return true
      }
      case 'end': {
        const { stopping: _s, pausedFrom: _p, ...rest } = a
        await this.#commit({
          ...rest,
          state: step.state,
          reason: step.reason,
          endedAt: this.#now(),
          updatedAt: this.#now()
        })
        return true
      }
      case 'fail': {
        const next = this.#stopping(a, step.reason, 'failed')
        if (next) await this.#commit(next)
        return next !== null
      }
      case 'place': {
        const child: ChildOrder = {
          ...step.child,
          clientOrderId: (this.#o.newClientOrderId ?? makeClientOrderId)(),
          state: 'placing',
          filled: '0',
          at: this.#now()
        }
        // Written down before it is sent: a run killed now finds it 'placing' and reconciles it first.
        await this.#commit({
          ...a,
          state: a.state === 'waiting' ? 'working' : a.state,
          children: [...a.children, child]
        })
        const order = {
          symbol: s.symbol,
          side: child.side,
          type: child.type,
          volume: child.volume,
          ...(child.price ? { price: child.price } : {}),
          clientOrderId: child.clientOrderId
        }
        // Futures: open or close and the margin mode as the user said (a CLOSE only reduces the position); a
        // bracket's exits close what its entry opened.
        const out = await this.#o.venue.place(
          s.module === 'futures'
            ? { market: 'futures', ...order, open: childOpen(s, child.role), positionType: s.positionType! }
            : { market: 'spot', ...order }
        )
        await this.#placed(a.id, child.clientOrderId, out)
        return true
      }
      case 'place-batch': {
        const now = this.#now()
        const children: ChildOrder[] = step.children.map((c) => ({
          ...c,
          clientOrderId: (this.#o.newClientOrderId ?? makeClientOrderId)(),
          state: 'placing',
          filled: '0',
          at: now
        }))
        // All written down before the batch is sent: a run killed now reconciles each by its client id.
        await this.#commit({
          ...a,
          state: a.state === 'waiting' ? 'working' : a.state,
          children: [...a.children, ...children]
        })
        const outs = await this.#o.venue.placeBatch(
          s.symbol,
          children.map((c) => ({
            side: c.side,
            type: c.type,
            volume: c.volume,
            ...(c.price ? { price: c.price } : {}),
            clientOrderId: c.clientOrderId
          })),
          // A scaled order's levels all open or all close, as the spec says.
          s.module === 'futures' ? { open: s.open!, positionType: s.positionType! } : undefined
        )
        for (const [i, c] of children.entries()) await this.#placed(a.id, c.clientOrderId, outs[i]!)
        return true
      }
      case 'reconcile-place': {
        const out = await this.#o.venue.find(s.symbol, step.child.clientOrderId, s.module)
        await this.#placed(a.id, step.child.clientOrderId, out)
        return true
      }
      case 'cancel':
      case 'reconcile-cancel': {
        const c = step.child
        if (!c.orderId) {
          await this.#setChild(a.id, c.clientOrderId, { state: 'not-placed' })
          return true
        }
        if (step.do === 'cancel') await this.#setChild(a.id, c.clientOrderId, { state: 'cancelling', cancelled: true })
        // A cancel sent again after a restart is harmless: the venue refuses one of an order already ended.
        const out = await this.#o.venue.cancel(s.symbol, c.orderId, s.module)
        if (out.kind === 'unknown') {
          await this.#failNow(a.id, w('algos.reason.cancelUnknown', { order: c.orderId }), out.error)
          return true
        }
        return this.#readFinal(a.id, c)
      }
    }
  }

  /** After a cancel's verdict: the child read until the venue shows it final, so its fill is known. */
  async #readFinal(id: string, c: ChildOrder): Promise<boolean> {
    const tries = this.#o.finalReads ?? 8
    const a = this.#algos.get(id)!
    for (let n = 1; n <= tries && !this.#closed; n++) {
      const r = await this.#o.venue.read(a.spec.symbol, c.orderId!, a.spec.module)
      if (r.kind === 'found' && r.final) {
        await this.#setChild(id, c.clientOrderId, { state: 'final', status: r.status, filled: r.filled })
        return true
      }
      if (r.kind === 'found') await this.#setChild(id, c.clientOrderId, { filled: r.filled, status: r.status })
      if (r.kind === 'absent') {
        await this.#failNow(id, w('algos.reason.childGone', { order: c.orderId! }))
        return true
      }
      await delay(Math.min((this.#o.readBackoffMs ?? 200) * 2 ** (n - 1), 5000))
    }
    return false // still cancelling: the next poll cancels and reads again
  }

  async #placed(id: string, cid: string, out: Awaited<ReturnType<AlgoVenue['place']>>): Promise<void> {
    if (out.kind === 'placed') {
      const final = out.status !== undefined && ['FILLED', 'CANCELED', 'REJECTED', 'EXPIRED'].includes(out.status)
      await this.#setChild(id, cid, {
        state: final ? 'final' : 'open',
        orderId: out.orderId,
        filled: out.filled,
        ...(out.status ? { status: out.status } : {})
      })
    } else if (out.kind === 'not-placed') await this.#setChild(id, cid, { state: 'not-placed', error: out.error })
    else await this.#failNow(id, w('algos.reason.placeUnknown', { order: cid }), out.error)
  }

  /** A child read for its fill (the poll). */
  async #refresh(a: Algo): Promise<void> {
    if (a.spec.kind === 'chase') {
      const book = await this.#o.venue.best(a.spec.symbol, a.spec.module)
      if (book) this.#books.set(a.id, book)
      else this.#books.delete(a.id) // unread: it does not move on a stale book
    }
    for (const c of a.children) {
      if (c.state !== 'open' || !c.orderId) continue
      const r = await this.#o.venue.read(a.spec.symbol, c.orderId, a.spec.module)
      if (r.kind === 'found' && (r.filled !== c.filled || r.status !== c.status || r.final))
        await this.#setChild(a.id, c.clientOrderId, {
          filled: r.filled,
          status: r.status,
          ...(r.final ? { state: 'final' } : {})
        })
      else if (r.kind === 'absent') await this.#failNow(a.id, w('algos.reason.childGone', { order: c.orderId }))
    }
  }

  async #setChild(id: string, cid: string, patch: Partial<ChildOrder>): Promise<void> {
    const a = this.#algos.get(id)!
    const children = a.children.map((c) => (c.clientOrderId === cid ? { ...c, ...patch } : c))
    await this.#commit({ ...a, children, updatedAt: this.#now() })
  }

  /**
   * The venue will not tell what a child did: the algorithm ends at once (sending more could duplicate or overfill),
   * saying which order to check.
   */
  async #failNow(id: string, reason: Words, cause?: Words): Promise<void> {
    const a = this.#algos.get(id)!
    const { stopping: _s, pausedFrom: _p, ...rest } = a
    const full: Words = cause ? linking(reason, 'cause', cause) : reason
    await this.#commit({ ...rest, state: 'failed', reason: full, endedAt: this.#now(), updatedAt: this.#now() })
  }
}

const delay = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms))
