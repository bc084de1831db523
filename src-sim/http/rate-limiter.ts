// Server-side rate limits: a sliding window per (catalog limit, scope key). "100 requests / 2 s" is read
// strictly: no window of that length ever admits more. Timestamps of admitted requests sit in a ring
// buffer of size `count`, so a check is O(1) and memory is bounded per key.

export interface WindowLimit {
  count: number
  windowMs: number
}

export type Admission = { ok: true } | { ok: false; retryAfterMs: number }

class Ring {
  private readonly times: Float64Array
  private head = 0
  private size = 0
  last = 0
  constructor(capacity: number) {
    this.times = new Float64Array(capacity)
  }
  admit(now: number, windowMs: number): Admission {
    const cap = this.times.length
    if (this.size === cap) {
      const oldest = this.times[this.head] as number
      const freeAt = oldest + windowMs
      if (now < freeAt) return { ok: false, retryAfterMs: freeAt - now }
      this.head = (this.head + 1) % cap
      this.size--
    }
    this.times[(this.head + this.size) % cap] = now
    this.size++
    this.last = now
    return { ok: true }
  }
}

export class SlidingWindowLimiter {
  private readonly rings = new Map<string, Ring>()
  private lastSweep = 0

  /** `key` names both the limit and the caller (e.g. `spot.order.place|key:abc`). */
  admit(key: string, limit: WindowLimit, now: number): Admission {
    let ring = this.rings.get(key)
    if (!ring) {
      ring = new Ring(limit.count)
      this.rings.set(key, ring)
    }
    const result = ring.admit(now, limit.windowMs)
    if (now - this.lastSweep > 60_000) this.sweep(now)
    return result
  }

  /** Forgets callers idle for a minute (longer than any window) so the map cannot grow without bound. */
  private sweep(now: number): void {
    this.lastSweep = now
    for (const [key, ring] of this.rings) if (now - ring.last > 60_000) this.rings.delete(key)
  }
}
