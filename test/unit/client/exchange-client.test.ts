// The typed facade: one generated method per catalog entry (aliases share their entry's method), call() typed by
// the normalized response, and the named conveniences.
import { describe, expect, expectTypeOf, it } from 'vitest'
import { CATALOG } from '../../../src-shared/api/catalog'
import type { SpotOrderCreate } from '../../../src-shared/api/wire'
import { ExchangeClient, methodName } from '../../../src-main/client/exchange-client'
import type { FuturesOrderDetail, FuturesPosition, OrderBook } from '../../../src-main/client/types'
import { makeClient, reply, stubTransport } from './helpers'

describe('generated methods', () => {
  it('one method per catalog entry, covering all 61 method+paths', () => {
    const names = CATALOG.map((d) => methodName(d.id))
    expect(new Set(names).size).toBe(CATALOG.length)
    expect(CATALOG.reduce((n, d) => n + 1 + d.aliases.length, 0)).toBe(61)
    for (const n of names)
      expect(typeof (ExchangeClient.prototype as unknown as Record<string, unknown>)[n]).toBe('function')
    expect(methodName('futures.order.batchPlace')).toBe('futuresOrderBatchPlace')
  })

  it('a generated method calls its endpoint; the alias shares it', async () => {
    const transport = stubTransport(() => reply(200, { ids: ['1'] }))
    const client = makeClient(transport)
    const r = await client.futuresOrderBatchPlace({
      contractName: 'E-BTC-USDT',
      orders: [{ volume: '1', side: 'BUY', type: 'MARKET', open: 'OPEN', positionType: 1 }]
    })
    expect(r).toEqual({ ids: ['1'] })
    expect(new URL(transport.calls[0]!.url).pathname).toBe('/futures/open/fapi/v1/batchOrders')
  })

  it('is typed by the normalized response', () => {
    const client = makeClient(stubTransport(() => reply(200, '{}')))
    expectTypeOf(client.spotOrderPlace).returns.resolves.toEqualTypeOf<SpotOrderCreate>()
    expectTypeOf(client.call<'futures.openOrders'>).returns.resolves.toEqualTypeOf<FuturesOrderDetail[]>()
    expectTypeOf(client.futuresPositions).returns.resolves.toEqualTypeOf<{ positions: FuturesPosition[] }>()
    expectTypeOf(client.spotDepth).returns.resolves.toEqualTypeOf<OrderBook>()
    expectTypeOf<FuturesPosition['volume']>().toEqualTypeOf<string>()
    expectTypeOf<FuturesPosition['id']>().toEqualTypeOf<string>()
  })
})

describe('module-generic reads and budget stats', () => {
  it('depth and klines take one symbol argument for both modules and spell the hour per module', async () => {
    const transport = stubTransport(() => reply(200, '[]'))
    const client = makeClient(transport)
    await client.depth('futures', 'E-BTC-USDT', 5)
    await client.klines('spot', 'btcusdt', '1h', 10)
    await client.klines('futures', 'E-BTC-USDT', '60min')
    expect(transport.calls.map((c) => c.url.replace('http://venue.test', ''))).toEqual([
      '/futures/open/fapi/v1/depth?contractName=E-BTC-USDT&limit=5',
      '/spot/open/sapi/v1/klines?symbol=btcusdt&interval=60min&limit=10',
      '/futures/open/fapi/v1/klines?contractName=E-BTC-USDT&interval=1h'
    ])
  })

  it('counts each call against its own budget, keyed without the API key', async () => {
    const transport = stubTransport(() => reply(200, { orderId: '9', symbol: 'btcusdt', status: 'CANCELED' }))
    const client = makeClient(transport)
    await client.futuresOrderPlace({
      contractName: 'E-BTC-USDT',
      side: 'SELL',
      type: 'LIMIT',
      open: 'CLOSE',
      positionType: 2,
      volume: '3',
      price: '70000'
    })
    await client.spotOrderCancel({ symbol: 'btcusdt', orderId: '9' }, { priority: 'background' })
    const stats = client.rateStats()
    expect(stats.map((s) => [s.endpointId, s.used, s.scope])).toEqual([
      ['futures.order.place', 1, 'apiKey'],
      ['spot.order.cancel', 1, 'apiKey']
    ])
    expect(stats[1]!.key).toMatch(/^spot\.order\.cancel\|key:[0-9a-f]{12}$/)
    expect(JSON.stringify(stats)).not.toContain('ak-7f3c2a91e04b4d5c')
  })
})
