// The shape of one catalog entry. The catalog (./catalog.ts) holds one EndpointDef per path of the spec;
// the client, the rate governor, the embedded exchange's router and validation, the conformance tests and
// the README's endpoint table all read it instead of repeating endpoint facts.

/**
 * The exchange's REST gateway half an endpoint lives under, and the market-data source: `spot` (`/spot/open/sapi/v1`:
 * spot and margin, which share spot market data) or `futures` (`/futures/open/fapi/v1`). The three trading modules
 * are `Module` (src-shared/module.ts; `gatewayOf` maps one to its gateway).
 */
export type Gateway = 'spot' | 'futures'

/** Prefix per gateway; never part of the signed requestPath. */
export const GATEWAY_PREFIX: Readonly<Record<Gateway, string>> = {
  spot: '/spot/open',
  futures: '/futures/open'
}

export type HttpMethod = 'GET' | 'POST'

/** NONE: public. TRADE / USER_DATA: X-CH-* HMAC signing. RSA: Ex-ts / Ex-sign (futures transfers). */
export type Security = 'NONE' | 'TRADE' | 'USER_DATA' | 'RSA'

/**
 * Wire type of a parameter.
 * - decimal: a JSON number on the wire, written from exact decimal text (prices, volumes, amounts).
 * - integer / long: whole numbers (long may exceed 2^53 and is then carried as text).
 * - id: an order or trade id; a string end to end, digits only.
 * - enum: one of `values`.
 * - array: `items` describes each element (an object when `fields` is given).
 */
export type ParamType = 'string' | 'decimal' | 'integer' | 'long' | 'boolean' | 'id' | 'enum' | 'array' | 'object'

export type ParamLocation = 'query' | 'body' | 'header'

export interface ParamDef {
  name: string
  type: ParamType
  in: ParamLocation
  required: boolean
  /** Inclusive bounds for numbers; for strings and arrays, bounds on length. */
  min?: number
  max?: number
  /** For strings: the length must be strictly below this (the spec's "fewer than 32 chars"). */
  maxLengthExclusive?: number
  default?: string | number | boolean
  /** Allowed values: for enum, the strings; for integer codes (positionType 1/2), the numbers as text. */
  values?: readonly string[]
  /** Element description for arrays of objects (batch orders, TP/SL order lists). */
  fields?: readonly ParamDef[]
  /** Element type for arrays of scalars (orderIds). */
  items?: ParamType
  /** Required only when another parameter has a value, e.g. price when type is LIMIT. */
  requiredWhen?: { param: string; equals: string }
  /** A required parameter that may be left out when this other one is given (orderId or newClientOrderId). */
  requiredUnless?: string
  description: string
}

export type RateScope = 'apiKey' | 'ip'

export interface RateLimit {
  count: number
  windowMs: number
  scope: RateScope
  /** True when the figure comes from the spec's Limits table; false when the project chose it. */
  fromSpec: boolean
}

export interface EndpointDef {
  /** Stable id, e.g. `spot.order.place`: names the client method, the server handler and the tests. */
  id: string
  /** The gateway it lives under, from its path (`/sapi/` spot, `/fapi/` futures). */
  gateway: Gateway
  method: HttpMethod
  /** requestPath as signed, e.g. /sapi/v1/order (no gateway prefix). */
  path: string
  /** Other paths with identical behaviour (placeBatchOrder, level_edit). */
  aliases: readonly string[]
  security: Security
  params: readonly ParamDef[]
  /** Name of the wire type of the response (see ./wire.ts). */
  response: string
  rateLimit: RateLimit
  /** Maximum number of items per call where the spec gives one (batch size). */
  maxBatch?: number
  /** A POST that changes nothing (a query, an order test): resent on a rate limit like a GET. */
  readOnly?: true
  summary: string
}
