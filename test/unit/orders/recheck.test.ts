// When the gateway re-reads undetermined actions (recheck.ts): a background round one period after the refusal, a
// successful private read earlier (not before the least gap; one during a round or the gap is kept for later), gaps
// doubling after each failed round up to the cap, nothing once nothing is left, nothing after close. Fake timers: the
// schedule's own clock is Date.now.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { RecheckSchedule, recheckSettings, type RoundOutcome } from '../../../src-main/orders/recheck'

beforeEach(() => void vi.useFakeTimers({ now: 1_000_000 }))
afterEach(() => void vi.useRealTimers())

/** A schedule whose rounds answer `outcomes` in turn (the last one repeated); `at` logs when each round ran. */
function rig(outcomes: RoundOutcome[], over: Parameters<typeof recheckSettings>[0] = {}) {
  const at: number[] = []
  const start = Date.now()
  const s = new RecheckSchedule(
    recheckSettings({ periodMs: 1000, minGapMs: 100, maxGapMs: 5000, ...over }),
    async () => {
      at.push(Date.now() - start)
      return outcomes[Math.min(at.length - 1, outcomes.length - 1)]!
    }
  )
  return { s, at }
}
const failed: RoundOutcome = { failed: true, remaining: 1 }

describe('recheck schedule', () => {
  it('waits a period after the refusal, then doubles the gap after each failed round, up to the cap', async () => {
    const { s, at } = rig([failed])
    s.refused()
    await vi.advanceTimersByTimeAsync(999)
    expect(at).toEqual([])
    await vi.advanceTimersByTimeAsync(20_000)
    // 1000, then +2000, +4000, then capped at +5000
    expect(at).toEqual([1000, 3000, 7000, 12000, 17000])
    s.close()
  })

  it('a successful read re-checks early, but not within the least gap (doubled after failed rounds)', async () => {
    const { s, at } = rig([failed])
    s.refused()
    await vi.advanceTimersByTimeAsync(50)
    s.readsWork() // 50 ms after the refusal: too soon
    expect(at).toEqual([])
    await vi.advanceTimersByTimeAsync(50)
    s.readsWork()
    await vi.advanceTimersByTimeAsync(0)
    expect(at).toEqual([100])
    await vi.advanceTimersByTimeAsync(150)
    s.readsWork() // one failed round: the least gap is 200 now
    await vi.advanceTimersByTimeAsync(0)
    expect(at).toEqual([100])
    await vi.advanceTimersByTimeAsync(50)
    s.readsWork()
    await vi.advanceTimersByTimeAsync(0)
    expect(at).toEqual([100, 300])
    s.close()
  })

  it('an answered round resets the gap; nothing left stops everything until the next refusal', async () => {
    const { s, at } = rig([failed, { failed: false, remaining: 1 }, { failed: false, remaining: 0 }])
    s.refused()
    await vi.advanceTimersByTimeAsync(3000 + 1000 + 1)
    expect(at).toEqual([1000, 3000, 4000]) // gap 2000 after the failed round, back to 1000 after the answered one
    await vi.advanceTimersByTimeAsync(60_000)
    s.readsWork()
    await vi.advanceTimersByTimeAsync(0)
    expect(at).toHaveLength(3)
    s.refused()
    await vi.advanceTimersByTimeAsync(1000)
    expect(at).toHaveLength(4)
    s.close()
  })

  it('one round at a time, and none after close', async () => {
    let finish: (o: RoundOutcome) => void = () => undefined
    let rounds = 0
    const s = new RecheckSchedule(recheckSettings({ periodMs: 1000, minGapMs: 0 }), () => {
      rounds++
      return new Promise<RoundOutcome>((ok) => (finish = ok))
    })
    s.refused()
    await vi.advanceTimersByTimeAsync(1000)
    s.readsWork()
    s.readsWork()
    expect(rounds).toBe(1)
    finish(failed)
    await vi.advanceTimersByTimeAsync(0)
    expect(rounds).toBe(2) // the two successes during the round ask for one more, not two
    s.close()
    finish(failed)
    s.readsWork()
    s.refused()
    await vi.advanceTimersByTimeAsync(60_000)
    expect(rounds).toBe(2)
  })

  it('a success during a running round is kept: a follow-up round once the least gap after it allows', async () => {
    let finish: (o: RoundOutcome) => void = () => undefined
    const at: number[] = []
    const start = Date.now()
    const s = new RecheckSchedule(recheckSettings({ periodMs: 10_000, minGapMs: 100, maxGapMs: 60_000 }), () => {
      at.push(Date.now() - start)
      return new Promise<RoundOutcome>((ok) => (finish = ok))
    })
    s.refused()
    await vi.advanceTimersByTimeAsync(10_000)
    expect(at).toEqual([10_000])
    await vi.advanceTimersByTimeAsync(30)
    s.readsWork() // the key was fixed while the round's reads were still refused
    await vi.advanceTimersByTimeAsync(20)
    finish(failed)
    await vi.advanceTimersByTimeAsync(199) // one failed round: the least gap is 200
    expect(at).toEqual([10_000])
    await vi.advanceTimersByTimeAsync(1)
    expect(at).toEqual([10_000, 10_250]) // not 20 s later (the doubled period)
    finish({ failed: false, remaining: 1 })
    await vi.advanceTimersByTimeAsync(9_999)
    expect(at).toHaveLength(2) // that success was answered: back to the period
    await vi.advanceTimersByTimeAsync(1)
    expect(at).toEqual([10_000, 10_250, 20_250])
    s.close()
  })

  it('a success within the least gap brings the round when the gap ends; a refusal since cancels it', async () => {
    const { s, at } = rig([failed], { periodMs: 10_000, minGapMs: 100, maxGapMs: 60_000 })
    s.refused()
    await vi.advanceTimersByTimeAsync(40)
    s.readsWork()
    await vi.advanceTimersByTimeAsync(59)
    expect(at).toEqual([])
    await vi.advanceTimersByTimeAsync(1)
    expect(at).toEqual([100])
    await vi.advanceTimersByTimeAsync(50)
    s.readsWork() // the least gap is 200 after the failed round
    await vi.advanceTimersByTimeAsync(100)
    s.refused() // reads refused again since that success: a full period from now
    await vi.advanceTimersByTimeAsync(10_000 * 2 - 1) // the period doubled after the failed round
    expect(at).toEqual([100])
    await vi.advanceTimersByTimeAsync(1)
    expect(at).toEqual([100, 20_250])
    s.close()
  })
})
