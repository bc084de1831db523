// Every submit ends in exactly one TRUE verdict, over random fault schedules and clock errors (order-gateway.ts,
// reconcile.ts, clock.ts). A simulated venue in-process (a stub transport, no network) whose clock is the real clock
// plus a hidden skew; it accepts a signed request iff its stamp is within [venue now - window, venue now + 5000].
// The terminal's ServerClock knows the venue clock only as physics allows: synced through time samples whose two
// legs are delayed asymmetrically (the midpoint estimate is then off by up to half the RTT, its stated bound), or
// given an offset with an error bound that covers its true error. Per POST a fault is drawn: answered, the answer
// lost after the venue acted (5xx / reset), never forwarded, delivered late (the venue acts after a delay around the
// window, judging the stamp by its own clock then), or a 429 before or after acting; reads fail now and then too
// (5xx, reset, 429). The time window is scaled down (100-200 ms), so each case runs in real time in well under a
// second.
//
// Checked per submit, once every late delivery has landed or been refused: exactly one 'settled' verdict (the one
// the call returned), 'placed' iff the venue holds an order with that client id (with its order id), never two
// orders under one client id, never sent again after an unknown outcome (only after a -1021, which proves the venue
// refused it), and no action left "sending" in the intent log (only reconciled "not placed" ones, to be read back).
//
// Judging "asked after the settle point" by the clock's estimate instead of its lower bound (reconcile.ts before
// issue 21) fails here: with the estimate ahead of the venue by more than the margin, a copy delivered between the
// estimated and the true settle point is accepted after "not placed" was decided (the first two examples are such
// cases, and random runs find others); so does a bound smaller than the clock's true error (half of it, say).
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { ServerClock } from '../../src-main/client/clock'
import { sleep } from '../../src-main/client/retry'
import type { TransportInit, TransportResponse } from '../../src-main/client/transport'
import { OrderGateway } from '../../src-main/orders/order-gateway'
import type { GatewayEvent, PlaceVerdict } from '../../src-main/orders/types'
import type { StoredUndetermined, UndeterminedStore } from '../../src-main/orders/undetermined-store'
import { runs } from '../fast-check-env'
import { makeClient, reply, stubTransport } from '../unit/client/helpers'

/** The venue's tolerance for stamps ahead of its clock (the spec's 5 s). */
const AHEAD_MS = 5000
/** The gateway's settleMarginMs: the venue's processing time, scaled down like the window. */
const MARGIN_MS = 20

type PostFault =
  | { kind: 'answered' }
  | { kind: 'lost-after'; as: '502' | 'reset' }
  | { kind: 'not-forwarded' }
  /**
   * Lost on the way back to the terminal at once (a reset or a 504), and delivered to the venue window +
   * `afterWindowMs` later.
   */
  | { kind: 'delayed'; afterWindowMs: number; as: '504' | 'reset' }
  | { kind: '429'; acted: boolean }
type ReadFault = 'ok' | '503' | 'reset' | '429'

interface Submit {
  /** When it is placed, after the case starts (ms). */
  startMs: number
  /** Faults of its POSTs: the first, and the one resend a -1021 allows. */
  faults: [PostFault, PostFault]
}
interface Case {
  windowMs: number
  /** The venue's clock less the local clock (hidden from the terminal). */
  skewMs: number
  /**
   * 'given': offset = skew + errorMs, stated bound |errorMs| + slackMs. 'sampled': measured through /time.
   * Either way, a -1021 resyncs through /time, whose legs are `legs` in turn.
   */
  clock: { kind: 'given'; errorMs: number; slackMs: number } | { kind: 'sampled' }
  /** Time samples: request leg, answer leg (ms). The answer leg is capped at the request leg + window / 2. */
  legs: [number, number][]
  /** Faults of the signed reads, in the order they arrive (then 'ok'). */
  reads: ReadFault[]
  /** Whether the venue's open-orders list names client ids (spec shapes do not). */
  openListsIds: boolean
  submits: Submit[]
}

const postFault: fc.Arbitrary<PostFault> = fc.oneof(
  { weight: 2, arbitrary: fc.constant({ kind: 'answered' as const }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('lost-after' as const),
      as: fc.constantFrom('502' as const, 'reset' as const)
    })
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'not-forwarded' as const }) },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('delayed' as const),
      afterWindowMs: fc.integer({ min: -60, max: 200 }),
      as: fc.constantFrom('504' as const, 'reset' as const)
    })
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('429' as const), acted: fc.boolean() }) }
)

const caseArb: fc.Arbitrary<Case> = fc.record({
  windowMs: fc.integer({ min: 100, max: 200 }),
  skewMs: fc.integer({ min: -3000, max: 3000 }),
  // The estimate's true error spread where it matters: ahead of the venue by more than the margin (a "not placed"
  // judged by the estimate itself would come too early), small either way, and behind by more than the window (the
  // first signed requests are refused with -1021, resynced through /time and resent once).
  clock: fc.oneof(
    {
      weight: 2,
      arbitrary: fc.record({
        kind: fc.constant('given' as const),
        errorMs: fc.integer({ min: 40, max: 150 }),
        slackMs: fc.integer({ min: 0, max: 40 })
      })
    },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('given' as const),
        errorMs: fc.integer({ min: -25, max: 40 }),
        slackMs: fc.integer({ min: 0, max: 40 })
      })
    },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('given' as const),
        errorMs: fc.integer({ min: -300, max: -100 }),
        slackMs: fc.integer({ min: 0, max: 40 })
      })
    },
    { weight: 2, arbitrary: fc.constant({ kind: 'sampled' as const }) }
  ),
  // a slow request leg and a fast answer leg put the midpoint estimate ahead by up to half the RTT
  legs: fc.array(
    fc.oneof(
      fc.tuple(fc.integer({ min: 80, max: 150 }), fc.integer({ min: 0, max: 20 })),
      fc.tuple(fc.integer({ min: 0, max: 150 }), fc.integer({ min: 0, max: 150 }))
    ),
    { minLength: 1, maxLength: 3 }
  ),
  reads: fc.array(fc.constantFrom<ReadFault>('ok', 'ok', 'ok', '503', 'reset', '429'), { maxLength: 10 }),
  openListsIds: fc.boolean(),
  submits: fc.array(fc.record({ startMs: fc.integer({ min: 0, max: 60 }), faults: fc.tuple(postFault, postFault) }), {
    minLength: 1,
    maxLength: 5
  })
})

/**
 * The estimate 150 ms ahead of the venue (exactly its stated bound) and a copy delivered 120 ms past the window: the
 * venue takes it (its stamp is 150 ms ahead). "Not placed" judged by the estimate would be decided 20 ms past the
 * window, and by the estimate less half the bound 95 ms past it: both before the copy lands.
 */
const lateCopy: Case = {
  windowMs: 100,
  skewMs: 1234,
  clock: { kind: 'given', errorMs: 150, slackMs: 0 },
  legs: [[10, 10]],
  reads: [],
  openListsIds: false,
  submits: [{ startMs: 0, faults: [{ kind: 'delayed', afterWindowMs: 120, as: 'reset' }, { kind: 'answered' }] }]
}
/** The same through a measured sample: request leg 300 ms, answer leg 0 (the estimate 150 ms ahead, RTT 300). */
const lateCopySampled: Case = { ...lateCopy, skewMs: -777, clock: { kind: 'sampled' }, legs: [[300, 0]] }
/** Sampled through an asymmetric route (request leg 150 ms, answer leg 0: 75 ms ahead), every fault once. */
const everyFault: Case = {
  windowMs: 150,
  skewMs: -2000,
  clock: { kind: 'sampled' },
  legs: [[150, 0]],
  reads: ['503', 'ok', '429', 'reset'],
  openListsIds: true,
  submits: [
    { startMs: 0, faults: [{ kind: 'delayed', afterWindowMs: 40, as: '504' }, { kind: 'answered' }] },
    { startMs: 5, faults: [{ kind: 'delayed', afterWindowMs: 200, as: 'reset' }, { kind: 'answered' }] },
    { startMs: 10, faults: [{ kind: '429', acted: true }, { kind: 'answered' }] },
    { startMs: 15, faults: [{ kind: 'not-forwarded' }, { kind: 'answered' }] }
  ]
}

/** The offset given 250 ms behind the venue: both first POSTs are refused with -1021, resynced, and sent again once. */
const staleStamps: Case = {
  windowMs: 100,
  skewMs: 500,
  clock: { kind: 'given', errorMs: -250, slackMs: 10 },
  legs: [[40, 20]],
  reads: [],
  openListsIds: false,
  submits: [
    { startMs: 0, faults: [{ kind: 'answered' }, { kind: 'lost-after', as: 'reset' }] },
    { startMs: 0, faults: [{ kind: 'answered' }, { kind: 'delayed', afterWindowMs: 0, as: '504' }] }
  ]
}

interface PostRecord {
  fault: PostFault
  /** What the venue did with it (a delayed one: once delivered). */
  outcome: 'accepted' | 'stale' | 'unseen' | 'in-flight'
  /** The terminal was answered -1021 (the venue refused the stamp before acting). */
  answered1021: boolean
}

/** The simulated venue: its clock, its orders by client id, what each POST became. */
class SimVenue {
  readonly orders = new Map<string, { orderId: string }[]>()
  readonly posts = new Map<string, PostRecord[]>()
  readonly deliveries: Promise<void>[] = []
  private seq = 0
  private sample = 0
  private read = 0
  lateAccepted = 0
  lateRefused = 0

  constructor(private readonly c: Case) {}

  now(): number {
    return Date.now() + this.c.skewMs
  }

  /** The venue's stamp check, by its own clock at this moment. */
  private fresh(ts: number): boolean {
    const now = this.now()
    return ts >= now - this.c.windowMs && ts <= now + AHEAD_MS
  }

  private act(cid: string, ts: number): 'accepted' | 'stale' {
    if (!this.fresh(ts)) return 'stale'
    const list = this.orders.get(cid) ?? []
    list.push({ orderId: String(7_000_000 + ++this.seq) })
    this.orders.set(cid, list)
    return 'accepted'
  }

  private order(cid: string, orderId: string): Record<string, unknown> {
    return {
      orderId,
      clientOrderId: cid,
      symbol: 'btcusdt',
      transactTime: String(this.now()),
      price: '60000',
      origQty: '0.001',
      executedQty: '0',
      type: 'LIMIT',
      side: 'BUY',
      status: 'NEW',
      avgPrice: '0'
    }
  }

  async handle(url: string, init: TransportInit): Promise<TransportResponse> {
    const u = new URL(url)
    const path = u.pathname.replace(/^\/spot\/open/, '')
    if (path === '/sapi/v1/time') {
      const [out, back] = this.c.legs[this.sample++ % this.c.legs.length]!
      await sleep(out)
      const serverTime = this.now() // stamped somewhere inside the round trip, as a real venue does
      await sleep(Math.min(back, out + Math.floor(this.c.windowMs / 2)))
      return reply(200, { timezone: 'UTC', serverTime })
    }
    const ts = Number(init.headers['X-CH-TS'])
    if (init.method === 'GET') {
      const fault = this.c.reads[this.read++] ?? 'ok'
      if (fault === 'reset') throw new TypeError('fetch failed', { cause: { code: 'ECONNRESET' } })
      if (fault === '503') return reply(503, 'unavailable')
      if (fault === '429') return reply(429, { code: -1003, msg: 'Too many requests' })
      if (!this.fresh(ts))
        return reply(400, { code: -1021, msg: 'Timestamp for this request is outside of the recvWindow' })
      if (path === '/sapi/v1/order') {
        const cid = u.searchParams.get('newClientOrderId') ?? ''
        const held = this.orders.get(cid)?.[0]
        return held
          ? reply(200, this.order(cid, held.orderId))
          : reply(400, { code: -2013, msg: 'Order does not exist' })
      }
      if (path === '/sapi/v1/openOrders') {
        const list = [...this.orders]
          .flatMap(([cid, os]) => os.map((o) => this.order(cid, o.orderId)))
          .map((o) => (this.c.openListsIds ? o : { ...o, clientOrderId: undefined }))
        return reply(200, { list })
      }
      return reply(404, { code: -1000, msg: 'not served' })
    }
    if (path !== '/sapi/v1/order') return reply(404, { code: -1000, msg: 'not served' })
    const body = JSON.parse(init.body ?? '{}') as { newClientOrderId: string; price: string }
    const cid = body.newClientOrderId
    const submit = this.c.submits[Number(body.price) - 60000]!
    const records = this.posts.get(cid) ?? []
    this.posts.set(cid, records)
    const fault = submit.faults[Math.min(records.length, 1)]!
    const rec: PostRecord = { fault, outcome: 'unseen', answered1021: false }
    records.push(rec)
    const reset = (): never => {
      throw new TypeError('fetch failed', { cause: { code: 'ECONNRESET' } })
    }
    switch (fault.kind) {
      case 'answered': {
        rec.outcome = this.act(cid, ts)
        if (rec.outcome === 'stale') {
          rec.answered1021 = true
          return reply(400, { code: -1021, msg: 'Timestamp for this request is outside of the recvWindow' })
        }
        return reply(200, this.order(cid, this.orders.get(cid)!.at(-1)!.orderId))
      }
      case 'lost-after':
        rec.outcome = this.act(cid, ts)
        return fault.as === '502' ? reply(502, '<html>bad gateway</html>') : reset()
      case 'not-forwarded':
        return reset()
      case '429':
        if (fault.acted) rec.outcome = this.act(cid, ts)
        return reply(429, { code: -1003, msg: 'Too many requests' })
      case 'delayed': {
        rec.outcome = 'in-flight'
        const failedAt = Date.now()
        this.deliveries.push(
          sleep(Math.max(0, this.c.windowMs + fault.afterWindowMs)).then(() => {
            rec.outcome = this.act(cid, ts)
            if (rec.outcome === 'accepted' && Date.now() - failedAt >= this.c.windowMs) this.lateAccepted++
            if (rec.outcome === 'stale') this.lateRefused++
          })
        )
        return fault.as === '504' ? reply(504, '') : reset()
      }
    }
  }
}

/** The intent log's store, in memory (what it holds is checked at the end). */
function memoryStore(): UndeterminedStore & { data: StoredUndetermined } {
  const s = {
    data: { kept: [], heldIds: [], intents: [] } as StoredUndetermined,
    load: () => ({ kept: [...s.data.kept], heldIds: [...s.data.heldIds], intents: [...s.data.intents] }),
    save: async (d: Partial<StoredUndetermined>) => {
      s.data = { ...s.data, ...d }
      return true
    },
    flushed: async () => undefined,
    destroy: async () => undefined
  }
  return s
}

const stats = {
  cases: 0,
  submits: 0,
  placed: 0,
  reconciledPlaced: 0,
  notPlaced: 0,
  lateAccepted: 0,
  lateRefused: 0,
  resent1021: 0
}

async function runCase(c: Case): Promise<void> {
  const sim = new SimVenue(c)
  const transport = stubTransport((url, init) => sim.handle(url, init))
  const clock =
    c.clock.kind === 'given'
      ? new ServerClock({
          offsetMs: c.skewMs + c.clock.errorMs,
          offsetErrorMs: Math.abs(c.clock.errorMs) + c.clock.slackMs,
          samples: 1
        })
      : new ServerClock({ samples: 1 })
  // A generous rate budget (the reads of several reconciliations at once would otherwise queue) and short 429 pauses.
  const client = makeClient(transport, { clock, governorOptions: { marginMs: 0, countRatio: 10, backoffBaseMs: 5 } })
  const events: GatewayEvent[] = []
  const store = memoryStore()
  const gw = new OrderGateway({
    client,
    timeWindowMs: c.windowMs,
    settleMarginMs: MARGIN_MS,
    reconcileDeadlineMs: 60_000,
    backoff: { baseMs: 5, maxMs: 40 },
    confirmAfterMs: 3_600_000, // the read-back is not part of this property (intents.test.ts covers it)
    undetermined: store,
    venue: 'sim',
    onEvent: (e) => events.push(e)
  })
  try {
    const verdicts = await Promise.all(
      c.submits.map(async (s, i): Promise<PlaceVerdict> => {
        await sleep(s.startMs)
        const r = await gw.place({
          market: 'spot',
          symbol: 'btcusdt',
          side: 'BUY',
          type: 'LIMIT',
          price: String(60000 + i),
          volume: '0.001'
        })
        return r.status === 'unknown' ? r.settled : r
      })
    )
    await Promise.all(sim.deliveries) // every late copy landed or was refused: the venue's state is final
    stats.cases++
    stats.lateAccepted += sim.lateAccepted
    stats.lateRefused += sim.lateRefused
    const settled = events.filter((e) => e.type === 'settled')
    for (const v of verdicts) {
      const cid = v.clientOrderId
      const held = sim.orders.get(cid) ?? []
      const posts = sim.posts.get(cid) ?? []
      const mine = settled.filter((e) => e.result.clientOrderId === cid)
      const what = `${cid}: ${JSON.stringify({ verdict: { status: v.status, reconciled: v.reconciled, code: v.status === 'rejected' ? v.error.code : undefined }, posts, held })}`
      expect(mine, what).toHaveLength(1)
      expect(mine[0]!.result, what).toBe(v)
      expect(['placed', 'rejected'], what).toContain(v.status)
      expect(held.length, `never two orders under one client id: ${what}`).toBeLessThanOrEqual(1)
      expect(v.status === 'placed', `placed iff the venue holds it: ${what}`).toBe(held.length === 1)
      if (v.status === 'placed') expect(v.orderId, what).toBe(held[0]!.orderId)
      // sent once; a second POST only after the venue answered the first with -1021 (it refused it unread)
      expect(posts.length, what).toBeGreaterThanOrEqual(1)
      expect(posts.length, what).toBeLessThanOrEqual(2)
      if (posts.length === 2) expect(posts[0]!.answered1021, `resent after an unknown outcome: ${what}`).toBe(true)
      stats.submits++
      if (v.status === 'placed') stats.placed++
      if (v.status === 'placed' && v.reconciled) stats.reconciledPlaced++
      if (v.status === 'rejected' && v.reconciled) stats.notPlaced++
      if (posts.length === 2) stats.resent1021++
    }
    // nothing left "sending"; a reconciled "not placed" waits to be read back once more
    const notPlaced = verdicts
      .filter((v) => v.status === 'rejected' && v.reconciled && v.error.code === -2013)
      .map((v) => v.clientOrderId)
    expect(store.data.intents.filter((i) => i.phase === 'sending')).toEqual([])
    expect(store.data.intents.map((i) => i.clientOrderId).sort()).toEqual(notPlaced.sort())
    expect(settled.filter((e) => e.notice !== undefined)).toEqual([])
  } finally {
    gw.close()
    await Promise.all(sim.deliveries)
  }
}

describe('order verdicts under faults and clock error', () => {
  it('every submit ends in exactly one true verdict: placed iff the venue holds the order, never sent twice', async () => {
    await fc.assert(
      fc.asyncProperty(caseArb, (c) => runCase(c)),
      { numRuns: runs(40), examples: [[lateCopy], [lateCopySampled], [everyFault], [staleStamps]] }
    )
    // the runs did reach the cases that matter (the examples do on every seed): copies accepted past the window
    // after the terminal saw the failure, copies refused for their stale stamp, and orders found by reconciliation
    expect(stats.lateAccepted).toBeGreaterThan(0)
    expect(stats.lateRefused).toBeGreaterThan(0)
    expect(stats.reconciledPlaced).toBeGreaterThan(0)
    expect(stats.notPlaced).toBeGreaterThan(0)
    expect(stats.resent1021).toBeGreaterThan(0)
    console.log(`order verdicts: ${JSON.stringify(stats)}`)
  }, 120_000)
})
