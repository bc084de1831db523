// How one alert's rule reads a series of fresh prices (pure: no clock, no I/O; the service feeds it). Prices are
// exact decimal text compared with src-shared/decimal.ts; the % move is computed with decimals too (no division).
// A crossing or a channel fires on a change of side between two fresh prices, so an alert that fires every time is
// re-armed only once the price has gone back across: never on every tick while it stays beyond. A move fires when
// the price is N% away from the window's low (up) or high (down); a move that fires every time starts a new window
// at the price it fired at. `forget()` drops what was seen (a dead feed): the next fresh price only sets the side.
import { compare, mul, sub } from '@shared/decimal'
import type { AlertRuleView } from '@shared/ipc/views/alerts'

export interface PriceTick {
  price: string
  /** Local ms when it was received. */
  at: number
}

export interface RuleWatch {
  /** A fresh price: true when the rule fires on it. */
  see(tick: PriceTick): boolean
  /** Forgets every price seen (the feed died, or the alert was re-armed). */
  forget(): void
}

export function watchRule(rule: AlertRuleView): RuleWatch {
  switch (rule.kind) {
    case 'cross':
      return sideWatch(
        (p) => compare(p, rule.level),
        (before, now) => crossed(rule.direction, before, now)
      )
    case 'channel':
      return sideWatch(
        (p) => (compare(p, rule.low) >= 0 && compare(p, rule.high) <= 0 ? 0 : 1),
        (before, now) => before !== now && (rule.on === 'either' || (rule.on === 'enter' ? now === 0 : now === 1))
      )
    case 'move':
      return moveWatch(rule.percent, rule.windowMinutes * 60_000, rule.direction)
  }
}

/**
 * up: from below the level to at or above it; down: from above to at or below. A price resting at the level fires
 * once: the next crossing needs it to leave the level first.
 */
function crossed(direction: 'up' | 'down' | 'either', before: number, now: number): boolean {
  const up = before < 0 && now >= 0
  const down = before > 0 && now <= 0
  return direction === 'up' ? up : direction === 'down' ? down : up || down
}

/** Fires on a change of the side of the price (`sideOf`), compared with the last fresh price's side. */
function sideWatch(sideOf: (price: string) => number, fires: (before: number, now: number) => boolean): RuleWatch {
  let last: number | null = null
  return {
    see(t) {
      const now = sideOf(t.price)
      const before = last
      last = now
      return before !== null && fires(before, now)
    },
    forget() {
      last = null
    }
  }
}

/**
 * The window's low and high kept as monotonic queues (each price enters and leaves once), so a tick costs O(1)
 * amortized however many prices the window holds.
 */
function moveWatch(percent: string, windowMs: number, direction: 'up' | 'down' | 'either'): RuleWatch {
  let lows: PriceTick[] = [] // prices rising from the front: the front is the window's low
  let highs: PriceTick[] = [] // prices falling from the front: the front is the window's high
  const moved = (from: string, to: string): boolean =>
    // |to - from| / from >= percent / 100, as |to - from| * 100 >= from * percent
    compare(mul(sub(to, from).replace(/^-/, ''), '100'), mul(from, percent)) >= 0
  return {
    see(t) {
      while (lows.length && lows[0]!.at < t.at - windowMs) lows.shift()
      while (highs.length && highs[0]!.at < t.at - windowMs) highs.shift()
      const low = lows[0]
      const high = highs[0]
      const up = low !== undefined && compare(t.price, low.price) > 0 && moved(low.price, t.price)
      const down = high !== undefined && compare(t.price, high.price) < 0 && moved(high.price, t.price)
      const fired = direction === 'up' ? up : direction === 'down' ? down : up || down
      if (fired) {
        lows = [t]
        highs = [t]
        return true
      }
      while (lows.length && compare(lows[lows.length - 1]!.price, t.price) >= 0) lows.pop()
      lows.push(t)
      while (highs.length && compare(highs[highs.length - 1]!.price, t.price) <= 0) highs.pop()
      highs.push(t)
      return false
    },
    forget() {
      lows = []
      highs = []
    }
  }
}
