// Orders are never duplicated or lost. 200 random orders (spot, margin, spot batches) and cancels go through the
// OrderGateway and a loopback proxy that, seeded at random, delays requests, answers 5xx after the exchange acted,
// cuts connections after the exchange acted, refuses before forwarding, or forwards only after the client gave
// up. Then the exchange's own records are compared with what the gateway reported:
//   - every client order id the gateway sent exists on the exchange at most once (zero duplicates), exactly once
//     when reported placed (with the reported order id) and never when reported rejected (zero lost);
//   - every cancel reported canceled left the order CANCELED; every one reported rejected did not.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seededRandom } from '@shared/random'
import type { RunningExchange } from '../../../src-sim/exchange'
import { OrderGateway } from '../../../src-main/orders/order-gateway'
import type {
  CancelResult,
  CancelVerdict,
  GatewayEvent,
  PlaceResult,
  PlaceVerdict
} from '../../../src-main/orders/types'
import type { ExchangeClient } from '../../../src-main/client/exchange-client'
import { startFaultProxy, type Fault, type FaultProxy } from './fault-proxy'
import { clientFor, keyPairs, pool, quietExchange } from './helpers'

const SEED = 20_240_611
const ORDERS = 200
const SYMBOL = 'btcusdt'

let ex: RunningExchange
let proxy: FaultProxy
let gw: OrderGateway
let taker: ExchangeClient
const events: GatewayEvent[] = []

/** Faults for order writes (about 40 %) and, fewer, for the reads reconciliation depends on. */
function faultPolicy(random: () => number): (r: { method: string; path: string }) => Fault {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)] as T
  return ({ method, path }) => {
    if (path.endsWith('/time')) return { kind: 'none' } // keep the clock's samples clean
    const r = random()
    if (method === 'POST') {
      if (r >= 0.4) return { kind: 'none' }
      const kind = pick([
        'delay',
        'error-after',
        'error-after',
        'cut-after',
        'cut-after',
        'error-before',
        'cut-before',
        'late'
      ] as const)
      if (kind === 'delay') return { kind, ms: 50 + Math.floor(random() * 300) }
      if (kind === 'late') return { kind, ms: 1300 + Math.floor(random() * 1500) } // past the 1 s client timeout
      return { kind, status: pick([500, 502, 503, 504]) }
    }
    if (r >= 0.15) return { kind: 'none' }
    const kind = pick(['delay', 'error-after', 'cut-after', 'late'] as const)
    return kind === 'delay' || kind === 'late'
      ? { kind, ms: kind === 'late' ? 1200 : 50 + Math.floor(random() * 200) }
      : { kind, status: 503 }
  }
}

beforeAll(async () => {
  const [user, other] = keyPairs('gateway', 'taker')
  ex = await quietExchange({ keys: [user!, other!] })
  proxy = await startFaultProxy(ex.url, faultPolicy(seededRandom(SEED)))
  // A short per-attempt timeout makes 'late' faults time out; every timeout on a write is an unknown outcome.
  const client = clientFor(proxy.url, user!, { timeoutMs: 1000 })
  gw = new OrderGateway({
    client,
    reconcileDeadlineMs: 4000,
    random: seededRandom(SEED + 1),
    onEvent: (e) => events.push(e)
  })
  taker = clientFor(ex.url, other!)
}, 60_000)

afterAll(async () => {
  gw?.close()
  await proxy?.close()
  await ex?.close()
})

/** The verdict, waiting for background reconciliation when the deadline passed first. */
const verdict = async <V>(r: V | { status: 'unknown'; settled: Promise<V> }): Promise<V> =>
  (r as { status: string }).status === 'unknown' ? (r as { settled: Promise<V> }).settled : (r as V)

const tally = (xs: string[]): Record<string, number> =>
  xs.reduce<Record<string, number>>((m, x) => ((m[x] = (m[x] ?? 0) + 1), m), {})

interface Plan {
  kind: 'spot' | 'margin' | 'batch'
  side: 'BUY' | 'SELL'
  price: string
  volume: string
  batch: number
  cancel: boolean
  cancelBy: 'orderId' | 'clientOrderId'
}

/** Resting orders only: buys 60000..60999, sells 61000..61999, so ours never cross each other. */
function plans(random: () => number): Plan[] {
  return Array.from({ length: ORDERS }, () => {
    const r = random()
    const kind = r < 0.1 ? 'batch' : r < 0.22 ? 'margin' : 'spot'
    const side = kind === 'margin' || random() < 0.5 ? 'BUY' : 'SELL'
    const price = `${side === 'BUY' ? 60000 + Math.floor(random() * 1000) : 61000 + Math.floor(random() * 1000)}.${String(Math.floor(random() * 100)).padStart(2, '0')}`
    const volume = `0.00${1 + Math.floor(random() * 4)}`
    return {
      kind,
      side,
      price,
      volume,
      batch: 2 + Math.floor(random() * 3),
      cancel: random() < 0.5,
      cancelBy: random() < 0.5 ? 'orderId' : 'clientOrderId'
    }
  })
}

describe('order gateway under injected faults', () => {
  it('never duplicates or loses an order or a cancel', async () => {
    const placeLog: PlaceVerdict[] = []
    const cancelLog: { target: PlaceVerdict & { status: 'placed' }; result: CancelVerdict }[] = []
    const unknownSeen = { place: 0, cancel: 0 }
    const settleP = async (r: PlaceResult): Promise<PlaceVerdict> => {
      if (r.status === 'unknown') unknownSeen.place++
      const v = await verdict(r)
      placeLog.push(v)
      return v
    }
    const settleC = async (r: CancelResult): Promise<CancelVerdict> => {
      if (r.status === 'unknown') unknownSeen.cancel++
      return verdict(r)
    }

    const cancelOne = async (target: PlaceVerdict & { status: 'placed' }, by: Plan['cancelBy']): Promise<void> => {
      // A cancel that never took effect leaves the order open: trying again is the caller's call (and safe).
      for (let attempt = 0; attempt < 3; attempt++) {
        const ref = by === 'orderId' ? { orderId: target.orderId } : { clientOrderId: target.clientOrderId }
        const result = await settleC(await gw.cancel({ market: target.market, symbol: SYMBOL, ...ref }))
        cancelLog.push({ target, result })
        const stillOpen =
          result.status === 'rejected' &&
          (result.orderStatus === 'NEW' || result.orderStatus === 'PARTIALLY_FILLED' || result.error.kind !== 'api')
        if (!stillOpen) return
      }
    }

    const run = async (p: Plan): Promise<void> => {
      if (p.kind === 'batch') {
        const orders = Array.from({ length: p.batch }, (_, i) => ({
          side: p.side,
          type: 'LIMIT' as const,
          price: p.price,
          volume: `0.00${1 + i}`
        }))
        const results = await Promise.all(
          (await gw.placeBatch({ market: 'spot', symbol: SYMBOL, orders })).map(settleP)
        )
        const first = results.find((r): r is PlaceVerdict & { status: 'placed' } => r.status === 'placed')
        if (p.cancel && first) await cancelOne(first, p.cancelBy)
        return
      }
      // Only a definitive rejection allows a resend, and the resend takes a NEW client order id (the gateway's).
      for (let attempt = 0; attempt < 3; attempt++) {
        const v = await settleP(
          await gw.place({
            market: p.kind,
            symbol: SYMBOL,
            side: p.side,
            type: 'LIMIT',
            price: p.price,
            volume: p.volume
          })
        )
        if (v.status === 'placed') {
          if (p.cancel) await cancelOne(v, p.cancelBy)
          return
        }
      }
    }

    // A taker on a clean connection fills some of our resting orders, so cancels also meet FILLED orders.
    let taking = true
    const takerLoop = (async () => {
      const random = seededRandom(SEED + 2)
      while (taking) {
        await new Promise((r) => setTimeout(r, 250))
        const sell = random() < 0.5
        await taker
          .spotOrderPlace({
            symbol: SYMBOL,
            side: sell ? 'SELL' : 'BUY',
            type: 'MARKET',
            volume: sell ? '0.003' : '150'
          })
          .catch(() => undefined)
      }
    })()

    await pool(plans(seededRandom(SEED + 3)), 12, run)
    taking = false
    await takerLoop
    await proxy.idle()

    // ---- the exchange's records against the gateway's reports ----
    const accountId = ex.accounts[0]!.accountId
    const ours = [...ex.spot.records.orders.values()].filter(
      (o) => o.account === accountId || o.account === `${accountId}:margin`
    )
    const byClientId = new Map<string, typeof ours>()
    for (const o of ours) {
      expect(o.clientOrderId, 'every order of the gateway carries a client order id').toBeTruthy()
      byClientId.set(o.clientOrderId!, [...(byClientId.get(o.clientOrderId!) ?? []), o])
    }
    const reported = new Map(placeLog.map((v) => [v.clientOrderId, v]))
    expect(reported.size, 'each client order id is reported once').toBe(placeLog.length)
    const duplicates = [...byClientId].filter(([, list]) => list.length > 1).map(([cid]) => cid)
    expect(duplicates, 'duplicate orders').toEqual([])
    const unreported = [...byClientId.keys()].filter((cid) => !reported.has(cid))
    expect(unreported, 'orders on the exchange the gateway never reported').toEqual([])
    const lost = placeLog.filter(
      (v) => v.status === 'placed' && byClientId.get(v.clientOrderId)?.[0]?.orderId !== v.orderId
    )
    expect(
      lost.map((v) => v.clientOrderId),
      'reported placed, missing or another id on the exchange'
    ).toEqual([])
    const ghost = placeLog.filter((v) => v.status === 'rejected' && byClientId.has(v.clientOrderId))
    expect(
      ghost.map((v) => v.clientOrderId),
      'reported rejected, yet on the exchange'
    ).toEqual([])

    // Nobody else cancels (and ours never cross): an order is CANCELED exactly when a cancel was reported so.
    const statusOf = (cid: string): string | undefined => byClientId.get(cid)?.[0]?.status
    const cancelled = new Set(
      cancelLog.filter((c) => c.result.status === 'canceled').map((c) => c.target.clientOrderId)
    )
    const wrongCancels = [...new Set(cancelLog.map((c) => c.target.clientOrderId))].filter(
      (cid) => cancelled.has(cid) !== (statusOf(cid) === 'CANCELED')
    )
    expect(wrongCancels.map((cid) => [cid, cancelled.has(cid), statusOf(cid)])).toEqual([])

    // ---- the faults really happened, on writes and reads, and both verdicts came out of reconciliation ----
    for (const kind of ['error-after', 'cut-after', 'error-before', 'cut-before', 'late'] as const) {
      expect(proxy.count(kind, 'POST /spot/open/sapi/v1/order'), `${kind} on place`).toBeGreaterThan(0)
    }
    expect(
      proxy.count('error-after', 'POST /spot/open/sapi/v1/cancel') +
        proxy.count('cut-after', 'POST /spot/open/sapi/v1/cancel')
    ).toBeGreaterThan(0)
    expect(
      proxy.count('error-after', 'GET /spot/open/sapi/v1/order') +
        proxy.count('cut-after', 'GET /spot/open/sapi/v1/order')
    ).toBeGreaterThan(0)
    const placedAfterReconcile = placeLog.filter((v) => v.reconciled && v.status === 'placed').length
    const absentAfterReconcile = placeLog.filter((v) => v.reconciled && v.status === 'rejected').length
    expect(placedAfterReconcile).toBeGreaterThan(0)
    expect(absentAfterReconcile).toBeGreaterThan(0)
    expect(cancelLog.some((c) => c.result.reconciled)).toBe(true)
    expect(cancelLog.some((c) => c.result.status === 'canceled')).toBe(true)

    // Every action got exactly one verdict event, and nothing is left pending.
    const settled = events.filter((e) => e.type === 'settled')
    expect(settled.filter((e) => e.action === 'place').length).toBe(placeLog.length)
    expect(settled.filter((e) => e.action === 'cancel').length).toBe(cancelLog.length)
    expect(gw.pending()).toEqual([])
    console.info(
      `fault-injection: ${placeLog.length} places (${placedAfterReconcile} placed and ${absentAfterReconcile} absent after reconciliation, ` +
        `${unknownSeen.place} past the deadline), ${cancelLog.length} cancels (${cancelLog.filter((c) => c.result.reconciled).length} reconciled, ` +
        `${unknownSeen.cancel} past the deadline; ${JSON.stringify(tally(cancelLog.map((c) => (c.result.status === 'rejected' ? `rejected:${c.result.orderStatus ?? c.result.error.code}` : 'canceled'))))}); ` +
        `exchange holds ${ours.length} orders`
    )
  }, 300_000)
})
