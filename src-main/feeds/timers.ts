// The clock and timers the feeds run on, injectable so tests drive staleness, backoff and coalescing
// deterministically.

export type TimerHandle = unknown

export interface Timers {
  now(): number
  setTimeout(fn: () => void, ms: number): TimerHandle
  clearTimeout(h: TimerHandle): void
  setInterval(fn: () => void, ms: number): TimerHandle
  clearInterval(h: TimerHandle): void
}

/** Real timers, unref'd: a feed waiting to reconnect must not keep a process alive on its own. */
export const realTimers: Timers = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms).unref(),
  clearTimeout: (h) => clearTimeout(h as NodeJS.Timeout | undefined),
  setInterval: (fn, ms) => setInterval(fn, ms).unref(),
  clearInterval: (h) => clearInterval(h as NodeJS.Timeout | undefined)
}
