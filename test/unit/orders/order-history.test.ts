// The order-history recorder against a stub venue: what the gateway settles is recorded (batch items from their
// request), an order missing from its symbol's open-orders list is read back, a -2013 stops reading it, an
// unreachable venue is retried, a cut-short list infers nothing, and a failing listener does not stop recording.
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { ExchangeError } from '../../../src-main/client/errors'
import type { ExchangeClient } from '../../../src-main/client/exchange-client'
import type { HistoryRecord } from '../../../src-main/orders/history-store'
import type { SeenOpenOrder } from '../../../src-main/orders/history-records'
import { OrderHistory } from '../../../src-main/orders/order-history'

const P = 'b0c2f1de-6a6b-4c59-9d43-1b7b8d0f2a11'
const open = (orderId: string, o: Partial<SeenOpenOrder> = {}): SeenOpenOrder => ({ orderId, clientOrderId: null, symbol: 'btcusdt', side: 'BUY', type: 'LIMIT', price: '60000.00', volume: '0.010000', executed: '0', avgPrice: '0', status: 'NEW', time: 1_700_000_000_000, ...o })
// The venue's answer leaves the client id empty (some do): the one the terminal knew is kept.
const queried = (orderId: string, status: string) => ({ orderId, clientOrderId: '', symbol: 'btcusdt', transactTime: '1700000000000', price: '60000.00', origQty: '0.010000', executedQty: status === 'FILLED' ? '0.010000' : '0', avgPrice: status === 'FILLED' ? '60000.00' : '0', type: 'LIMIT', side: 'BUY', status })

function rig(answer: (params: Record<string, unknown>) => unknown) {
  const calls: { id: string; params: Record<string, unknown> }[] = []
  const client = {
    call: async (id: string, params: Record<string, unknown>) => {
      calls.push({ id, params })
      return answer(params)
    }
  } as unknown as ExchangeClient
  const h = new OrderHistory({ dir: mkdtempSync(join(tmpdir(), 'oh-')), clientOf: () => client, settleDelayMs: 20, requeryMs: 30, retryMs: 20 })
  /** A page (reading one also reads back its unfinished orders). */
  const list = async () => (await h.list(P, { limit: 100 })).records
  /** The orders as the change stream tells them (watching reads nothing). */
  const known = new Map<string, HistoryRecord>()
  h.onChange(P, (changed) => changed.forEach((r) => known.set(r.orderId, r)))
  return { h, calls, list, known }
}

describe('OrderHistory', () => {
  it('records a batch item from its request, then the venue read-back after the settle delay', async () => {
    const { h, calls, list } = rig((p) => queried(String(p['orderId']), 'FILLED'))
    h.onGatewayEvent(P, { type: 'settled', action: 'place', request: { side: 'SELL', type: 'LIMIT', price: '61000', volume: '0.002' }, result: { status: 'placed', market: 'spot', symbol: 'btcusdt', clientOrderId: 'b1', reconciled: false, orderId: '9007199254740993', order: { orderId: '9007199254740993' } } })
    await vi.waitFor(async () => expect(await list()).toMatchObject([{ orderId: '9007199254740993', clientOrderId: 'b1', side: 'SELL', price: '61000', volume: '0.002', status: 'NEW' }]))
    await vi.waitFor(async () => expect((await list())[0]).toMatchObject({ status: 'FILLED', executed: '0.010000', avgPrice: '60000.00', clientOrderId: 'b1' }))
    expect(calls[0]).toEqual({ id: 'spot.order.query', params: { symbol: 'btcusdt', orderId: '9007199254740993' } })
    // Futures orders have the venue's own history: not recorded here.
    h.onGatewayEvent(P, { type: 'settled', action: 'place', result: { status: 'placed', market: 'futures', symbol: 'E-BTC-USDT', clientOrderId: 'f', reconciled: false, orderId: '5', order: { orderId: '5' } } })
    await new Promise((r) => setTimeout(r, 50))
    expect(await list()).toHaveLength(1)
    await h.close()
  })

  it('reads back an order that left the open-orders list; -2013 ends reading it; a network failure is retried', async () => {
    let venue = 'down'
    const { h, calls, known } = rig((p) => {
      if (p['orderId'] === '2') throw new ExchangeError({ kind: 'api', code: -2013, endpointId: 'spot.order.query', message: 'no such order' })
      if (venue === 'down') throw new ExchangeError({ kind: 'network', endpointId: 'spot.order.query', message: 'refused' })
      return queried(String(p['orderId']), 'CANCELED')
    })
    h.sawOpenOrders(P, 'spot', 'btcusdt', [open('1'), open('2'), open('3', { symbol: 'ethusdt' })])
    await vi.waitFor(() => expect([...known.keys()].sort()).toEqual(['1', '2', '3']))
    expect(calls).toHaveLength(0) // still open: nothing to read
    h.sawOpenOrders(P, 'spot', 'btcusdt', [])
    // Read while the venue is down, and again; '3' is another symbol's order: the btcusdt list says nothing of it.
    await vi.waitFor(() => expect(calls.filter((c) => c.params['orderId'] === '1').length).toBeGreaterThanOrEqual(2))
    expect(new Set(calls.map((c) => c.params['orderId']))).toEqual(new Set(['1', '2']))
    venue = 'up'
    await vi.waitFor(() => expect(known.get('1')?.status).toBe('CANCELED'), { timeout: 5000 })
    const n = calls.filter((c) => c.params['orderId'] === '2').length
    h.sawOpenOrders(P, 'spot', 'btcusdt', [])
    await new Promise((r) => setTimeout(r, 100))
    expect(calls.filter((c) => c.params['orderId'] === '2')).toHaveLength(n)
    expect(calls.some((c) => c.params['orderId'] === '3')).toBe(false)
    await h.close()
  })

  it('infers nothing from a list that may be cut short, and keeps recording past a failing listener', async () => {
    const { h, calls, known } = rig((p) => queried(String(p['orderId']), 'FILLED'))
    const heard: HistoryRecord[][] = []
    h.onChange(P, () => {
      throw new Error('a broken window')
    })
    h.onChange(P, (c) => heard.push(c))
    h.sawOpenOrders(P, 'spot', 'btcusdt', [open('1')])
    await vi.waitFor(() => expect(heard.flat().map((r) => r.orderId)).toEqual(['1']))
    const full = Array.from({ length: 1000 }, (_, i) => open(String(i + 10)))
    h.sawOpenOrders(P, 'spot', 'btcusdt', full)
    await vi.waitFor(() => expect(known.size).toBe(1001))
    await new Promise((r) => setTimeout(r, 50))
    expect(calls.some((c) => c.params['orderId'] === '1')).toBe(false)
    // The same list again changes nothing, so nobody hears of it.
    const before = heard.length
    h.sawOpenOrders(P, 'spot', 'btcusdt', full)
    await new Promise((r) => setTimeout(r, 30))
    expect(heard.length).toBe(before)
    await h.close()
  })
})
