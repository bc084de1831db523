// Query-size clamping shared by REST and WS queries: out-of-range limits are clamped, not rejected,
// because input validation (and its error codes) belongs to the HTTP router, which reads the catalog.

/** `value` as an integer within [min, max]; `def` when absent or not a finite number. */
export function clampInt(value: unknown, def: number, min: number, max: number): number {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value
  if (typeof n !== 'number' || !Number.isFinite(n)) return def
  return Math.min(max, Math.max(min, Math.trunc(n)))
}

/** An optional finite number from a number or numeric text; undefined otherwise. */
export function optionalNumber(value: unknown): number | undefined {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value
  return typeof n === 'number' && Number.isFinite(n) ? n : undefined
}
