// Reconnect delays: exponential with "full jitter" (uniform in [0, min(cap, base * 2^attempt))), so many
// terminals dropped by one venue restart do not reconnect in lockstep.

export interface BackoffPolicy {
  baseMs: number
  capMs: number
}

export const DEFAULT_BACKOFF: BackoffPolicy = { baseMs: 500, capMs: 30_000 }

/** The ceiling of attempt n (0-based): min(cap, base * 2^n). */
export function backoffCeiling(attempt: number, p: BackoffPolicy): number {
  return Math.min(p.capMs, p.baseMs * 2 ** Math.min(attempt, 30))
}

/** Delay before attempt n; `random` in [0, 1). */
export function backoffDelay(attempt: number, p: BackoffPolicy, random: () => number = Math.random): number {
  return Math.floor(random() * backoffCeiling(attempt, p))
}
