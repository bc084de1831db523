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

/**
 * A decimal id (digits, leading zeros dropped) from digit text or a non-negative integer; undefined for
 * anything else, which a history query treats like an absent bound (the newest page).
 */
export function optionalId(value: unknown): string | undefined {
  if (typeof value === 'number') return Number.isInteger(value) && value >= 0 ? BigInt(value).toString() : undefined
  if (typeof value !== 'string' || !/^\d+$/.test(value)) return undefined
  return value.replace(/^0+(?=\d)/, '')
}
