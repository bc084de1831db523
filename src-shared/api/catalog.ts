// The endpoint catalog: every endpoint of docs/spec/exchange-rest-interface.md once, as data (61 method+paths:
// the spec's 60 table rows plus the placeBatchOrder alias). Entries live in ./endpoints/, one file per area.
import { GATEWAY_PREFIX, type EndpointDef, type Gateway, type HttpMethod } from './types'
import type { WireTypeMap } from './wire'
import { FUTURES_ACCOUNT, FUTURES_TRANSFER } from './endpoints/futures-account'
import { FUTURES_CONDITIONAL } from './endpoints/futures-conditional'
import { FUTURES_PUBLIC } from './endpoints/futures-public'
import { FUTURES_RECORDS } from './endpoints/futures-records'
import { FUTURES_SETTINGS } from './endpoints/futures-settings'
import { FUTURES_ORDERS } from './endpoints/futures-trading'
import { MARGIN } from './endpoints/margin'
import { SPOT_ACCOUNT, SPOT_PUBLIC, SPOT_TRADING } from './endpoints/spot'

const ENTRIES = [
  ...SPOT_PUBLIC,
  ...SPOT_TRADING,
  ...SPOT_ACCOUNT,
  ...MARGIN,
  ...FUTURES_PUBLIC,
  ...FUTURES_ORDERS,
  ...FUTURES_RECORDS,
  ...FUTURES_CONDITIONAL,
  ...FUTURES_ACCOUNT,
  ...FUTURES_SETTINGS,
  ...FUTURES_TRANSFER
] as const

/** One catalog entry with its literal id and response name. */
export type CatalogEntry = (typeof ENTRIES)[number]
export type EndpointId = CatalogEntry['id']
/** The entry of an id, with its literal parameters (./typed.ts derives ParamsOf and ValidatedParamsOf from them). */
export type EntryOf<I extends EndpointId> = Extract<CatalogEntry, { id: I }>
/** The wire type of an endpoint's response, e.g. ResponseOf<'spot.order.place'> is SpotOrderCreate. */
export type ResponseOf<I extends EndpointId> = WireTypeMap[EntryOf<I>['response']]

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value)
    for (const v of Object.values(value)) deepFreeze(v)
  }
  return value
}

export const CATALOG: readonly EndpointDef[] = deepFreeze([...ENTRIES])

const byId = new Map<string, EndpointDef>()
const byPath = new Map<string, EndpointDef>()
const pathKey = (gateway: Gateway, method: HttpMethod, path: string): string => `${gateway} ${method} ${path}`

for (const def of CATALOG) {
  if (byId.has(def.id)) throw new Error(`duplicate catalog id ${def.id}`)
  byId.set(def.id, def)
  for (const p of [def.path, ...def.aliases]) {
    const key = pathKey(def.gateway, def.method, p)
    if (byPath.has(key)) throw new Error(`duplicate catalog path ${key}`)
    byPath.set(key, def)
  }
}

/** The entry of a known id; for an arbitrary string, the entry or undefined. */
export function endpointById<I extends EndpointId>(id: I): EntryOf<I>
export function endpointById(id: string): EndpointDef | undefined
export function endpointById(id: string): EndpointDef | undefined {
  return byId.get(id)
}

/**
 * The entry serving `method path` of a gateway, aliases included. `path` is the requestPath (/sapi/v1/order);
 * a path that still carries the gateway's prefix is accepted too. A query string is not.
 */
export function endpointByPath(gateway: Gateway, method: HttpMethod | string, path: string): EndpointDef | undefined {
  const prefix = GATEWAY_PREFIX[gateway]
  const p = path.startsWith(prefix + '/') ? path.slice(prefix.length) : path
  return byPath.get(pathKey(gateway, method.toUpperCase() as HttpMethod, p))
}

/** Gateway prefix plus path: what follows {base_url} in the full URL (/spot/open/sapi/v1/order). */
export function fullPath(def: Pick<EndpointDef, 'gateway' | 'path'>, path: string = def.path): string {
  return GATEWAY_PREFIX[def.gateway] + path
}
