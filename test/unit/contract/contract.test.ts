import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { runs } from '../../fast-check-env'
import { z } from 'zod'
import { command, stream, type ServerMessage } from '@shared/ipc/contract-kit'
import { createContractClient } from '@shared/ipc/contract-client'
import { createContractServer } from '../../../src-main/contract/contract-server'

const demo = {
  'trading.placeOrder': command<{ orderId: string }>()(
    z
      .object({ symbol: z.string().min(1), price: z.string().regex(/^\d+(\.\d+)?$/), side: z.enum(['BUY', 'SELL']) })
      .strict(),
    'Places an order.'
  ),
  'market.onTicker': stream<{ last: string }>()(z.object({ symbol: z.string() }).strict(), 'Ticker updates.')
} as const

function wire() {
  const disposed: string[] = []
  const emitters = new Map<string, (e: { last: string }) => void>()
  const server = createContractServer(demo, {
    'trading.placeOrder': async (input) => {
      if (input.symbol === 'boom') throw new Error('exchange unreachable')
      return { orderId: `${input.symbol}-${input.side}-${input.price}` }
    },
    'market.onTicker': (params, emit) => {
      emitters.set(params.symbol, emit)
      return () => disposed.push(params.symbol)
    }
  })
  const inbox: ServerMessage[] = []
  let toClient: (m: ServerMessage) => void = () => undefined
  // JSON round trips on both legs, as over a real transport.
  const conn = server.connect(
    (m) => {
      inbox.push(m)
      toClient(JSON.parse(JSON.stringify(m)) as ServerMessage)
    },
    { connectionId: 'test' }
  )
  const client = createContractClient<typeof demo>({
    send: (m) => conn.receive(JSON.parse(JSON.stringify(m))),
    onMessage: (h) => (toClient = h)
  })
  return { client, conn, emitters, disposed, inbox }
}

describe('contract', () => {
  it('invokes a command with validated input', async () => {
    const { client } = wire()
    await expect(
      client.invoke('trading.placeOrder', { symbol: 'btcusdt', price: '1.5', side: 'BUY' })
    ).resolves.toEqual({ orderId: 'btcusdt-BUY-1.5' })
  })

  it('refuses bad input naming the field, without calling the service', async () => {
    const { client } = wire()
    const bad = client.invoke('trading.placeOrder', { symbol: 'btcusdt', price: '1e5', side: 'BUY' })
    await expect(bad).rejects.toMatchObject({ code: 'invalid-input', field: 'price' })
    await expect(bad).rejects.toThrow(/field 'price'/)
    await expect(
      client.invoke('trading.placeOrder', { symbol: 'x', price: '1', side: 'BUY', extra: 1 } as never)
    ).rejects.toMatchObject({ code: 'invalid-input' })
  })

  it('reports a service failure as an error result', async () => {
    const { client } = wire()
    await expect(
      client.invoke('trading.placeOrder', { symbol: 'boom', price: '1', side: 'SELL' })
    ).rejects.toMatchObject({ code: 'internal', message: 'exchange unreachable' })
  })

  it('streams events until unsubscribed, and disposes streams when the connection closes', () => {
    const { client, conn, emitters, disposed } = wire()
    const got: string[] = []
    const off = client.subscribe('market.onTicker', { symbol: 'btcusdt' }, (e) => got.push(e.last))
    client.subscribe('market.onTicker', { symbol: 'ethusdt' }, () => undefined)
    emitters.get('btcusdt')?.({ last: '1' })
    emitters.get('btcusdt')?.({ last: '2' })
    off()
    emitters.get('btcusdt')?.({ last: '3' })
    expect(got).toEqual(['1', '2'])
    expect(disposed).toEqual(['btcusdt'])
    conn.close()
    expect(disposed).toEqual(['btcusdt', 'ethusdt'])
  })

  it('ends a stream whose parameters are invalid', () => {
    const { client } = wire()
    let ended: Error | undefined
    client.subscribe(
      'market.onTicker',
      { symbol: 5 } as never,
      () => undefined,
      (e) => (ended = e)
    )
    expect(ended?.message).toMatch(/field 'symbol'/)
  })

  it('answers every random payload with a clear error and never throws', () => {
    const { conn, inbox } = wire()
    fc.assert(
      fc.property(
        fc.anything(),
        fc.constantFrom('trading.placeOrder', 'market.onTicker', 'nope', '__proto__', 'constructor'),
        fc.constantFrom('call', 'sub', 'x'),
        (payload, channel, t) => {
          const before = inbox.length
          expect(() => conn.receive({ t, id: 7, channel, payload, params: payload })).not.toThrow()
          expect(() => conn.receive(payload)).not.toThrow()
          const replies = inbox.slice(before)
          for (const r of replies) if (r.t === 'result' && !r.ok) expect(r.error.message.length).toBeGreaterThan(5)
        }
      ),
      { numRuns: runs(300) }
    )
  })
})
