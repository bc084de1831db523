import { describe, expect, it } from 'vitest'
import { SlidingWindowLimiter } from '../../../src-sim/http/rate-limiter'

describe('SlidingWindowLimiter', () => {
  const limit = { count: 3, windowMs: 2000 }

  it('admits count requests per window and tells when the next is allowed', () => {
    const l = new SlidingWindowLimiter()
    expect(l.admit('a', limit, 1000).ok).toBe(true)
    expect(l.admit('a', limit, 1100).ok).toBe(true)
    expect(l.admit('a', limit, 1200).ok).toBe(true)
    expect(l.admit('a', limit, 1300)).toEqual({ ok: false, retryAfterMs: 1700 })
    expect(l.admit('a', limit, 2999).ok).toBe(false)
    expect(l.admit('a', limit, 3000).ok).toBe(true)
    expect(l.admit('a', limit, 3050)).toEqual({ ok: false, retryAfterMs: 50 })
  })

  it('keeps keys apart', () => {
    const l = new SlidingWindowLimiter()
    for (let i = 0; i < 3; i++) expect(l.admit('a', limit, 0).ok).toBe(true)
    expect(l.admit('a', limit, 0).ok).toBe(false)
    expect(l.admit('b', limit, 0).ok).toBe(true)
  })

  it('never admits more than count in any window (sliding, not fixed)', () => {
    const l = new SlidingWindowLimiter()
    const admitted: number[] = []
    for (let t = 0; t < 10_000; t += 37) if (l.admit('k', limit, t).ok) admitted.push(t)
    for (let i = 0; i + limit.count < admitted.length; i++) {
      expect((admitted[i + limit.count] as number) - (admitted[i] as number)).toBeGreaterThanOrEqual(limit.windowMs)
    }
    expect(admitted.length).toBeGreaterThan(10)
  })
})
