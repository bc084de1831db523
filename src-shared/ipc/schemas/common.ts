// Building blocks of the contract's input schemas. Money is exact decimal TEXT (never a JS number), ids are digit
// strings (live ids exceed 2^53), and every rejection message says what the field must be, never what it was
// (a pasted secret in the wrong field must not be echoed back).
import { z } from 'zod'

/** A strict object: an unknown field is refused by name (typos must not be silently dropped). */
export function obj<S extends z.ZodRawShape>(shape: S) {
  return z.strictObject(shape, {
    error: (iss) => (iss.code === 'unrecognized_keys' ? `unknown field(s): ${iss.keys.join(', ')}` : undefined)
  })
}

const DECIMAL = /^(?:0|[1-9]\d{0,29})(?:\.\d{1,30})?$/
const ZERO = /^0(?:\.0+)?$/

export const decimalText = z
  .string('must be a decimal string')
  .regex(DECIMAL, 'must be a decimal string such as "12.5" (no sign, exponent or spaces)')
export const positiveDecimal = decimalText.refine((v) => !ZERO.test(v), 'must be greater than 0')
export const idText = z.string('must be an id string').regex(/^\d{1,30}$/, 'must be an id of 1..30 digits, as a string')
export const spotSymbol = z
  .string('must be a spot symbol')
  .regex(/^[a-z0-9]{2,32}$/, 'must be a lowercase spot symbol such as "btcusdt"')
export const contractName = z
  .string('must be a contract name')
  .regex(/^[A-Z0-9]{1,16}(?:-[A-Z0-9]{1,16}){0,4}$/, 'must be a futures contract name such as "E-BTC-USDT"')
export const profileId = z.uuid('must be a profile id (UUID)')
export const clientOrderId = z
  .string('must be a string')
  .regex(/^[A-Za-z0-9_-]{1,31}$/, 'must be 1..31 letters, digits, "_" or "-"')
export const asset = z
  .string('must be an asset code')
  .regex(/^[A-Za-z0-9]{1,20}$/, 'must be an asset code such as "USDT"')
export const side = z.enum(['BUY', 'SELL'], 'must be BUY or SELL')
export const orderType = z.enum(['LIMIT', 'MARKET'], 'must be LIMIT or MARKET')
/** Candle intervals; either hour spelling works on both modules (the client sends the module's own). */
export const interval = z.enum(
  ['1min', '5min', '15min', '30min', '60min', '1h', '1day', '1week', '1month'],
  'must be one of 1min, 5min, 15min, 30min, 60min, 1h, 1day, 1week, 1month'
)
export const millis = z
  .int('must be a whole number of ms')
  .min(0, 'must not be negative')
  .max(8_640_000_000_000_000, 'is out of range')
export const positionType = z.literal([1, 2], 'must be 1 (cross) or 2 (isolated)')
export const timeInForce = z.enum(['IOC', 'FOK', 'POST_ONLY'], 'must be IOC, FOK or POST_ONLY')

export function pageLimit(max: number) {
  return z.int('must be a whole number').min(1, 'must be at least 1').max(max, `must be at most ${max}`)
}

/** Every channel may name a profile; without one the active profile is used. */
export const withProfile = { profileId: profileId.optional() }

/** Commands and streams that take nothing but an optional profile. */
export const profileOnly = obj(withProfile)

/** { module, symbol } where the symbol's spelling is checked per module (btcusdt vs E-BTC-USDT). */
export function marketRef<S extends z.ZodRawShape>(extra: S) {
  return z.discriminatedUnion(
    'module',
    [
      obj({ ...withProfile, module: z.literal('spot'), symbol: spotSymbol, ...extra }),
      obj({ ...withProfile, module: z.literal('futures'), symbol: contractName, ...extra })
    ],
    { error: (iss) => (iss.code === 'invalid_union' ? "must be 'spot' or 'futures'" : undefined) }
  )
}

/**
 * The same for the three trading modules (margin uses spot symbols). `futuresSymbol` replaces the futures
 * contract's check: lists pass `contractName.optional()`, as futures may list every contract at once.
 */
export function tradeRef<S extends z.ZodRawShape, F extends z.ZodType = typeof contractName>(
  extra: S,
  futuresSymbol?: F
) {
  return z.discriminatedUnion(
    'module',
    [
      obj({ ...withProfile, module: z.literal('spot'), symbol: spotSymbol, ...extra }),
      obj({ ...withProfile, module: z.literal('margin'), symbol: spotSymbol, ...extra }),
      obj({ ...withProfile, module: z.literal('futures'), symbol: (futuresSymbol ?? contractName) as F, ...extra })
    ],
    { error: (iss) => (iss.code === 'invalid_union' ? "must be 'spot', 'margin' or 'futures'" : undefined) }
  )
}
