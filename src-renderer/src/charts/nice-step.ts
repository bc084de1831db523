// A round step (1, 2 or 5 times a power of ten) that cuts a span into about `count` parts: the axes' label steps.

export function niceStep(span: number, count: number): number {
  const raw = span / Math.max(1, count)
  if (!(raw > 0) || !Number.isFinite(raw)) return 1
  const p = 10 ** Math.floor(Math.log10(raw))
  const f = raw / p
  return (f < 1.5 ? 1 : f < 3.5 ? 2 : f < 7.5 ? 5 : 10) * p
}

/** The multiples strictly inside `lo..hi` of the least round step (1, 2 or 5 times a power of ten) >= `least`. */
export function roundTicks(lo: number, hi: number, least: number): number[] {
  if (!(least > 0) || !Number.isFinite(least) || !(hi > lo)) return []
  const p = 10 ** Math.floor(Math.log10(least))
  const step = ([1, 2, 5, 10].find((f) => f * p >= least * (1 - 1e-9)) ?? 10) * p
  const out: number[] = []
  for (let k = Math.floor(lo / step) + 1; k * step < hi && out.length < 20; k++) out.push(+(k * step).toPrecision(12))
  return out
}
