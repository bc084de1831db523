// The order-history recorder against a stub venue: what the gateway settles is recorded (batch items from their
// request), an order missing from its symbol's open-orders list is read back, a -2013 stops reading it, an
// unreachable venue is retried, a cut-short list infers nothing, and a failing listener does not stop recording.
// Only a query confirms a state: cancels and FILLED acks are read back at once, unconfirmed finals at load; the
// bound never drops open orders; a removed profile stays removed; unusable answers are logged once and not re-read.
import { appendFileSync, existsSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { ExchangeError } from '../../../src-main/client/errors'
import type { ExchangeClient } from '../../../src-main/client/exchange-client'
import type { HistoryRecord } from '../../../src-main/orders/history-store'
import type { SeenOpenOrder } from '../../../src-main/orders/history-records'
import { OrderHistory, type OrderHistoryOptions } from '../../../src-main/orders/order-history'

/** vi.waitFor with a deadline for a loaded machine (its default is 1 s; the node project's expect.poll has 10 s). */
const waitFor = <T>(fn: () => T | Promise<T>, opts: { timeout?: number; interval?: number } = {}): Promise<T> =>
  vi.waitFor(fn, { timeout: 10_000, ...opts })

const P = 'b0c2f1de-6a6b-4c59-9d43-1b7b8d0f2a11'
const open = (orderId: string, o: Partial<SeenOpenOrder> = {}): SeenOpenOrder => ({
  orderId,
  clientOrderId: null,
  symbol: 'btcusdt',
  side: 'BUY',
  type: 'LIMIT',
  price: '60000.00',
  volume: '0.010000',
  executed: '0',
  avgPrice: '0',
  status: 'NEW',
  time: 1_700_000_000_000,
  ...o
})
// The venue's answer leaves the client id empty (some do): the one the terminal knew is kept.
const queried = (orderId: string, status: string) => ({
  orderId,
  clientOrderId: '',
  symbol: 'btcusdt',
  transactTime: '1700000000000',
  price: '60000.00',
  origQty: '0.010000',
  executedQty: status === 'FILLED' ? '0.010000' : '0',
  avgPrice: status === 'FILLED' ? '60000.00' : '0',
  type: 'LIMIT',
  side: 'BUY',
  status
})

function rig(answer: (params: Record<string, unknown>) => unknown, o: Partial<OrderHistoryOptions> = {}) {
  const calls: { id: string; params: Record<string, unknown> }[] = []
  const client = {
    call: async (id: string, params: Record<string, unknown>) => {
      calls.push({ id, params })
      return answer(params)
    }
  } as unknown as ExchangeClient
  const logs: string[] = []
  const dir = o.dir ?? mkdtempSync(join(tmpdir(), 'oh-'))
  const h = new OrderHistory({
    dir,
    clientOf: () => client,
    settleDelayMs: 20,
    requeryMs: 30,
    retryMs: 20,
    log: (l) => logs.push(l),
    ...o
  })
  /** A page (reading one also reads back its unfinished orders). */
  const list = async () => (await h.list(P, { limit: 100 })).records
  /** The orders as the change stream tells them (watching reads nothing). */
  const known = new Map<string, HistoryRecord>()
  h.onChange(P, (changed) => changed.forEach((r) => known.set(r.orderId, r)))
  return { h, calls, list, known, logs, dir }
}

describe('OrderHistory', () => {
  it('records a batch item from its request, then the venue read-back after the settle delay', async () => {
    // No page is read (a page read reads back too): only the gateway event can bring the venue's answer.
    const { h, calls, known, list } = rig((p) => queried(String(p['orderId']), 'FILLED'), { settleDelayMs: 1500 }) // long enough that the NEW record is seen well before it, even under load
    h.onGatewayEvent(P, {
      type: 'settled',
      action: 'place',
      request: { side: 'SELL', type: 'LIMIT', price: '61000', volume: '0.002' },
      result: {
        status: 'placed',
        actionId: 'a',
        market: 'spot',
        symbol: 'btcusdt',
        clientOrderId: 'b1',
        reconciled: false,
        orderId: '9007199254740993',
        order: { orderId: '9007199254740993' }
      }
    })
    await waitFor(() =>
      expect(known.get('9007199254740993')).toMatchObject({
        clientOrderId: 'b1',
        side: 'SELL',
        price: '61000',
        volume: '0.002',
        status: 'NEW'
      })
    )
    expect(calls).toHaveLength(0) // not before the settle delay
    await waitFor(() =>
      expect(known.get('9007199254740993')).toMatchObject({
        status: 'FILLED',
        executed: '0.010000',
        avgPrice: '60000.00',
        clientOrderId: 'b1',
        confirmed: true
      })
    )
    expect(calls).toEqual([{ id: 'spot.order.query', params: { symbol: 'btcusdt', orderId: '9007199254740993' } }])
    // Futures orders have the venue's own history: not recorded here.
    h.onGatewayEvent(P, {
      type: 'settled',
      action: 'place',
      result: {
        status: 'placed',
        actionId: 'a',
        market: 'futures',
        symbol: 'E-BTC-USDT',
        clientOrderId: 'f',
        reconciled: false,
        orderId: '5',
        order: { orderId: '5' }
      }
    })
    // a barrier: a spot order sent after it is recorded, so the futures one had its turn and was left out
    h.onGatewayEvent(P, {
      type: 'settled',
      action: 'place',
      request: { side: 'BUY', type: 'LIMIT', price: '59000', volume: '0.001' },
      result: {
        status: 'placed',
        actionId: 'a',
        market: 'spot',
        symbol: 'btcusdt',
        clientOrderId: 'b2',
        reconciled: false,
        orderId: '6',
        order: { orderId: '6' }
      }
    })
    await waitFor(() => expect(known.has('6')).toBe(true))
    expect((await list()).map((o) => o.orderId).sort()).toEqual(['6', '9007199254740993'])
    await h.close()
  })

  it('reads back an order that left the open-orders list; -2013 ends reading it; a network failure is retried', async () => {
    let venue = 'down'
    // requeryMs 0: a list that misses an order would read it again at once, unless the venue said it does not exist
    const { h, calls, known } = rig(
      (p) => {
        if (p['orderId'] === '2')
          throw new ExchangeError({
            kind: 'api',
            code: -2013,
            endpointId: 'spot.order.query',
            message: 'no such order'
          })
        if (venue === 'down')
          throw new ExchangeError({ kind: 'network', endpointId: 'spot.order.query', message: 'refused' })
        return queried(String(p['orderId']), 'CANCELED')
      },
      { requeryMs: 0 }
    )
    h.sawOpenOrders(P, 'spot', 'btcusdt', [open('1'), open('2'), open('3', { symbol: 'ethusdt' })])
    await waitFor(() => expect([...known.keys()].sort()).toEqual(['1', '2', '3']))
    expect(calls).toHaveLength(0) // still open: nothing to read
    h.sawOpenOrders(P, 'spot', 'btcusdt', [])
    // Read while the venue is down, and again; '3' is another symbol's order: the btcusdt list says nothing of it.
    await waitFor(() => expect(calls.filter((c) => c.params['orderId'] === '1').length).toBeGreaterThanOrEqual(2))
    expect(new Set(calls.map((c) => c.params['orderId']))).toEqual(new Set(['1', '2']))
    venue = 'up'
    await waitFor(() => expect(known.get('1')?.status).toBe('CANCELED'))
    const n = calls.filter((c) => c.params['orderId'] === '2').length
    expect(n).toBe(1)
    h.sawOpenOrders(P, 'spot', 'btcusdt', [])
    // A barrier: '3' leaves its list after; queued later and due no sooner, it is read after '2' would have been.
    h.sawOpenOrders(P, 'spot', 'ethusdt', [])
    await waitFor(() => expect(calls.some((c) => c.params['orderId'] === '3')).toBe(true))
    expect(calls.filter((c) => c.params['orderId'] === '2')).toHaveLength(n)
    await h.close()
  })

  it('infers nothing from a list that may be cut short, and keeps recording past a failing listener', async () => {
    const { h, calls, known } = rig((p) => ({ ...queried(String(p['orderId']), 'FILLED'), symbol: p['symbol'] }))
    const heard: HistoryRecord[][] = []
    h.onChange(P, () => {
      throw new Error('a broken window')
    })
    h.onChange(P, (c) => heard.push(c))
    h.sawOpenOrders(P, 'spot', 'btcusdt', [open('1')])
    h.sawOpenOrders(P, 'spot', 'ethusdt', [open('8', { symbol: 'ethusdt' })]) // the barrier's order, below
    await waitFor(() => expect(heard.flat().map((r) => r.orderId)).toEqual(['1', '8']))
    const full = Array.from({ length: 1000 }, (_, i) => open(String(i + 10)))
    h.sawOpenOrders(P, 'spot', 'btcusdt', full)
    await waitFor(() => expect(known.size).toBe(1002))
    // The same list again changes nothing, so nobody hears of it; nor, cut short, does it read back '1'.
    const before = heard.length
    h.sawOpenOrders(P, 'spot', 'btcusdt', full)
    // A barrier: '8' leaves its list after; queued later and due no sooner, it is read (and heard) after '1' would be.
    h.sawOpenOrders(P, 'spot', 'ethusdt', [])
    await waitFor(() => expect(heard.length).toBeGreaterThan(before))
    expect(
      heard
        .slice(before)
        .flat()
        .map((r) => [r.orderId, r.status])
    ).toEqual([['8', 'FILLED']])
    expect(calls.map((c) => c.params['orderId'])).toEqual(['8'])
    await h.close()
  })

  it('reads back a canceled order at once after its cancel, even if read moments ago, and keeps the fill the cancel answer lacks', async () => {
    let answer = queried('1', 'NEW')
    const { h, calls, known, list } = rig(() => answer, { requeryMs: 60_000 })
    h.sawOpenOrders(P, 'spot', 'btcusdt', [open('1')])
    await list() // reads the order now: the next read is 60 s away unless the terminal acted on it
    await waitFor(() => expect(calls).toHaveLength(1))
    answer = { ...queried('1', 'CANCELED'), executedQty: '0.004000', avgPrice: '60000.00' }
    h.onGatewayEvent(P, {
      type: 'settled',
      action: 'cancel',
      result: {
        status: 'canceled',
        actionId: 'a',
        market: 'spot',
        symbol: 'btcusdt',
        clientOrderId: '',
        reconciled: false,
        orderId: '1',
        order: { orderId: '1', status: 'CANCELED' }
      }
    })
    await waitFor(() =>
      expect(known.get('1')).toMatchObject({
        status: 'CANCELED',
        executed: '0.004000',
        avgPrice: '60000.00',
        confirmed: true
      })
    )
    await h.close()
  })

  it('reads back an order whose create answer was already FILLED (the answer has no average price)', async () => {
    const { h, known } = rig((p) => queried(String(p['orderId']), 'FILLED'))
    const order = {
      orderId: '7',
      symbol: 'BTCUSDT',
      side: 'BUY',
      type: 'MARKET',
      price: '0',
      origQty: '0.010000',
      executedQty: '0.010000',
      status: 'FILLED',
      transactTime: '1700000000000'
    }
    h.onGatewayEvent(P, {
      type: 'settled',
      action: 'place',
      result: {
        status: 'placed',
        actionId: 'a',
        market: 'spot',
        symbol: 'btcusdt',
        clientOrderId: 'm1',
        reconciled: false,
        orderId: '7',
        order: order as never
      }
    })
    await waitFor(() =>
      expect(known.get('7')).toMatchObject({
        status: 'FILLED',
        symbol: 'btcusdt',
        avgPrice: '60000.00',
        confirmed: true
      })
    )
    await h.close()
  })

  it('at load reads back a final order no query confirmed (an older file has no flag), and not once it is confirmed', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'oh-'))
    const stale = {
      module: 'spot',
      symbol: 'btcusdt',
      orderId: '4',
      clientOrderId: 'c4',
      side: 'BUY',
      type: 'LIMIT',
      price: '60000.00',
      volume: '0.010000',
      executed: '0',
      avgPrice: null,
      status: 'CANCELED',
      time: 1,
      updatedAt: 1
    }
    writeFileSync(join(dir, `${P}.jsonl`), `${JSON.stringify(stale)}\n`)
    const answer = () => ({ ...queried('4', 'CANCELED'), executedQty: '0.002000', avgPrice: '60000.00' })
    const first = rig(answer, { dir })
    await first.h.start([P])
    await waitFor(() => expect(first.calls).toHaveLength(1)) // before any page is read
    await waitFor(async () =>
      expect((await first.list())[0]).toMatchObject({ executed: '0.002000', avgPrice: '60000.00', confirmed: true })
    )
    await first.h.close()
    // A barrier: an unconfirmed order after it in the file; read back at load too, it is read after '4' would be.
    appendFileSync(join(dir, `${P}.jsonl`), `${JSON.stringify({ ...stale, orderId: '5', clientOrderId: 'c5' })}\n`)
    const again = rig((p) => ({ ...answer(), orderId: String(p['orderId']) }), { dir })
    expect((await again.list()).find((r) => r.orderId === '4')).toMatchObject({ executed: '0.002000', confirmed: true })
    await waitFor(() => expect(again.calls).not.toHaveLength(0))
    expect(again.calls.every((c) => c.params['orderId'] === '5')).toBe(true) // (the page may queue '5' once more)
    await again.h.close()
  })

  it('never drops an open order for the bound, and never announces an old final order the bound drops at once', async () => {
    const { h, known, list, calls } = rig(
      (p) => queried(String(p['orderId']), p['orderId'] === '9' ? 'FILLED' : 'NEW'),
      { maxOrders: 2 }
    )
    const heard: HistoryRecord[][] = []
    h.onChange(P, (c) => heard.push(c))
    const three = [open('1'), open('2'), open('3')]
    h.sawOpenOrders(P, 'spot', 'btcusdt', three)
    await waitFor(() => expect(known.size).toBe(3))
    const n = heard.length
    h.sawOpenOrders(P, 'spot', 'btcusdt', three)
    // Full of open orders: an old, already final order is not kept, written or announced.
    h.onGatewayEvent(P, {
      type: 'settled',
      action: 'place',
      result: {
        status: 'placed',
        actionId: 'a',
        market: 'spot',
        symbol: 'btcusdt',
        clientOrderId: 'x',
        reconciled: false,
        orderId: '9',
        order: { ...queried('9', 'FILLED'), transactTime: '1' } as never
      }
    })
    await waitFor(() => expect(calls.map((c) => c.params['orderId'])).toEqual(['9'])) // the list before it had its turn
    expect(heard.length).toBe(n) // nothing evicted, so nothing re-added
    // The page queues reads of 1..3, made one at a time after the read-back of '9' (dropped too) is handled.
    expect((await list()).map((r) => r.orderId).sort()).toEqual(['1', '2', '3'])
    await waitFor(() => expect(calls).toHaveLength(4))
    expect(heard.flat().some((r) => r.orderId === '9')).toBe(false)
    await h.close()
  })

  it("deletes a removed profile's file without reading it, and a late answer or poll does not bring it back", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'oh-'))
    const file = join(dir, `${P}.jsonl`)
    writeFileSync(
      file,
      `${JSON.stringify({ module: 'spot', symbol: 'btcusdt', orderId: '4', clientOrderId: null, side: 'BUY', type: 'LIMIT', price: '1', volume: '1', executed: '0', avgPrice: null, status: 'NEW', time: 1, updatedAt: 1 })}\n`
    )
    const calls: unknown[] = []
    const h = new OrderHistory({
      dir,
      clientOf: () => ({ call: async () => calls.push(1) }) as unknown as ExchangeClient,
      settleDelayMs: 0
    })
    await h.forget(P)
    expect(existsSync(file)).toBe(false)
    h.sawOpenOrders(P, 'spot', 'btcusdt', [open('1')])
    h.onGatewayEvent(P, {
      type: 'settled',
      action: 'place',
      result: {
        status: 'placed',
        actionId: 'a',
        market: 'spot',
        symbol: 'btcusdt',
        clientOrderId: 'x',
        reconciled: false,
        orderId: '5',
        order: queried('5', 'NEW') as never
      }
    })
    await h.close() // waits for every write
    expect(existsSync(file)).toBe(false)
    expect(calls).toHaveLength(0)
    await expect(h.list(P, { limit: 10 })).rejects.toThrow('the profile was removed')
  })

  it('logs an unusable record once per order, naming the field but no value, and does not read it again', async () => {
    // '7' answers well and stays open: read again each time it misses the list (requeryMs 0), after '1' would be.
    const answer = (p: Record<string, unknown>) =>
      p['orderId'] === '7'
        ? queried('7', 'NEW')
        : { ...queried(String(p['orderId']), 'FILLED'), executedQty: 'secret-looking-text' }
    const { h, calls, logs, known } = rig(answer, { requeryMs: 0 })
    h.sawOpenOrders(P, 'spot', 'btcusdt', [open('1'), open('2', { price: 'x' }), open('7')])
    h.sawOpenOrders(P, 'spot', 'btcusdt', [open('1'), open('2', { price: 'x' }), open('7')])
    await waitFor(() => expect(known.has('1')).toBe(true))
    for (let n = 1; n <= 3; n++) {
      h.sawOpenOrders(P, 'spot', 'btcusdt', [])
      await waitFor(() => expect(calls.filter((c) => c.params['orderId'] === '7')).toHaveLength(n))
    }
    expect(calls.filter((c) => c.params['orderId'] !== '7')).toEqual([
      { id: 'spot.order.query', params: { symbol: 'btcusdt', orderId: '1' } }
    ])
    expect(logs.filter((l) => l.includes('order 1:'))).toEqual([
      expect.stringContaining('order query is unusable (executed)')
    ])
    expect(logs.filter((l) => l.includes('order 2:'))).toEqual([
      expect.stringContaining('open-orders list is unusable (price)')
    ])
    expect(logs.join()).not.toContain('secret-looking-text')
    await h.close()
  })

  it('records symbols in lower case and pages spot and margin orders that share a time and an id', async () => {
    const { h, known, list } = rig(() => queried('1', 'NEW'))
    h.sawOpenOrders(P, 'spot', 'btcusdt', [open('1', { symbol: 'BTCUSDT' })])
    h.sawOpenOrders(P, 'margin', 'btcusdt', [open('1')])
    await waitFor(async () => expect(await list()).toHaveLength(2))
    expect([...known.values()].every((r) => r.symbol === 'btcusdt')).toBe(true)
    const first = await h.list(P, { limit: 1 })
    const second = await h.list(P, { limit: 1, before: first.nextCursor! })
    expect([...first.records, ...second.records].map((r) => r.module)).toEqual(['spot', 'margin'])
    expect(second.nextCursor).toBeNull()
    await h.close()
  })
})
