// Candle intervals and their UTC bucket boundaries. Spot says `60min`, futures says `1h` for the same
// interval (venues drift between the two), so both are accepted and normalized to `60min`.
import type { ModuleKind } from './types'

export const INTERVALS = ['1min', '5min', '15min', '30min', '60min', '1day', '1week', '1month'] as const
export type Interval = (typeof INTERVALS)[number]

const MIN = 60_000
const DAY = 86_400_000
const WEEK = 7 * DAY
/** 1970-01-05, the first Monday after the epoch (which was a Thursday): weeks start Monday 00:00 UTC. */
const FIRST_MONDAY = 4 * DAY

/** Fixed bucket length in ms; months vary, so they have none. */
const FIXED_MS: Readonly<Record<Exclude<Interval, '1month'>, number>> = {
  '1min': MIN,
  '5min': 5 * MIN,
  '15min': 15 * MIN,
  '30min': 30 * MIN,
  '60min': 60 * MIN,
  '1day': DAY,
  '1week': WEEK
}

/** `1h` -> `60min`; unknown names -> null. */
export function normalizeInterval(name: string): Interval | null {
  if (name === '1h') return '60min'
  return (INTERVALS as readonly string[]).includes(name) ? (name as Interval) : null
}

/** The interval's name as the module spells it on the wire (futures: `1h`). */
export function wireInterval(interval: Interval, kind: ModuleKind): string {
  return kind === 'futures' && interval === '60min' ? '1h' : interval
}

export function fixedLengthMs(interval: Interval): number | null {
  return interval === '1month' ? null : FIXED_MS[interval]
}

/** Open time (ms) of the bucket holding `t`. */
export function bucketStart(interval: Interval, t: number): number {
  if (interval === '1month') {
    const d = new Date(t)
    return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1)
  }
  if (interval === '1week') return Math.floor((t - FIRST_MONDAY) / WEEK) * WEEK + FIRST_MONDAY
  const len = FIXED_MS[interval]
  return Math.floor(t / len) * len
}

/** Open time of the bucket after the one opening at `start`. */
export function nextBucketStart(interval: Interval, start: number): number {
  if (interval === '1month') {
    const d = new Date(start)
    return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1)
  }
  return start + FIXED_MS[interval]
}
