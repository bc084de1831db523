// From a call's parameters to the exact request: caller-friendly inputs adapted to what the module expects,
// a client order id on every order (the reconciliation key after an unknown outcome), validation against the
// catalog, then the query string (GET, catalog order) or the body (POST) serialized ONCE: the same bytes are
// signed and sent, and a -1021 retry re-signs them with a new timestamp without re-serializing.
import { fullPath } from '../../src-shared/api/catalog'
import type { EndpointDef, Gateway } from '../../src-shared/api/types'
import { stringifyWithDecimals } from '../../src-shared/decimal'
import { JsonNumber } from '../../src-shared/json/lossless-json'
import { buildQueryString, type QueryValue } from '../../src-shared/node/prehash'
import { makeClientOrderId } from './client-order-id'
import { validateParams, type ParamInput, type RequestParams, type WireRecord } from './validate'

export interface PreparedRequest {
  def: EndpointDef
  /** Base URL + gateway prefix + path (+ '?' + query). */
  url: string
  /** Query string as signed and sent, without '?'; '' when none. */
  query: string
  /** POST body as signed and sent. */
  body: string | undefined
  /** Catalog header parameters (brokerId). */
  paramHeaders: Record<string, string>
  /** Validated parameters in wire form (normalizers read e.g. contractName from them). */
  values: WireRecord
  /** Client order ids carried by this request (one per order placed). */
  clientOrderIds: string[]
}

/** The hour interval is spelled `60min` by spot and `1h` by futures; callers may use either on both. */
const HOUR_INTERVAL = { spot: '60min', futures: '1h' } as const
const HOUR_SPELLINGS = new Set(['60min', '1h'])

/** A kline interval as `gateway` spells it: the hour is '60min' on spot and '1h' on futures; others as they are. */
export function intervalFor<I extends string>(gateway: 'spot', interval: I): Exclude<I, '1h'> | '60min'
export function intervalFor<I extends string>(gateway: 'futures', interval: I): Exclude<I, '60min'> | '1h'
export function intervalFor(gateway: Gateway, interval: string): string
export function intervalFor(gateway: Gateway, interval: string): string {
  return HOUR_SPELLINGS.has(interval) ? HOUR_INTERVAL[gateway] : interval
}

/** Order-placing endpoints and the parameter that carries the client order id (in each item for batches). */
const CLIENT_ID_PARAM: Readonly<Record<string, { name: string; items?: true }>> = {
  'spot.order.place': { name: 'newClientOrderId' },
  'margin.order.place': { name: 'newClientOrderId' },
  'spot.order.batchPlace': { name: 'newClientOrderId', items: true },
  'futures.order.place': { name: 'clientOrderId' },
  'futures.conditionOrder.place': { name: 'clientOrderId' },
  'futures.order.batchPlace': { name: 'clientOrderId', items: true }
}

type Mutable = { [name: string]: ParamInput }

/** Collects the item's client order id, generating one when missing (unless generation is off). */
function withClientId(obj: ParamInput, name: string, ids: string[], generate: boolean): ParamInput {
  if (obj === null || typeof obj !== 'object' || Array.isArray(obj) || obj instanceof JsonNumber) return obj
  const rec = obj as Mutable
  const given = rec[name]
  if (typeof given === 'string' && given !== '') {
    ids.push(given)
    return obj
  }
  if (!generate) return obj
  const id = makeClientOrderId()
  ids.push(id)
  return { ...rec, [name]: id }
}

function adapt(
  def: EndpointDef,
  params: RequestParams | undefined,
  generate: boolean,
  ids: string[]
): RequestParams | undefined {
  if (!params) return params
  let out: RequestParams = params
  const interval = params['interval']
  if (typeof interval === 'string' && def.params.some((p) => p.name === 'interval')) {
    const spelled = intervalFor(def.gateway, interval)
    if (spelled !== interval) out = { ...out, interval: spelled }
  }
  const cid = CLIENT_ID_PARAM[def.id]
  if (cid && !cid.items) out = withClientId(out, cid.name, ids, generate) as RequestParams
  else if (cid && Array.isArray(out['orders'])) {
    out = {
      ...out,
      orders: (out['orders'] as readonly ParamInput[]).map((it) => withClientId(it, cid.name, ids, generate))
    }
  }
  return out
}

function queryValue(v: WireRecord[string]): QueryValue {
  if (v instanceof JsonNumber) return v.text
  if (typeof v === 'object') return JSON.stringify(v)
  return v
}

export function prepareRequest(
  def: EndpointDef,
  params: RequestParams | undefined,
  baseUrl: string,
  autoClientOrderId = true
): PreparedRequest {
  const clientOrderIds: string[] = []
  const adapted = adapt(def, params, autoClientOrderId, clientOrderIds)
  const { values, headers } = validateParams(def, adapted)
  let query = ''
  let body: string | undefined
  if (def.method === 'GET') {
    const entries: [string, QueryValue][] = []
    for (const k of Object.keys(values)) entries.push([k, queryValue(values[k]!)])
    query = buildQueryString(entries)
  } else {
    body = stringifyWithDecimals(values)
  }
  const url = `${baseUrl}${fullPath(def)}${query === '' ? '' : `?${query}`}`
  return { def, url, query, body, paramHeaders: headers, values, clientOrderIds }
}
