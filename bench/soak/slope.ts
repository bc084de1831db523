// The soak bench's growth figure: the least-squares slope of a metric sampled over time, per hour.

export interface Sample {
  /** Time of the sample (ms, any origin). */
  tMs: number
  value: number
}

/** Least-squares slope of `samples` in value units per hour; null with fewer than two distinct times. */
export function slopePerHour(samples: readonly Sample[]): number | null {
  const n = samples.length
  if (n < 2) return null
  const mt = samples.reduce((s, x) => s + x.tMs, 0) / n
  const mv = samples.reduce((s, x) => s + x.value, 0) / n
  let num = 0
  let den = 0
  for (const x of samples) {
    num += (x.tMs - mt) * (x.value - mv)
    den += (x.tMs - mt) ** 2
  }
  return den === 0 ? null : (num / den) * 3_600_000
}
