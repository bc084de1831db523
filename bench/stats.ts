// Order statistics of the bench scripts' samples.

/** The element at quantile `p` (0..1) of ascending `sorted`: index floor(p * n), the last one for p = 1. */
export function quantile(sorted: ArrayLike<number>, p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!
}

/** The middle of `xs` (the upper one of two for an even count); `xs` is not reordered. */
export function median(xs: readonly number[]): number {
  return quantile(
    [...xs].sort((a, b) => a - b),
    0.5
  )
}
