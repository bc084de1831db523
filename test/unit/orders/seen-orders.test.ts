// Orders the terminal sees on the venue (open-orders lists, order-history records) answer the gateway's kept
// 'undetermined' actions (OrderGateway.sawOrders -> UndeterminedBook.saw): a place whose client id is listed on the
// same market and symbol was placed (rejected if the venue shows REJECTED), and its client id becomes an ordinary
// used one; a cancel whose order shows CANCELED / PENDING_CANCEL was canceled, a final FILLED / REJECTED / EXPIRED
// means it was not, an open order says nothing yet. Each such verdict is `late` (its command answered without it),
// as is the verdict of an action whose command answered 'unknown' past the deadline; one reached within the
// deadline is not. Against a scripted venue (stub transport), as in order-gateway.test.ts.
import { describe, expect, it } from 'vitest'
import { ServerClock } from '../../../src-main/client/clock'
import type { TransportResponse } from '../../../src-main/client/transport'
import { OrderGateway, type OrderGatewayOptions } from '../../../src-main/orders/order-gateway'
import type { GatewayEvent } from '../../../src-main/orders/types'
import type { SeenOrder } from '../../../src-main/orders/undetermined-book'
import { makeClient, reply, type StubTransport } from '../client/helpers'
import { reset, spotOrder, venue } from './scripted-venue'

const forbidden = (): TransportResponse => reply(403, '<html>Forbidden</html>')

/**
 * A gateway on a real-time clock with a 60 ms "time window", so settle waits are short. Re-check rounds are an hour
 * off: whatever settles an undetermined action here is an order it saw, not a read of its own.
 */
function gateway(
  t: StubTransport,
  over: Partial<OrderGatewayOptions> = {}
): { gw: OrderGateway; events: GatewayEvent[] } {
  const events: GatewayEvent[] = []
  const client = makeClient(t, { clock: new ServerClock({ offsetMs: 0 }) })
  const gw = new OrderGateway({
    client,
    timeWindowMs: 40,
    settleMarginMs: 20,
    backoff: { baseMs: 5, maxMs: 20 },
    random: () => 0.5,
    recheck: { periodMs: 3_600_000, minGapMs: 3_600_000, maxGapMs: 3_600_000 },
    onEvent: (e) => events.push(e),
    ...over
  })
  return { gw, events }
}

const buy = { market: 'spot', symbol: 'btcusdt', side: 'BUY', type: 'LIMIT', price: '60000', volume: '0.001' } as const
const settled = (events: GatewayEvent[]) =>
  events.filter((e): e is Extract<GatewayEvent, { type: 'settled' }> => e.type === 'settled')
const seen = (over: Partial<SeenOrder> = {}): SeenOrder => ({
  market: 'spot',
  symbol: 'btcusdt',
  orderId: '5001',
  clientOrderId: 's1',
  status: 'NEW',
  ...over
})

/** A place the venue took whose answer was lost and whose reads it refuses (403): undetermined, its id held. */
async function undeterminedPlace(clientOrderId = 's1') {
  const t = venue({ 'POST /sapi/v1/order': reset, 'GET /sapi/v1/order': forbidden })
  const { gw, events } = gateway(t)
  const r = await gw.place({ ...buy, clientOrderId })
  expect(r).toMatchObject({ status: 'undetermined', clientOrderId, reconciled: true })
  expect(settled(events)).toMatchObject([{ action: 'place', result: { status: 'undetermined' }, late: false }])
  return { t, gw, events }
}

describe('an undetermined place answered by an order seen on the venue', () => {
  it('its client id listed on the same market and symbol: settled "placed", late, once; the id is an ordinary used one', async () => {
    const { t, gw, events } = await undeterminedPlace('s1')
    // Held while undetermined: a resend under it is refused for that reason.
    expect(await gw.place({ ...buy, clientOrderId: 's1' })).toMatchObject({
      status: 'rejected',
      error: {
        kind: 'validation',
        field: 'clientOrderId',
        message: expect.stringMatching(/whose outcome the venue would not tell/)
      }
    })

    gw.sawOrders([
      seen({ orderId: '4999', clientOrderId: 'other' }),
      seen({ orderId: '5001', clientOrderId: 's1', status: 'PARTIALLY_FILLED' })
    ])
    expect(settled(events)).toHaveLength(2)
    expect(settled(events)[1]).toMatchObject({
      type: 'settled',
      action: 'place',
      late: true,
      result: {
        status: 'placed',
        market: 'spot',
        symbol: 'btcusdt',
        clientOrderId: 's1',
        orderId: '5001',
        reconciled: true,
        order: { orderId: '5001', status: 'PARTIALLY_FILLED' }
      },
      request: { side: 'BUY', type: 'LIMIT', price: '60000', volume: '0.001' }
    })
    expect(gw.undetermined()).toEqual([])
    // Seen again (the next poll): nothing more to settle.
    gw.sawOrders([seen({ clientOrderId: 's1' })])
    expect(settled(events)).toHaveLength(2)
    // The venue was not read again: the order seen settled it.
    expect(t.sent('GET /sapi/v1/order')).toHaveLength(1)

    // Answered: a resend under it is refused as any used id, unsent; a new id goes.
    const again = await gw.place({ ...buy, clientOrderId: 's1' })
    expect(again).toMatchObject({
      status: 'rejected',
      error: { kind: 'validation', field: 'clientOrderId', message: expect.stringMatching(/was already used/) }
    })
    expect(again.status === 'rejected' && again.error.message).not.toMatch(/whose outcome the venue would not tell/)
    expect(t.sent('POST /sapi/v1/order')).toHaveLength(1)
    gw.close()
  })

  it('the venue shows it REJECTED: settled "rejected", late, the id freed', async () => {
    const { gw, events } = await undeterminedPlace('s2')
    gw.sawOrders([seen({ clientOrderId: 's2', status: 'REJECTED' })])
    expect(settled(events)[1]).toMatchObject({
      action: 'place',
      late: true,
      result: {
        status: 'rejected',
        clientOrderId: 's2',
        reconciled: true,
        error: { kind: 'api', message: expect.stringMatching(/the venue rejected order s2/) }
      }
    })
    expect(gw.undetermined()).toEqual([])
    expect(await gw.place({ ...buy, clientOrderId: 's2' })).toMatchObject({
      status: 'rejected',
      error: { message: expect.stringMatching(/was already used/) }
    })
    gw.close()
  })

  it('an order of another symbol or market, or one without a client id, settles nothing', async () => {
    const { gw, events } = await undeterminedPlace('s3')
    gw.sawOrders([
      seen({ clientOrderId: 's3', symbol: 'ethusdt' }),
      seen({ clientOrderId: 's3', market: 'margin' }),
      seen({ clientOrderId: 's3', market: 'futures', symbol: 'E-BTC-USDT' }),
      seen({ clientOrderId: null }), // the spec's open-orders shape names no client id
      seen({ clientOrderId: '' }),
      seen({ clientOrderId: undefined })
    ])
    expect(settled(events)).toHaveLength(1)
    expect(gw.undetermined()).toMatchObject([
      { action: 'place', result: { status: 'undetermined', clientOrderId: 's3' } }
    ])
    expect(await gw.place({ ...buy, clientOrderId: 's3' })).toMatchObject({
      status: 'rejected',
      error: { message: expect.stringMatching(/whose outcome the venue would not tell/) }
    })
    gw.close()
  })

  it('futures: the contract and its client id, as an open-orders list of every contract names them', async () => {
    const t = venue({ 'POST /fapi/v1/order': () => reply(503, ''), 'GET /fapi/v1/order': forbidden })
    const { gw, events } = gateway(t)
    const r = await gw.place({
      market: 'futures',
      symbol: 'E-BTC-USDT',
      side: 'BUY',
      type: 'LIMIT',
      open: 'OPEN',
      positionType: 1,
      price: '60000',
      volume: '1',
      clientOrderId: 'f1'
    })
    expect(r.status).toBe('undetermined')
    gw.sawOrders([
      seen({ market: 'futures', symbol: 'E-ETH-USDT', orderId: '8000000000000000001', clientOrderId: 'f1' }),
      seen({ market: 'futures', symbol: 'E-BTC-USDT', orderId: '8000000000000000002', clientOrderId: 'f1' })
    ])
    expect(settled(events)[1]).toMatchObject({
      action: 'place',
      late: true,
      result: { status: 'placed', market: 'futures', symbol: 'E-BTC-USDT', orderId: '8000000000000000002' }
    })
    gw.close()
  })
})

describe('an undetermined cancel answered by its order seen on the venue', () => {
  /** A cancel of order 42 whose answer was lost and whose order query the venue refuses (403). */
  async function undeterminedCancel() {
    const t = venue({ 'POST /sapi/v1/cancel': () => reply(502, ''), 'GET /sapi/v1/order': forbidden })
    const { gw, events } = gateway(t)
    expect(await gw.cancel({ market: 'spot', symbol: 'btcusdt', orderId: '42' })).toMatchObject({
      status: 'undetermined',
      orderId: '42'
    })
    return { t, gw, events }
  }
  const order42 = (status: string): SeenOrder => ({
    market: 'spot',
    symbol: 'btcusdt',
    orderId: '42',
    clientOrderId: null,
    status
  })

  for (const status of ['CANCELED', 'PENDING_CANCEL'] as const) {
    it(`${status}: settled "canceled", late`, async () => {
      const { t, gw, events } = await undeterminedCancel()
      gw.sawOrders([order42(status)])
      expect(settled(events)).toHaveLength(2)
      expect(settled(events)[1]).toMatchObject({
        action: 'cancel',
        late: true,
        result: { status: 'canceled', orderId: '42', reconciled: true, order: { status } }
      })
      expect(gw.undetermined()).toEqual([])
      expect(t.sent('GET /sapi/v1/order')).toHaveLength(1)
      gw.close()
    })
  }

  it('FILLED: settled "rejected" with the order status (filled before the cancel took)', async () => {
    const { gw, events } = await undeterminedCancel()
    gw.sawOrders([order42('FILLED')])
    expect(settled(events)[1]).toMatchObject({
      action: 'cancel',
      late: true,
      result: {
        status: 'rejected',
        orderId: '42',
        orderStatus: 'FILLED',
        reconciled: true,
        error: { kind: 'api', code: -1145, message: expect.stringMatching(/not canceled: the order is FILLED/) }
      }
    })
    expect(gw.undetermined()).toEqual([])
    gw.close()
  })

  it('NEW (still open: the cancel may yet take), another order, or the same id on another symbol: nothing', async () => {
    const { gw, events } = await undeterminedCancel()
    gw.sawOrders([
      order42('NEW'),
      order42('PARTIALLY_FILLED'),
      { ...order42('CANCELED'), orderId: '43' },
      { ...order42('CANCELED'), symbol: 'ethusdt' },
      { ...order42('CANCELED'), market: 'margin' }
    ])
    expect(settled(events)).toHaveLength(1)
    expect(gw.undetermined()).toMatchObject([{ action: 'cancel', result: { status: 'undetermined', orderId: '42' } }])
    gw.close()
  })
})

describe('late: whether the command already answered without the verdict', () => {
  it('a place answered "unknown" past a short deadline: its verdict is late; one reconciled within the deadline is not', async () => {
    let reachable = false
    const t = venue({
      'POST /sapi/v1/order': reset,
      'GET /sapi/v1/order': (q) =>
        reachable ? reply(200, spotOrder({ clientOrderId: q.get('newClientOrderId') })) : reply(503, 'down')
    })
    // Reads spaced 40 ms apart stay inside the query budget, so nothing waits on the rate governor.
    const { gw, events } = gateway(t, { reconcileDeadlineMs: 100, backoff: { baseMs: 40, maxMs: 40 } })
    const slow = await gw.place({ ...buy, clientOrderId: 'd1' })
    expect(slow.status).toBe('unknown')
    reachable = true
    if (slow.status === 'unknown') expect(await slow.settled).toMatchObject({ status: 'placed', clientOrderId: 'd1' })
    expect(settled(events)).toMatchObject([
      { action: 'place', late: true, result: { status: 'placed', clientOrderId: 'd1', reconciled: true } }
    ])

    gw.close()

    // The same venue, reachable, and the default deadline (20 s): the dropped place is reconciled within it, and its
    // command answers with the verdict.
    const timely = gateway(t)
    expect(await timely.gw.place({ ...buy, clientOrderId: 'd2' })).toMatchObject({
      status: 'placed',
      clientOrderId: 'd2',
      reconciled: true
    })
    expect(settled(timely.events)).toMatchObject([
      { action: 'place', late: false, result: { status: 'placed', clientOrderId: 'd2' } }
    ])
    timely.gw.close()
  })

  it('an answer without reconciling is not late either', async () => {
    const t = venue({
      'POST /sapi/v1/order': (_q, b) => reply(200, spotOrder({ clientOrderId: b['newClientOrderId'] }))
    })
    const { gw, events } = gateway(t)
    expect(await gw.place({ ...buy, clientOrderId: 'd3' })).toMatchObject({ status: 'placed', reconciled: false })
    expect(settled(events)).toMatchObject([{ late: false, result: { status: 'placed' } }])
    gw.close()
  })

  it('"unknown", then undetermined past the deadline: late; its seen order settles it late too', async () => {
    let refuse = false
    const t = venue({
      'POST /sapi/v1/order': reset,
      'GET /sapi/v1/order': () => (refuse ? forbidden() : reply(503, 'down'))
    })
    const { gw, events } = gateway(t, { reconcileDeadlineMs: 100, backoff: { baseMs: 40, maxMs: 40 } })
    const r = await gw.place({ ...buy, clientOrderId: 'd4' })
    expect(r.status).toBe('unknown')
    refuse = true
    if (r.status === 'unknown') expect(await r.settled).toMatchObject({ status: 'undetermined', clientOrderId: 'd4' })
    expect(settled(events)).toMatchObject([{ late: true, result: { status: 'undetermined' } }])
    gw.sawOrders([seen({ clientOrderId: 'd4', orderId: '7001' })])
    expect(settled(events)[1]).toMatchObject({
      late: true,
      result: { status: 'placed', orderId: '7001', clientOrderId: 'd4' }
    })
    gw.close()
  })
})

describe('a place told "not placed" that an order seen shows after all', () => {
  it('is corrected at once, before its read-back; the read-back then asks nothing; an order of another symbol does not', async () => {
    // Lost answer, then "absent" past the settle point: not placed. The read-back is an hour away.
    const t = venue({
      'POST /sapi/v1/order': reset,
      'GET /sapi/v1/order': () => reply(400, { code: -2013, msg: 'Order does not exist' }),
      'GET /sapi/v1/openOrders': () => reply(200, [])
    })
    const { gw, events } = gateway(t, { confirmAfterMs: 3_600_000 })
    const r = await gw.place({ ...buy, clientOrderId: 'n1' })
    expect(r).toMatchObject({ status: 'rejected', reconciled: true, error: { code: -2013 } })
    const queries = t.sent('GET /sapi/v1/order').length
    gw.sawOrders([seen({ clientOrderId: 'n1', symbol: 'ethusdt', orderId: '9' })])
    expect(settled(events)).toHaveLength(1)
    gw.sawOrders([seen({ clientOrderId: 'n1', orderId: '7001' })])
    expect(settled(events)).toHaveLength(2)
    expect(settled(events)[1]).toMatchObject({
      notice: 'correction',
      late: true,
      result: { status: 'placed', clientOrderId: 'n1', orderId: '7001' }
    })
    gw.sawOrders([seen({ clientOrderId: 'n1', orderId: '7001' })]) // seen again: told once
    expect(settled(events)).toHaveLength(2)
    expect(t.sent('GET /sapi/v1/order')).toHaveLength(queries)
    gw.close()
  })
})
