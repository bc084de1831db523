// The spec has no private stream, so balances, open orders, positions and the futures account are polled. This
// scheduler polls only what some view subscribed to, per profile, and spends the rate budget by priority:
//  - polls go out with client priority 'background', so the governor serves user actions first; a tick with user
//    requests queued polls nothing;
//  - each part has a rank (open orders 0, futures account/positions 1, balances 2) and is due every
//    baseMs x (1 + rank/2) x multiplier; the multiplier doubles (up to 8) while the budget is tight (a bucket over
//    70 % used, background requests queued, or a 429) and halves back, one step per relaxMs, once it is relaxed
//    (under 35 %): slow to relax, so the pace settles instead of swinging from one rate window to the next;
//  - a part that fails backs off on its own (2^n x base, at most 30 s), keeping its last value, until retryFailed()
//    says the venue is back;
//  - after a user's own action, refreshNow() polls everything at once with priority 'user' (coalesced over a
//    few ms, so a batch of actions costs one round), and remembers the symbol so its open orders stay polled.
import type {
  AccountSnapshotView,
  BalanceView,
  FuturesAccountView,
  OpenOrderView,
  PositionView
} from '@shared/ipc/views/account'
import { inEnglish } from '@shared/i18n/translate'
import type { Words } from '@shared/i18n/words'
import { ExchangeError } from '../client/errors'
import type { Priority } from '../client/types'
import { realTimers, type Timers } from '../feeds/timers'
import { errorBody } from './errors'
import type { Module, SpotModule } from '@shared/module'

export type PollPart =
  | { kind: 'balances' }
  | { kind: 'openOrders'; module: SpotModule; symbol: string }
  | { kind: 'futuresOpenOrders' }
  | { kind: 'futuresAccount' }

export type PartValue =
  | { kind: 'balances'; balances: BalanceView[] }
  | { kind: 'openOrders'; orders: OpenOrderView[] }
  | { kind: 'futuresAccount'; account: FuturesAccountView[]; positions: PositionView[] }

export interface RateUse {
  /** Highest used / planned share of any bucket of the profile's client, 0..1. */
  maxUse: number
  queuedUser: number
  queuedBackground: number
}

export interface PollSource {
  fetch(profileId: string, part: PollPart, priority: Priority): Promise<PartValue>
  rateUse(profileId: string): RateUse
}

export interface PollInterest {
  spotSymbols?: readonly string[]
  marginSymbols?: readonly string[]
  futures?: boolean
}

export interface PollSchedulerOptions {
  source: PollSource
  timers?: Pick<Timers, 'now' | 'setTimeout' | 'clearTimeout'>
  /** Interval of rank-0 parts when relaxed. Default 2000 ms. */
  baseMs?: number
  /** Delay that coalesces refreshNow() calls. Default 30 ms. */
  refreshDelayMs?: number
  /**
   * Least time between two relaxing steps (halvings), so the pace settles over rate windows. Default max(3 s, 2 x
   * base).
   */
  relaxMs?: number
  log?: (line: string) => void
}

type Listener = (s: AccountSnapshotView) => void
interface PartState {
  part: PollPart
  value?: PartValue
  dueAt: number
  failures: number
  error?: string
  /** The error in catalog words, when main wrote it. */
  errorWords?: Words
}
interface Profile {
  subs: Map<number, { interest: PollInterest; listener: Listener }>
  /** Symbols of the user's own actions (module:symbol), polled while anyone watches the profile. */
  sticky: Set<string>
  parts: Map<string, PartState>
  multiplier: number
  /** Why the multiplier is above 1, in catalog words (main.polling.*). */
  reason: Words | null
  /** When the multiplier last changed (relaxing waits relaxMs after any change). */
  changedAt: number
  timer: unknown
  refreshTimer: unknown
  running: Promise<void> | null
  refreshWanted: boolean
  last: AccountSnapshotView | null
  lastKey: string
}

const MAX_MULTIPLIER = 8
const MAX_BACKOFF_MS = 30_000
const MAX_STICKY = 20
const keyOf = (p: PollPart): string => (p.kind === 'openOrders' ? `openOrders:${p.module}:${p.symbol}` : p.kind)
const rankOf = (p: PollPart): number =>
  p.kind === 'openOrders' || p.kind === 'futuresOpenOrders' ? 0 : p.kind === 'futuresAccount' ? 1 : 2

export class PollScheduler {
  readonly #o: Required<Omit<PollSchedulerOptions, 'log'>> & { log: (line: string) => void }
  readonly #profiles = new Map<string, Profile>()
  #nextSub = 1
  #closed = false

  constructor(o: PollSchedulerOptions) {
    const baseMs = o.baseMs ?? 2000
    this.#o = {
      timers: realTimers,
      refreshDelayMs: 30,
      relaxMs: Math.max(3000, 2 * baseMs),
      log: () => undefined,
      ...o,
      baseMs
    }
  }

  /** Polls what `interest` needs for the profile while subscribed; the latest snapshot comes at once if known. */
  subscribe(profileId: string, interest: PollInterest, listener: Listener): () => void {
    const p = this.#profile(profileId)
    const id = this.#nextSub++
    p.subs.set(id, { interest, listener })
    this.#syncParts(p)
    if (p.last) listener(p.last)
    this.#schedule(profileId, p, 0)
    return () => {
      if (!p.subs.delete(id)) return
      if (p.subs.size > 0) return this.#syncParts(p)
      this.#o.timers.clearTimeout(p.timer)
      this.#o.timers.clearTimeout(p.refreshTimer)
      this.#profiles.delete(profileId)
    }
  }

  /** After a user action: poll everything now, with user priority; `hint` keeps the symbol's orders polled. */
  refreshNow(profileId: string, hint?: { module: Module; symbol: string }): void {
    const p = this.#profiles.get(profileId)
    if (!p) return
    if (hint && hint.module !== 'futures' && p.sticky.size < MAX_STICKY) {
      p.sticky.add(`${hint.module}:${hint.symbol}`)
      this.#syncParts(p)
    }
    if (p.refreshWanted) return
    p.refreshWanted = true
    p.refreshTimer = this.#o.timers.setTimeout(() => void this.#refresh(profileId, p), this.#o.refreshDelayMs)
  }

  /** The venue answers again (its feed reconnected): parts that failed are due now, not after their back-off. */
  retryFailed(profileId: string): void {
    const p = this.#profiles.get(profileId)
    if (!p) return
    const now = this.#o.timers.now()
    for (const s of p.parts.values()) if (s.failures > 0) s.dueAt = Math.min(s.dueAt, now)
  }

  latest(profileId: string): AccountSnapshotView | null {
    return this.#profiles.get(profileId)?.last ?? null
  }

  /** The poll interval's multiplier and why it is above 1 (main's English, and its catalog words). */
  state(profileId: string): { multiplier: number; reason: string | null; words?: Words } {
    const p = this.#profiles.get(profileId)
    const why = p?.reason ?? null
    return { multiplier: p?.multiplier ?? 1, reason: why && inEnglish(why), ...(why ? { words: why } : {}) }
  }

  close(): void {
    this.#closed = true
    for (const p of this.#profiles.values()) {
      this.#o.timers.clearTimeout(p.timer)
      this.#o.timers.clearTimeout(p.refreshTimer)
    }
    this.#profiles.clear()
  }

  #profile(profileId: string): Profile {
    let p = this.#profiles.get(profileId)
    if (!p) {
      p = {
        subs: new Map(),
        sticky: new Set(),
        parts: new Map(),
        multiplier: 1,
        reason: null,
        changedAt: 0,
        timer: undefined,
        refreshTimer: undefined,
        running: null,
        refreshWanted: false,
        last: null,
        lastKey: ''
      }
      this.#profiles.set(profileId, p)
    }
    return p
  }

  /** The parts the subscribers (and the user's own symbols) need; new ones are due at once. */
  #syncParts(p: Profile): void {
    const wanted = new Map<string, PollPart>()
    const add = (part: PollPart): void => void wanted.set(keyOf(part), part)
    add({ kind: 'balances' })
    const sticky = [...p.sticky].map((s) => s.split(':') as [SpotModule, string])
    for (const { interest } of p.subs.values()) {
      for (const symbol of interest.spotSymbols ?? []) add({ kind: 'openOrders', module: 'spot', symbol })
      for (const symbol of interest.marginSymbols ?? []) add({ kind: 'openOrders', module: 'margin', symbol })
      if (interest.futures) {
        add({ kind: 'futuresOpenOrders' })
        add({ kind: 'futuresAccount' })
      }
    }
    for (const [module, symbol] of sticky) add({ kind: 'openOrders', module, symbol })
    for (const k of p.parts.keys()) if (!wanted.has(k)) p.parts.delete(k)
    for (const [k, part] of wanted) if (!p.parts.has(k)) p.parts.set(k, { part, dueAt: 0, failures: 0 })
  }

  #schedule(profileId: string, p: Profile, delayMs: number): void {
    if (this.#closed || this.#profiles.get(profileId) !== p) return
    this.#o.timers.clearTimeout(p.timer)
    p.timer = this.#o.timers.setTimeout(() => this.#tick(profileId, p), delayMs)
  }

  /** Every half base interval: read the pressure, start a round of the due parts unless one is still out. */
  #tick(profileId: string, p: Profile): void {
    // Read also while a round waits in the governor's queue: that wait is the pressure.
    const use = this.#adapt(profileId, p)
    if (!p.running) {
      const now = this.#o.timers.now()
      // User actions waiting for budget go first: this tick polls nothing.
      const due = use.queuedUser > 0 ? [] : [...p.parts.values()].filter((s) => s.dueAt <= now)
      if (due.length > 0) void this.#run(profileId, p, due, 'background').catch(() => undefined)
    }
    this.#schedule(profileId, p, this.#o.baseMs / 2)
  }

  async #refresh(profileId: string, p: Profile): Promise<void> {
    while (p.running) await p.running.catch(() => undefined)
    p.refreshWanted = false
    if (this.#profiles.get(profileId) !== p) return
    await this.#run(profileId, p, [...p.parts.values()], 'user')
  }

  /** Budget pressure of the profile's client sets the multiplier. */
  #adapt(profileId: string, p: Profile): RateUse {
    let use: RateUse
    try {
      use = this.#o.source.rateUse(profileId)
    } catch {
      return { maxUse: 0, queuedUser: 0, queuedBackground: 0 }
    }
    const now = this.#o.timers.now()
    if (use.maxUse >= 0.7 || use.queuedBackground > 0) {
      if (p.multiplier < MAX_MULTIPLIER) [p.multiplier, p.changedAt] = [p.multiplier * 2, now]
      p.reason =
        use.queuedBackground > 0
          ? { key: 'main.polling.queued' }
          : { key: 'main.polling.budget', params: { percent: Math.round(use.maxUse * 100) } }
    } else if (use.maxUse < 0.35 && p.multiplier > 1 && now - p.changedAt >= this.#o.relaxMs) {
      ;[p.multiplier, p.changedAt] = [p.multiplier / 2, now]
      if (p.multiplier === 1) p.reason = null
    }
    return use
  }

  #run(profileId: string, p: Profile, parts: PartState[], priority: Priority): Promise<void> {
    const run = Promise.all(parts.map((s) => this.#poll(profileId, p, s, priority))).then(() =>
      this.#emit(profileId, p)
    )
    p.running = run.finally(() => (p.running = null))
    return p.running
  }

  async #poll(profileId: string, p: Profile, s: PartState, priority: Priority): Promise<void> {
    const base = this.#o.baseMs
    try {
      s.value = await this.#o.source.fetch(profileId, s.part, priority)
      s.failures = 0
      delete s.error
      delete s.errorWords
      s.dueAt = this.#o.timers.now() + base * (1 + rankOf(s.part) / 2) * p.multiplier
    } catch (e) {
      s.failures++
      const body = errorBody(e)
      s.error = body.message
      if (body.words) s.errorWords = body.words
      else delete s.errorWords
      if (e instanceof ExchangeError && e.httpStatus === 429) {
        ;[p.multiplier, p.changedAt] = [MAX_MULTIPLIER, this.#o.timers.now()]
        p.reason = { key: 'main.polling.limited' }
      }
      s.dueAt = this.#o.timers.now() + Math.min(MAX_BACKOFF_MS, base * 2 ** s.failures)
      if (s.failures === 1) this.#o.log(`poll: ${keyOf(s.part)} of profile ${profileId} failed: ${s.error}`)
    }
  }

  /** One snapshot of every part; sent only when something changed. */
  #emit(profileId: string, p: Profile): void {
    if (this.#profiles.get(profileId) !== p) return
    let balances: BalanceView[] | null = null
    let futures: Extract<PartValue, { kind: 'futuresAccount' }> | null = null
    const openOrders: OpenOrderView[] = []
    const errors: AccountSnapshotView['errors'] = []
    for (const [key, s] of p.parts) {
      if (s.error !== undefined)
        errors.push({ part: key, message: s.error, ...(s.errorWords ? { words: s.errorWords } : {}) })
      const v = s.value
      if (v?.kind === 'balances') balances = v.balances
      else if (v?.kind === 'openOrders') openOrders.push(...v.orders)
      else if (v?.kind === 'futuresAccount') futures = v
    }
    openOrders.sort((a, b) => b.time - a.time)
    const body = {
      profileId,
      balances,
      openOrders,
      positions: futures?.positions ?? null,
      futuresAccount: futures?.account ?? null,
      errors
    }
    const key = JSON.stringify(body)
    if (key === p.lastKey) return
    p.lastKey = key
    p.last = { ...body, at: this.#o.timers.now() }
    for (const { listener } of [...p.subs.values()]) {
      try {
        listener(p.last)
      } catch (e) {
        this.#o.log(`poll: a snapshot listener failed: ${errorBody(e).message}`)
      }
    }
  }
}
