// The spot/margin order history main keeps (the interface has no endpoint for it), over real loopback against the
// embedded exchange: orders placed through the terminal, filled, canceled, and one placed elsewhere with the same
// keys, all show with their final states; the history survives a restart of the core on the same data folder
// (unfinished orders are read back from the venue at start); pages follow the cursor; windows hear changes live.
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import type { OrderHistoryEntryView, OrderHistoryEventView } from '@shared/ipc/views/trading'
import type { SpotModule } from '@shared/module'
import { ExchangeClient } from '../../../src-main/client/exchange-client'
import { nextEvent, startRig, waitFor, type Rig } from './harness'

let rig: Rig | undefined
afterAll(() => rig?.close())

const history = async (r: Rig, module: SpotModule = 'spot'): Promise<OrderHistoryEntryView[]> =>
  (await r.client.invoke('trading.orderHistory', { module, limit: 500 })).orders
const byId = (list: OrderHistoryEntryView[], id: string | null) => list.find((o) => o.orderId === id)

describe('terminal core: spot and margin order history', () => {
  it('records orders with final states, keeps them across a restart, pages them and streams changes', async () => {
    // First run: orders are not read back after the terminal's own actions (60 s), so what the restart shows
    // as final comes from the read-back at start.
    rig = await startRig({
      embedded: { activity: true, seed: 11 },
      tuning: { pollBaseMs: 60_000, client: { clockSamples: 1 }, history: { settleDelayMs: 60_000 } }
    })
    const { dir, secrets } = rig
    const c = rig.client
    const resting = await c.invoke('trading.placeOrder', {
      module: 'spot',
      symbol: 'btcusdt',
      side: 'BUY',
      type: 'LIMIT',
      price: '30000',
      volume: '0.01'
    })
    // The bots lay their asks shortly after start (later on a loaded machine): the market order below must fill.
    await waitFor(
      async () =>
        (await c.invoke('market.depth', { module: 'spot', symbol: 'btcusdt', limit: 5 })).asks.length > 0
          ? true
          : undefined,
      15_000,
      'asks to buy from'
    )
    const market = await c.invoke('trading.placeOrder', {
      module: 'spot',
      symbol: 'btcusdt',
      side: 'BUY',
      type: 'MARKET',
      volume: '20'
    })
    const canceled = await c.invoke('trading.placeOrder', {
      module: 'spot',
      symbol: 'ethusdt',
      side: 'BUY',
      type: 'LIMIT',
      price: '1000',
      volume: '0.01'
    })
    await c.invoke('trading.cancelOrder', { module: 'spot', symbol: 'ethusdt', orderId: canceled.orderId! })
    const margin = await c.invoke('trading.placeOrder', {
      module: 'margin',
      symbol: 'ethusdt',
      side: 'BUY',
      type: 'LIMIT',
      price: '1000',
      volume: '0.01'
    })
    await c.invoke('trading.cancelOrder', { module: 'margin', symbol: 'ethusdt', orderId: margin.orderId! })

    // An order placed elsewhere with the same keys shows once an open-orders list is read.
    const profileId = (await c.invoke('profiles.list', {})).activeProfileId!
    const creds = (await rig.core.vault.credentialsFor(profileId))!
    const elsewhere = new ExchangeClient({
      baseUrl: rig.core.exchange.url,
      credentials: async () => ({ apiKey: creds.apiKey, secret: creds.apiSecret }),
      clockSamples: 1
    })
    const outside = await elsewhere.call('spot.order.place', {
      symbol: 'btcusdt',
      side: 'BUY',
      type: 'LIMIT',
      price: '31000',
      volume: '0.01',
      newClientOrderId: 'outside-1'
    })
    await c.invoke('account.openOrders', { module: 'spot', symbol: 'btcusdt' })
    await waitFor(async () => byId(await history(rig!), outside.orderId), 10_000, 'the outside order')

    let list = await history(rig)
    expect(byId(list, resting.orderId)).toMatchObject({
      symbol: 'btcusdt',
      side: 'BUY',
      type: 'LIMIT',
      price: '30000.00',
      volume: '0.010000',
      status: 'NEW',
      final: false,
      clientOrderId: resting.clientOrderId
    })
    expect(byId(list, canceled.orderId)).toMatchObject({ status: 'CANCELED', final: true })
    expect(byId(await history(rig, 'margin'), margin.orderId)).toMatchObject({ module: 'margin', status: 'CANCELED' })
    expect(byId(list, margin.orderId)).toBeUndefined() // the module filter
    expect(list.every((o) => typeof o.orderId === 'string' && /^\d+$/.test(o.orderId))).toBe(true)

    // Canceled elsewhere: it leaves the open-orders list, so it is read back and ends CANCELED.
    await elsewhere.call('spot.order.cancel', { symbol: 'btcusdt', orderId: outside.orderId })
    await c.invoke('account.openOrders', { module: 'spot', symbol: 'btcusdt' })
    await waitFor(
      async () => (byId(await history(rig!), outside.orderId)?.status === 'CANCELED' ? true : undefined),
      10_000,
      'the outside cancel'
    )

    // Last, a batch, one of its orders canceled elsewhere; nothing reads them back before the core stops.
    const batch = await c.invoke('trading.batchPlace', {
      module: 'spot',
      symbol: 'solusdt',
      orders: [
        { side: 'BUY', type: 'LIMIT', price: '50', volume: '1' },
        { side: 'BUY', type: 'LIMIT', price: '51', volume: '1' }
      ]
    })
    await elsewhere.call('spot.order.cancel', { symbol: 'solusdt', orderId: batch.results[0]!.orderId! })
    elsewhere.stop()

    await rig.close()
    const file = join(dir, 'order-history', `${profileId}.jsonl`)
    const text = readFileSync(file, 'utf8')
    const lastOf = (id: string | null, t = readFileSync(file, 'utf8')) =>
      JSON.parse(
        t
          .trim()
          .split('\n')
          .filter((l) => l.includes(`"orderId":"${id}"`))
          .at(-1)!
      ) as OrderHistoryEntryView
    // A batch answer names only ids: the fields come from the request until the venue is read.
    expect(lastOf(batch.results[0]!.orderId, text)).toMatchObject({
      symbol: 'solusdt',
      side: 'BUY',
      type: 'LIMIT',
      price: '50',
      status: 'NEW'
    })
    // No secret is ever written to the history file.
    expect(text).toContain(resting.orderId)
    expect(text).not.toContain(creds.apiKey)
    expect(text).not.toContain(creds.apiSecret)

    // Restart on the same folder: everything is there, and the market order (NEW when acknowledged) is FILLED.
    rig = await startRig({ dir, secrets, embedded: { activity: true, seed: 11 } })
    const again = rig
    // Read back at start, before anything asks (the file is watched, not the channel, which reads back too): both
    // batch orders, one query each, in the background (the second may come a while after the first on a busy box).
    await waitFor(
      () =>
        lastOf(batch.results[0]!.orderId).status === 'CANCELED' && lastOf(batch.results[1]!.orderId).price === '51.000'
          ? true
          : undefined,
      10_000,
      'the read-back at start'
    )
    expect(lastOf(batch.results[0]!.orderId)).toMatchObject({ price: '50.000', volume: '1.00' })
    const filled = await waitFor(
      async () => {
        const o = byId(await history(again), market.orderId)
        return o?.status === 'FILLED' ? o : undefined
      },
      10_000,
      'the market order read back as FILLED'
    )
    expect(filled).toMatchObject({ type: 'MARKET', side: 'BUY', final: true })
    expect(filled.avgPrice).toMatch(/^\d+(\.\d+)?$/)
    list = await history(again)
    expect(byId(list, resting.orderId)).toMatchObject({ status: 'NEW' })
    expect(byId(list, canceled.orderId)).toMatchObject({ status: 'CANCELED' })
    expect(byId(list, outside.orderId)).toMatchObject({ status: 'CANCELED', clientOrderId: 'outside-1' })
    expect(byId(list, batch.results[1]!.orderId)).toMatchObject({ price: '51.000', status: 'NEW' })
    expect(byId(await history(again, 'margin'), margin.orderId)).toMatchObject({ status: 'CANCELED' })

    // Paging: pages of 2 by cursor, newest first, with no overlap and nothing missed.
    const seen: string[] = []
    let before: string | undefined
    for (let n = 0; n < 10; n++) {
      const page = await again.client.invoke('trading.orderHistory', {
        module: 'spot',
        limit: 2,
        ...(before ? { before } : {})
      })
      seen.push(...page.orders.map((o) => o.orderId))
      if (!page.nextCursor) break
      before = page.nextCursor
    }
    expect(seen).toEqual(list.map((o) => o.orderId))
    expect(new Set(seen).size).toBe(list.length)
    const btc = (await again.client.invoke('trading.orderHistory', { module: 'spot', symbol: 'btcusdt' })).orders
    expect(btc.length).toBeGreaterThan(0)
    expect(btc.every((o) => o.symbol === 'btcusdt')).toBe(true)

    // Live: a window subscribed to the history hears a new order.
    const heard = nextEvent<OrderHistoryEventView>(
      (l, end) => again.client.subscribe('trading.onOrderHistory', {}, l, end),
      (e) => e.orders.some((o) => o.symbol === 'dogeusdt')
    )
    await again.client.invoke('profiles.list', {}) // a round trip: the core takes messages in order, so the stream is attached
    const doge = await again.client.invoke('trading.placeOrder', {
      module: 'spot',
      symbol: 'dogeusdt',
      side: 'BUY',
      type: 'LIMIT',
      price: '0.01',
      volume: '100'
    })
    expect((await heard).orders.find((o) => o.symbol === 'dogeusdt')).toMatchObject({
      orderId: doge.orderId,
      status: 'NEW'
    })
  })

  it('refuses bad paging input naming the field', async () => {
    const r = rig!
    await expect(r.client.invoke('trading.orderHistory', { module: 'futures' } as never)).rejects.toMatchObject({
      code: 'invalid-input',
      field: 'module'
    })
    await expect(r.client.invoke('trading.orderHistory', { before: '12' })).rejects.toMatchObject({
      code: 'invalid-input',
      field: 'before'
    })
    await expect(r.client.invoke('trading.orderHistory', { limit: 501 })).rejects.toMatchObject({
      code: 'invalid-input',
      field: 'limit'
    })
  })

  it('deletes the history file with its profile', async () => {
    const r = rig!
    const profileId = (await r.client.invoke('profiles.list', {})).activeProfileId!
    const file = join(r.dir, 'order-history', `${profileId}.jsonl`)
    expect(existsSync(file)).toBe(true)
    await r.client.invoke('profiles.remove', { profileId })
    expect(existsSync(file)).toBe(false)
  })
})
