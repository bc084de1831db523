// Authoring helpers for catalog entries: derive gateway, parameter location, recvWindow and rate-limit scope
// from the few facts an entry states, so each entry reads like its row in the spec.
import type {
  EndpointDef,
  Gateway,
  HttpMethod,
  ParamDef,
  ParamLocation,
  ParamType,
  RateLimit,
  Security
} from '../types'
import type { WireTypeName } from '../wire'

/** A parameter as authored: `in` is derived from the method unless given (headers). */
export type ParamSpec = Omit<ParamDef, 'in' | 'fields'> & { in?: ParamLocation; fields?: readonly ParamSpec[] }

type Extra = Partial<Omit<ParamSpec, 'name' | 'type' | 'required' | 'description'>>

/**
 * A parameter that keeps its facts as literal types (name, type, requiredness, values, fields, default), so the
 * parameter and response types of ./typed.ts derive from the same entries the run-time code reads.
 */
export type LiteralSpec<N extends string, T extends ParamType, Q extends boolean, X> = ParamSpec & {
  readonly name: N
  readonly type: T
  readonly required: Q
} & X

export function req<const N extends string, const T extends ParamType, const X extends Extra = Record<never, never>>(
  name: N,
  type: T,
  description: string,
  extra: X = {} as X
): LiteralSpec<N, T, true, X> {
  return { name, type, required: true, description, ...extra } as LiteralSpec<N, T, true, X>
}

export function opt<const N extends string, const T extends ParamType, const X extends Extra = Record<never, never>>(
  name: N,
  type: T,
  description: string,
  extra: X = {} as X
): LiteralSpec<N, T, false, X> {
  return { name, type, required: false, description, ...extra } as LiteralSpec<N, T, false, X>
}

/**
 * Rate limits. Figures from the spec's Limits table are stated on the entry (`specLimit`, fromSpec true), one
 * bucket per endpoint ("each"); an alias shares its entry's bucket. For endpoints absent from that table (the
 * spec: "not shown") the project chooses, with fromSpec false:
 * - public (NONE): 20 requests / 1 s per IP, per endpoint. Generous enough for REST snapshots and gap fills
 *   (live data comes over WebSocket), tight enough that a runaway loop is stopped by the exchange.
 * - private (TRADE, USER_DATA, RSA): 20 requests / 2 s per API key, per endpoint: the figure the table gives
 *   most often for private endpoints (spot queries and account, futures cancel, myTrades and account), and no
 *   looser than the table's figure for any comparable endpoint (margin order is 10 / s, the same rate).
 * Scope follows the spec: private data per API key, public data per IP.
 */
export const DEFAULT_PUBLIC_LIMIT = { count: 20, windowMs: 1000 } as const
export const DEFAULT_PRIVATE_LIMIT = { count: 20, windowMs: 2000 } as const

export interface EntrySpec<
  I extends string,
  R extends WireTypeName,
  S extends Security,
  P extends readonly ParamSpec[]
> {
  id: I
  method: HttpMethod
  /** requestPath, /sapi/v1/... or /fapi/v1/...; the gateway follows from the prefix. */
  path: string
  aliases?: readonly string[]
  security: S
  params?: P
  response: R
  /** The spec's Limits-table figure; omitted when the table has no row for this endpoint. */
  specLimit?: { count: number; windowMs: number }
  maxBatch?: number
  /** A POST that changes nothing (see EndpointDef.readOnly). */
  readOnly?: true
  summary: string
}

/** A parameter as the entry holds it: `in` placed, nested fields too (what `place` below does at run time). */
export type Placed<S> = S extends unknown
  ? Omit<S, 'in' | 'fields'> & {
      readonly in: S extends { readonly in: infer L extends ParamLocation } ? L : ParamLocation
    } & (S extends { readonly fields: readonly (infer F)[] } ? { readonly fields: readonly Placed<F>[] } : unknown)
  : never

/** The recvWindow every HMAC-signed entry gets unless it states its own (see `endpoint`). */
type RecvWindowSpec = LiteralSpec<'recvWindow', 'integer', false, { readonly min: 1 }>
type WithRecvWindow<S extends Security, P extends ParamSpec> = S extends 'TRADE' | 'USER_DATA'
  ? 'recvWindow' extends P['name']
    ? P
    : P | RecvWindowSpec
  : P

/** A catalog entry whose id, response, security and parameters keep their literal types (./typed.ts reads them). */
export type Entry<
  I extends string = string,
  R extends WireTypeName = WireTypeName,
  S extends Security = Security,
  P extends ParamSpec = ParamSpec
> = Omit<EndpointDef, 'id' | 'response' | 'security' | 'params'> & {
  readonly id: I
  readonly response: R
  readonly security: S
  readonly params: readonly Placed<WithRecvWindow<S, P>>[]
}

export function gatewayOfPath(path: string): Gateway {
  if (path.startsWith('/sapi/')) return 'spot'
  if (path.startsWith('/fapi/')) return 'futures'
  throw new Error(`path ${path} is neither /sapi/ nor /fapi/`)
}

function place(p: ParamSpec, loc: ParamLocation): ParamDef {
  const { fields, ...rest } = p
  const out: ParamDef = { ...rest, in: p.in ?? loc }
  if (fields) out.fields = fields.map((f) => place(f, 'body'))
  return out
}

function recvWindow(method: HttpMethod): ParamSpec {
  return opt(
    'recvWindow',
    'integer',
    `Widens the 5000 ms timestamp window, in ms (spec Authentication rule 6: in the ${method === 'GET' ? 'query on GET' : 'body on POST'}).`,
    { min: 1 }
  )
}

export function endpoint<
  const I extends string,
  const R extends WireTypeName,
  const S extends Security,
  const P extends readonly ParamSpec[] = readonly []
>(e: EntrySpec<I, R, S, P>): Entry<I, R, S, P[number]> {
  const gateway = gatewayOfPath(e.path)
  for (const a of e.aliases ?? []) if (gatewayOfPath(a) !== gateway) throw new Error(`alias ${a} changes gateway`)
  const loc: ParamLocation = e.method === 'GET' ? 'query' : 'body'
  const specs: ParamSpec[] = [...(e.params ?? [])]
  // Every HMAC-signed endpoint accepts recvWindow; the RSA scheme has no time window of that kind.
  const hmac = e.security === 'TRADE' || e.security === 'USER_DATA'
  if (hmac && !specs.some((p) => p.name === 'recvWindow')) specs.push(recvWindow(e.method))
  const scope = e.security === 'NONE' ? 'ip' : 'apiKey'
  const rateLimit: RateLimit = e.specLimit
    ? { ...e.specLimit, scope, fromSpec: true }
    : { ...(e.security === 'NONE' ? DEFAULT_PUBLIC_LIMIT : DEFAULT_PRIVATE_LIMIT), scope, fromSpec: false }
  const def: EndpointDef = {
    id: e.id,
    gateway,
    method: e.method,
    path: e.path,
    aliases: e.aliases ?? [],
    security: e.security,
    params: specs.map((p) => place(p, loc)),
    response: e.response,
    rateLimit,
    summary: e.summary
  }
  if (e.maxBatch !== undefined) def.maxBatch = e.maxBatch
  if (e.readOnly) def.readOnly = true
  return def as Entry<I, R, S, P[number]>
}
