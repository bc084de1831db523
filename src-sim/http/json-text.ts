// The JSON text of an answer. Most answers hold only strings, booleans, finite numbers, plain objects and arrays;
// for those JSON.stringify writes exactly the bytes stringifyWithDecimals writes, several times faster (order
// placement answers thousands of these a second). Anything else (a JsonNumber or other toJSON, a non-finite
// number, a bigint, an undefined or missing array item, a class instance, a very deep or cyclic value) goes to
// stringifyWithDecimals, which keeps decimals exact and throws where JSON.stringify would write null.
import { stringifyWithDecimals } from '@shared/decimal'

const MAX_DEPTH = 32

export function jsonText(value: unknown): string {
  return isPlain(value, 0) ? JSON.stringify(value) : stringifyWithDecimals(value)
}

function isPlain(v: unknown, depth: number): boolean {
  switch (typeof v) {
    case 'string':
    case 'boolean':
      return true
    case 'number':
      return Number.isFinite(v)
    case 'object':
      break
    default:
      return false // undefined, bigint, function, symbol: the careful writer decides
  }
  if (v === null) return true
  if (depth >= MAX_DEPTH) return false
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) {
      const item: unknown = v[i]
      if (item === undefined || !isPlain(item, depth + 1)) return false
    }
    return true
  }
  const proto: unknown = Object.getPrototypeOf(v)
  if ((proto !== Object.prototype && proto !== null) || typeof (v as { toJSON?: unknown }).toJSON === 'function')
    return false
  for (const key in v) {
    const item = (v as Record<string, unknown>)[key]
    // Omitted by both writers alike.
    if (item === undefined) continue
    if (!isPlain(item, depth + 1)) return false
  }
  return true
}
