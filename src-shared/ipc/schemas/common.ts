// Building blocks of the contract's input schemas. Money is exact decimal TEXT (never a JS number), ids are digit
// strings (live ids exceed 2^53), and every rejection message says what the field must be, never what it was
// (a pasted secret in the wrong field must not be echoed back).
import { z } from 'zod'
import { rule, unknownFields } from './field-rule'

/** A strict object: an unknown field is refused by name (typos must not be silently dropped). */
export function obj<S extends z.ZodRawShape>(shape: S) {
  return z.strictObject(shape, {
    error: (iss) => (iss.code === 'unrecognized_keys' ? unknownFields(iss.keys) : undefined)
  })
}

const DECIMAL = /^(?:0|[1-9]\d{0,29})(?:\.\d{1,30})?$/
const ZERO = /^0(?:\.0+)?$/

export const decimalText = z.string(rule('decimalText')).regex(DECIMAL, rule('decimal'))
export const positiveDecimal = decimalText.refine((v) => !ZERO.test(v), rule('positive'))
export const idText = z.string(rule('idText')).regex(/^\d{1,30}$/, rule('id'))
export const spotSymbol = z.string(rule('spotSymbolText')).regex(/^[a-z0-9]{2,32}$/, rule('spotSymbol'))
export const contractName = z
  .string(rule('contractText'))
  .regex(/^[A-Z0-9]{1,16}(?:-[A-Z0-9]{1,16}){0,4}$/, rule('contract'))
export const profileId = z.uuid(rule('profileId'))
export const clientOrderId = z.string(rule('string')).regex(/^[A-Za-z0-9_-]{1,31}$/, rule('clientOrderId'))
export const asset = z.string(rule('assetText')).regex(/^[A-Za-z0-9]{1,20}$/, rule('asset'))
export const side = z.enum(['BUY', 'SELL'], rule('either', { a: 'BUY', b: 'SELL' }))
export const orderType = z.enum(['LIMIT', 'MARKET'], rule('either', { a: 'LIMIT', b: 'MARKET' }))
/** Candle intervals; either hour spelling works on both modules (the client sends the module's own). */
const INTERVALS = ['1min', '5min', '15min', '30min', '60min', '1h', '1day', '1week', '1month'] as const
export const interval = z.enum(INTERVALS, rule('oneOf', { values: INTERVALS.join(', ') }))
export const millis = z.int(rule('wholeMs')).min(0, rule('notNegative')).max(8_640_000_000_000_000, rule('outOfRange'))
export const positionType = z.literal([1, 2], rule('positionType'))
export const timeInForce = z.enum(
  ['IOC', 'FOK', 'POST_ONLY'],
  rule('oneOfThree', { a: 'IOC', b: 'FOK', c: 'POST_ONLY' })
)

export function pageLimit(max: number) {
  return z
    .int(rule('whole'))
    .min(1, rule('atLeast', { min: 1 }))
    .max(max, rule('atMost', { max }))
}

/** The rules a module's union is refused by. */
export const SPOT_OR_FUTURES = rule('either', { a: "'spot'", b: "'futures'" })
export const TRADING_MODULE = rule('oneOfThree', { a: "'spot'", b: "'margin'", c: "'futures'" })

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
    { error: (iss) => (iss.code === 'invalid_union' ? SPOT_OR_FUTURES : undefined) }
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
    { error: (iss) => (iss.code === 'invalid_union' ? TRADING_MODULE : undefined) }
  )
}
