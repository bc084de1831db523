// Offset between the local clock and the venue's, so signed timestamps land inside the server's 5000 ms window.
// Each sample reads the server time once; the server stamped it somewhere in the round trip, so the best local
// estimate of that instant is the midpoint, (sent + received) / 2, with an error of at most RTT / 2. Of N
// samples the one with the lowest RTT wins (tightest bound). Refreshed periodically and on a -1021 rejection.
//
// Reconciliation must know how far the estimate can be off (a "not placed" decided on a clock that runs ahead would
// be false): errorBoundMs() is half the chosen sample's RTT plus drift since; without a measured sample it is
// unbounded. The local time is monotonic by default, so a step of the wall clock (NTP) does not move the estimate;
// a suspend stops the monotonic clock (the estimate then lags the venue: the safe way for reconciliation), and the
// bound grows by how far the wall clock moved against the monotonic one since the sample, so a suspend or a step
// forces a resync before the next write. Writes are stamped only while the bound is within MAX_WRITE_ERROR_MS
// (request.ts), so the stamp of any order sent is known to that precision, even by the next run.

export interface TimeSample {
  /** Local ms just before the request went out. */
  sentAt: number
  /** Local ms just after the answer arrived. */
  receivedAt: number
  /** The server's time, ms. */
  serverTime: number
}
export type TimeSampler = () => Promise<TimeSample>

export interface ClockOptions {
  /**
   * Local time source; injectable for tests. Default: monotonic epoch ms (performance.timeOrigin + performance.now()).
   */
  now?: () => number
  /** Reads the server time once (set by the request layer: GET /sapi/v1/time or /fapi/v1/time). */
  sampler?: TimeSampler
  /** Samples per sync; the lowest-RTT one is used. Default 5. */
  samples?: number
  /** Periodic refresh after start(), ms; 0 disables. Default 5 minutes. */
  refreshMs?: number
  /** A known offset: the clock then counts as synced (tests, or a restored value). */
  offsetMs?: number
  /** How far a known `offsetMs` may be off, ms. Default 0 (exact). */
  offsetErrorMs?: number
}

/**
 * The largest error bound a write (an order, a cancel, any POST with effects) is stamped with: past it the client
 * resyncs, and refuses to send while it stays past. Kept well under the venue's 5 s window so reconciliation can
 * decide.
 */
export const MAX_WRITE_ERROR_MS = 2500
/** Epoch ms from a monotonic source: a step of the wall clock (NTP) does not move it; a suspend stops it. */
const monotonicNow = (): number => performance.timeOrigin + performance.now()
/** How far the wall clock is ahead of the monotonic one now: moves on a suspend or a wall-clock step. */
const wallGap = (): number => Date.now() - monotonicNow()
/** Clock drift allowed between syncs: 200 ppm of the time since the sample (crystal oscillators stay well under). */
const DRIFT_PER_MS = 0.0002

export interface ClockState {
  offsetMs: number
  /** RTT of the sample the offset came from; the offset is exact to within half of it. */
  rttMs: number | undefined
  syncedAt: number | undefined
  synced: boolean
  /** Completed syncs so far: lets a caller tell whether a resync happened since it stamped a request. */
  generation: number
}

/** Offset from one sample: server time minus the local midpoint of the round trip. */
export function offsetFromSample(s: TimeSample): { offsetMs: number; rttMs: number } {
  const rttMs = s.receivedAt - s.sentAt
  return { offsetMs: s.serverTime - (s.sentAt + rttMs / 2), rttMs }
}

/** The lowest-RTT sample's offset (ties: the earlier sample). */
export function bestOffset(samples: readonly TimeSample[]): { offsetMs: number; rttMs: number } | undefined {
  let best: { offsetMs: number; rttMs: number } | undefined
  for (const s of samples) {
    const o = offsetFromSample(s)
    if (o.rttMs >= 0 && (!best || o.rttMs < best.rttMs)) best = o
  }
  return best
}

export class ServerClock {
  private readonly localNow: () => number
  private sampler: TimeSampler | undefined
  private readonly samples: number
  private readonly refreshMs: number
  private offsetMs: number
  /** Error bound of `offsetMs` where it was not measured here (a known offset); undefined: unbounded. */
  private readonly givenErrorMs: number | undefined
  /** Whether the local source is the monotonic clock (an injected one is the test's to move). */
  private readonly watchesSuspend: boolean
  /** wallGap() at the last sample: a suspend or a wall-clock step since shows as a change of it. */
  private gapAtSync = 0
  /** The highest timestamp this clock has stamped (a resync may move `now()` below one already sent). */
  private lastStamp = -Infinity
  private rttMs: number | undefined
  private syncedAt: number | undefined
  private synced: boolean
  private generation = 0
  private inflight: Promise<ClockState> | undefined
  private timer: ReturnType<typeof setInterval> | undefined

  constructor(opts: ClockOptions = {}) {
    this.localNow = opts.now ?? monotonicNow
    this.watchesSuspend = opts.now === undefined
    this.sampler = opts.sampler
    this.samples = Math.max(1, opts.samples ?? 5)
    this.refreshMs = opts.refreshMs ?? 5 * 60_000
    this.offsetMs = opts.offsetMs ?? 0
    this.synced = opts.offsetMs !== undefined
    this.givenErrorMs = opts.offsetMs !== undefined ? (opts.offsetErrorMs ?? 0) : undefined
  }

  setSampler(sampler: TimeSampler): void {
    this.sampler = sampler
  }

  /** Local time, ms (the source the samples are timed with). */
  local(): number {
    return this.localNow()
  }

  /** Server-time estimate, ms (fractional). */
  now(): number {
    return this.localNow() + this.offsetMs
  }

  /** Completed syncs so far (see ClockState.generation). */
  syncGeneration(): number {
    return this.generation
  }

  /** The signed timestamp: local time plus offset, as a 13-digit ms string (X-CH-TS / Ex-ts). */
  timestamp(): string {
    const ts = Math.round(this.localNow() + this.offsetMs)
    if (ts > this.lastStamp) this.lastStamp = ts
    return String(ts)
  }

  /**
   * How far `now()` may be from the venue's clock, ms: half the RTT of the sample the offset came from plus drift
   * since (a known offset: its given error; nothing measured: Infinity).
   */
  errorBoundMs(): number {
    if (this.rttMs === undefined || this.syncedAt === undefined) return this.givenErrorMs ?? Infinity
    const jumped = this.watchesSuspend ? Math.abs(wallGap() - this.gapAtSync) : 0
    return this.rttMs / 2 + DRIFT_PER_MS * Math.max(0, this.localNow() - this.syncedAt) + jumped
  }

  /** The venue's clock now, at least: the estimate less its error bound (what "past the settle point" is judged by). */
  venueNowAtLeast(): number {
    return this.now() - this.errorBoundMs()
  }

  /** Not below any timestamp already stamped: a request failing now was stamped at or before this (venue clock). */
  latestStamp(): number {
    return Math.max(this.now(), this.lastStamp)
  }

  state(): ClockState {
    return {
      offsetMs: this.offsetMs,
      rttMs: this.rttMs,
      syncedAt: this.syncedAt,
      synced: this.synced,
      generation: this.generation
    }
  }

  /** Measures the offset now; concurrent callers share one measurement. Rejects when no sample succeeded. */
  sync(): Promise<ClockState> {
    this.inflight ??= this.measure().finally(() => {
      this.inflight = undefined
    })
    return this.inflight
  }

  /**
   * Before the first signed request: sync once. On a failure reads go on the local clock; writes are refused
   * (request.ts).
   */
  async ensureSynced(): Promise<void> {
    if (this.synced || !this.sampler) return
    await this.sync().catch(() => undefined)
  }

  start(): void {
    if (this.timer || this.refreshMs <= 0) return
    this.timer = setInterval(() => void this.sync().catch(() => undefined), this.refreshMs)
    this.timer.unref?.()
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer)
    this.timer = undefined
  }

  private async measure(): Promise<ClockState> {
    const sampler = this.sampler
    if (!sampler) throw new Error('clock has no time sampler')
    const taken: TimeSample[] = []
    let lastError: unknown
    for (let i = 0; i < this.samples; i++) {
      try {
        taken.push(await sampler())
      } catch (e) {
        lastError = e
      }
    }
    const best = bestOffset(taken)
    if (!best) throw lastError ?? new Error('no usable time sample')
    this.offsetMs = best.offsetMs
    this.rttMs = best.rttMs
    this.syncedAt = this.localNow()
    this.gapAtSync = wallGap()
    this.synced = true
    this.generation++
    return this.state()
  }
}
