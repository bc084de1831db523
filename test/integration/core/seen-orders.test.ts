// The terminal core settles an undetermined order place from the orders it sees (terminal-core.ts: order-history
// records via OrderHistory's onRecorded, and every open-orders list read via AccountService.watchOpenOrders, both
// into gateway.sawOrders), and tells the verdict on trading.onOrderEvents marked late. A remote profile reaches the
// embedded exchange through the fault proxy (fault-proxy.ts), which loses the place's answer (the venue DID place
// it) and refuses with 403 every order query by client id (the gateway's reconciliation and its re-checks), so the
// place is undetermined and only an order seen can settle it (re-check rounds are also an hour off).
// - history: the embedded exchange lists open orders in the spec's shape, without client ids, so an open-orders read
//   settles nothing; the history records the order from that list, and the page read reads it back by order id (let
//   through), whose answer names the client id: the record carries it, and main settles the place.
// - open orders: the embedded exchange never lists client ids in open orders (spot or futures), so here the proxy
//   adds them, as venues that send them do (the open-orders view keeps a sent client id). A futures list (which the
//   order history does not take) isolates the open-orders path.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ContractError } from '@shared/ipc/contract-kit'
import { mul, roundToDecimals } from '@shared/decimal'
import type { OrderEventView } from '@shared/ipc/views/trading'
import type { SeenRequest } from '../loopback-proxy'
import { startFaultProxy, type Proxied } from './fault-proxy'
import { addVenueProfile, orderEventsOf, settleQuickly, startRig, waitFor, type Rig } from './harness'

/** Order id -> the client id its place named, learned from the answers the proxy lost (the venue placed them). */
const cidOf = new Map<string, string>()
/** While on, open-orders answers list the client ids learned so (as venues that send them do). */
const listClientIds = { on: false }

/** Learns a lost place's order id; adds the learned client ids to open-orders answers while listClientIds is on. */
function relay(r: Proxied, text: string): string {
  if (r.decision === 'lose-answer') {
    const cid = String(r.body['newClientOrderId'] ?? r.body['clientOrderId'] ?? '')
    const id = /"orderId"\s*:\s*"?(\d+)"?/.exec(text)?.[1]
    if (cid && id) cidOf.set(id, cid)
    return text
  }
  if (!listClientIds.on || !/\/openOrders$/.test(r.path)) return text
  return text.replace(/"orderId"\s*:\s*("?)(\d+)("?)/g, (all, q1: string, id: string, q2: string) =>
    cidOf.has(id) ? `"orderId":${q1}${id}${q2},"clientOrderId":"${cidOf.get(id)}"` : all
  )
}

let rig: Rig
let proxy: Awaited<ReturnType<typeof startFaultProxy>>
let profileId: string
/** Everything trading.onOrderEvents told about the remote profile. */
let events: OrderEventView[]
/** Client ids whose place's answer the proxy loses. */
const loseAnswerOf = new Set<string>()
/** Open-orders reads refused (403) while set. */
const refuseOpenOrders = { on: true }

const PLACE = /^\/(sapi|fapi)\/v1\/order$/
const isQueryByClientId = (r: SeenRequest): boolean =>
  r.method === 'GET' && PLACE.test(r.path) && (r.query.has('newClientOrderId') || r.query.has('clientOrderId'))

beforeAll(async () => {
  rig = await startRig({ embedded: { activity: false, seed: 13 }, tuning: settleQuickly })
  proxy = await startFaultProxy(
    rig.core.exchange.url,
    (r) => {
      if (r.method === 'POST' && PLACE.test(r.path))
        return loseAnswerOf.delete(String(r.body['newClientOrderId'] ?? r.body['clientOrderId']))
          ? 'lose-answer'
          : 'forward'
      if (isQueryByClientId(r)) return 'refuse'
      if (r.method === 'GET' && /\/openOrders$/.test(r.path) && refuseOpenOrders.on) return 'refuse'
      return 'forward'
    },
    relay
  )
  const venue = await addVenueProfile(rig, {
    name: 'Through the proxy',
    baseUrl: proxy.url,
    credits: [{ wallet: 'futures', asset: 'USDT', amount: '100000' }]
  })
  profileId = venue.profileId
  events = orderEventsOf(rig, profileId)
})
afterAll(async () => {
  await rig?.close()
  await proxy?.close()
})

const settledOf = (cid: string) =>
  events.filter(
    (e): e is Extract<OrderEventView, { type: 'settled'; action: 'place' | 'cancel' }> =>
      e.type === 'settled' && e.action === 'place' && e.clientOrderId === cid
  )
/** What a window that subscribes now is told of kept undetermined verdicts. */
function toldToANewWindow(): OrderEventView[] {
  const told: OrderEventView[] = []
  rig.client.subscribe(
    'trading.onOrderEvents',
    { profileId },
    (e) => void told.push(e),
    () => undefined
  )()
  return told
}

describe('terminal core: an undetermined place settled by the orders main sees', () => {
  it('the order history records it (read back by order id): settled "placed", late; the client id an ordinary used one', async () => {
    const cid = 'seen-history-1'
    loseAnswerOf.add(cid)
    refuseOpenOrders.on = true
    const ack = await rig.client.invoke('trading.placeOrder', {
      profileId,
      module: 'spot',
      symbol: 'btcusdt',
      side: 'BUY',
      type: 'LIMIT',
      price: '30000',
      volume: '0.01',
      clientOrderId: cid
    })
    expect(ack).toMatchObject({ status: 'undetermined', clientOrderId: cid, orderId: null })
    // The venue placed it; its answer, which the proxy loses, may come after the client gave up on it (load).
    const orderId = await waitFor(() => [...cidOf].find(([, c]) => c === cid)?.[0], 20_000, 'the lost answer')
    expect(orderId).toMatch(/^\d+$/)
    await waitFor(() => (settledOf(cid).length > 0 ? true : undefined), 20_000, 'the undetermined event')
    expect(settledOf(cid)).toMatchObject([{ status: 'undetermined', late: false, notice: null }])
    // Kept: a window opened now is told it, to check the venue.
    expect(
      toldToANewWindow().filter((e) => e.type === 'settled' && e.action === 'place' && e.clientOrderId === cid)
    ).toMatchObject([{ status: 'undetermined' }])

    // Reads of the open orders work again: the spec's list names no client id, so it answers nothing yet. (The
    // watcher runs before the command answers, and the stream is delivered in step with it.)
    refuseOpenOrders.on = false
    const open = await rig.client.invoke('account.openOrders', { profileId, module: 'spot', symbol: 'btcusdt' })
    expect(open.find((o) => o.orderId === orderId)).toMatchObject({ clientOrderId: null, status: 'NEW' })
    expect(settledOf(cid)).toHaveLength(1)

    // The history took the order from that list; a page showing it has it read back (by order id), and the answer
    // names the client id: main settles the place from that record.
    await rig.client.invoke('trading.orderHistory', { profileId, module: 'spot', limit: 50 })
    const placed = await waitFor(
      () => settledOf(cid).find((e) => e.status === 'placed'),
      10_000,
      'the place settled from the history'
    )
    expect(placed).toMatchObject({
      type: 'settled',
      action: 'place',
      module: 'spot',
      symbol: 'btcusdt',
      clientOrderId: cid,
      orderId,
      status: 'placed',
      reconciled: true,
      error: null,
      notice: null,
      late: true
    })
    expect(settledOf(cid)).toHaveLength(2)
    const history = await rig.client.invoke('trading.orderHistory', { profileId, module: 'spot', limit: 50 })
    expect(history.orders.find((o) => o.orderId === orderId)).toMatchObject({ clientOrderId: cid })

    // It was the history read-back (by order id) that told: every query by client id was refused.
    const queries = proxy.log.filter((r) => r.method === 'GET' && r.path === '/sapi/v1/order')
    expect(
      queries.filter((r) => r.query.get('orderId') === orderId && r.decision === 'forward').length
    ).toBeGreaterThan(0)
    const byClientId = queries.filter((r) => r.query.has('newClientOrderId'))
    expect(byClientId.length).toBeGreaterThan(0) // the gateway did ask, and was refused
    expect(byClientId.every((r) => r.decision === 'refuse')).toBe(true)

    // No longer kept: a window opened now is not asked to check it.
    expect(
      toldToANewWindow().filter((e) => e.type === 'settled' && e.action === 'place' && e.clientOrderId === cid)
    ).toEqual([])
    // Answered: a resend under it is refused as any used id (not as undetermined), unsent.
    const posts = proxy.log.filter((r) => r.method === 'POST' && r.path === '/sapi/v1/order').length
    const again = await rig.client
      .invoke('trading.placeOrder', {
        profileId,
        module: 'spot',
        symbol: 'btcusdt',
        side: 'BUY',
        type: 'LIMIT',
        price: '30000',
        volume: '0.01',
        clientOrderId: cid
      })
      .catch((e: unknown) => e as ContractError)
    expect(again).toMatchObject({
      code: 'invalid-input',
      field: 'clientOrderId',
      message: expect.stringMatching(/already used/)
    })
    expect((again as ContractError).message).not.toMatch(/would not tell/)
    expect(proxy.log.filter((r) => r.method === 'POST' && r.path === '/sapi/v1/order')).toHaveLength(posts)
  })

  it('a futures open-orders list naming its client id: settled "placed", late, by the open-orders read itself', async () => {
    const cid = 'seen-open-1'
    loseAnswerOf.add(cid)
    refuseOpenOrders.on = true
    const C = 'E-BTC-USDT'
    const f = await rig.client.invoke('market.fundingRate', { symbol: C })
    const price = roundToDecimals(mul(f.markPrice, '0.9'), 1, 'down')
    const ack = await rig.client.invoke('trading.placeOrder', {
      profileId,
      module: 'futures',
      symbol: C,
      side: 'BUY',
      type: 'LIMIT',
      price,
      volume: '1',
      open: 'OPEN',
      positionType: 1,
      clientOrderId: cid
    })
    expect(ack).toMatchObject({ status: 'undetermined', clientOrderId: cid, orderId: null })
    const orderId = await waitFor(() => [...cidOf].find(([, c]) => c === cid)?.[0], 20_000, 'the lost answer')
    expect(orderId).toMatch(/^\d+$/)
    await waitFor(() => (settledOf(cid).length > 0 ? true : undefined), 20_000, 'the undetermined event')
    expect(settledOf(cid)).toMatchObject([{ status: 'undetermined', late: false }])
    expect(
      toldToANewWindow().filter((e) => e.type === 'settled' && e.action === 'place' && e.clientOrderId === cid)
    ).toMatchObject([{ status: 'undetermined' }])

    refuseOpenOrders.on = false
    listClientIds.on = true
    try {
      const open = await rig.client.invoke('account.openOrders', { profileId, module: 'futures' })
      expect(open.find((o) => o.orderId === orderId)).toMatchObject({
        module: 'futures',
        symbol: C,
        clientOrderId: cid
      })
    } finally {
      listClientIds.on = false
    }
    const placed = await waitFor(
      () => settledOf(cid).find((e) => e.status === 'placed'),
      5000,
      'the place settled from the open orders'
    )
    expect(placed).toMatchObject({
      module: 'futures',
      symbol: C,
      clientOrderId: cid,
      orderId,
      status: 'placed',
      late: true,
      notice: null
    })
    expect(settledOf(cid)).toHaveLength(2)
    expect(
      proxy.log.filter((r) => r.method === 'GET' && r.path === '/fapi/v1/order' && r.decision === 'forward')
    ).toEqual([])
    expect(
      toldToANewWindow().filter((e) => e.type === 'settled' && e.action === 'place' && e.clientOrderId === cid)
    ).toEqual([])
  })
})
