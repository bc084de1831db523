// Client-side rate budget, so the terminal is never the cause of a 429. One bucket per catalog limit and scope
// (endpoint id, so aliases share; API key for apiKey scope, base URL for ip scope). The venue enforces a strict
// sliding window ("100 / 2 s": no 2 s window ever holds more than 100), so each bucket keeps a log of the times
// it spent budget and grants a request only while the log holds fewer than the planned count within the planned
// span. Both carry a safety margin: the count is planned at `countRatio` of the limit and the span is the window
// plus `marginMs`, because the server counts arrival times, and network jitter can bunch requests sent apart.
// Budget is spent just before sending; requests out of budget wait in two FIFO queues, user actions first, and
// background refresh may only use `backgroundShare` of the window, so a user action always finds headroom.
// With `countAnswers` (the request executor's setting) a request counts from its grant until its answer as in
// flight, and then at the time of its answer: the venue saw it somewhere between send and answer, so a window
// planned from answer times can never hold more than planned, however long the venue queued requests (a burst of
// hundreds of orders queues for hundreds of ms, far beyond `marginMs`, when the venue is in-process or busy).
import type { EndpointDef } from '../../src-shared/api/types'
import type { Priority } from './types'
import { ExchangeError } from './errors'

export interface TimerHandle {
  cancel(): void
}
export interface GovernorOptions {
  /** Monotonic ms. Default performance.now. */
  now?: () => number
  setTimer?: (fn: () => void, ms: number) => TimerHandle
  /** Share of the limit's count planned against. Default 0.9. */
  countRatio?: number
  /** Added to every window, ms. Default 100. */
  marginMs?: number
  /** Share of the planned count background requests may use. Default 0.8. */
  backgroundShare?: number
  /**
   * First back-off after a 429 without Retry-After, ms; doubles per consecutive episode (a 429 after the previous
   * pause ended). Default 500.
   */
  backoffBaseMs?: number
  random?: () => number
  /** Count a request as in flight until answered(), then at its answer time (see the header). Default false. */
  countAnswers?: boolean
}

export interface BucketStats {
  key: string
  endpointId: string
  scope: 'apiKey' | 'ip'
  count: number
  windowMs: number
  /** Count planned against (after the safety ratio). */
  plannedCount: number
  /** Budget spent within the current planned window. */
  used: number
  queuedUser: number
  queuedBackground: number
  pausedForMs: number
  granted: number
  rateLimited: number
}

interface Waiter {
  resolve: () => void
  reject: (e: unknown) => void
  done: boolean
  signal?: AbortSignal
  onAbort?: () => void
}

class Queue {
  private items: Waiter[] = []
  private head = 0
  push(w: Waiter): void {
    this.items.push(w)
  }
  /** First waiter still waiting (aborted ones are skipped lazily). */
  peek(): Waiter | undefined {
    while (this.head < this.items.length && this.items[this.head]!.done) this.head++
    if (this.head > 1024 && this.head * 2 > this.items.length) {
      this.items = this.items.slice(this.head)
      this.head = 0
    }
    return this.items[this.head]
  }
  get length(): number {
    let n = 0
    for (let i = this.head; i < this.items.length; i++) if (!this.items[i]!.done) n++
    return n
  }
}

class Bucket {
  readonly log: Float64Array
  head = 0
  size = 0
  pausedUntil = 0
  readonly user = new Queue()
  readonly background = new Queue()
  timer: TimerHandle | undefined
  timerAt = Infinity
  granted = 0
  rateLimited = 0
  consecutive429 = 0
  /** Granted and not yet answered (countAnswers only). */
  inflight = 0
  constructor(
    readonly key: string,
    readonly def: EndpointDef,
    readonly cap: number,
    readonly bgCap: number,
    readonly span: number,
    readonly countAnswers: boolean
  ) {
    this.log = new Float64Array(cap)
  }
  /** Budget in use: spend times inside the span, plus requests in flight. */
  get used(): number {
    return this.size + this.inflight
  }
  /** Drops spend times that left the planned span. */
  purge(now: number): void {
    while (this.size > 0 && this.log[this.head]! + this.span <= now) {
      this.head = (this.head + 1) % this.cap
      this.size--
    }
  }
  spend(now: number): void {
    this.granted++
    if (this.countAnswers) this.inflight++
    else this.record(now)
  }
  /** Appends a time; times arrive in order (grants, or answers), so the log stays sorted. */
  record(now: number): void {
    this.log[(this.head + this.size) % this.cap] = now
    this.size++
  }
  /** Earliest time at which `used` drops below `limit` (given no new spends); Infinity while that needs an answer. */
  freeAt(limit: number): number {
    if (this.used < limit) return this.pausedUntil
    const expire = this.used - limit + 1
    if (expire > this.size) return Infinity
    return Math.max(this.pausedUntil, this.log[(this.head + expire - 1) % this.cap]! + this.span)
  }
}

const defaultTimer = (fn: () => void, ms: number): TimerHandle => {
  const t = setTimeout(fn, ms)
  return { cancel: () => clearTimeout(t) }
}

export class RateGovernor {
  private readonly buckets = new Map<string, Bucket>()
  private readonly now: () => number
  private readonly setTimer: (fn: () => void, ms: number) => TimerHandle
  private readonly countRatio: number
  private readonly marginMs: number
  private readonly backgroundShare: number
  private readonly backoffBaseMs: number
  private readonly random: () => number
  private readonly countAnswers: boolean

  constructor(opts: GovernorOptions = {}) {
    this.now = opts.now ?? (() => performance.now())
    this.setTimer = opts.setTimer ?? defaultTimer
    this.countRatio = opts.countRatio ?? 0.9
    this.marginMs = opts.marginMs ?? 100
    this.backgroundShare = opts.backgroundShare ?? 0.8
    this.backoffBaseMs = opts.backoffBaseMs ?? 500
    this.random = opts.random ?? Math.random
    this.countAnswers = opts.countAnswers ?? false
  }

  /** The bucket key of an endpoint for a scope: API key tag for apiKey scope, base URL for ip scope. */
  static keyOf(def: EndpointDef, scope: { apiKeyTag?: string; baseUrl: string }): string {
    return def.rateLimit.scope === 'apiKey' && scope.apiKeyTag
      ? `${def.id}|key:${scope.apiKeyTag}`
      : `${def.id}|ip:${scope.baseUrl}`
  }

  private bucket(key: string, def: EndpointDef): Bucket {
    let b = this.buckets.get(key)
    if (!b) {
      const { count, windowMs } = def.rateLimit
      const cap = Math.max(1, Math.floor(count * this.countRatio))
      b = new Bucket(
        key,
        def,
        cap,
        Math.max(1, Math.floor(cap * this.backgroundShare)),
        windowMs + this.marginMs,
        this.countAnswers
      )
      this.buckets.set(key, b)
    }
    return b
  }

  /**
   * Spends one unit of budget. Returns undefined when granted at once, else a promise that resolves when granted
   * (rejects with kind 'aborted' if the signal fires while waiting).
   */
  acquire(key: string, def: EndpointDef, priority: Priority, signal?: AbortSignal): Promise<void> | undefined {
    const b = this.bucket(key, def)
    const now = this.now()
    b.purge(now)
    const queue = priority === 'user' ? b.user : b.background
    const ahead = priority === 'user' ? b.user.peek() : (b.user.peek() ?? b.background.peek())
    const cap = priority === 'user' ? b.cap : b.bgCap
    if (!ahead && now >= b.pausedUntil && b.used < cap) {
      b.spend(now)
      return undefined
    }
    if (signal?.aborted) return Promise.reject(abortError(def.id))
    return new Promise<void>((resolve, reject) => {
      const w: Waiter = { resolve, reject, done: false }
      if (signal) {
        w.signal = signal
        w.onAbort = () => {
          if (w.done) return
          w.done = true
          reject(abortError(def.id))
          this.drain(b)
        }
        signal.addEventListener('abort', w.onAbort, { once: true })
      }
      queue.push(w)
      this.drain(b)
    })
  }

  /**
   * A 429 on this bucket: pause it for Retry-After, or else an exponential back-off with jitter; returns the
   * pause in ms (the caller waits at least that long before a retry).
   */
  rateLimited(key: string, def: EndpointDef, retryAfterMs?: number): number {
    const b = this.bucket(key, def)
    b.rateLimited++
    const now = this.now()
    if (now < b.pausedUntil) {
      // Same episode: requests that were already in flight when the first 429 paused the bucket answer 429 too.
      // They wait out the current pause (or their Retry-After) without escalating it: ten such answers are one
      // refusal, not ten, and must not push the bucket to the back-off's ceiling.
      if (retryAfterMs !== undefined) this.pause(key, def, retryAfterMs)
      return b.pausedUntil - now + this.random() * 50
    }
    b.consecutive429++
    const backoff = this.backoffBaseMs * 2 ** Math.min(b.consecutive429 - 1, 6)
    const jittered = backoff * (0.5 + this.random() * 0.5)
    // Retry-After is the floor; a 429 again after the pause backs off further, jittered so waiting callers do
    // not return in step.
    const pause = Math.max(retryAfterMs ?? 0, jittered) + this.random() * 50
    this.pause(key, def, pause)
    return pause
  }

  /**
   * The answer (or failure) of a request granted on this bucket arrived: with countAnswers, it stops counting as in
   * flight and counts from now on. Call it once per grant, after the send; a no-op without countAnswers.
   */
  answered(key: string): void {
    const b = this.buckets.get(key)
    if (!b || !b.countAnswers || b.inflight === 0) return
    const now = this.now()
    b.purge(now)
    b.inflight--
    b.record(now)
    this.drain(b)
  }

  /** A non-429 answer: the bucket's back-off starts over. */
  succeeded(key: string): void {
    const b = this.buckets.get(key)
    if (b) b.consecutive429 = 0
  }

  pause(key: string, def: EndpointDef, ms: number): void {
    const b = this.bucket(key, def)
    b.pausedUntil = Math.max(b.pausedUntil, this.now() + ms)
    this.drain(b)
  }

  stats(): BucketStats[] {
    const now = this.now()
    return [...this.buckets.values()].map((b) => {
      b.purge(now)
      return {
        key: b.key,
        endpointId: b.def.id,
        scope: b.def.rateLimit.scope,
        count: b.def.rateLimit.count,
        windowMs: b.def.rateLimit.windowMs,
        plannedCount: b.cap,
        used: b.used,
        queuedUser: b.user.length,
        queuedBackground: b.background.length,
        pausedForMs: Math.max(0, b.pausedUntil - now),
        granted: b.granted,
        rateLimited: b.rateLimited
      }
    })
  }

  /** Grants what the budget allows, user queue first, then arms a timer for the next free slot. */
  private drain(b: Bucket): void {
    const now = this.now()
    b.purge(now)
    let next = Infinity
    if (now >= b.pausedUntil) {
      for (let w = b.user.peek(); w && b.used < b.cap; w = b.user.peek()) this.grant(b, w, now)
      if (!b.user.peek())
        for (let w = b.background.peek(); w && b.used < b.bgCap; w = b.background.peek()) this.grant(b, w, now)
    }
    if (b.user.peek()) next = b.freeAt(b.cap)
    else if (b.background.peek()) next = b.freeAt(b.bgCap)
    if (next === Infinity || next === b.timerAt) return
    b.timer?.cancel()
    b.timerAt = next
    b.timer = this.setTimer(
      () => {
        b.timer = undefined
        b.timerAt = Infinity
        this.drain(b)
      },
      Math.max(0, next - now)
    )
  }

  private grant(b: Bucket, w: Waiter, now: number): void {
    w.done = true
    if (w.signal && w.onAbort) w.signal.removeEventListener('abort', w.onAbort)
    b.spend(now)
    w.resolve()
  }
}

function abortError(endpointId: string): ExchangeError {
  return new ExchangeError({
    kind: 'aborted',
    endpointId,
    message: `${endpointId}: aborted while waiting for rate budget`
  })
}
