// The contract's schemas: what a bad payload is told (the field and the rule, never the value), the channel
// naming convention. (src-shared staying free of Node: test/unit/architecture/import-boundaries.test.ts.)
import { describe, expect, it } from 'vitest'
import { terminalContract } from '@shared/ipc/contract'
import type { z } from 'zod'

function issue(channel: keyof typeof terminalContract, payload: unknown): { field: string; message: string } | null {
  const spec = terminalContract[channel]
  const schema: z.ZodType = spec.kind === 'command' ? spec.input : spec.params
  const r = schema.safeParse(payload)
  if (r.success) return null
  const i = r.error.issues[0]!
  return { field: i.path.map(String).join('.'), message: i.message }
}

const order = { module: 'spot', symbol: 'btcusdt', side: 'BUY', type: 'LIMIT', price: '65000.5', volume: '0.01' }

describe('terminal contract', () => {
  it('names channels service.verb and streams service.onThing, each with a summary', () => {
    for (const [name, spec] of Object.entries(terminalContract)) {
      expect(name).toMatch(spec.kind === 'stream' ? /^[a-z]+\.on[A-Z][A-Za-z]+$/ : /^[a-z]+\.[a-z][A-Za-z]+$/)
      expect(spec.summary.length).toBeGreaterThan(10)
    }
  })

  it('takes money as exact decimal strings only', () => {
    expect(issue('trading.placeOrder', order)).toBeNull()
    for (const price of [65000.5, '1e5', '-1', '01.5', ' 1', '0', '1.', 'NaN']) {
      expect(issue('trading.placeOrder', { ...order, price })?.field).toBe('price')
    }
    expect(issue('trading.placeOrder', { ...order, volume: 0.1 })).toEqual({
      field: 'volume',
      message: 'must be a decimal string'
    })
  })

  it('checks order shapes per module and names the field', () => {
    expect(issue('trading.placeOrder', { ...order, price: undefined })).toEqual({
      field: 'price',
      message: 'is required for a LIMIT order'
    })
    expect(issue('trading.placeOrder', { ...order, type: 'MARKET' })).toEqual({
      field: 'price',
      message: 'must be left out of a MARKET order'
    })
    expect(issue('trading.placeOrder', { ...order, module: 'options' })).toMatchObject({ field: 'module' })
    expect(issue('trading.placeOrder', { ...order, symbol: 'BTC-USDT' })).toMatchObject({ field: 'symbol' })
    expect(issue('trading.placeOrder', { ...order, module: 'futures', symbol: 'E-BTC-USDT' })).toMatchObject({
      field: 'open'
    })
    expect(
      issue('trading.placeOrder', { ...order, module: 'futures', symbol: 'E-BTC-USDT', open: 'OPEN', positionType: 3 })
    ).toEqual({ field: 'positionType', message: 'must be 1 (cross) or 2 (isolated)' })
    expect(issue('trading.placeOrder', { ...order, leverage: 5 })).toEqual({
      field: '',
      message: 'unknown field(s): leverage'
    })
    expect(issue('trading.batchPlace', { module: 'margin', symbol: 'btcusdt', orders: [] })?.field).toBe('module')
    expect(
      issue('trading.batchPlace', {
        module: 'spot',
        symbol: 'btcusdt',
        orders: Array(11).fill({ side: 'BUY', type: 'MARKET', volume: '5' })
      })
    ).toEqual({ field: 'orders', message: 'must hold at most 10 orders' })
    expect(
      issue('trading.batchPlace', {
        module: 'spot',
        symbol: 'btcusdt',
        orders: [{ side: 'BUY', type: 'LIMIT', volume: '1' }]
      })?.field
    ).toBe('orders.0.price')
    expect(issue('trading.cancelOrder', { module: 'spot', symbol: 'btcusdt' })).toEqual({
      field: 'orderId',
      message: 'orderId or clientOrderId is required'
    })
    expect(issue('trading.cancelOrder', { module: 'spot', symbol: 'btcusdt', orderId: 123 })?.field).toBe('orderId')
    expect(
      issue('trading.placeConditional', {
        symbol: 'E-BTC-USDT',
        kind: 'trailing-stop',
        triggerPrice: '1',
        side: 'SELL',
        type: 'MARKET',
        volume: '1',
        open: 'CLOSE',
        positionType: 1
      })?.field
    ).toBe('callbackRatio')
    expect(
      issue('trading.placeTpSl', { symbol: 'E-BTC-USDT', positionId: '1', side: 'SELL', positionType: 1 })?.field
    ).toBe('stopLoss')
    expect(issue('account.openOrders', { module: 'spot' })?.field).toBe('symbol')
    expect(issue('account.openOrders', { module: 'futures' })).toBeNull()
    expect(issue('market.tickers', { module: 'spot', symbols: [] })?.field).toBe('symbols')
    expect(issue('transfer.submit', { direction: 'up', coin: 'USDT', amount: '1' })?.field).toBe('direction')
    expect(issue('profiles.setActive', { profileId: 'nope' })).toEqual({
      field: 'profileId',
      message: 'must be a profile id (UUID)'
    })
  })

  it('never repeats a rejected value in its message', () => {
    const secret = 'S3CRET-'.repeat(100)
    for (const [ch, payload] of [
      ['profiles.setSecrets', { profileId: '7d3c5b2e-1f7a-4c4b-9a59-3f3b1c2d4e5f', apiKey: secret, apiSecret: 'x' }],
      ['profiles.setSecrets', { profileId: '7d3c5b2e-1f7a-4c4b-9a59-3f3b1c2d4e5f', apiKey: 'k', apiSecret: 5 }],
      ['trading.placeOrder', { ...order, price: secret }],
      ['trading.placeOrder', { ...order, symbol: secret }],
      [
        'profiles.add',
        {
          name: 'x',
          baseUrl: 'http://a',
          wsSpotUrl: 'ws://a',
          wsFuturesUrl: 'ws://a',
          secrets: { apiKey: secret, apiSecret: secret, extra: secret }
        }
      ]
    ] as const) {
      const i = issue(ch, payload)
      expect(i).not.toBeNull()
      expect(i!.message).not.toContain('S3CRET')
    }
  })
})
