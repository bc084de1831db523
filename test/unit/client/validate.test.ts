// Client-side validation against the catalog: each violation names the field and the rule, and nothing is sent.
import { describe, expect, it } from 'vitest'
import { ClientValidationError } from '../../../src-main/client/errors'
import { JsonNumber } from '../../../src-shared/json/lossless-json'
import type { RequestParams } from '../../../src-main/client/validate'
import { makeClient, reply, stubTransport } from './helpers'

const order = { symbol: 'btcusdt', side: 'BUY', type: 'LIMIT', volume: '1', price: '10' }
const futOrder = { volume: '1', side: 'BUY', type: 'MARKET', open: 'OPEN', positionType: 1 }

const cases: [string, string, RequestParams | undefined, string, RegExp][] = [
  ['missing required', 'spot.order.place', { ...order, symbol: undefined }, 'symbol', /is required/],
  ['empty required', 'spot.depth', { symbol: '' }, 'symbol', /is required/],
  ['requiredWhen', 'spot.order.place', { ...order, price: undefined }, 'price', /required when type is LIMIT/],
  ['enum', 'spot.order.place', { ...order, side: 'buy' }, 'side', /one of BUY, SELL/],
  ['decimal as JS number', 'spot.order.place', { ...order, volume: 0.1 }, 'volume', /not a JS number/],
  ['decimal malformed', 'spot.order.place', { ...order, price: '1e5' }, 'price', /exponent/],
  ['decimal garbage', 'spot.order.place', { ...order, price: '12,5' }, 'price', /not a decimal/],
  ['integer bounds max', 'spot.depth', { symbol: 'btcusdt', limit: 101 }, 'limit', /at most 100/],
  ['integer bounds min', 'spot.depth', { symbol: 'btcusdt', limit: 0 }, 'limit', /at least 1/],
  ['integer fraction', 'spot.depth', { symbol: 'btcusdt', limit: 1.5 }, 'limit', /whole number/],
  [
    'integer values',
    'futures.leverage.edit',
    { contractName: 'E-BTC-USDT', leverageLevel: 5, positionType: 3 },
    'positionType',
    /one of 1, 2/
  ],
  ['id not digits', 'spot.order.cancel', { symbol: 'btcusdt', orderId: '12a' }, 'orderId', /digits/],
  ['id unsafe number', 'spot.order.cancel', { symbol: 'btcusdt', orderId: 2 ** 53 + 2 }, 'orderId', /2\^53/],
  ['unknown param', 'spot.depth', { symbol: 'btcusdt', depth: 5 }, 'depth', /not a parameter/],
  [
    'string length',
    'futures.order.place',
    { contractName: 'E', ...futOrder, clientOrderId: 'x'.repeat(32) },
    'clientOrderId',
    /fewer than 32/
  ],
  ['control characters', 'spot.ticker', { symbol: 'btc\nusdt' }, 'symbol', /control characters/],
  [
    'array too long',
    'spot.order.batchCancel',
    { symbol: 'btcusdt', orderIds: Array.from({ length: 11 }, (_, i) => String(i + 1)) },
    'orderIds',
    /at most 10 items/
  ],
  ['array empty', 'spot.order.batchCancel', { symbol: 'btcusdt', orderIds: [] }, 'orderIds', /at least 1 items/],
  ['array item', 'spot.order.batchCancel', { symbol: 'btcusdt', orderIds: ['1', 'x'] }, 'orderIds[1]', /digits/],
  ['not an array', 'spot.order.batchCancel', { symbol: 'btcusdt', orderIds: '1,2' }, 'orderIds', /must be an array/],
  [
    'batch item field',
    'futures.order.batchPlace',
    { contractName: 'E', orders: [futOrder, { ...futOrder, open: 'BOTH' }] },
    'orders[1].open',
    /OPEN, CLOSE/
  ],
  [
    'batch item requiredWhen',
    'spot.order.batchPlace',
    { symbol: 'b', orders: [{ volume: '1', side: 'BUY', batchType: 'LIMIT' }] },
    'orders[0].price',
    /required when batchType is LIMIT/
  ],
  [
    'nested TP/SL item',
    'futures.profitLossOrder.place',
    {
      contractName: 'E',
      positionId: '1',
      side: 'SELL',
      positionType: 1,
      orderList: [{ triggerType: 5, triggerPrice: '1', volume: '1' }]
    },
    'orderList[0].triggerType',
    /one of 3, 4/
  ],
  [
    'boolean-like string for enum',
    'futures.order.place',
    { contractName: 'E', ...futOrder, timeInForce: 'GTC' },
    'timeInForce',
    /IOC, FOK, POST_ONLY/
  ]
]

describe('validation', () => {
  it.each(cases)('%s', async (_name, id, params, field, rule) => {
    const transport = stubTransport(() => reply(200, '{}'))
    const client = makeClient(transport)
    const err = await client.call(id as 'spot.ping', params).then(
      () => undefined,
      (e: unknown) => e
    )
    expect(err).toBeInstanceOf(ClientValidationError)
    const v = err as ClientValidationError
    expect(v.kind).toBe('validation')
    expect(v.field).toBe(field)
    expect(v.rule).toMatch(rule)
    expect(v.message).toContain(`'${field}'`)
    expect(v.endpointId).toBe(id)
    expect(transport.calls).toHaveLength(0)
  })

  it('refuses an unknown endpoint id', async () => {
    const transport = stubTransport(() => reply(200, '{}'))
    await expect(makeClient(transport).call('spot.nope' as 'spot.ping')).rejects.toMatchObject({
      kind: 'validation',
      field: 'endpointId'
    })
    expect(transport.calls).toHaveLength(0)
  })

  it('accepts exact decimals as text or JsonNumber, ids as digit strings or safe numbers, longs beyond 2^53', async () => {
    const transport = stubTransport(() => reply(200, '{}'))
    const client = makeClient(transport, { autoClientOrderId: false })
    // The run-time check takes more than ParamsOf admits (a JsonNumber decimal, a safe number id): by id, untyped.
    await client.executor.call('spot.order.place', { ...order, volume: new JsonNumber('0.000000000000000001') })
    await client.executor.call('spot.order.cancel', { symbol: 'btcusdt', orderId: 42 })
    await client.call('futures.triggerTime.edit', {
      contractName: 'E',
      triggerOrderId: '7',
      expireTime: '90071992547409931'
    })
    expect(transport.calls.map((c) => c.init.body)).toEqual([
      '{"symbol":"btcusdt","volume":0.000000000000000001,"side":"BUY","type":"LIMIT","price":10}',
      '{"symbol":"btcusdt","orderId":"42"}',
      '{"contractName":"E","triggerOrderId":"7","expireTime":90071992547409931}'
    ])
  })

  it('leaves out absent optional parameters and never sends defaults', async () => {
    const transport = stubTransport(() => reply(200, []))
    await makeClient(transport).call('spot.trades', { symbol: 'btcusdt', limit: undefined })
    expect(transport.calls[0]!.url).toBe('http://venue.test/spot/open/sapi/v1/trades?symbol=btcusdt')
  })
})

describe('orderId or newClientOrderId', () => {
  it('lets a spot order query name the order by client id alone, and needs one of the two', async () => {
    const { validateParams } = await import('../../../src-main/client/validate')
    const { endpointById } = await import('@shared/api/catalog')
    const def = endpointById('spot.order.query')
    expect(validateParams(def, { symbol: 'btcusdt', newClientOrderId: 'c1' }).values).toEqual({
      symbol: 'btcusdt',
      newClientOrderId: 'c1'
    })
    expect(() => validateParams(def, { symbol: 'btcusdt' })).toThrow(/orderId.*newClientOrderId/)
  })
})
