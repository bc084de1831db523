// Spot and margin trading through the contract, against the embedded exchange: orders go through the order
// gateway, balances lock and unlock, refusals by the symbol's rules send nothing, and the polled account view is
// refreshed at once after the user's own action.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sub } from '@shared/decimal'
import type { AccountSnapshotView } from '@shared/ipc/views/account'
import { nextEvent, startRig, type Rig } from './harness'

let rig: Rig
beforeAll(async () => {
  // A slow poll (60 s): a snapshot that shows an order within a second can only come from the immediate refresh.
  rig = await startRig({
    embedded: { activity: true, seed: 3 },
    tuning: { pollBaseMs: 60_000, client: { clockSamples: 1 } }
  })
})
afterAll(() => rig.close())

const usdt = async (): Promise<{ free: string; locked: string }> =>
  (await rig.client.invoke('account.balances', {})).find((b) => b.asset === 'USDT')!
const venueOrders = (): number => rig.core.exchange.spot.records.orders.size

describe('terminal core: trading', () => {
  it('places a spot limit order that shows in open orders with its balance locked; cancel releases it', async () => {
    const before = await usdt()
    const ack = await rig.client.invoke('trading.placeOrder', {
      module: 'spot',
      symbol: 'btcusdt',
      side: 'BUY',
      type: 'LIMIT',
      price: '30000',
      volume: '0.01'
    })
    expect(ack).toMatchObject({ status: 'placed', module: 'spot', symbol: 'btcusdt', reconciled: false, error: null })
    expect(ack.orderId).toMatch(/^\d+$/)
    expect(ack.clientOrderId.length).toBeGreaterThan(0)
    const open = await rig.client.invoke('account.openOrders', { module: 'spot', symbol: 'btcusdt' })
    expect(open.find((o) => o.orderId === ack.orderId)).toMatchObject({
      side: 'BUY',
      price: '30000.00',
      volume: '0.010000',
      status: 'NEW',
      module: 'spot'
    })
    const locked = await usdt()
    expect(sub(locked.locked, before.locked)).toBe('300')
    expect(sub(before.free, locked.free)).toBe('300')

    const cancel = await rig.client.invoke('trading.cancelOrder', {
      module: 'spot',
      symbol: 'btcusdt',
      orderId: ack.orderId!
    })
    expect(cancel).toMatchObject({ status: 'canceled', orderId: ack.orderId, error: null })
    expect(
      (await rig.client.invoke('account.openOrders', { module: 'spot', symbol: 'btcusdt' })).some(
        (o) => o.orderId === ack.orderId
      )
    ).toBe(false)
    expect(await usdt()).toEqual(before)
  })

  it('refuses orders that break the symbol rules, naming the rule, and sends nothing', async () => {
    const n = venueOrders()
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ price: '30000.123' }, 'price', /^price ticks are 0\.01 USDT on BTC\/USDT: 30000\.12 or 30000\.13$/],
      [{ volume: '0.0000001' }, 'volume', /^size steps are 0\.000001 BTC on BTC\/USDT: 0\.000001$/],
      [
        { volume: '0.00001' },
        'volume',
        /^size 0\.00001 BTC is below the minimum 0\.0001 BTC for limit orders on BTC\/USDT$/
      ],
      [
        { type: 'MARKET', price: undefined, volume: '1' },
        'volume',
        /^the amount to spend 1 USDT is below the minimum 5 USDT for market buys on BTC\/USDT$/
      ]
    ]
    for (const [change, field, message] of cases) {
      const order = {
        module: 'spot',
        symbol: 'btcusdt',
        side: 'BUY',
        type: 'LIMIT',
        price: '30000',
        volume: '0.01',
        ...change
      } as const
      await expect(rig.client.invoke('trading.placeOrder', order as never)).rejects.toMatchObject({
        code: 'order-rule',
        field,
        message: expect.stringMatching(message)
      })
    }
    await expect(
      rig.client.invoke('trading.placeOrder', {
        module: 'spot',
        symbol: 'nosuchusdt',
        side: 'BUY',
        type: 'LIMIT',
        price: '1',
        volume: '1'
      })
    ).rejects.toMatchObject({
      code: 'unknown-symbol',
      field: 'symbol',
      message: 'nosuchusdt is not a spot symbol of this exchange',
      words: { key: 'main.notSpotSymbol', params: { symbol: 'nosuchusdt' } }
    })
    await expect(
      rig.client.invoke('trading.testOrder', {
        module: 'spot',
        symbol: 'solusdt',
        side: 'SELL',
        type: 'LIMIT',
        price: '150.0001',
        volume: '1'
      })
    ).rejects.toMatchObject({ code: 'order-rule', field: 'price' })
    expect(venueOrders()).toBe(n)
  })

  it("passes the venue's order test and reports a venue rejection with its code", async () => {
    await expect(
      rig.client.invoke('trading.testOrder', {
        module: 'spot',
        symbol: 'btcusdt',
        side: 'BUY',
        type: 'LIMIT',
        price: '30000',
        volume: '0.01'
      })
    ).resolves.toEqual({ ok: true })
    const err = await rig.client
      .invoke('trading.placeOrder', {
        module: 'spot',
        symbol: 'btcusdt',
        side: 'BUY',
        type: 'LIMIT',
        price: '60000',
        volume: '90'
      })
      .catch((e: unknown) => e)
    expect(err).toMatchObject({
      code: 'exchange',
      exchange: { code: -2017, endpointId: 'spot.order.place', kind: 'api' }
    })
  })

  it('places and cancels a margin order', async () => {
    const ack = await rig.client.invoke('trading.placeOrder', {
      module: 'margin',
      symbol: 'ethusdt',
      side: 'BUY',
      type: 'LIMIT',
      price: '1000',
      volume: '0.01'
    })
    expect(ack).toMatchObject({ status: 'placed', module: 'margin' })
    const open = await rig.client.invoke('account.openOrders', { module: 'margin', symbol: 'ethusdt' })
    expect(open.map((o) => o.orderId)).toContain(ack.orderId)
    expect(open.every((o) => o.module === 'margin')).toBe(true)
    expect(
      await rig.client.invoke('trading.cancelOrder', {
        module: 'margin',
        symbol: 'ethusdt',
        clientOrderId: ack.clientOrderId
      })
    ).toMatchObject({ status: 'canceled', orderId: ack.orderId })
  })

  it('places a batch, cancels it in a batch, and cancels all of a symbol', async () => {
    const orders = [1000, 1001, 1002].map((p) => ({
      side: 'BUY' as const,
      type: 'LIMIT' as const,
      price: `${p}`,
      volume: '0.01'
    }))
    const placed = await rig.client.invoke('trading.batchPlace', { module: 'spot', symbol: 'ethusdt', orders })
    expect(placed.results.map((r) => r.status)).toEqual(['placed', 'placed', 'placed'])
    const ids = placed.results.map((r) => r.orderId!)
    const canceled = await rig.client.invoke('trading.batchCancel', {
      module: 'spot',
      symbol: 'ethusdt',
      orderIds: ids.slice(0, 2)
    })
    expect(canceled.results.map((r) => [r.orderId, r.status])).toEqual([
      [ids[0], 'canceled'],
      [ids[1], 'canceled']
    ])
    const bad = await rig.client
      .invoke('trading.batchPlace', {
        module: 'spot',
        symbol: 'ethusdt',
        orders: [...orders, { ...orders[0]!, price: '1000.001' }]
      })
      .catch((e: unknown) => e)
    expect(bad).toMatchObject({ code: 'order-rule', field: 'orders.3.price' })
    await rig.client.invoke('trading.placeOrder', {
      module: 'spot',
      symbol: 'ethusdt',
      side: 'BUY',
      type: 'LIMIT',
      price: '1003',
      volume: '0.01'
    })
    const all = await rig.client.invoke('trading.cancelAll', { module: 'spot', symbol: 'ethusdt' })
    expect(all.results.length).toBe(2)
    expect(all.results.every((r) => r.status === 'canceled')).toBe(true)
    expect(await rig.client.invoke('account.openOrders', { module: 'spot', symbol: 'ethusdt' })).toEqual([])
  })

  it('refreshes the polled account view at once after a user action', async () => {
    const snaps: AccountSnapshotView[] = []
    const off = rig.client.subscribe('account.onUpdate', { spotSymbols: ['solusdt'], futures: false }, (s) =>
      snaps.push(s)
    )
    await nextEvent<AccountSnapshotView>(
      (l, end) => rig.client.subscribe('account.onUpdate', { spotSymbols: ['solusdt'], futures: false }, l, end),
      (s) => s.balances !== null
    )
    const ack = await rig.client.invoke('trading.placeOrder', {
      module: 'spot',
      symbol: 'solusdt',
      side: 'BUY',
      type: 'LIMIT',
      price: '50',
      volume: '1'
    })
    // Well inside the 60 s poll, with room for a loaded machine: only the immediate refresh can be seen in time.
    const seen = await new Promise<AccountSnapshotView>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no refresh within 15 s (the poll is 60 s)')), 15_000)
      const check = setInterval(() => {
        const s = snaps.find((x) => x.openOrders.some((o) => o.orderId === ack.orderId))
        if (s) {
          clearTimeout(timer)
          clearInterval(check)
          resolve(s)
        }
      }, 10)
    })
    expect(seen.positions).toBeNull()
    expect(seen.errors).toEqual([])
    await rig.client.invoke('trading.cancelOrder', { module: 'spot', symbol: 'solusdt', orderId: ack.orderId! })
    off()
  })

  it('reads fills and fund records', async () => {
    await rig.client.invoke('trading.placeOrder', {
      module: 'spot',
      symbol: 'btcusdt',
      side: 'BUY',
      type: 'MARKET',
      volume: '20'
    })
    const fills = await rig.client.invoke('account.trades', { module: 'spot', symbol: 'btcusdt', limit: 500 })
    expect(fills.length).toBeGreaterThan(0)
    expect(fills[0]).toMatchObject({ module: 'spot', symbol: 'btcusdt', side: 'BUY' })
    const deposits = await rig.client.invoke('account.deposits', { asset: 'USDT' })
    expect(deposits.some((d) => d.statusText === 'COMPLETED')).toBe(true)
    expect(await rig.client.invoke('account.withdrawals', {})).toEqual([])
  })
})
