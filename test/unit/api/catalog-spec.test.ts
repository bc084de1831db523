// The catalog against THE spec, read at test time: every path, method, module, security, parameter, rate limit
// and bound the spec states must be in the catalog, and the catalog must claim nothing the spec contradicts.
import { readFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, expectTypeOf, it } from 'vitest'
import { CATALOG, endpointById, endpointByPath, fullPath, type ResponseOf } from '../../../src-shared/api/catalog'
import type { EndpointDef } from '../../../src-shared/api/types'
import { WIRE_TYPE_NAMES, type FuturesOrderId, type SpotOrderCreate } from '../../../src-shared/api/wire'
import { catalogKeys, checkCatalog } from './catalog-check'
import { key, readSpec } from './spec-facts'

const here = dirname(fileURLToPath(import.meta.url))
const SPEC = resolve(here, '../../../docs/spec/exchange-rest-interface.md')
const facts = readSpec(readFileSync(SPEC, 'utf8'))

type Mutable = { -readonly [K in keyof EndpointDef]: EndpointDef[K] } & { params: EndpointDef['params'] }
function mutant(change: (entries: Mutable[]) => void): EndpointDef[] {
  const copy = structuredClone(CATALOG) as Mutable[]
  change(copy)
  return copy
}
const entry = (entries: Mutable[], id: string): Mutable => entries.find((e) => e.id === id)!

describe('spec facts', () => {
  it('reads 60 endpoint rows and the placeBatchOrder alias: 61 distinct paths', () => {
    expect(facts.rows).toHaveLength(60)
    const keys = new Set(facts.rows.flatMap((r) => [key(r.method, r.path), ...r.aliases]))
    expect(keys.size).toBe(61)
    expect(keys).toContain('POST /fapi/v1/placeBatchOrder')
    expect(keys).toContain('POST /fapi/v1/level_edit')
  })

  it('reads the Limits table with each row expanded', () => {
    expect(facts.limits).toHaveLength(12)
    expect(facts.limits).toContainEqual({ method: 'GET', path: '/sapi/v1/account', count: 20, windowMs: 2000 })
    expect(facts.limits).toContainEqual({ method: 'POST', path: '/sapi/v1/margin/order', count: 10, windowMs: 1000 })
    expect(facts.limits).toContainEqual({ method: 'GET', path: '/fapi/v1/myTrades', count: 20, windowMs: 2000 })
  })

  it('reads parameters with their stars', () => {
    const depth = facts.rows.find((r) => r.path === '/fapi/v1/depth')!
    expect(depth.params).toEqual([
      { name: 'contractName', in: 'query', required: true },
      { name: 'limit', in: 'query', required: false, default: 100, max: 100 }
    ])
    const cond = facts.rows.find((r) => r.path === '/fapi/v1/conditionOrder')!
    expect(cond.params?.map((p) => p.name)).toContain('triggerPrice')
    expect(cond.params?.find((p) => p.name === 'clientOrderId')?.maxLengthExclusive).toBe(32)
    expect(facts.bodies.get('orderList[]')?.map((p) => p.name)).toContain('tagPriceTrigger')
  })
})

describe('catalog agrees with the spec', () => {
  it('has no disagreement', () => {
    expect(checkCatalog(facts, CATALOG)).toEqual([])
  })

  it('holds exactly 61 distinct paths in 60 entries', () => {
    expect(CATALOG).toHaveLength(60)
    expect(new Set(catalogKeys(CATALOG)).size).toBe(61)
  })

  it('has unique ids, existing response types, and scopes by security', () => {
    expect(new Set(CATALOG.map((d) => d.id)).size).toBe(CATALOG.length)
    for (const d of CATALOG) {
      expect(WIRE_TYPE_NAMES as readonly string[]).toContain(d.response)
      expect(d.rateLimit.scope).toBe(d.security === 'NONE' ? 'ip' : 'apiKey')
    }
  })

  it('looks entries up by id and by path, aliases included', () => {
    expect(endpointById('spot.order.place').path).toBe('/sapi/v1/order')
    expect(endpointById('no.such')).toBeUndefined()
    expect(endpointByPath('futures', 'POST', '/fapi/v1/placeBatchOrder')?.id).toBe('futures.order.batchPlace')
    expect(endpointByPath('futures', 'POST', '/futures/open/fapi/v1/batchOrders')?.id).toBe('futures.order.batchPlace')
    expect(endpointByPath('spot', 'GET', '/sapi/v1/order')?.id).toBe('spot.order.query')
    expect(endpointByPath('spot', 'POST', '/fapi/v1/order')).toBeUndefined()
    expect(endpointById('futures.leverage.levelEdit').path).toBe('/fapi/v1/level_edit')
    expect(fullPath(endpointById('futures.balance'))).toBe('/futures/open/fapi/v1/futures_balance')
    expect(Object.isFrozen(CATALOG[0]!.params)).toBe(true)
    expectTypeOf<ResponseOf<'spot.order.place'>>().toEqualTypeOf<SpotOrderCreate>()
    expectTypeOf<ResponseOf<'futures.order.cancel'>>().toEqualTypeOf<FuturesOrderId>()
  })
})

describe('the check catches a broken catalog', () => {
  const cases: [string, (e: Mutable[]) => void, RegExp][] = [
    [
      'missing entry',
      (e) =>
        void e.splice(
          e.findIndex((x) => x.id === 'spot.depth'),
          1
        ),
      /catalog misses GET \/sapi\/v1\/depth/
    ],
    ['missing alias', (e) => void (entry(e, 'futures.order.batchPlace').aliases = []), /placeBatchOrder/],
    ['wrong method', (e) => void (entry(e, 'spot.ticker').method = 'POST'), /catalog misses GET \/sapi\/v1\/ticker/],
    ['wrong gateway', (e) => void (entry(e, 'futures.ping').gateway = 'spot'), /gateway spot but path/],
    [
      'wrong rate',
      (e) =>
        void (entry(e, 'spot.order.place').rateLimit = { count: 50, windowMs: 2000, scope: 'apiKey', fromSpec: true }),
      /spot.order.place: rate/
    ],
    [
      'false fromSpec',
      (e) =>
        void (entry(e, 'futures.order.place').rateLimit = {
          count: 20,
          windowMs: 2000,
          scope: 'apiKey',
          fromSpec: true
        }),
      /absent from the Limits table/
    ],
    [
      'wrong security',
      (e) => void (entry(e, 'futures.balance').security = 'USER_DATA'),
      /futures.balance: security USER_DATA, spec RSA/
    ],
    [
      'public margin',
      (e) => void (entry(e, 'margin.myTrades').security = 'NONE'),
      /margin.myTrades: security NONE in a signed section/
    ],
    [
      'wrong scope',
      (e) => void (entry(e, 'spot.ping').rateLimit = { count: 20, windowMs: 1000, scope: 'apiKey', fromSpec: false }),
      /scope apiKey/
    ],
    [
      'required flipped',
      (e) =>
        void (entry(e, 'futures.order.place').params = entry(e, 'futures.order.place').params.map((p) =>
          p.name === 'open' ? { ...p, required: false } : p
        )),
      /open: required false/
    ],
    [
      'bound changed',
      (e) =>
        void (entry(e, 'spot.klines').params = entry(e, 'spot.klines').params.map((p) =>
          p.name === 'limit' ? { ...p, max: 500 } : p
        )),
      /limit max 500/
    ],
    [
      'interval list swapped',
      (e) =>
        void (entry(e, 'futures.klines').params = entry(e, 'spot.klines').params.map((p) => ({
          ...p,
          name: p.name === 'symbol' ? 'contractName' : p.name
        }))),
      /interval: values/
    ],
    ['batch size', (e) => void (entry(e, 'futures.order.batchCancel').maxBatch = 20), /maxBatch 20/],
    [
      'parameter not in spec',
      (e) =>
        void (entry(e, 'spot.depth').params = [
          ...entry(e, 'spot.depth').params,
          { name: 'foo', type: 'string', in: 'query', required: false, description: '' }
        ]),
      /spot.depth: parameter foo not in spec/
    ],
    [
      'wrong location',
      (e) =>
        void (entry(e, 'futures.contracts').params = entry(e, 'futures.contracts').params.map((p) => ({
          ...p,
          in: 'query'
        }))),
      /brokerId: in query, spec header/
    ],
    [
      'spec parameter dropped',
      (e) =>
        void (entry(e, 'spot.depositHistory').params = entry(e, 'spot.depositHistory').params.filter(
          (p) => p.name !== 'txid'
        )),
      /txid missing/
    ],
    ['unknown response type', (e) => void (entry(e, 'spot.time').response = 'Nope'), /not a wire type/],
    ['duplicate id', (e) => void (entry(e, 'futures.time').id = 'spot.time'), /duplicate id spot.time/]
  ]
  it.each(cases)('%s', (_name, change, expected) => {
    const problems = checkCatalog(facts, mutant(change))
    expect(problems.join('\n')).toMatch(expected)
  })
})
