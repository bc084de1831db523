// When funding settles next. The interface names no next-funding time, so it is derived: funding settles at every
// multiple of the interval since the epoch (8 h: 00:00, 08:00, 16:00 UTC, as the embedded exchange and the usual
// venues do).
export const FUNDING_INTERVAL_MS = 8 * 3600_000

export function nextFundingTime(now: number, intervalMs = FUNDING_INTERVAL_MS): number {
  return Math.floor(now / intervalMs) * intervalMs + intervalMs
}
