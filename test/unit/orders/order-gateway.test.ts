// The order gateway against a scripted venue (stub transport): client ids before sending, one send per place,
// reconciliation after unknown outcomes (found, absent after the time window, late arrival, unreachable past the
// deadline), cancels, batches, futures naming, the pending list and events.
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ServerClock } from '../../../src-main/client/clock'
import type { TransportResponse } from '../../../src-main/client/transport'
import { OrderGateway, isUnknownOutcome, type OrderGatewayOptions } from '../../../src-main/orders/order-gateway'
import type { GatewayEvent, PlaceResult } from '../../../src-main/orders/types'
import { fileUndeterminedStore } from '../../../src-main/orders/undetermined-store'
import { ExchangeError } from '../../../src-main/client/errors'
import { wordsOf } from '../../../src-main/orders/said'
import { errorBody } from '../../../src-main/services/errors'
import { translateIn } from '@shared/i18n/translate'
import { makeClient, reply, type StubTransport } from '../client/helpers'
import { noSuchOrder, reset, spotOrder, venue } from './scripted-venue'

/** A gateway on a real-time clock with a 60 ms "time window", so settle waits are short. */
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
    onEvent: (e) => events.push(e),
    ...over
  })
  return { gw, events }
}

const buy = { market: 'spot', symbol: 'btcusdt', side: 'BUY', type: 'LIMIT', price: '60000', volume: '0.001' } as const

describe('place', () => {
  it('gives the order a client id before sending, sends it once and reports the venue order', async () => {
    const t = venue({
      'POST /sapi/v1/order': (_q, b) => reply(200, spotOrder({ clientOrderId: b['newClientOrderId'] }))
    })
    const { gw, events } = gateway(t)
    const r = await gw.place(buy)
    expect(r).toMatchObject({ status: 'placed', orderId: '5001', reconciled: false, market: 'spot', symbol: 'btcusdt' })
    const sent = t.sent('POST /sapi/v1/order')
    expect(sent).toHaveLength(1)
    expect(sent[0]!.body['newClientOrderId']).toBe(r.clientOrderId)
    expect(r.clientOrderId).toMatch(/^[0-9a-z]{20}$/)
    expect(events.map((e) => e.type)).toEqual(['pending', 'settled'])
    expect(gw.pending()).toEqual([])
  })

  it("uses the caller's client id, and refuses one already used without sending", async () => {
    const t = venue({ 'POST /sapi/v1/order': () => reply(200, spotOrder({ clientOrderId: 'mine-1' })) })
    const { gw } = gateway(t)
    expect(await gw.place({ ...buy, clientOrderId: 'mine-1' })).toMatchObject({
      status: 'placed',
      clientOrderId: 'mine-1'
    })
    const again = await gw.place({ ...buy, clientOrderId: 'mine-1' })
    expect(again).toMatchObject({ status: 'rejected', error: { kind: 'validation', field: 'clientOrderId' } })
    expect(t.sent('POST /sapi/v1/order')).toHaveLength(1)
  })

  it('a venue refusal is definitive: rejected, nothing queried', async () => {
    const t = venue({ 'POST /sapi/v1/order': () => reply(400, { code: -2017, msg: 'Insufficient balance' }) })
    const { gw } = gateway(t)
    expect(await gw.place(buy)).toMatchObject({
      status: 'rejected',
      reconciled: false,
      error: { kind: 'api', code: -2017 }
    })
    expect(t.calls).toHaveLength(1)
  })

  it('5xx on place: the order is found by its client id, placed, never resent', async () => {
    let cid = ''
    const t = venue({
      'POST /sapi/v1/order': (_q, b) => ((cid = String(b['newClientOrderId'])), reply(502, '<html>bad gateway</html>')),
      'GET /sapi/v1/order': (q) => reply(200, spotOrder({ clientOrderId: q.get('newClientOrderId'), status: 'FILLED' }))
    })
    const { gw } = gateway(t)
    const r = await gw.place(buy)
    expect(r).toMatchObject({
      status: 'placed',
      reconciled: true,
      orderId: '5001',
      clientOrderId: cid,
      order: { status: 'FILLED' }
    })
    expect(t.sent('POST /sapi/v1/order')).toHaveLength(1)
    expect(t.sent('GET /sapi/v1/order')[0]!.q.get('newClientOrderId')).toBe(cid)
  })

  it('dropped connection, then absent: only a query sent after the time window makes it final, and open orders agree', async () => {
    const t = venue({
      'POST /sapi/v1/order': reset,
      'GET /sapi/v1/order': noSuchOrder,
      'GET /sapi/v1/openOrders': () => reply(200, [])
    })
    const { gw } = gateway(t)
    const started = Date.now()
    const r = await gw.place(buy)
    expect(r).toMatchObject({ status: 'rejected', reconciled: true, error: { kind: 'api', code: -2013 } })
    // The verdict's text goes to the UI in catalog words too; its English message is what it always was.
    expect(r.status === 'rejected' && errorBody(r.error)).toMatchObject({
      message: `spot.order.place: not placed: the venue has no order ${r.clientOrderId} after its time window (the request never took effect)`,
      words: { key: 'main.verdict.notPlaced', params: { order: r.clientOrderId } }
    })
    const queries = t.sent('GET /sapi/v1/order')
    expect(queries.length).toBeGreaterThanOrEqual(2)
    // window 40 + margin 20 (timers and Date.now round apart by up to 1 ms)
    expect(queries.at(-1)!.at - started).toBeGreaterThanOrEqual(59)
    expect(t.sent('GET /sapi/v1/openOrders')).toHaveLength(1)
    expect(t.sent('POST /sapi/v1/order')).toHaveLength(1)
  })

  it('a late arrival (absent at first, there after the window) is placed, not rejected', async () => {
    const t = venue({
      'POST /sapi/v1/order': () => reply(504, ''),
      'GET /sapi/v1/order': (q, _b, n) =>
        n === 1 ? noSuchOrder() : reply(200, spotOrder({ clientOrderId: q.get('newClientOrderId') }))
    })
    const { gw } = gateway(t)
    expect(await gw.place(buy)).toMatchObject({ status: 'placed', reconciled: true })
  })

  it('a venue that lists client ids in open orders is believed there', async () => {
    let cidSeen = ''
    const t = venue({
      'POST /sapi/v1/order': reset,
      'GET /sapi/v1/order': noSuchOrder,
      'GET /sapi/v1/openOrders': () => reply(200, { list: [spotOrder({ orderId: '77', clientOrderId: cidSeen })] })
    })
    const { gw } = gateway(t, {
      onEvent: (e) => void (e.type === 'pending' && (cidSeen = e.pending.clientOrderId ?? ''))
    })
    expect(await gw.place(buy)).toMatchObject({ status: 'placed', orderId: '77', reconciled: true })
  })

  it('unreachable past the deadline: unknown, shown as reconciling, then the verdict arrives as settled and as an event', async () => {
    let reachable = false
    const t = venue({
      'POST /sapi/v1/order': reset,
      'GET /sapi/v1/order': (q) =>
        reachable ? reply(200, spotOrder({ clientOrderId: q.get('newClientOrderId') })) : reply(503, 'down')
    })
    // Reads spaced 40 ms apart stay inside the query budget (18 per 2.1 s), so nothing waits on the rate governor.
    const { gw, events } = gateway(t, { reconcileDeadlineMs: 100, backoff: { baseMs: 40, maxMs: 40 } })
    const r = await gw.place(buy)
    expect(r.status).toBe('unknown')
    if (r.status !== 'unknown') return
    expect(r.error.kind).toBe('unknown-outcome')
    expect(gw.pending()).toMatchObject([{ action: 'place', clientOrderId: r.clientOrderId, phase: 'reconciling' }])
    expect(gw.pending()[0]!.queries).toBeGreaterThan(0)
    // Which order is on its way, as asked, from its first pending event on (the open orders show it beside "sending").
    const order = { side: 'BUY', type: 'LIMIT', price: '60000', volume: '0.001' }
    expect(gw.pending()[0]!.order).toEqual(order)
    expect(events.find((e) => e.type === 'pending')).toMatchObject({ pending: { phase: 'sending', order } })
    reachable = true
    expect(await r.settled).toMatchObject({ status: 'placed', clientOrderId: r.clientOrderId, reconciled: true })
    expect(events.filter((e) => e.type === 'settled')).toMatchObject([
      { action: 'place', result: { status: 'placed' } }
    ])
    expect(gw.pending()).toEqual([])
    expect(t.sent('POST /sapi/v1/order')).toHaveLength(1)
  })

  it('close() stops background reconciliation: settled rejects with kind aborted', async () => {
    const t = venue({ 'POST /sapi/v1/order': reset, 'GET /sapi/v1/order': () => reply(503, 'down') })
    const { gw } = gateway(t, { reconcileDeadlineMs: 30 })
    const r = (await gw.place(buy)) as Extract<PlaceResult, { status: 'unknown' }>
    expect(r.status).toBe('unknown')
    gw.close()
    await expect(r.settled).rejects.toMatchObject({ kind: 'aborted' })
    expect(gw.pending()).toEqual([])
  })

  it('live-venue errors (HTTP 200, string code) read the same: "-2013" is absent', async () => {
    const live = (): TransportResponse => reply(200, { code: '-2013', msg: '订单不存在', data: null, succ: false })
    const t = venue({
      'POST /sapi/v1/margin/order': () => reply(500, ''),
      'GET /sapi/v1/margin/order': live,
      'GET /sapi/v1/margin/openOrders': () => reply(200, { list: [] })
    })
    const { gw } = gateway(t)
    expect(await gw.place({ ...buy, market: 'margin' })).toMatchObject({
      status: 'rejected',
      market: 'margin',
      reconciled: true,
      error: { code: -2013 }
    })
  })

  it('futures: clientOrderId and contractName, reconciled with GET /fapi/v1/order', async () => {
    const t = venue({
      'POST /fapi/v1/order': () => reply(503, ''),
      'GET /fapi/v1/order': () =>
        reply(200, {
          orderId: 8_000_000_000_000_000_001n.toString(),
          contractName: 'E-BTC-USDT',
          side: 'BUY',
          action: 'OPEN',
          type: 'LIMIT',
          price: 60000,
          origQty: 1,
          executedQty: 0,
          avgPrice: 0,
          transactTime: '1',
          status: 'NEW',
          fills: []
        })
    })
    const { gw } = gateway(t)
    const r = await gw.place({
      market: 'futures',
      symbol: 'E-BTC-USDT',
      side: 'BUY',
      type: 'LIMIT',
      open: 'OPEN',
      positionType: 1,
      price: '60000',
      volume: '1'
    })
    expect(r).toMatchObject({ status: 'placed', orderId: '8000000000000000001', reconciled: true })
    const posted = t.sent('POST /fapi/v1/order')[0]!.body
    expect(posted).toMatchObject({
      contractName: 'E-BTC-USDT',
      open: 'OPEN',
      positionType: 1,
      clientOrderId: r.clientOrderId
    })
    expect(Object.fromEntries(t.sent('GET /fapi/v1/order')[0]!.q)).toEqual({
      contractName: 'E-BTC-USDT',
      clientOrderId: r.clientOrderId
    })
  })
})

describe('cancel', () => {
  it('answered: canceled (a live PENDING_CANCEL too)', async () => {
    const t = venue({
      'POST /sapi/v1/cancel': (_q, b) =>
        reply(200, { symbol: 'btcusdt', clientOrderId: 'c9', orderId: b['orderId'], status: 'PENDING_CANCEL' })
    })
    const { gw } = gateway(t)
    expect(await gw.cancel({ market: 'spot', symbol: 'btcusdt', orderId: '42' })).toMatchObject({
      status: 'canceled',
      orderId: '42',
      clientOrderId: 'c9',
      reconciled: false
    })
  })

  it('unknown outcome, then CANCELED or FILLED on query: definitive either way', async () => {
    for (const [status, verdict] of [
      ['CANCELED', 'canceled'],
      ['FILLED', 'rejected']
    ] as const) {
      const t = venue({
        'POST /sapi/v1/cancel': reset,
        'GET /sapi/v1/order': () => reply(200, spotOrder({ orderId: '42', status }))
      })
      const { gw } = gateway(t)
      const r = await gw.cancel({ market: 'spot', symbol: 'btcusdt', clientOrderId: 'c1' })
      expect(r).toMatchObject({ status: verdict, orderId: '42', reconciled: true })
      if (r.status === 'rejected') expect(r.orderStatus).toBe('FILLED')
      expect(t.sent('GET /sapi/v1/order')[0]!.q.get('newClientOrderId')).toBe('c1')
      expect(t.sent('POST /sapi/v1/cancel')).toHaveLength(1)
    }
  })

  it('unknown outcome and the order still open after the window: the cancel never took effect', async () => {
    const t = venue({
      'POST /sapi/v1/cancel': () => reply(502, ''),
      'GET /sapi/v1/order': () => reply(200, spotOrder({ orderId: '42' }))
    })
    const { gw } = gateway(t)
    const r = await gw.cancel({ market: 'spot', symbol: 'btcusdt', orderId: '42' })
    expect(r).toMatchObject({ status: 'rejected', orderStatus: 'NEW', reconciled: true })
    expect(t.sent('GET /sapi/v1/order').length).toBeGreaterThanOrEqual(2)
  })

  it('a venue refusal (-1145 terminal order) is definitive', async () => {
    const t = venue({
      'POST /sapi/v1/margin/cancel': () => reply(400, { code: -1145, msg: 'Order 42 is FILLED; it cannot be canceled' })
    })
    const { gw } = gateway(t)
    expect(await gw.cancel({ market: 'margin', symbol: 'btcusdt', orderId: '42' })).toMatchObject({
      status: 'rejected',
      reconciled: false,
      error: { code: -1145 }
    })
  })

  it('futures by client id: the order id is read first, the cancel names it', async () => {
    const t = venue({
      'GET /fapi/v1/order': () => reply(200, { orderId: '900', status: 'NEW', fills: [] }),
      'POST /fapi/v1/cancel': (_q, b) => reply(200, { orderId: b['orderId'] })
    })
    const { gw } = gateway(t)
    expect(await gw.cancel({ market: 'futures', symbol: 'E-BTC-USDT', clientOrderId: 'f1' })).toMatchObject({
      status: 'canceled',
      orderId: '900'
    })
    expect(t.sent('POST /fapi/v1/cancel')[0]!.body).toEqual({ contractName: 'E-BTC-USDT', orderId: '900' })
  })
})

describe('reads the venue refuses for good', () => {
  const revoked = (): TransportResponse =>
    reply(401, { code: -2015, msg: 'Invalid API-key, IP, or permissions for action' })

  it('place: undetermined at the first refused query, with the reason; the pending entry ends; its client id stays taken', async () => {
    const t = venue({ 'POST /sapi/v1/order': reset, 'GET /sapi/v1/order': revoked })
    const { gw, events } = gateway(t)
    const r = await gw.place({ ...buy, clientOrderId: 'u1' })
    expect(r).toMatchObject({
      status: 'undetermined',
      clientOrderId: 'u1',
      reconciled: true,
      error: { kind: 'unknown-outcome', detail: 'undetermined', clientOrderId: 'u1' }
    })
    expect(r.status === 'undetermined' && r.error.message).toMatch(
      /^spot\.order\.place: cannot tell whether order u1 was placed: the venue refuses the reads that would tell \(.*-2015.*\); check the venue before sending it again$/
    )
    // In words: the verdict with its reason linked in, the refused read's own error quoted as it is.
    const body = r.status === 'undetermined' ? errorBody(r.error) : undefined
    const words = body?.words
    expect(words).toEqual({
      key: 'main.verdict.placeUndetermined',
      params: { order: 'u1', reason: 'main.reason.readsRefused', error: expect.stringMatching(/-2015/) }
    })
    expect(translateIn('en', words!.key, words!.params)).toBe(body!.message.replace(/^spot\.order\.place: /, ''))
    expect(translateIn('zh-CN', words!.key, words!.params)).toMatch(
      /^无法确定订单 u1 是否已下单：交易所拒绝了用于判断的查询（.*-2015.*）；再次发送前请先到交易所核实$/
    )
    expect(t.sent('GET /sapi/v1/order')).toHaveLength(1)
    expect(gw.pending()).toEqual([])
    expect(events.at(-1)).toEqual({
      type: 'settled',
      action: 'place',
      result: r,
      late: false,
      request: { side: 'BUY', type: 'LIMIT', volume: '0.001', price: '60000' }
    })
    for (const again of [
      await gw.place({ ...buy, clientOrderId: 'u1' }),
      (await gw.placeBatch({ market: 'spot', symbol: 'btcusdt', orders: [{ ...buy, clientOrderId: 'u1' }] }))[0]!
    ]) {
      expect(again).toMatchObject({
        status: 'rejected',
        error: {
          kind: 'validation',
          field: 'clientOrderId',
          message: expect.stringMatching(/whose outcome the venue would not tell/)
        }
      })
      expect(again.status === 'rejected' && errorBody(again.error)).toMatchObject({
        code: 'invalid-input',
        field: 'clientOrderId',
        words: { key: 'main.order.idHeld' }
      })
    }
    expect(t.sent('POST /sapi/v1/order')).toHaveLength(1)
  })

  it('place: absent by the query, then the open-orders read refused: undetermined, not "not placed"', async () => {
    const t = venue({
      'POST /sapi/v1/order': reset,
      'GET /sapi/v1/order': noSuchOrder,
      'GET /sapi/v1/openOrders': () => reply(403, '<html>Forbidden</html>')
    })
    const { gw } = gateway(t)
    const r = await gw.place(buy)
    expect(r).toMatchObject({
      status: 'undetermined',
      error: { message: expect.stringMatching(/refuses the reads that would tell \(.*403/) }
    })
    expect(t.sent('GET /sapi/v1/openOrders')).toHaveLength(1)
  })

  it('place: a rate limit (429 -1003) and a 5xx stay transient: retried, then the order is found', async () => {
    const t = venue({
      'POST /sapi/v1/order': reset,
      'GET /sapi/v1/order': (q, _b, n) =>
        n === 1
          ? reply(429, { code: -1003, msg: 'Too many requests' })
          : n === 2
            ? reply(503, 'down')
            : reply(200, spotOrder({ clientOrderId: q.get('newClientOrderId') }))
    })
    const { gw } = gateway(t)
    expect(await gw.place(buy)).toMatchObject({ status: 'placed', reconciled: true })
    expect(t.sent('GET /sapi/v1/order').length).toBeGreaterThanOrEqual(3)
  })

  it('undetermined verdicts are kept for a later subscriber until a new action on the same order takes over', async () => {
    let refuse = true
    const t = venue({
      'POST /sapi/v1/cancel': () => reply(502, ''),
      'GET /sapi/v1/order': () => (refuse ? reply(403, '') : reply(503, 'down'))
    })
    const { gw } = gateway(t, { reconcileDeadlineMs: 50 })
    const first = await gw.cancel({ market: 'spot', symbol: 'btcusdt', orderId: '42' })
    await gw.cancel({ market: 'spot', symbol: 'btcusdt', orderId: '43' })
    expect(first.status).toBe('undetermined')
    expect(gw.undetermined().map((e) => e.type === 'settled' && e.result.orderId)).toEqual(['42', '43'])
    // A second cancel of 42 (the venue now unreachable, so it stays pending): its entry, not the old verdict, is what
    // is left to tell.
    refuse = false
    const second = await gw.cancel({ market: 'spot', symbol: 'btcusdt', orderId: '42' })
    expect(second.status).toBe('unknown')
    expect(gw.undetermined().map((e) => e.type === 'settled' && e.result.orderId)).toEqual(['43'])
    expect(gw.pending()).toMatchObject([{ action: 'cancel', orderId: '42', phase: 'reconciling' }])
    gw.close()
    await expect(second.status === 'unknown' && second.settled).rejects.toMatchObject({ kind: 'aborted' })
  })

  it('cancel: undetermined when the order cannot be read back (a bad signature, -1022)', async () => {
    const t = venue({
      'POST /sapi/v1/cancel': () => reply(502, ''),
      'GET /sapi/v1/order': () => reply(401, { code: -1022, msg: 'Signature for this request is not valid.' })
    })
    const { gw, events } = gateway(t)
    const r = await gw.cancel({ market: 'spot', symbol: 'btcusdt', orderId: '42' })
    expect(r).toMatchObject({
      status: 'undetermined',
      orderId: '42',
      reconciled: true,
      error: {
        kind: 'unknown-outcome',
        message: expect.stringMatching(
          /cannot tell whether order 42 was canceled: .*-1022.*; check the venue \(cancelling again is safe\)/
        )
      }
    })
    expect(t.sent('GET /sapi/v1/order')).toHaveLength(1)
    expect(events.at(-1)).toMatchObject({ type: 'settled', action: 'cancel', result: { status: 'undetermined' } })
  })
})

describe('undetermined actions read back later (recheck.ts)', () => {
  const revoked = (): TransportResponse =>
    reply(401, { code: -2015, msg: 'Invalid API-key, IP, or permissions for action' })
  const quick = { periodMs: 10, minGapMs: 0, maxGapMs: 20 }
  const settled = (events: GatewayEvent[]) => events.filter((e) => e.type === 'settled')

  it('place: re-queried while refused, then found: "placed" with the request, the reservation ended', async () => {
    const t = venue({
      'POST /sapi/v1/order': reset,
      'GET /sapi/v1/order': (q, _b, n) =>
        n <= 3 ? revoked() : reply(200, spotOrder({ clientOrderId: q.get('newClientOrderId') }))
    })
    const { gw, events } = gateway(t, { recheck: { ...quick, maxTries: 3 } })
    expect((await gw.place({ ...buy, clientOrderId: 'c1' })).status).toBe('undetermined')
    await expect.poll(() => settled(events)).toHaveLength(2)
    expect(settled(events)[1]).toMatchObject({
      action: 'place',
      result: { status: 'placed', clientOrderId: 'c1', orderId: '5001', reconciled: true },
      request: { side: 'BUY', price: '60000' }
    })
    expect(t.sent('GET /sapi/v1/order')).toHaveLength(4)
    expect(gw.undetermined()).toEqual([])
    expect(await gw.place({ ...buy, clientOrderId: 'c1' })).toMatchObject({
      status: 'rejected',
      error: { message: expect.stringMatching(/was already used/) }
    })
    gw.close()
  })

  it('outlives a restart with its store: listed, its client id still refused unsent, re-checked, and the answer written through', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'undetermined-')), 'profile.json')
    const reports: string[] = []
    const store = () => fileUndeterminedStore(path, (m) => reports.push(m))
    let answers = false
    const t = venue({
      'POST /sapi/v1/order': reset,
      'GET /sapi/v1/order': (q) =>
        answers ? reply(200, spotOrder({ clientOrderId: q.get('newClientOrderId') })) : revoked()
    })
    const first = store()
    const before = gateway(t, { recheck: { ...quick, maxTries: 1 }, undetermined: first, venue: 'http://a' })
    expect((await before.gw.place({ ...buy, clientOrderId: 'r1' })).status).toBe('undetermined')
    const told = before.gw.undetermined()
    before.gw.close()
    await first.flushed()
    const saved = store().load()
    expect(saved.heldIds).toEqual(['r1'])
    expect(saved.kept).toEqual([{ event: told[0], settleAt: expect.any(Number), venue: 'http://a' }])
    expect(saved.kept[0]!.settleAt).toBeGreaterThan(Date.now() - 60_000) // the venue's clock, not 0

    // the next run: a new gateway over the same file
    const second = store()
    const after = gateway(t, { recheck: { ...quick, maxTries: 3 }, undetermined: second, venue: 'http://a' })
    expect(after.gw.undetermined()).toEqual(told)
    // Its words came back from the file with it (the UI tells a kept verdict in its language too).
    const keptError = (e: GatewayEvent | undefined) => (e?.type === 'settled' ? e.result : undefined)
    const restored = keptError(after.gw.undetermined()[0])
    expect(restored?.status === 'undetermined' && wordsOf(restored.error)).toMatchObject({
      key: 'main.verdict.placeUndetermined',
      params: { order: 'r1', reason: 'main.reason.readsRefused' }
    })
    const postsBefore = t.sent('POST /sapi/v1/order').length
    expect(await after.gw.place({ ...buy, clientOrderId: 'r1' })).toMatchObject({
      status: 'rejected',
      error: { field: 'clientOrderId', message: expect.stringMatching(/whose outcome the venue would not tell/) }
    })
    expect(t.sent('POST /sapi/v1/order')).toHaveLength(postsBefore)
    answers = true // reads work again: its re-check finds the order
    await expect.poll(() => settled(after.events)).toHaveLength(1)
    expect(settled(after.events)[0]).toMatchObject({
      action: 'place',
      result: { status: 'placed', clientOrderId: 'r1', reconciled: true }
    })
    expect(after.gw.undetermined()).toEqual([])
    after.gw.close()
    await second.flushed()
    expect(store().load()).toEqual({ kept: [], heldIds: [], intents: [] })
    expect(reports).toEqual([])
  })

  it('a margin order made undetermined outlives a restart as well (a margin verdict was dropped on load)', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'undetermined-')), 'profile.json')
    const t = venue({ 'POST /sapi/v1/margin/order': reset, 'GET /sapi/v1/margin/order': revoked })
    const first = fileUndeterminedStore(path, () => undefined)
    const before = gateway(t, { recheck: { ...quick, maxTries: 1 }, undetermined: first, venue: 'http://a' })
    expect((await before.gw.place({ ...buy, market: 'margin', clientOrderId: 'm1' })).status).toBe('undetermined')
    const told = before.gw.undetermined()
    before.gw.close()
    await first.flushed()
    const saved = fileUndeterminedStore(path, () => undefined).load()
    expect(saved.heldIds).toEqual(['m1'])
    expect(saved.kept).toEqual([{ event: told[0], settleAt: expect.any(Number), venue: 'http://a' }])
    expect(told[0]).toMatchObject({ result: { market: 'margin', clientOrderId: 'm1' } })
  })

  it('an unmatched batch answer made undetermined outlives a restart too (its settle point is already past)', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'undetermined-')), 'profile.json')
    const reports: string[] = []
    const t = venue({ 'POST /sapi/v1/batchOrders': () => reply(200, { ids: [] }), 'GET /sapi/v1/order': revoked })
    const store = fileUndeterminedStore(path, (m) => reports.push(m))
    const { gw } = gateway(t, { recheck: { ...quick, maxTries: 1 }, undetermined: store, venue: 'http://a' })
    const [r] = await gw.placeBatch({
      market: 'spot',
      symbol: 'btcusdt',
      orders: [{ ...buy, clientOrderId: 'm1' }].map(({ market: _m, symbol: _s, ...o }) => o)
    })
    expect(r!.status).toBe('undetermined')
    gw.close()
    await store.flushed()
    const loaded = fileUndeterminedStore(path, (m) => reports.push(m)).load()
    expect(loaded.kept.map((k) => [k.event.result.clientOrderId, k.settleAt])).toEqual([['m1', 0]])
    expect(reports).toEqual([])
  })

  it('a destroyed store (its profile removed) deletes the file after earlier writes and writes nothing later', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'undetermined-')), 'profile.json')
    const store = fileUndeterminedStore(path, () => undefined)
    store.save({ kept: [], heldIds: ['z1'] })
    await store.destroy()
    expect(existsSync(path)).toBe(false)
    store.save({ kept: [], heldIds: ['z2'] }) // a re-check answer that was in flight
    await store.flushed()
    expect(existsSync(path)).toBe(false)
    expect(store.load()).toEqual({ kept: [], heldIds: [], intents: [] })
  })

  it('dismissed by the user: no longer told, stored or re-checked; its client id stays refused, in this run and the next', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'undetermined-')), 'profile.json')
    const store = fileUndeterminedStore(path, () => undefined)
    const t = venue({ 'POST /sapi/v1/order': reset, 'GET /sapi/v1/order': revoked })
    const { gw } = gateway(t, { recheck: { ...quick, maxTries: 1 }, undetermined: store, venue: 'http://a' })
    expect((await gw.place({ ...buy, clientOrderId: 'd1' })).status).toBe('undetermined')
    gw.dismissUndetermined('cancel', { market: 'spot', clientOrderId: 'd1' }) // another action: nothing to dismiss
    gw.dismissUndetermined('place', { market: 'futures', clientOrderId: 'd1' }) // another market's order
    expect(gw.undetermined()).toHaveLength(1)
    gw.dismissUndetermined('place', { market: 'spot', clientOrderId: 'd1' })
    expect(gw.undetermined()).toEqual([])
    expect(await gw.place({ ...buy, clientOrderId: 'd1' })).toMatchObject({
      status: 'rejected',
      error: { field: 'clientOrderId' }
    })
    gw.close()
    await store.flushed()
    expect(fileUndeterminedStore(path, () => undefined).load()).toEqual({ kept: [], heldIds: ['d1'], intents: [] })
    const next = gateway(t, { undetermined: fileUndeterminedStore(path, () => undefined), venue: 'http://a' })
    expect(next.gw.undetermined()).toEqual([])
    expect(await next.gw.place({ ...buy, clientOrderId: 'd1' })).toMatchObject({
      status: 'rejected',
      error: { field: 'clientOrderId' }
    })
    next.gw.close()
  })

  it('a stored verdict about another venue (the profile URL changed) is listed and its id refused, but re-checked only by its own venue', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'undetermined-')), 'profile.json')
    const store = () => fileUndeterminedStore(path, () => undefined)
    let answers = false
    const t = venue({
      'POST /sapi/v1/order': reset,
      'GET /sapi/v1/order': (q) =>
        answers ? reply(200, spotOrder({ clientOrderId: q.get('newClientOrderId') })) : revoked()
    })
    const onA = store()
    const a = gateway(t, { recheck: { ...quick, maxTries: 1 }, undetermined: onA, venue: 'http://a' })
    expect((await a.gw.place({ ...buy, clientOrderId: 'a1' })).status).toBe('undetermined')
    a.gw.close()
    await onA.flushed()
    const onB = store()
    const b = gateway(t, { recheck: { ...quick, maxTries: 1 }, undetermined: onB, venue: 'http://b' })
    expect(b.gw.undetermined().map((e) => e.type === 'settled' && e.result.clientOrderId)).toEqual(['a1'])
    expect(await b.gw.place({ ...buy, clientOrderId: 'a1' })).toMatchObject({
      status: 'rejected',
      error: { field: 'clientOrderId' }
    })
    expect((await b.gw.place({ ...buy, clientOrderId: 'b1' })).status).toBe('undetermined')
    b.gw.close()
    await onB.flushed()
    expect(
      store()
        .load()
        .kept.map((k) => [k.event.result.clientOrderId, k.venue])
    ).toEqual([
      ['a1', 'http://a'],
      ['b1', 'http://b']
    ])
    // back on venue a: a1 is read back there and settles; b1 stays as it was, about venue b
    answers = true
    const again = store()
    const a2 = gateway(t, { recheck: { ...quick, maxTries: 3 }, undetermined: again, venue: 'http://a' })
    await expect.poll(() => settled(a2.events)).toHaveLength(1)
    expect(settled(a2.events)[0]).toMatchObject({ result: { status: 'placed', clientOrderId: 'a1' } })
    a2.gw.close()
    await again.flushed()
    expect(
      store()
        .load()
        .kept.map((k) => [k.event.result.clientOrderId, k.venue, k.event.result.status])
    ).toEqual([['b1', 'http://b', 'undetermined']])
  })

  it('keeps a store file it cannot read aside (never overwritten, its contents never quoted) and skips entries it cannot use', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'undetermined-'))
    const path = join(dir, 'profile.json')
    writeFileSync(path, '{"version":1,"kept":[{"secret-looking": tru')
    const reports: string[] = []
    const { gw } = gateway(venue({}), { undetermined: fileUndeterminedStore(path, (m) => reports.push(m)) })
    expect(gw.undetermined()).toEqual([])
    expect(reports).toHaveLength(1)
    expect(reports[0]).toMatch(
      new RegExp(`^undetermined orders: ${path} is not valid JSON; kept at ${path}\\.unreadable-`)
    )
    expect(reports[0]).not.toContain('secret-looking')
    const aside = readdirSync(dir).filter((f) => f.startsWith('profile.json.unreadable-'))
    expect(aside).toHaveLength(1)
    expect(readFileSync(join(dir, aside[0]!), 'utf8')).toBe('{"version":1,"kept":[{"secret-looking": tru')
    gw.close()

    // one unusable entry beside a good one: the good one is kept
    const good = await (async () => {
      const p2 = join(dir, 'good.json')
      const s = fileUndeterminedStore(p2, () => undefined)
      const g = gateway(venue({ 'POST /sapi/v1/order': reset, 'GET /sapi/v1/order': revoked }), {
        recheck: { ...quick, maxTries: 1 },
        undetermined: s,
        venue: 'http://a'
      })
      await g.gw.place({ ...buy, clientOrderId: 'g1' })
      g.gw.close()
      await s.flushed()
      return JSON.parse(readFileSync(p2, 'utf8')) as { version: number; kept: unknown[]; heldIds: string[] }
    })()
    writeFileSync(
      path,
      JSON.stringify({
        ...good,
        kept: [
          {
            event: { type: 'settled', action: 'place', result: { status: 'undetermined' } },
            settleAt: 1,
            venue: 'http://a'
          },
          ...good.kept
        ]
      })
    )
    const mixed: string[] = []
    const loaded = fileUndeterminedStore(path, (m) => mixed.push(m)).load()
    expect(loaded.kept.map((k) => k.event.result.clientOrderId)).toEqual(['g1'])
    expect(mixed).toEqual([`undetermined orders: ${path}: skipped 1 entry this build cannot use`])
  })

  it('gives an action up after maxTries failed re-queries: it stays undetermined, the venue is not asked again', async () => {
    const t = venue({ 'POST /sapi/v1/order': reset, 'GET /sapi/v1/order': revoked })
    const { gw, events } = gateway(t, { recheck: { ...quick, maxTries: 2 } })
    const queried = (cid: string) => t.sent('GET /sapi/v1/order').filter((r) => r.q.get('newClientOrderId') === cid)
    await gw.place({ ...buy, clientOrderId: 'a1' })
    await expect.poll(() => queried('a1')).toHaveLength(3) // the reconciliation's query and 2 re-queries
    gw.readsWork()
    // A later undetermined action brings rounds of its own, one at a time after any round still running: once it
    // is given up too, every round since the first action's last query has gone by without asking about it.
    await gw.place({ ...buy, clientOrderId: 'a2' })
    await expect.poll(() => queried('a2')).toHaveLength(3)
    expect(queried('a1')).toHaveLength(3)
    expect(settled(events).map((e) => e.result.status)).toEqual(['undetermined', 'undetermined'])
    expect(gw.undetermined()).toHaveLength(2)
    gw.close()
  })

  it('an answer that comes after a new action on the same order took over is dropped', async () => {
    let answer: (() => void) | undefined
    const t = venue({
      'POST /sapi/v1/cancel': (_q, _b, n) =>
        n === 2 ? reply(200, spotOrder({ orderId: '42', status: 'CANCELED' })) : reply(502, ''),
      // Order 42: refused, then the re-query held until answer(). Order 43: refused.
      'GET /sapi/v1/order': (q) =>
        q.get('orderId') === '43' || queried('42') === 1
          ? reply(403, '')
          : new Promise((ok) => (answer = () => ok(reply(200, spotOrder({ orderId: '42', status: 'CANCELED' })))))
    })
    const queried = (orderId: string) =>
      t.sent('GET /sapi/v1/order').filter((r) => r.q.get('orderId') === orderId).length
    const of42 = () => settled(events).filter((e) => e.result.orderId === '42')
    const { gw, events } = gateway(t, { recheck: { ...quick, maxTries: 3 } })
    expect((await gw.cancel({ market: 'spot', symbol: 'btcusdt', orderId: '42' })).status).toBe('undetermined')
    await expect.poll(() => answer !== undefined).toBe(true)
    expect(await gw.cancel({ market: 'spot', symbol: 'btcusdt', orderId: '42' })).toMatchObject({ status: 'canceled' })
    // "CANCELED" (final at any time) about the first cancel, and too late: the second one's verdict told it already.
    answer!()
    // Barrier: the round holding that answer ends before the next one starts; an undetermined cancel of 43 brings
    // one, whose re-query of 43 is only sent once the held answer was handled.
    expect((await gw.cancel({ market: 'spot', symbol: 'btcusdt', orderId: '43' })).status).toBe('undetermined')
    await expect.poll(() => queried('43')).toBeGreaterThanOrEqual(2)
    expect(of42().map((e) => e.result.status)).toEqual(['undetermined', 'canceled'])
    expect(queried('42')).toBe(2)
    gw.close()
  })

  it("an answer while a new cancel of the order, named by its other id, is in flight is not told (it would read as that one's)", async () => {
    let release: () => void = () => undefined
    const t = venue({
      'POST /sapi/v1/cancel': (_q, _b, n) =>
        n === 1
          ? reply(502, '')
          : new Promise(
              (ok) =>
                (release = () => ok(reply(200, spotOrder({ orderId: '42', clientOrderId: 'c42', status: 'CANCELED' }))))
            ),
      'GET /sapi/v1/order': (_q, _b, n) =>
        n === 1 ? reply(403, '') : reply(200, spotOrder({ orderId: '42', clientOrderId: 'c42', status: 'NEW' }))
    })
    const { gw, events } = gateway(t, { recheck: { ...quick, maxTries: 3 } })
    expect((await gw.cancel({ market: 'spot', symbol: 'btcusdt', orderId: '42' })).status).toBe('undetermined')
    // Past the first cancel's settle point: its window and margin from no later than now (and the stub clock's
    // rounding).
    const settles = Date.now() + 40 + 20 + 5
    const second = gw.cancel({ market: 'spot', symbol: 'btcusdt', clientOrderId: 'c42' })
    // The venue says "still NEW" (of the first cancel) while the second is on its way. Rounds run one at a time: the
    // 2nd re-query after `settles` is from a round begun past the settle point (where "still NEW" is final), and the
    // 3rd is only sent once that round handled its answer.
    await expect
      .poll(() => t.sent('GET /sapi/v1/order').filter((r) => r.at > settles).length >= 3 || settled(events).length > 1)
      .toBe(true)
    expect(settled(events).map((e) => e.result.status)).toEqual(['undetermined'])
    expect(gw.pending()).toMatchObject([{ action: 'cancel', clientOrderId: 'c42' }])
    release()
    expect(await second).toMatchObject({ status: 'canceled', orderId: '42' })
    expect(settled(events).map((e) => e.result.status)).toEqual(['undetermined', 'canceled'])
    expect(gw.undetermined()).toEqual([])
    gw.close()
  })
})

describe('batch place', () => {
  const items = [
    { side: 'BUY', type: 'LIMIT', price: '60000', volume: '0.001' },
    { side: 'BUY', type: 'LIMIT', price: '60001', volume: '0.001' },
    { side: 'SELL', type: 'LIMIT', price: '61000', volume: '0.001', clientOrderId: 'own-3' }
  ] as const

  it('every item carries a client id; the answer maps to items, failed ones by index', async () => {
    const t = venue({
      'POST /sapi/v1/batchOrders': () =>
        reply(200, { ids: ['1', '3'], failed: [{ index: 1, code: -2017, msg: 'Insufficient balance' }] })
    })
    const { gw, events } = gateway(t)
    const r = await gw.placeBatch({ market: 'spot', symbol: 'btcusdt', orders: [...items] })
    // The answer names only ids: each settled event carries what its item asked for (for the order history).
    expect(
      events
        .filter((e) => e.type === 'settled')
        .map((e) => (e.type === 'settled' && e.action === 'place' ? e.request : null))
    ).toEqual([
      { side: 'BUY', type: 'LIMIT', price: '60000', volume: '0.001' },
      { side: 'BUY', type: 'LIMIT', price: '60001', volume: '0.001' },
      { side: 'SELL', type: 'LIMIT', price: '61000', volume: '0.001' }
    ])
    expect(
      r.map((x) => [x.status, x.status === 'placed' ? x.orderId : x.status === 'rejected' ? x.error.code : null])
    ).toEqual([
      ['placed', '1'],
      ['rejected', -2017],
      ['placed', '3']
    ])
    const sent = t.sent('POST /sapi/v1/batchOrders')[0]!.body['orders'] as Record<string, unknown>[]
    expect(sent.map((o) => o['newClientOrderId'])).toEqual(r.map((x) => x.clientOrderId))
    expect(sent[2]).toMatchObject({ batchType: 'LIMIT', newClientOrderId: 'own-3' })
  })

  it('unknown outcome: each item is reconciled on its own', async () => {
    const t = venue({
      'POST /sapi/v1/batchOrders': reset,
      'GET /sapi/v1/order': (q) =>
        q.get('newClientOrderId') === 'own-3'
          ? noSuchOrder()
          : reply(200, spotOrder({ clientOrderId: q.get('newClientOrderId') })),
      'GET /sapi/v1/openOrders': () => reply(200, [])
    })
    const { gw } = gateway(t)
    const r = await gw.placeBatch({ market: 'spot', symbol: 'btcusdt', orders: [...items] })
    expect(r.map((x) => [x.status, x.reconciled])).toEqual([
      ['placed', true],
      ['placed', true],
      ['rejected', true]
    ])
    expect(t.sent('POST /sapi/v1/batchOrders')).toHaveLength(1)
  })

  it('a reused client id refuses the whole batch before sending', async () => {
    const t = venue({ 'POST /sapi/v1/batchOrders': () => reply(200, { ids: ['1', '2'] }) })
    const { gw } = gateway(t)
    const r = await gw.placeBatch({
      market: 'spot',
      symbol: 'btcusdt',
      orders: [
        { ...items[0], clientOrderId: 'x' },
        { ...items[1], clientOrderId: 'x' }
      ]
    })
    expect(r.map((x) => x.status)).toEqual(['rejected', 'rejected'])
    expect(t.calls).toHaveLength(0)
  })
})

describe('isUnknownOutcome', () => {
  it('unknown-outcome, -1000 and unexpected throws are unknown; refusals and unsent failures are not', () => {
    const e = (init: Partial<ConstructorParameters<typeof ExchangeError>[0]>): ExchangeError =>
      new ExchangeError({ kind: 'api', endpointId: 'x', message: 'm', ...init })
    expect(isUnknownOutcome(e({ kind: 'unknown-outcome' }))).toBe(true)
    expect(isUnknownOutcome(e({ code: -1000 }))).toBe(true)
    expect(isUnknownOutcome(new Error('boom'))).toBe(true)
    expect(isUnknownOutcome(e({ code: -2017 }))).toBe(false)
    expect(isUnknownOutcome(e({ kind: 'network' }))).toBe(false)
    expect(isUnknownOutcome(e({ kind: 'validation' }))).toBe(false)
  })
})
