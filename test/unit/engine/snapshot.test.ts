import { describe, expect, it } from 'vitest'
import type { SpotEngine } from '../../../src-sim/engine/engine'
import { toOrderInfo } from '../../../src-sim/engine/order'
import { type EngineSnapshot, restoreEngine, snapshotEngine } from '../../../src-sim/engine/snapshot'
import type { OrderInfo, Rejection, Trade } from '../../../src-sim/engine/types'
import { expectSound, fund, makeEngine } from './helpers'

/** A deterministic little market: rests, partial fills, STP, cancels, market orders on both symbols. */
function activity(e: SpotEngine, seed: number, steps: number): (OrderInfo | Rejection)[] {
  let s = seed
  const rnd = (n: number): number => {
    s = (s * 1103515245 + 12345) % 2147483648
    return s % n
  }
  const out: (OrderInfo | Rejection)[] = []
  const keep = (r: ReturnType<SpotEngine['place']>): void => {
    out.push(r.ok ? toOrderInfo(r) : r)
  }
  for (let i = 0; i < steps; i++) {
    const acc = `u${rnd(4)}`
    const symbol = rnd(2) === 0 ? 'btcusdt' : 'ethusdt'
    const side = rnd(2) === 0 ? 'BUY' : 'SELL'
    const r = rnd(10)
    if (r < 6)
      keep(
        e.place(acc, {
          symbol,
          side,
          type: 'LIMIT',
          price: 9990 + rnd(20),
          qty: 1 + rnd(20),
          clientOrderId: `c${i}`,
          timeInForce: rnd(8) === 0 ? 'POST_ONLY' : 'GTC'
        })
      )
    else if (r < 8) {
      const open = e.openOrders(acc, symbol)
      if (open.length > 0) keep(e.cancel(acc, symbol, open[rnd(open.length)]!.id))
    } else if (side === 'BUY') keep(e.place(acc, { symbol, side, type: 'MARKET', quoteQty: 1 + rnd(100_000) }))
    else keep(e.place(acc, { symbol, side, type: 'MARKET', qty: 1 + rnd(10) }))
  }
  return out
}

describe('snapshot / restore', () => {
  it('round-trips through JSON exactly and behaves identically afterwards', () => {
    const a = makeEngine()
    for (const u of ['u0', 'u1', 'u2', 'u3']) fund(a.e, u)
    a.e.deposit('u0', 'USDT', 2n ** 60n) // a balance beyond 2^53
    activity(a.e, 1, 400)
    expect(a.e.orders.size).toBeGreaterThan(10)

    const snap = snapshotEngine(a.e)
    const json = JSON.stringify(snap)
    const parsed = JSON.parse(json) as EngineSnapshot
    const bTrades: Trade[] = []
    const bUpdates: OrderInfo[] = []
    const b = restoreEngine(parsed, {
      clock: () => a.time.now,
      listener: { onTrade: (t) => bTrades.push(t), onOrder: (o) => bUpdates.push(toOrderInfo(o)) }
    })
    expectSound(b)
    expect(snapshotEngine(b)).toEqual(snap)
    expect(JSON.stringify(snapshotEngine(b))).toBe(json)
    expect(b.depth('btcusdt')).toEqual(a.e.depth('btcusdt'))
    expect(b.openOrders('u1').map(toOrderInfo)).toEqual(a.e.openOrders('u1').map(toOrderInfo))
    expect(b.balance('u0', 'USDT')).toEqual(a.e.balance('u0', 'USDT'))

    // the same further activity gives the same results, trades, ids and final state
    a.trades.length = 0
    a.updates.length = 0
    const ra = activity(a.e, 2, 300)
    const rb = activity(b, 2, 300)
    expect(rb).toEqual(ra)
    expect(bTrades).toEqual(a.trades)
    expect(bUpdates).toEqual(a.updates)
    expect(snapshotEngine(b)).toEqual(snapshotEngine(a.e))
    expectSound(a.e)
  })

  it('an empty engine round-trips', () => {
    const { e } = makeEngine()
    const snap = JSON.parse(JSON.stringify(snapshotEngine(e))) as EngineSnapshot
    expect(snapshotEngine(restoreEngine(snap, { clock: () => 0 }))).toEqual(snapshotEngine(e))
  })

  it('refuses an inconsistent snapshot', () => {
    const { e } = makeEngine()
    fund(e, 'a')
    e.place('a', { symbol: 'btcusdt', side: 'BUY', type: 'LIMIT', price: 100, qty: 1 })
    const snap = snapshotEngine(e)
    const badLocked = structuredClone(snap)
    badLocked.balances.find((r) => r.account === 'a' && r.asset === 'USDT')!.locked = '1'
    expect(() => restoreEngine(badLocked, { clock: () => 0 })).toThrow(/locked/)
    const badHold = structuredClone(snap)
    badHold.orders[0]!.hold += 1
    expect(() => restoreEngine(badHold, { clock: () => 0 })).toThrow(/hold/)
    const dup = structuredClone(snap)
    dup.orders.push(dup.orders[0]!)
    expect(() => restoreEngine(dup, { clock: () => 0 })).toThrow(/duplicate/)
    expect(() => restoreEngine({ ...snap, version: 2 as 1 }, { clock: () => 0 })).toThrow(/version/)
  })
})

describe('recycled order records (EngineOptions.recycleOrders)', () => {
  it('reuses closed records, keeps them readable until the next call, and behaves like fresh records', () => {
    const fresh = makeEngine()
    const reuse = makeEngine({ recycleOrders: true })
    for (const f of [fresh, reuse]) for (const u of ['u0', 'u1', 'u2', 'u3']) fund(f.e, u)
    // the same activity gives the same results, events and state with or without recycling
    expect(activity(reuse.e, 5, 600)).toEqual(activity(fresh.e, 5, 600))
    expect(reuse.trades).toEqual(fresh.trades)
    expect(reuse.updates).toEqual(fresh.updates)
    expect(snapshotEngine(reuse.e)).toEqual(snapshotEngine(fresh.e))
    expectSound(reuse.e)

    // a closed record is readable right after the call, and reused by a later placement
    const { e } = reuse
    const m = e.place('u0', { symbol: 'ethusdt', side: 'SELL', type: 'LIMIT', price: 50_000, qty: 3 })
    const t = e.place('u1', { symbol: 'ethusdt', side: 'BUY', type: 'LIMIT', price: 50_000, qty: 3 })
    if (!m.ok || !t.ok) throw new Error('rejected')
    expect([m.status, t.status]).toEqual(['FILLED', 'FILLED'])
    const ids = [m.id, t.id]
    const next = e.place('u2', { symbol: 'ethusdt', side: 'BUY', type: 'LIMIT', price: 1, qty: 1 })
    if (!next.ok) throw new Error('rejected')
    expect([m, t]).toContain(next) // the same object, now another order
    expect(ids).not.toContain(next.id)
    expectSound(e)
  })
})
