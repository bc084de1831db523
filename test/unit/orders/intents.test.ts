// Actions in flight on disk (intents.ts) through the order gateway, against a scripted venue (stub transport) and a
// real store file in a temp dir: every place and cancel is written down (durable) before its request leaves and
// struck off at its verdict; one left by a gateway closed (or killed) before its verdict is resumed by the next
// gateway on the same file, of the same venue only, and its verdict told as a 'recovered' notice; a store that
// cannot be written refuses the action unsent; a place reconciled "not placed" is read back once more and, found
// then, corrected (also after a restart); a 429 on a place is an unknown outcome, reconciled, never resent.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { MAX_WRITE_ERROR_MS, ServerClock } from '../../../src-main/client/clock'
import type { TransportResponse } from '../../../src-main/client/transport'
import type { Intent } from '../../../src-main/orders/intents'
import { OrderGateway, type OrderGatewayOptions } from '../../../src-main/orders/order-gateway'
import type { GatewayEvent, PlaceResult } from '../../../src-main/orders/types'
import {
  fileUndeterminedStore,
  type StoredUndetermined,
  type UndeterminedStore
} from '../../../src-main/orders/undetermined-store'
import { makeClient, reply, type StubTransport } from '../client/helpers'
import { noSuchOrder, reset, spotOrder, venue } from './scripted-venue'

/** A promise held until `open()`: a venue answer the test releases when it has looked at the state in between. */
function gate<T>(): { wait: Promise<T>; open: (v: T) => void; reached: () => boolean; arrived: Promise<void> } {
  let open!: (v: T) => void
  let arrive!: () => void
  let reached = false
  const wait = new Promise<T>((r) => (open = r))
  const arrived = new Promise<void>((r) => (arrive = r))
  return {
    get wait() {
      reached = true
      arrive()
      return wait
    },
    open,
    reached: () => reached,
    arrived
  }
}

/** A gateway on a real-time clock (offset 0, exact) with a 40 ms "time window" and 20 ms margin, so waits are short. */
function gateway(
  t: StubTransport,
  over: Partial<OrderGatewayOptions> & { clock?: ServerClock } = {}
): { gw: OrderGateway; events: GatewayEvent[] } {
  const events: GatewayEvent[] = []
  const { clock, ...rest } = over
  const client = makeClient(t, { clock: clock ?? new ServerClock({ offsetMs: 0 }) })
  const gw = new OrderGateway({
    client,
    timeWindowMs: 40,
    settleMarginMs: 20,
    backoff: { baseMs: 5, maxMs: 20 },
    random: () => 0.5,
    onEvent: (e) => events.push(e),
    ...rest
  })
  return { gw, events }
}

const buy = { market: 'spot', symbol: 'btcusdt', side: 'BUY', type: 'LIMIT', price: '60000', volume: '0.001' } as const
const asked = { side: 'BUY', type: 'LIMIT', volume: '0.001', price: '60000' }
/** The notices (recovered verdicts, corrections) a subscriber that comes now is told (order-gateway.ts). */
const told = (gw: OrderGateway): GatewayEvent[] => gw.noticesToTell()
/** Told to a subscriber that comes after the replay window (60 s) of the notices told already. */
function toldLater(gw: OrderGateway): GatewayEvent[] {
  const later = Date.now() + 61_000
  const spy = vi.spyOn(Date, 'now').mockReturnValue(later)
  try {
    return gw.noticesToTell()
  } finally {
    spy.mockRestore()
  }
}
const settled = (events: GatewayEvent[]) =>
  events.filter((e): e is Extract<GatewayEvent, { type: 'settled' }> => e.type === 'settled')

const tempPath = (): string => join(mkdtempSync(join(tmpdir(), 'intents-')), 'profile.json')
/** The intents in the file as the disk has them now (not any store's memory). */
function onDisk(path: string): Intent[] {
  const data = JSON.parse(readFileSync(path, 'utf8')) as StoredUndetermined
  return data.intents
}
/** A store on `path` whose reports are collected (a report means a read or write failed). */
function fileStore(path: string): { store: UndeterminedStore; reports: string[] } {
  const reports: string[] = []
  return { store: fileUndeterminedStore(path, (m) => reports.push(m)), reports }
}

describe('written down before it is sent, struck off at its verdict', () => {
  it('a place is in the file (synced) when its POST arrives at the venue; the verdict removes it', async () => {
    const path = tempPath()
    const { store, reports } = fileStore(path)
    let seen: Intent[] | undefined
    const t = venue({
      'POST /sapi/v1/order': (_q, b) => {
        seen = onDisk(path) // what a crash at this instant would leave
        return reply(200, spotOrder({ clientOrderId: b['newClientOrderId'] }))
      }
    })
    const { gw, events } = gateway(t, { undetermined: store, venue: 'http://a' })
    const r = await gw.place(buy)
    expect(r).toMatchObject({ status: 'placed', reconciled: false })
    expect(seen).toEqual([
      {
        id: expect.any(String),
        action: 'place',
        market: 'spot',
        symbol: 'btcusdt',
        clientOrderId: r.clientOrderId,
        request: asked,
        venue: 'http://a',
        phase: 'sending'
      }
    ])
    await store.flushed()
    expect(onDisk(path)).toEqual([])
    expect(settled(events)).toHaveLength(1)
    expect(told(gw)).toEqual([]) // an ordinary verdict is no notice
    expect(reports).toEqual([])
    gw.close()
  })

  it("a place's own recvWindow is written with it (the next run's settle point needs it)", async () => {
    const path = tempPath()
    const { store } = fileStore(path)
    let seen: Intent[] | undefined
    const t = venue({
      'POST /sapi/v1/order': (_q, b) => (
        (seen = onDisk(path)),
        reply(200, spotOrder({ clientOrderId: b['newClientOrderId'] }))
      )
    })
    const { gw } = gateway(t, { undetermined: store, venue: 'http://a' })
    await gw.place({ ...buy, recvWindow: 3000 })
    expect(seen).toMatchObject([{ action: 'place', windowMs: 3000, phase: 'sending' }])
    gw.close()
  })

  it('a cancel too; and a venue refusal (a definitive "rejected") removes it like any verdict', async () => {
    const path = tempPath()
    const { store, reports } = fileStore(path)
    const seen: Intent[][] = []
    const t = venue({
      'POST /sapi/v1/cancel': (_q, b) => (
        seen.push(onDisk(path)),
        reply(200, { symbol: 'btcusdt', clientOrderId: 'c9', orderId: b['orderId'], status: 'CANCELED' })
      ),
      'POST /sapi/v1/order': () => (seen.push(onDisk(path)), reply(400, { code: -2017, msg: 'Insufficient balance' }))
    })
    const { gw } = gateway(t, { undetermined: store, venue: 'http://a' })
    expect(await gw.cancel({ market: 'spot', symbol: 'btcusdt', orderId: '42' })).toMatchObject({
      status: 'canceled',
      orderId: '42'
    })
    const refused = await gw.place({ ...buy, clientOrderId: 'r-1' })
    expect(refused).toMatchObject({ status: 'rejected', reconciled: false, error: { code: -2017 } })
    expect(seen).toEqual([
      [
        {
          id: expect.any(String),
          action: 'cancel',
          market: 'spot',
          symbol: 'btcusdt',
          clientOrderId: '',
          orderId: '42',
          venue: 'http://a',
          phase: 'sending'
        }
      ],
      [expect.objectContaining({ action: 'place', clientOrderId: 'r-1', phase: 'sending' })] // the cancel's entry is gone
    ])
    await store.flushed()
    expect(onDisk(path)).toEqual([]) // a venue refusal is not read back: no 'confirming' entry
    expect(reports).toEqual([])
    gw.close()
  })

  it('kept while reconciling past the deadline ("unknown"), removed when the verdict comes', async () => {
    const path = tempPath()
    const { store } = fileStore(path)
    const answer = gate<TransportResponse>()
    const t = venue({ 'POST /sapi/v1/order': reset, 'GET /sapi/v1/order': () => answer.wait })
    const { gw, events } = gateway(t, { undetermined: store, venue: 'http://a', reconcileDeadlineMs: 50 })
    const r = (await gw.place(buy)) as Extract<PlaceResult, { status: 'unknown' }>
    expect(r.status).toBe('unknown')
    await store.flushed()
    expect(onDisk(path)).toMatchObject([{ action: 'place', clientOrderId: r.clientOrderId, phase: 'sending' }])
    expect(gw.pending()).toMatchObject([{ clientOrderId: r.clientOrderId, phase: 'reconciling' }])
    answer.open(reply(200, spotOrder({ clientOrderId: r.clientOrderId })))
    expect(await r.settled).toMatchObject({ status: 'placed', reconciled: true })
    await store.flushed()
    expect(onDisk(path)).toEqual([])
    expect(settled(events)).toHaveLength(1)
    expect(t.sent('POST /sapi/v1/order')).toHaveLength(1)
    gw.close()
  })
})

describe('resumed by the next gateway on the same file', () => {
  /** A first run that leaves a place reconciling (the venue unreachable) and is closed: its entry stays in the file. */
  async function leftReconciling(path: string, venueUrl = 'http://a', cid = 'p-1'): Promise<void> {
    const { store } = fileStore(path)
    const t = venue({ 'POST /sapi/v1/order': reset, 'GET /sapi/v1/order': () => reply(503, 'down') })
    const { gw } = gateway(t, {
      undetermined: store,
      venue: venueUrl,
      reconcileDeadlineMs: 30,
      backoff: { baseMs: 40, maxMs: 40 }
    })
    const r = (await gw.place({ ...buy, clientOrderId: cid })) as Extract<PlaceResult, { status: 'unknown' }>
    expect(r.status).toBe('unknown')
    gw.close()
    await expect(r.settled).rejects.toMatchObject({ kind: 'aborted' })
    await store.flushed()
    expect(onDisk(path)).toMatchObject([{ action: 'place', clientOrderId: cid, venue: venueUrl, phase: 'sending' }])
  }

  it('found at the venue: pending "reconciling" at once, then "placed" told as a recovered notice (replayed to subscribers for a while); never resent', async () => {
    const path = tempPath()
    await leftReconciling(path)
    const { store, reports } = fileStore(path)
    const answer = gate<TransportResponse>()
    const t = venue({ 'GET /sapi/v1/order': () => answer.wait })
    const { gw, events } = gateway(t, { undetermined: store, venue: 'http://a' })
    expect(gw.pending()).toMatchObject([
      { action: 'place', market: 'spot', symbol: 'btcusdt', clientOrderId: 'p-1', phase: 'reconciling' }
    ])
    expect(events).toMatchObject([
      { type: 'pending', pending: { clientOrderId: 'p-1' } },
      { type: 'pending', pending: { phase: 'reconciling' } }
    ])
    // its client id is taken: a place naming it is refused unsent
    expect(await gw.place({ ...buy, clientOrderId: 'p-1' })).toMatchObject({
      status: 'rejected',
      error: { kind: 'validation', field: 'clientOrderId' }
    })
    await answer.arrived
    answer.open(reply(200, spotOrder({ orderId: '7001', clientOrderId: 'p-1' })))
    await expect.poll(() => settled(events).filter((e) => e.result.clientOrderId === 'p-1')).toHaveLength(1)
    const verdict = settled(events).find((e) => e.result.clientOrderId === 'p-1')!
    expect(verdict).toMatchObject({
      action: 'place',
      notice: 'recovered',
      request: asked,
      result: { status: 'placed', orderId: '7001', clientOrderId: 'p-1', reconciled: true }
    })
    expect(told(gw)).toEqual([verdict])
    expect(told(gw)).toEqual([verdict]) // a window that subscribes soon after is told it too
    expect(toldLater(gw)).toEqual([]) // once told, not again after the replay window
    expect(gw.pending()).toEqual([])
    expect(t.sent('POST /sapi/v1/order')).toHaveLength(0)
    await store.flushed()
    expect(onDisk(path)).toEqual([])
    expect(reports).toEqual([])
    gw.close()
  })

  it('absent: "rejected" only from a query past the restart settle point (now + error bound + the largest error a write is stamped with + window + margin, judged by the clock less its bound), then read back once more', async () => {
    const path = tempPath()
    await leftReconciling(path)
    const { store } = fileStore(path)
    // The venue clock as this run sees it, known to within 300 ms. The settle point is then the estimate at the start
    // + 300 (the venue may be that far ahead) + MAX_WRITE_ERROR_MS (2500: how far ahead the last run's stamp could be)
    // + 40 + 20, and "past it" is judged by the estimate less 300: the estimate must reach start + 3160. The first
    // query moves the clock 3100 ms on: 60 ms are left to wait then, and a settle point without the allowance or the
    // bound would already be passed (a final "absent" at +3100).
    const warp = { ms: 0 }
    const clock = new ServerClock({ now: () => Date.now() + warp.ms, offsetMs: 0, offsetErrorMs: 300 })
    const queriedAt: number[] = []
    const t = venue({
      'GET /sapi/v1/order': () => {
        queriedAt.push(clock.now())
        if (queriedAt.length === 1) warp.ms += 3100
        return noSuchOrder()
      },
      'GET /sapi/v1/openOrders': () => reply(200, [])
    })
    const resumedAt = clock.now()
    const { gw, events } = gateway(t, { undetermined: store, venue: 'http://a', clock, confirmAfterMs: 30 })
    let atVerdict = -1 // queries made when the verdict came (the read-back comes 30 ms later)
    gw.onEvent((e) => void (e.type === 'settled' && (atVerdict = queriedAt.length)))
    await expect.poll(() => settled(events)).toHaveLength(1)
    const verdict = settled(events)[0]!
    expect(verdict).toMatchObject({
      action: 'place',
      notice: 'recovered',
      result: { status: 'rejected', clientOrderId: 'p-1', reconciled: true, error: { code: -2013 } }
    })
    // the first "absent" (before the settle point) was not final; the one that was came from past it
    expect(atVerdict).toBeGreaterThanOrEqual(2)
    expect(queriedAt[0]!).toBeLessThan(resumedAt + 3000)
    expect(queriedAt[atVerdict - 1]!).toBeGreaterThanOrEqual(resumedAt + 300 + 300 + MAX_WRITE_ERROR_MS + 40 + 20)
    expect(t.sent('GET /sapi/v1/openOrders')).toHaveLength(1)
    expect(told(gw)).toEqual([verdict])
    // "not placed" is read back once more (confirmAfterMs later): absent still, the entry is struck off, no correction
    await expect.poll(() => queriedAt.length).toBe(atVerdict + 1)
    await expect.poll(async () => (await store.flushed(), onDisk(path))).toEqual([])
    expect(settled(events)).toHaveLength(1)
    expect(told(gw)).toEqual([verdict]) // the read-back added no notice
    gw.close()
  })

  it('a cancel left reconciling is resumed by its order id: "canceled", told as recovered', async () => {
    const path = tempPath()
    {
      const { store } = fileStore(path)
      const t = venue({ 'POST /sapi/v1/cancel': () => reply(502, ''), 'GET /sapi/v1/order': () => reply(503, 'down') })
      const { gw } = gateway(t, {
        undetermined: store,
        venue: 'http://a',
        reconcileDeadlineMs: 30,
        backoff: { baseMs: 40, maxMs: 40 }
      })
      const r = await gw.cancel({ market: 'spot', symbol: 'btcusdt', orderId: '42' })
      expect(r.status).toBe('unknown')
      gw.close()
      if (r.status === 'unknown') await expect(r.settled).rejects.toMatchObject({ kind: 'aborted' })
      await store.flushed()
      expect(onDisk(path)).toMatchObject([{ action: 'cancel', orderId: '42', clientOrderId: '', phase: 'sending' }])
    }
    const { store } = fileStore(path)
    const t = venue({
      'GET /sapi/v1/order': (q) =>
        q.get('orderId') === '42' ? reply(200, spotOrder({ orderId: '42', status: 'CANCELED' })) : noSuchOrder()
    })
    const { gw, events } = gateway(t, { undetermined: store, venue: 'http://a' })
    expect(gw.pending()).toMatchObject([{ action: 'cancel', orderId: '42', phase: 'reconciling' }])
    await expect.poll(() => settled(events)).toHaveLength(1)
    expect(settled(events)[0]).toMatchObject({
      action: 'cancel',
      notice: 'recovered',
      result: { status: 'canceled', orderId: '42', reconciled: true }
    })
    expect(told(gw)).toEqual(settled(events))
    expect(toldLater(gw)).toEqual([])
    expect(t.sent('POST /sapi/v1/cancel')).toHaveLength(0)
    await store.flushed()
    expect(onDisk(path)).toEqual([])
    gw.close()
  })

  it('a run killed while its POST was on the way: the entry was on disk before it left, and the next run resumes it', async () => {
    const path = tempPath()
    const { store: first } = fileStore(path)
    const never = gate<TransportResponse>()
    const t1 = venue({ 'POST /sapi/v1/order': () => never.wait })
    const dying = gateway(t1, { undetermined: first, venue: 'http://a' })
    const lost = dying.gw.place({ ...buy, clientOrderId: 'k-1' })
    await never.arrived
    // "killed": nothing more of the first run reaches the disk; the next run reads the file as it is now
    const { store } = fileStore(path)
    const t2 = venue({
      'GET /sapi/v1/order': (q) => reply(200, spotOrder({ orderId: '8001', clientOrderId: q.get('newClientOrderId') }))
    })
    const { gw, events } = gateway(t2, { undetermined: store, venue: 'http://a' })
    await expect.poll(() => settled(events)).toHaveLength(1)
    expect(settled(events)[0]).toMatchObject({
      notice: 'recovered',
      result: { status: 'placed', clientOrderId: 'k-1', orderId: '8001' }
    })
    gw.close()
    dying.gw.close()
    never.open(reply(200, spotOrder({ clientOrderId: 'k-1' })))
    await expect(lost).rejects.toMatchObject({ kind: 'aborted' }) // closed under it: the next run tells the verdict
  })

  it('a gateway rebuilt in the same run (a profile edit) while the old one still waits for its POST: one verdict for that action, not two', async () => {
    // Venues keeps one store a profile for the run and, on a profile edit, closes the runtime's gateway and builds a
    // new one on that store, both forwarding to the same listeners. The old gateway's POST is still on its way.
    const path = tempPath()
    const { store } = fileStore(path)
    const post = gate<TransportResponse>()
    const t = venue({
      'POST /sapi/v1/order': () => post.wait,
      'GET /sapi/v1/order': (q) => reply(200, spotOrder({ orderId: '4001', clientOrderId: q.get('newClientOrderId') })) // the venue took it on arrival
    })
    const events: GatewayEvent[] = []
    const old = gateway(t, { undetermined: store, venue: 'http://a', onEvent: (e) => events.push(e) }).gw
    const sent = old.place({ ...buy, clientOrderId: 'e-1' })
    await post.arrived
    old.close()
    const rebuilt = gateway(t, { undetermined: store, venue: 'http://a', onEvent: (e) => events.push(e) }).gw
    post.open(reply(200, spotOrder({ orderId: '4001', clientOrderId: 'e-1' })))
    const answered = await sent.then(
      (r) => r.status,
      (e: { kind?: string }) => e.kind
    )
    await expect.poll(() => rebuilt.pending()).toEqual([])
    await store.flushed()
    expect(onDisk(path)).toEqual([])
    const verdicts = settled(events)
      .filter((e) => e.result.clientOrderId === 'e-1')
      .map((e) => `${e.result.status} (${e.notice ?? 'told directly'})`)
    expect(verdicts, `the old call answered ${answered}; settled events: ${verdicts.join(', ')}`).toHaveLength(1)
    rebuilt.close()
  })

  it("another venue's entries are neither resumed nor touched; a gateway of that venue later resumes them", async () => {
    const path = tempPath()
    await leftReconciling(path, 'http://a', 'a-1')
    const { store: onB } = fileStore(path)
    const tb = venue({
      'POST /sapi/v1/order': (_q, b) => reply(200, spotOrder({ clientOrderId: b['newClientOrderId'] })),
      'GET /sapi/v1/order': () => reply(200, spotOrder())
    })
    const b = gateway(tb, { undetermined: onB, venue: 'http://b' })
    expect(b.gw.pending()).toEqual([])
    // b's own place goes through (written down and struck off beside a's entry)
    expect(await b.gw.place({ ...buy, clientOrderId: 'b-1' })).toMatchObject({ status: 'placed' })
    await onB.flushed()
    expect(tb.sent('GET /sapi/v1/order')).toHaveLength(0) // nothing of a's was read at b
    expect(onDisk(path)).toMatchObject([{ clientOrderId: 'a-1', venue: 'http://a', phase: 'sending' }])
    expect(settled(b.events).map((e) => e.result.clientOrderId)).toEqual(['b-1'])
    expect(told(b.gw)).toEqual([])
    b.gw.close()

    const { store: onA } = fileStore(path)
    const ta = venue({
      'GET /sapi/v1/order': (q) => reply(200, spotOrder({ clientOrderId: q.get('newClientOrderId') }))
    })
    const a = gateway(ta, { undetermined: onA, venue: 'http://a' })
    await expect.poll(() => settled(a.events)).toHaveLength(1)
    expect(settled(a.events)[0]).toMatchObject({
      notice: 'recovered',
      result: { status: 'placed', clientOrderId: 'a-1' }
    })
    await onA.flushed()
    expect(onDisk(path)).toEqual([])
    a.gw.close()
  })
})

describe('a store that cannot be written', () => {
  it('refuses place, batch and cancel unsent (zero requests), saying why; one settled event each', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'intents-'))
    const notADir = join(dir, 'plain-file')
    writeFileSync(notADir, 'x')
    const path = join(notADir, 'profile.json') // its "directory" is a file: every write fails (as root too)
    const { store, reports } = fileStore(path)
    const t = venue({})
    const { gw, events } = gateway(t, { undetermined: store, venue: 'http://a' })
    const why =
      /^spot\.order\.place: the terminal could not record the action before sending it \(see the log\); nothing was sent$/
    const r = await gw.place({ ...buy, clientOrderId: 'w-1' })
    expect(r).toMatchObject({
      status: 'rejected',
      clientOrderId: 'w-1',
      reconciled: false,
      error: { kind: 'validation', message: expect.stringMatching(why) }
    })
    const batch = await gw.placeBatch({
      market: 'spot',
      symbol: 'btcusdt',
      orders: [
        { side: 'BUY', type: 'LIMIT', price: '1', volume: '1' },
        { side: 'SELL', type: 'LIMIT', price: '2', volume: '1' }
      ]
    })
    expect(batch.map((x) => [x.status, (x as { error?: { kind: string } }).error?.kind])).toEqual([
      ['rejected', 'validation'],
      ['rejected', 'validation']
    ])
    expect(batch[0]!.status === 'rejected' && batch[0]!.error.message).toMatch(
      /^spot\.order\.batchPlace: the terminal could not record the action before sending it/
    )
    const c = await gw.cancel({ market: 'spot', symbol: 'btcusdt', orderId: '42' })
    expect(c).toMatchObject({
      status: 'rejected',
      orderId: '42',
      error: {
        kind: 'validation',
        message: expect.stringMatching(
          /^spot\.order\.cancel: the terminal could not record the action before sending it/
        )
      }
    })
    expect(t.calls).toEqual([]) // not even a clock read: nothing left the machine
    expect(settled(events).map((e) => e.result.status)).toEqual(['rejected', 'rejected', 'rejected', 'rejected'])
    expect(gw.pending()).toEqual([])
    await store.flushed()
    expect(store.load().intents).toEqual([]) // the refused entries are not left in memory to be "resumed"
    expect(reports.length).toBeGreaterThan(0)
    expect(reports.every((m) => m.startsWith(`undetermined orders: `))).toBe(true)
    expect(reports.some((m) => m.startsWith(`undetermined orders: cannot write ${path}: `))).toBe(true)
    gw.close()
  })

  it('a store whose save reports failure (resolves false) refuses too', async () => {
    const failing: UndeterminedStore = {
      load: () => ({ kept: [], heldIds: [], intents: [] }),
      save: async () => false,
      flushed: async () => undefined,
      destroy: async () => undefined
    }
    const t = venue({ 'POST /sapi/v1/order': () => reply(200, spotOrder()) })
    const { gw } = gateway(t, { undetermined: failing, venue: 'http://a' })
    expect(await gw.place(buy)).toMatchObject({
      status: 'rejected',
      reconciled: false,
      error: { kind: 'validation', message: expect.stringMatching(/nothing was sent/) }
    })
    expect(t.calls).toEqual([])
    gw.close()
  })
})

describe('"not placed" read back once more (the correction)', () => {
  /** A place lost on the way and absent past its settle point: reconciled "not placed" (-2013). */
  function lostPlace(holds: { order: boolean }) {
    return venue({
      'POST /sapi/v1/order': reset,
      'GET /sapi/v1/order': (q) =>
        holds.order
          ? reply(200, spotOrder({ orderId: '9001', clientOrderId: q.get('newClientOrderId') }))
          : noSuchOrder(),
      'GET /sapi/v1/openOrders': () => reply(200, [])
    })
  }

  it('the order shows up later: a "placed" correction confirmAfterMs after the verdict, told at once and kept for a later subscriber', async () => {
    const path = tempPath()
    const { store } = fileStore(path)
    const holds = { order: false }
    const t = lostPlace(holds)
    const { gw, events } = gateway(t, { undetermined: store, venue: 'http://a', confirmAfterMs: 150 })
    const before = Date.now()
    const r = await gw.place(buy)
    const verdictAt = Date.now()
    expect(r).toMatchObject({ status: 'rejected', reconciled: true, error: { code: -2013 } })
    await store.flushed()
    const [entry] = onDisk(path)
    expect(entry).toMatchObject({ action: 'place', clientOrderId: r.clientOrderId, phase: 'confirming' })
    expect(entry!.confirmAt).toBeGreaterThanOrEqual(before + 40 + 20 + 150) // the verdict came past the settle point
    expect(entry!.confirmAt).toBeLessThanOrEqual(verdictAt + 150)
    const queries = t.sent('GET /sapi/v1/order').length
    holds.order = true // a copy the venue took after all
    await expect.poll(() => settled(events)).toHaveLength(2)
    const correction = settled(events)[1]!
    expect(correction).toMatchObject({
      action: 'place',
      notice: 'correction',
      request: asked,
      result: { status: 'placed', clientOrderId: r.clientOrderId, orderId: '9001', reconciled: true }
    })
    const confirmRead = t.sent('GET /sapi/v1/order')[queries]!
    // not before confirmAfterMs (timer/Date.now rounding)
    expect(confirmRead.at).toBeGreaterThanOrEqual(entry!.confirmAt! - 2)
    expect(t.sent('GET /sapi/v1/order')).toHaveLength(queries + 1)
    expect(told(gw)).toEqual([correction])
    expect(toldLater(gw)).toEqual([])
    await expect.poll(async () => (await store.flushed(), onDisk(path))).toEqual([])
    expect(t.sent('POST /sapi/v1/order')).toHaveLength(1)
    gw.close()
  })

  it('still absent: no correction; the entry is struck off after the read', async () => {
    const path = tempPath()
    const { store } = fileStore(path)
    const t = lostPlace({ order: false })
    const { gw, events } = gateway(t, { undetermined: store, venue: 'http://a', confirmAfterMs: 30 })
    const r = await gw.place(buy)
    expect(r).toMatchObject({ status: 'rejected', reconciled: true })
    const queries = t.sent('GET /sapi/v1/order').length
    await expect.poll(() => t.sent('GET /sapi/v1/order').length).toBe(queries + 1)
    await expect.poll(async () => (await store.flushed(), onDisk(path))).toEqual([])
    expect(settled(events)).toHaveLength(1)
    expect(told(gw)).toEqual([])
    gw.close()
  })

  it('an unreachable read-back is tried again later (doubling), and then corrects', async () => {
    const path = tempPath()
    const { store } = fileStore(path)
    let phase: 'absent' | 'down' | 'found' = 'absent'
    const t = venue({
      'POST /sapi/v1/order': reset,
      'GET /sapi/v1/order': (q) =>
        phase === 'absent'
          ? noSuchOrder()
          : phase === 'down'
            ? reply(503, 'down')
            : reply(200, spotOrder({ orderId: '9002', clientOrderId: q.get('newClientOrderId') })),
      'GET /sapi/v1/openOrders': () => reply(200, [])
    })
    const { gw, events } = gateway(t, { undetermined: store, venue: 'http://a', confirmAfterMs: 30 })
    expect((await gw.place(buy)).status).toBe('rejected')
    const queries = t.sent('GET /sapi/v1/order').length
    phase = 'down'
    // the client itself retries a GET on a 5xx twice: one read-back is 3 requests
    await expect.poll(() => t.sent('GET /sapi/v1/order').length).toBeGreaterThanOrEqual(queries + 3)
    phase = 'found'
    await expect.poll(() => settled(events)).toHaveLength(2)
    expect(settled(events)[1]).toMatchObject({ notice: 'correction', result: { status: 'placed', orderId: '9002' } })
    await expect.poll(async () => (await store.flushed(), onDisk(path))).toEqual([])
    gw.close()
  })

  it('a "confirming" entry outlives a restart: the next gateway reads it back at its confirmAt and corrects', async () => {
    const path = tempPath()
    const holds = { order: false }
    let cid: string
    let confirmAt: number
    {
      const { store } = fileStore(path)
      const t = lostPlace(holds)
      const { gw } = gateway(t, { undetermined: store, venue: 'http://a', confirmAfterMs: 400 })
      const r = await gw.place(buy)
      expect(r).toMatchObject({ status: 'rejected', reconciled: true })
      cid = r.clientOrderId
      gw.close() // before its read-back
      await store.flushed()
      const [entry] = onDisk(path)
      expect(entry).toMatchObject({ clientOrderId: cid, phase: 'confirming' })
      confirmAt = entry!.confirmAt!
    }
    holds.order = true
    const { store } = fileStore(path)
    const t = lostPlace(holds)
    const { gw, events } = gateway(t, { undetermined: store, venue: 'http://a' })
    expect(gw.pending()).toEqual([]) // a verdict was told already: not pending again
    await expect.poll(() => settled(events)).toHaveLength(1)
    expect(settled(events)[0]).toMatchObject({
      action: 'place',
      notice: 'correction',
      request: asked,
      result: { status: 'placed', clientOrderId: cid, orderId: '9001' }
    })
    expect(t.sent('GET /sapi/v1/order')).toHaveLength(1)
    expect(t.sent('GET /sapi/v1/order')[0]!.at).toBeGreaterThanOrEqual(confirmAt - 2)
    expect(told(gw)).toEqual(settled(events))
    await expect.poll(async () => (await store.flushed(), onDisk(path))).toEqual([])
    gw.close()
  })

  it('while a "confirming" entry waits for its read-back, its client id stays refused after a restart too', async () => {
    // In the run that sent it the id is "already used"; the next run must not let a caller send a new order under it
    // before the read-back: that read would find the NEW order and tell it as a correction of the old place.
    const path = tempPath()
    {
      const { store } = fileStore(path)
      const { gw } = gateway(lostPlace({ order: false }), {
        undetermined: store,
        venue: 'http://a',
        confirmAfterMs: 60_000
      })
      expect(await gw.place({ ...buy, clientOrderId: 'n-1' })).toMatchObject({ status: 'rejected', reconciled: true })
      expect(await gw.place({ ...buy, clientOrderId: 'n-1' })).toMatchObject({
        status: 'rejected',
        error: { kind: 'validation', field: 'clientOrderId' }
      })
      gw.close()
      await store.flushed()
      expect(onDisk(path)).toMatchObject([{ clientOrderId: 'n-1', phase: 'confirming' }])
    }
    const { store } = fileStore(path)
    const t = venue({
      'POST /sapi/v1/order': (_q, b) => reply(200, spotOrder({ clientOrderId: b['newClientOrderId'] }))
    })
    const { gw } = gateway(t, { undetermined: store, venue: 'http://a' })
    expect(await gw.place({ ...buy, clientOrderId: 'n-1' })).toMatchObject({
      status: 'rejected',
      error: { kind: 'validation', field: 'clientOrderId' }
    })
    expect(t.sent('POST /sapi/v1/order')).toHaveLength(0)
    gw.close()
  })
})

describe('a rate limit on a place', () => {
  it('429 -1003: an unknown outcome (rate-limited), reconciled by the query, one POST only', async () => {
    const answer = gate<TransportResponse>()
    const t = venue({
      'POST /sapi/v1/order': () => reply(429, { code: -1003, msg: 'Too many requests' }),
      'GET /sapi/v1/order': () => answer.wait
    })
    const { gw, events } = gateway(t, { reconcileDeadlineMs: 50 })
    const r = (await gw.place(buy)) as Extract<PlaceResult, { status: 'unknown' }>
    expect(r).toMatchObject({
      status: 'unknown',
      error: { kind: 'unknown-outcome', detail: 'rate-limited', httpStatus: 429 }
    })
    answer.open(reply(200, spotOrder({ orderId: '6001', clientOrderId: r.clientOrderId })))
    expect(await r.settled).toMatchObject({ status: 'placed', orderId: '6001', reconciled: true })
    expect(t.sent('POST /sapi/v1/order')).toHaveLength(1)
    expect(settled(events)).toHaveLength(1)
    gw.close()
  })

  it('-1003 at HTTP 200 (live venues): the same; absent past the settle point is "not placed", still one POST', async () => {
    const t = venue({
      'POST /sapi/v1/order': () => reply(200, { code: '-1003', msg: 'Too many requests', data: null, succ: false }),
      'GET /sapi/v1/order': noSuchOrder,
      'GET /sapi/v1/openOrders': () => reply(200, [])
    })
    const { gw } = gateway(t)
    const r = await gw.place(buy)
    expect(r).toMatchObject({ status: 'rejected', reconciled: true, error: { code: -2013 } })
    expect(t.sent('GET /sapi/v1/order').length).toBeGreaterThanOrEqual(2) // absent before the settle point is not final
    expect(t.sent('POST /sapi/v1/order')).toHaveLength(1)
    gw.close()
  })
})
