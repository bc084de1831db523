// When the gateway reads the venue again about its 'undetermined' actions (the venue refused the reads that would
// tell: a revoked key, a ban, HTTP 403). A refusal may end (the key is fixed, the ban lifted), and then the order
// query answers what the user would otherwise have to check by hand. But a venue that still refuses must not be
// hammered (a ban grows with every request), so rounds are spaced by a gap that doubles after every round in which
// a read failed, and each action is re-queried a bounded number of times (the gateway counts them: maxTries).
//
// A round starts at the earliest of: the background timer (periodMs after the last round or refusal, doubled per
// failed round), or a successful private read of the profile (readsWork) once minGapMs (doubled likewise) has
// passed: the best sign that reads work again. Both gaps are capped at maxGapMs. One round at a time. A success
// that comes during a round or within the least gap is kept, not dropped: the round it asks for starts once the
// least gap after the last round allows (a later refusal cancels it: the reads failed again since).

export interface RecheckOptions {
  /** Background re-check after an undetermined verdict or a round. Default 60 s. */
  periodMs?: number
  /** Least time between rounds when a private read of the profile has just succeeded. Default 10 s. */
  minGapMs?: number
  /** Cap of both gaps once doubled. Default 30 min. */
  maxGapMs?: number
  /** Failed re-queries (refused or unreachable) after which an action is no longer re-queried. Default 12. */
  maxTries?: number
}

export type RecheckSettings = Required<RecheckOptions>

export function recheckSettings(o: RecheckOptions = {}): RecheckSettings {
  return {
    periodMs: o.periodMs ?? 60_000,
    minGapMs: o.minGapMs ?? 10_000,
    maxGapMs: o.maxGapMs ?? 30 * 60_000,
    maxTries: o.maxTries ?? 12
  }
}

/** What a round found: whether any read failed, and whether anything is left to re-check. */
export interface RoundOutcome {
  failed: boolean
  remaining: number
}

export class RecheckSchedule {
  private last = 0
  private failedRounds = 0
  private active = false
  private running = false
  /** A private read succeeded since the last round began: a round is due once the least gap allows. */
  private signalled = false
  private closed = false
  private timer: ReturnType<typeof setTimeout> | undefined

  constructor(
    private readonly s: RecheckSettings,
    private readonly round: () => Promise<RoundOutcome>,
    private readonly now: () => number = Date.now
  ) {}

  /** A new undetermined verdict: its reads were refused just now, so the next round waits a full gap from now. */
  refused(): void {
    if (this.closed) return
    this.active = true
    this.last = this.now()
    this.signalled = false
    if (!this.running) this.arm()
  }

  /** A private read of the profile succeeded: re-check now, or once the last round (or refusal) is far enough back. */
  readsWork(): void {
    if (!this.active || this.closed) return
    this.signalled = true
    if (!this.running) this.arm()
  }

  close(): void {
    this.closed = true
    clearTimeout(this.timer)
  }

  /** The gap after `failedRounds` failed rounds: base doubled each time, capped. */
  gap(base: number): number {
    return Math.min(base * 2 ** this.failedRounds, this.s.maxGapMs)
  }

  private arm(): void {
    clearTimeout(this.timer)
    if (this.closed || !this.active) return
    const due = this.last + Math.min(this.gap(this.s.periodMs), this.signalled ? this.gap(this.s.minGapMs) : Infinity)
    if (this.signalled && due <= this.now()) return void this.run()
    this.timer = setTimeout(() => void this.run(), Math.max(0, due - this.now()))
    this.timer.unref?.() // a pending re-check must not keep the process alive
  }

  private async run(): Promise<void> {
    clearTimeout(this.timer)
    this.running = true
    this.signalled = false // this round answers the successes so far; later ones ask for another
    let outcome: RoundOutcome = { failed: true, remaining: 1 }
    try {
      outcome = await this.round()
    } catch {
      // the gateway closed mid-round, or an unexpected failure: treated as a failed round
    } finally {
      this.running = false
      this.last = this.now()
      this.failedRounds = outcome.failed ? this.failedRounds + 1 : 0
      this.active = outcome.remaining > 0
      this.arm()
    }
  }
}
