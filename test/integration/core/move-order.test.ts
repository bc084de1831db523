// trading.moveOrder against the embedded exchange on loopback: a move is one cancel and then one place through the
// order gateway, never two live orders for one. A remote profile reaches the exchange through a fault proxy
// (fault-proxy.ts), which counts the requests, fills the order from another account (the paper profile) just before
// a cancel goes on, refuses or answers in the exchange's place, or loses an answer after the exchange acted.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { compare } from '@shared/decimal'
import type { ContractError } from '@shared/ipc/contract-kit'
import type { OrderEventView } from '@shared/ipc/views/trading'
import { isSpotCancel, isSpotPlace, isSpotQuery, startFaultProxy, type Decision } from './fault-proxy'
import { credit } from '../sim-control'
import { addVenueProfile, orderEventsOf, settleQuickly, startRig, waitFor, type Rig } from './harness'

let rig: Rig
let proxy: Awaited<ReturnType<typeof startFaultProxy>>
let profileId: string
let keys: { apiKey: string; apiSecret: string }
/** Everything trading.onOrderEvents told about the mover. */
let events: OrderEventView[]
/** What the proxy does with the next request of each kind (then forwards again). */
const faults: {
  cancel?: Decision | (() => Promise<Decision>)
  place?: Decision | (() => Promise<Decision>)
  /** Order queries refused (403) while set. */
  refuseQueries?: boolean
} = {}

beforeAll(async () => {
  rig = await startRig({ embedded: { activity: false, seed: 17 }, tuning: settleQuickly })
  const take = (k: 'cancel' | 'place'): Decision | Promise<Decision> => {
    const f = faults[k]!
    delete faults[k]
    return typeof f === 'function' ? f() : f
  }
  proxy = await startFaultProxy(rig.core.exchange.url, (r) => {
    if (isSpotCancel(r) && faults.cancel) return take('cancel')
    if (isSpotPlace(r) && faults.place) return take('place')
    if (isSpotQuery(r) && faults.refuseQueries) return 'refuse'
    return 'forward'
  })
  const venue = await addVenueProfile(rig, { name: 'Mover', baseUrl: proxy.url })
  profileId = venue.profileId
  keys = venue.keys
  events = orderEventsOf(rig, profileId)
})
afterEach(async () => {
  for (const k of Object.keys(faults)) delete faults[k as keyof typeof faults]
  await rig.client.invoke('trading.cancelAll', { profileId, module: 'spot', symbol: 'btcusdt' })
  await rig.client.invoke('trading.cancelAll', { module: 'spot', symbol: 'btcusdt' })
})
afterAll(async () => {
  await rig?.close()
  await proxy?.close()
})

const buy = async (price: string, volume = '0.01'): Promise<string> => {
  const ack = await rig.client.invoke('trading.placeOrder', {
    profileId,
    module: 'spot',
    symbol: 'btcusdt',
    side: 'BUY',
    type: 'LIMIT',
    price,
    volume
  })
  return ack.orderId!
}
/** The paper account sells into the mover's bid (another account: no self-trade). */
const paperSells = (price: string, volume: string) =>
  rig.client.invoke('trading.placeOrder', {
    module: 'spot',
    symbol: 'btcusdt',
    side: 'SELL',
    type: 'LIMIT',
    price,
    volume
  })
/** A fault that first has the paper account sell into the mover's bid, then forwards the request. */
const paperSellsFirst = (price: string, volume: string) => async (): Promise<Decision> => {
  await paperSells(price, volume)
  return 'forward'
}
/** A fault that loses the answer and has every order query from then on refused: the outcome stays unknown. */
const loseAnswerThenRefuseQueries = async (): Promise<Decision> => {
  faults.refuseQueries = true
  return 'lose-answer'
}
const open = () => rig.client.invoke('account.openOrders', { profileId, module: 'spot', symbol: 'btcusdt' })
const move = (orderId: string, price: string) =>
  rig.client.invoke('trading.moveOrder', { profileId, module: 'spot', symbol: 'btcusdt', orderId, price })
/** The cancels and places the proxy saw from `from` on, in order. */
const writesFrom = (from: number) =>
  proxy.log
    .slice(from)
    .filter((r) => isSpotCancel(r) || isSpotPlace(r))
    .map((r) =>
      isSpotCancel(r)
        ? { cancel: String(r.body['orderId']) }
        : { place: { price: String(r.body['price']), volume: String(r.body['volume']), side: r.body['side'] } }
    )
const settledOf = (actionId: string) =>
  waitFor(
    () => events.find((e) => e.type === 'settled' && e.actionId === actionId),
    20_000,
    `the settled event of ${actionId}`
  )

describe('terminal core: moving an order (cancel, then place)', () => {
  it('a clean move: one cancel, one place at the new price, one live order at the end; both steps on the stream', async () => {
    const id = await buy('29000')
    const from = proxy.log.length
    const moved = await move(id, '29100.5')
    expect(moved).toMatchObject({
      outcome: 'moved',
      orderId: id,
      price: '29100.5',
      volume: '0.01',
      filled: '0',
      cancel: { status: 'canceled', orderId: id, reconciled: false },
      place: { status: 'placed', reconciled: false },
      error: null,
      words: { key: 'chartTrading.move.outcome.moved' }
    })
    expect(writesFrom(from)).toEqual([{ cancel: id }, { place: { price: '29100.5', volume: '0.01', side: 'BUY' } }])
    const live = await open()
    expect(live).toHaveLength(1)
    expect(live[0]).toMatchObject({ orderId: moved.place!.orderId, price: '29100.50', volume: '0.010000' })
    // Its own client order id, and both steps told on trading.onOrderEvents.
    expect(moved.place!.clientOrderId).not.toBe(moved.cancel.clientOrderId)
    expect(await settledOf(moved.cancel.actionId)).toMatchObject({ action: 'cancel', status: 'canceled' })
    expect(await settledOf(moved.place!.actionId)).toMatchObject({ action: 'place', status: 'placed' })
  })

  it('refuses a price that breaks the symbol rules in words and sends nothing', async () => {
    const id = await buy('29000')
    const from = proxy.log.length
    const err = (await move(id, '29000.123').catch((e: unknown) => e)) as ContractError
    expect(err).toMatchObject({ code: 'order-rule', field: 'price' })
    expect(err.message).toMatch(/price ticks are 0\.01 USDT on BTC\/USDT/)
    expect(writesFrom(from)).toEqual([])
    expect((await open()).map((o) => o.orderId)).toEqual([id])
  })

  it('a partial fill before the move: the replacement is the rest, said so', async () => {
    const id = await buy('29200')
    await paperSells('29200', '0.004')
    await waitFor(
      async () => (compare((await open())[0]?.executed ?? '0', '0.004') === 0 ? true : undefined),
      20_000,
      'the fill'
    )
    const from = proxy.log.length
    const moved = await move(id, '29150')
    expect(moved).toMatchObject({ outcome: 'moved-smaller', volume: '0.006', filled: '0.004' })
    expect(moved.words).toMatchObject({ key: 'chartTrading.move.outcome.moved-smaller' })
    expect(writesFrom(from)).toEqual([{ cancel: id }, { place: { price: '29150', volume: '0.006', side: 'BUY' } }])
    expect((await open()).map((o) => [o.price, o.volume])).toEqual([['29150.00', '0.006000']])
  })

  it('a fill between the read and the cancel: the replacement is what was left when the cancel took effect', async () => {
    const id = await buy('29300')
    faults.cancel = paperSellsFirst('29300', '0.003')
    const moved = await move(id, '29250')
    expect(moved).toMatchObject({ outcome: 'moved-smaller', volume: '0.007', filled: '0.003' })
    expect((await open()).map((o) => [o.price, o.volume])).toEqual([['29250.00', '0.007000']])
  })

  it('filled whole between: the cancel is refused, nothing is placed, said so', async () => {
    const id = await buy('29400')
    faults.cancel = paperSellsFirst('29400', '0.01')
    const from = proxy.log.length
    const moved = await move(id, '29350')
    expect(moved).toMatchObject({ outcome: 'filled', volume: null, place: null, filled: '0.01' })
    expect(writesFrom(from)).toEqual([{ cancel: id }])
    expect(await open()).toEqual([])
  })

  it('a cancel the venue refuses: the order stays where it was, nothing placed, said so', async () => {
    const id = await buy('29000')
    faults.cancel = { status: 400, body: { code: -1145, msg: 'cancel refused' } }
    const from = proxy.log.length
    const moved = await move(id, '29060')
    expect(moved).toMatchObject({ outcome: 'not-canceled', place: null, cancel: { status: 'rejected' } })
    expect(moved.error).toMatchObject({ code: 'exchange', exchange: { code: -1145 } })
    expect(writesFrom(from)).toEqual([{ cancel: id }])
    expect((await open()).map((o) => o.orderId)).toEqual([id])
    // One read after the refused cancel tells the order is still open: no waiting for it to end.
    const after = proxy.log.slice(from)
    expect(after.slice(after.findIndex(isSpotCancel)).filter(isSpotQuery)).toHaveLength(1)
  })

  it('the place refused after a successful cancel: told at once with the venue reason, no order live', async () => {
    const id = await buy('29000')
    faults.place = { status: 400, body: { code: -2017, msg: 'insufficient balance' } }
    const moved = await move(id, '29050')
    expect(moved).toMatchObject({
      outcome: 'place-rejected',
      cancel: { status: 'canceled' },
      place: { status: 'rejected' },
      error: { code: 'exchange', exchange: { code: -2017 } }
    })
    expect(moved.words).toMatchObject({ key: 'chartTrading.move.outcome.place-rejected' })
    expect(await open()).toEqual([])
    expect(await settledOf(moved.place!.actionId)).toMatchObject({ action: 'place', status: 'rejected' })
  })

  it('an unknown cancel outcome is reconciled first; the place goes only once the cancel is known', async () => {
    const id = await buy('29000')
    faults.cancel = 'lose-answer'
    const from = proxy.log.length
    const moved = await move(id, '29010')
    expect(moved).toMatchObject({ outcome: 'moved', cancel: { status: 'canceled', reconciled: true } })
    const after = proxy.log.slice(from)
    const cancelAt = after.findIndex(isSpotCancel)
    const placeAt = after.findIndex(isSpotPlace)
    // The order was read back (by its id) between the lost cancel answer and the place.
    expect(after.slice(cancelAt, placeAt).some((r) => isSpotQuery(r) && r.query.get('orderId') === id)).toBe(true)
    expect((await open()).map((o) => o.price)).toEqual(['29010.00'])
  })

  it('a cancel whose outcome stays unknown: nothing is placed, said so', async () => {
    const id = await buy('29000')
    faults.cancel = loseAnswerThenRefuseQueries
    const from = proxy.log.length
    const moved = await move(id, '29020')
    expect(moved).toMatchObject({ outcome: 'cancel-unknown', place: null, cancel: { status: 'undetermined' } })
    expect(moved.error).toMatchObject({ code: 'unknown-outcome' })
    expect(writesFrom(from)).toEqual([{ cancel: id }])
  })

  it('an unknown place outcome is reconciled by the gateway: one live order', async () => {
    const id = await buy('29000')
    faults.place = 'lose-answer'
    const moved = await move(id, '29030')
    expect(moved).toMatchObject({ outcome: 'moved', place: { status: 'placed', reconciled: true } })
    expect((await open()).map((o) => o.price)).toEqual(['29030.00'])
  })

  it('an unknown place the venue will not tell: undetermined, said so (check the venue)', async () => {
    const id = await buy('29000')
    // The place's answer lost, and from then on every order query (its reconciliation) refused.
    faults.place = loseAnswerThenRefuseQueries
    const moved = await move(id, '29040')
    expect(moved).toMatchObject({ outcome: 'place-undetermined', place: { status: 'undetermined' } })
    expect(moved.words).toMatchObject({ key: 'chartTrading.move.outcome.place-undetermined' })
  })

  it('refuses bad input, an unknown order, the same price and a second move of one order, sending nothing', async () => {
    const id = await buy('29000')
    const from = proxy.log.length
    const refusal = (input: Record<string, unknown>) =>
      rig.client
        .invoke('trading.moveOrder', { profileId, module: 'spot', symbol: 'btcusdt', orderId: id, ...input } as never)
        .then(
          () => null,
          (e: ContractError) => ({ code: e.code, field: e.field, message: e.message })
        )
    for (const price of ['0', '-1', '1e3', '29 000', ''])
      expect(await refusal({ price })).toMatchObject({ code: 'invalid-input', field: 'price' })
    expect(await refusal({ orderId: 'abc', price: '29010' })).toMatchObject({ code: 'invalid-input', field: 'orderId' })
    expect(await refusal({ orderId: '999999999', price: '29010' })).toMatchObject({
      code: 'invalid-input',
      field: 'orderId',
      message: expect.stringMatching(/order 999999999 could not be read \(order does not exist\); nothing was sent/)
    })
    expect(await refusal({ price: '29000.00' })).toMatchObject({
      field: 'price',
      message: expect.stringMatching(/is already at 29000\.00; nothing was sent/)
    })
    // Two drops at once: the second is refused while the first runs; one order stays live.
    const [a, b] = await Promise.all([refusal({ price: '29011' }), refusal({ price: '29012' })])
    expect([a, b].filter((x) => x !== null)).toMatchObject([
      { field: 'orderId', message: expect.stringMatching(/already being moved/) }
    ])
    expect(writesFrom(from).filter((w) => 'place' in w)).toHaveLength(1)
    expect(await open()).toHaveLength(1)
  })

  it('moves a futures limit order: cancel by id, the replacement OPEN on the contract at the new price', async () => {
    await credit(rig.core.exchange, keys.apiKey, { wallet: 'futures', asset: 'USDT', amount: '100000' })
    const symbol = 'E-BTC-USDT'
    const placed = await rig.client.invoke('trading.placeOrder', {
      profileId,
      module: 'futures',
      symbol,
      side: 'BUY',
      type: 'LIMIT',
      price: '28000',
      volume: '2',
      open: 'OPEN',
      positionType: 1
    })
    const from = proxy.log.length
    const moved = await rig.client.invoke('trading.moveOrder', {
      profileId,
      module: 'futures',
      symbol,
      orderId: placed.orderId!,
      price: '27990.5',
      positionType: 1
    })
    expect(moved).toMatchObject({
      outcome: 'moved',
      volume: '2',
      cancel: { status: 'canceled' },
      place: { status: 'placed' }
    })
    const sent = proxy.log.slice(from).filter((r) => r.method === 'POST' && /^\/fapi\/v1\/(cancel|order)$/.test(r.path))
    expect(sent.map((r) => [r.path, r.body['orderId'] ?? r.body['price'], r.body['open']])).toEqual([
      ['/fapi/v1/cancel', placed.orderId, undefined],
      ['/fapi/v1/order', 27990.5, 'OPEN']
    ])
    const live = await rig.client.invoke('account.openOrders', { profileId, module: 'futures', symbol })
    expect(live.map((o) => [o.orderId, o.price])).toEqual([
      [moved.place!.orderId, expect.stringMatching(/^27990\.50*$/)]
    ])
    await rig.client.invoke('trading.cancelAll', { profileId, module: 'futures', symbol })
  })

  it('moves a margin limit order through the margin endpoints', async () => {
    await credit(rig.core.exchange, keys.apiKey, { wallet: 'margin', asset: 'USDT', amount: '10000' })
    const placed = await rig.client.invoke('trading.placeOrder', {
      profileId,
      module: 'margin',
      symbol: 'btcusdt',
      side: 'BUY',
      type: 'LIMIT',
      price: '28000',
      volume: '0.01'
    })
    const from = proxy.log.length
    const moved = await rig.client.invoke('trading.moveOrder', {
      profileId,
      module: 'margin',
      symbol: 'btcusdt',
      orderId: placed.orderId!,
      price: '27990'
    })
    expect(moved).toMatchObject({ outcome: 'moved', module: 'margin', volume: '0.01' })
    const sent = proxy.log.slice(from).filter((r) => r.method === 'POST')
    expect(sent.map((r) => r.path)).toEqual(['/sapi/v1/margin/cancel', '/sapi/v1/margin/order'])
    const live = await rig.client.invoke('account.openOrders', { profileId, module: 'margin', symbol: 'btcusdt' })
    expect(live.map((o) => [o.orderId, o.price])).toEqual([[moved.place!.orderId, '27990.00']])
    await rig.client.invoke('trading.cancelAll', { profileId, module: 'margin', symbol: 'btcusdt' })
  })
})
