// Futures money: BigInt counts of 10^-12 of the margin coin. Twelve decimals make every linear value, fee and
// funding payment exact (contract value steps are 10^-4 USDT, fee and funding rates have 6 and 8 decimals);
// only inverse values (100 USD / price) are rounded, once per contract, so every sum over positions stays exact.
import { formatScaled, parseScaled } from '../engine'
import { toJsonNumber, type JsonDecimal } from '@shared/decimal'
import { refuse } from '../domain-error'

export const MONEY_SCALE = 12
export const ONE = 10n ** BigInt(MONEY_SCALE)
export const PPM = 1_000_000n
export const E8 = 100_000_000n

/** floor(a / b) for b > 0, any sign of a. */
export function floorDiv(a: bigint, b: bigint): bigint {
  const q = a / b
  return a % b !== 0n && a < 0n ? q - 1n : q
}

/** ceil(a / b) for b > 0, any sign of a. */
export function ceilDiv(a: bigint, b: bigint): bigint {
  const q = a / b
  return a % b !== 0n && a > 0n ? q + 1n : q
}

/** a / b rounded half to even, b > 0. */
export function roundDiv(a: bigint, b: bigint): bigint {
  const q = floorDiv(a, b)
  const r2 = 2n * (a - q * b)
  if (r2 > b || (r2 === b && q % 2n !== 0n)) return q + 1n
  return q
}

export const min = (a: bigint, b: bigint): bigint => (a < b ? a : b)
export const max = (a: bigint, b: bigint): bigint => (a > b ? a : b)

/** Money as plain text, trailing zeros trimmed ('12.5', '-0.000001'). */
export function moneyText(v: bigint): string {
  return formatScaled(v, MONEY_SCALE, true)
}

/** Money as a JSON number written from its exact text. */
export function moneyJson(v: bigint): JsonDecimal {
  return toJsonNumber(moneyText(v))
}

/** Parses a positive amount with at most `decimals` decimals into money units; refuses with the family's codes. */
export function parseAmount(text: string, decimals: number, field: string): bigint {
  const r = parseScaled(text, decimals)
  if (!r.ok)
    refuse(
      r.reason === 'PRECISION' ? 'BAD_PRECISION' : 'MANDATORY_PARAM',
      `Parameter '${field}' must be a decimal with at most ${decimals} decimals`
    )
  if (r.value <= 0n) refuse('MANDATORY_PARAM', `Parameter '${field}' must be greater than 0`)
  return r.value * 10n ** BigInt(MONEY_SCALE - decimals)
}
