// Rate governor on a fake clock: no window of the limit's length ever holds more grants than the limit (a strict
// sliding window, as the venue enforces), user actions go first, background keeps headroom, 429 pauses a bucket.
import fc from 'fast-check'
import { runs } from '../../fast-check-env'
import { describe, expect, it } from 'vitest'
import { endpointById } from '../../../src-shared/api/catalog'
import type { EndpointDef } from '../../../src-shared/api/types'
import { RateGovernor, type GovernorOptions } from '../../../src-main/client/rate-governor'
import type { Priority } from '../../../src-main/client/types'
import { FakeTime } from './helpers'

const limited = (count: number, windowMs: number): EndpointDef => ({
  ...endpointById('spot.order.place'),
  rateLimit: { count, windowMs, scope: 'apiKey', fromSpec: true }
})

/** Largest number of times inside any half-open window [a, a + w). */
function maxInWindow(times: number[], w: number): number {
  const t = [...times].sort((a, b) => a - b)
  let best = 0
  for (let i = 0, j = 0; i < t.length; i++) {
    while (t[i]! - t[j]! >= w) j++
    best = Math.max(best, i - j + 1)
  }
  return best
}

function harness(opts: GovernorOptions = {}) {
  const time = new FakeTime()
  const gov = new RateGovernor({ now: time.now, setTimer: time.setTimer, random: () => 0.5, ...opts })
  const grants: { t: number; tag: string }[] = []
  const request = (def: EndpointDef, priority: Priority, tag: string, signal?: AbortSignal): Promise<void> => {
    const w = gov.acquire('k', def, priority, signal)
    if (!w) {
      grants.push({ t: time.t, tag })
      return Promise.resolve()
    }
    return w.then(() => void grants.push({ t: time.t, tag }))
  }
  return { time, gov, grants, request }
}

describe('strict sliding window', () => {
  it('property: no window ever holds more than the limit, and every request is granted', async () => {
    // size 'max': fast-check's default size caps an array at 2 x minLength + 10 items, whatever maxLength says
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 50, max: 2000 }),
        fc.array(fc.tuple(fc.integer({ min: 0, max: 400 }), fc.boolean()), {
          minLength: 1,
          maxLength: 60,
          size: 'max'
        }),
        fc.constantFrom<GovernorOptions>({ countRatio: 1, marginMs: 0 }, {}, { backgroundShare: 0.5 }),
        async (count, windowMs, arrivals, opts) => {
          const { time, grants, request } = harness(opts)
          const def = limited(count, windowMs)
          const all: Promise<void>[] = []
          for (const [gap, user] of arrivals) {
            await time.advance(gap)
            all.push(request(def, user ? 'user' : 'background', ''))
          }
          await time.advance(arrivals.length * (windowMs + 200))
          await Promise.all(all)
          expect(grants).toHaveLength(arrivals.length)
          expect(
            maxInWindow(
              grants.map((g) => g.t),
              windowMs
            )
          ).toBeLessThanOrEqual(count)
        }
      ),
      { numRuns: runs(60) }
    )
  })

  it('a burst of 1,000 orders at 100 / 2 s: under the limit even with up to 100 ms of network jitter per request', async () => {
    const { time, grants, request } = harness()
    const def = endpointById('spot.order.place')
    const all = Array.from({ length: 1000 }, (_, i) => request(def, 'user', String(i)))
    await time.advance(30_000)
    await Promise.all(all)
    expect(grants).toHaveLength(1000)
    const jittered = grants.map((g, i) => g.t + ((i * 7919) % 101)) // deterministic spread of 0..100 ms
    expect(maxInWindow(jittered, 2000)).toBeLessThanOrEqual(100)
    expect(
      maxInWindow(
        grants.map((g) => g.t),
        2000
      )
    ).toBe(90) // planned at 90 % of the count
    expect(grants.at(-1)!.t).toBeLessThan(24_000) // ~11 windows of 2.1 s
  })
})

describe('priorities', () => {
  it('user requests are granted before queued background requests', async () => {
    const { time, grants, request } = harness({ countRatio: 1, marginMs: 0, backgroundShare: 1 })
    const def = limited(2, 1000)
    const all = [request(def, 'user', 'u0'), request(def, 'user', 'u1')]
    all.push(request(def, 'background', 'b0'), request(def, 'background', 'b1'), request(def, 'background', 'b2'))
    await time.advance(10)
    all.push(request(def, 'user', 'u2'), request(def, 'user', 'u3'))
    await time.advance(5000)
    await Promise.all(all)
    expect(grants.map((g) => g.tag)).toEqual(['u0', 'u1', 'u2', 'u3', 'b0', 'b1', 'b2'])
  })

  it('background may use only its share of the window; a user action still goes at once', async () => {
    const { time, grants, request, gov } = harness({ countRatio: 1, marginMs: 0, backgroundShare: 0.8 })
    const def = limited(10, 1000)
    const bg = Array.from({ length: 10 }, (_, i) => request(def, 'background', `b${i}`))
    await time.settle()
    expect(grants).toHaveLength(8)
    expect(gov.stats()[0]).toMatchObject({ used: 8, plannedCount: 10, queuedBackground: 2, queuedUser: 0 })
    await request(def, 'user', 'u')
    expect(grants.at(-1)).toEqual({ t: 0, tag: 'u' })
    await time.advance(1000)
    await Promise.all(bg)
    expect(grants).toHaveLength(11)
  })
})

describe('429 handling', () => {
  it('Retry-After pauses the bucket even with budget left', async () => {
    const { time, grants, request, gov } = harness()
    const def = limited(100, 2000)
    const pause = gov.rateLimited('k', def, 1500)
    expect(pause).toBeGreaterThanOrEqual(1500)
    expect(gov.stats()[0]!.pausedForMs).toBeGreaterThanOrEqual(1500)
    const p = request(def, 'user', 'x')
    await time.advance(1499)
    expect(grants).toHaveLength(0)
    await time.advance(pause - 1499)
    await p
    expect(grants).toEqual([{ t: pause, tag: 'x' }])
    expect(gov.stats()[0]!.rateLimited).toBe(1)
  })

  it('without Retry-After, consecutive 429 episodes back off exponentially with jitter; success resets', async () => {
    const { gov, time } = harness({ backoffBaseMs: 100, random: () => 1 })
    const def = limited(10, 1000)
    const pauses: number[] = []
    for (let i = 0; i < 3; i++) {
      const p = gov.rateLimited('k', def)
      pauses.push(p)
      await time.advance(p) // the pause ends; the next 429 is a new episode
    }
    expect(pauses).toEqual([150, 250, 450]) // base * 2^n at 100 % jitter, + up to 50 ms spread
    gov.succeeded('k')
    expect(gov.rateLimited('k', def)).toBe(150)
  })

  it('429s of requests already in flight during a pause do not escalate the back-off', async () => {
    const { gov, time } = harness({ backoffBaseMs: 100, random: () => 1 })
    const def = limited(10, 1000)
    expect(gov.rateLimited('k', def)).toBe(150)
    // nine more answers of the same burst arrive while the bucket is paused: each waits the rest of the pause
    for (let i = 1; i <= 9; i++) {
      await time.advance(10)
      expect(gov.rateLimited('k', def)).toBe(150 - 10 * i + 50)
    }
    expect(gov.stats()[0]!.rateLimited).toBe(10)
    // after the pause, a new refusal is the second episode: twice the base, not 2^9 times
    await time.advance(200)
    expect(gov.rateLimited('k', def)).toBe(250)
  })
})

describe('queue hygiene', () => {
  it('an aborted waiter is rejected and spends no budget', async () => {
    const { time, grants, request } = harness({ countRatio: 1, marginMs: 0 })
    const def = limited(1, 1000)
    await request(def, 'user', 'a')
    const ctl = new AbortController()
    const aborted = request(def, 'user', 'b', ctl.signal).catch((e: unknown) => e)
    const next = request(def, 'user', 'c')
    ctl.abort()
    expect(await aborted).toMatchObject({ kind: 'aborted' })
    await time.advance(1000)
    await next
    expect(grants.map((g) => [g.tag, g.t])).toEqual([
      ['a', 0],
      ['c', 1000]
    ])
  })

  it('bucket keys: aliases share one bucket (one entry), apiKey scope per key, ip scope per base URL', () => {
    const place = endpointById('futures.order.batchPlace') // also serves /fapi/v1/placeBatchOrder
    expect(RateGovernor.keyOf(place, { apiKeyTag: 'abc', baseUrl: 'http://a' })).toBe(
      'futures.order.batchPlace|key:abc'
    )
    expect(RateGovernor.keyOf(endpointById('spot.depth'), { apiKeyTag: 'abc', baseUrl: 'http://a' })).toBe(
      'spot.depth|ip:http://a'
    )
  })
})

describe('countAnswers: a request counts until its answer, as the venue sees it', () => {
  it('keeps the budget spent while requests are unanswered, then counts from the answer time', async () => {
    const def = limited(2, 1000)
    const run = async (countAnswers: boolean): Promise<number> => {
      const { time, gov, grants, request } = harness({ countRatio: 1, marginMs: 0, countAnswers })
      void request(def, 'user', 'a')
      void request(def, 'user', 'b')
      const third = request(def, 'user', 'c')
      await time.advance(1500)
      gov.answered('k')
      gov.answered('k')
      await time.advance(3000)
      await third
      return grants.find((g) => g.tag === 'c')!.t
    }
    expect(await run(false)).toBe(1000)
    // Answered at 1500: the venue may have counted both as late as that, so the third waits a window more.
    expect(await run(true)).toBe(2500)
  })
})
