// Futures state is part of the one durable state: positions, resting orders (in their book order), waiting
// triggers, wallets and records come back after a restart on the same data dir, from the journal and from a
// snapshot alike; a spot-only snapshot (from before futures existed) still restores; idle ticks are not journaled,
// and a stop during an idle stretch restarts to the state of a process that never stopped.
import { cpSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ExchangeState } from '../../../src-sim/exchange-state'
import { SpotState } from '../../../src-sim/spot/spot-state'
import { futuresRig, publicGet, type FClient, type FuturesRig } from './harness'

const C = 'E-BTC-USDT'

async function scene(rig: FuturesRig): Promise<FClient[]> {
  const alice = await rig.client({ usdt: '20000' })
  const bob = await rig.client({ usdt: '20000' })
  await bob.place({ contractName: C, side: 'SELL', type: 'LIMIT', open: 'OPEN', price: '65000.0', volume: '10' })
  await alice.place({ contractName: C, side: 'BUY', type: 'LIMIT', open: 'OPEN', price: '65000.0', volume: '10' })
  await bob.place({ contractName: C, side: 'SELL', type: 'LIMIT', open: 'OPEN', price: '65100.0', volume: '3' })
  await bob.place({ contractName: C, side: 'SELL', type: 'LIMIT', open: 'OPEN', price: '65100.0', volume: '4' })
  await alice.post('conditionOrder', {
    contractName: C,
    side: 'SELL',
    type: 'MARKET',
    open: 'CLOSE',
    positionType: 1,
    volume: '10',
    triggerType: 3,
    triggerPrice: '60000.0'
  })
  await rig.tick(1000)
  return [alice, bob]
}

async function view(rig: FuturesRig, clients: FClient[]): Promise<unknown> {
  const out: unknown[] = [(await publicGet(rig.ex, 'depth', { contractName: C })).body.asks]
  for (const c of clients) {
    out.push(
      (await c.get('account')).body,
      (await c.get('openOrders', {})).body,
      (await c.post('trigger_order_list', { page: 1, limit: 10 })).body,
      (await c.get('capital', {})).body
    )
  }
  return out
}

describe('futures persistence', () => {
  it('restores the same state from the journal after a restart on the same data dir', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'fut-persist-'))
    const first = await futuresRig({ dataDir })
    const clients = await scene(first)
    const before = await view(first, clients)
    await first.close()

    const second = await futuresRig({ dataDir, t0: first.clock.now })
    // futuresRig ticks once on start (at the same time, so nothing moves); the state is what was acknowledged
    expect(
      await view(
        second,
        clients.map((c) => new (c.constructor as typeof FClient)(second.ex.url, c.keys, () => second.clock.now))
      )
    ).toEqual(before)
    // FIFO within a price level survives: bob's 3 then 4 at 65100.0
    const alice2 = new (clients[0]!.constructor as typeof FClient)(
      second.ex.url,
      clients[0]!.keys,
      () => second.clock.now
    )
    await alice2.place({ contractName: C, side: 'BUY', type: 'LIMIT', open: 'OPEN', price: '65100.0', volume: '3' })
    expect((await publicGet(second.ex, 'depth', { contractName: C })).body.asks).toEqual([['65100.0', '4']])
    await second.close()
  })

  it('round-trips the state through a snapshot exactly, and opens a spot-only snapshot', async () => {
    const rig = await futuresRig()
    await scene(rig)
    const snap = JSON.parse(JSON.stringify(rig.ex.state.snapshot()))
    const restored = new ExchangeState(snap)
    expect(JSON.stringify(restored.snapshot())).toBe(JSON.stringify(snap))
    // replaying a tick on both gives the same state
    const tick = { t: 'futures.tick' as const, time: rig.clock.now + 1000, fundingIntervalMs: 8 * 3600 * 1000 }
    rig.ex.state.apply(structuredClone(tick))
    restored.apply(structuredClone(tick))
    expect(JSON.stringify(restored.snapshot())).toBe(JSON.stringify(rig.ex.state.snapshot()))
    await rig.close()

    const old = JSON.parse(JSON.stringify(new SpotState().snapshot()))
    const opened = new ExchangeState(old)
    expect(opened.futures.contracts.size).toBe(3)
    expect(opened.snapshot().version).toBe(2)
  })
})

/** Records in the data dir's journal (one line each, across its segments). */
function journalRecords(dataDir: string): number {
  return readdirSync(dataDir)
    .filter((f) => /^journal-\d+\.log$/.test(f))
    .reduce((n, f) => n + readFileSync(join(dataDir, f), 'utf8').split('\n').filter(Boolean).length, 0)
}

describe('futures tick journaling', () => {
  it('journals no tick while nothing moves, journals the one that does, and restarts to the same state', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'fut-idle-'))
    const rig = await futuresRig({ dataDir })
    await scene(rig) // positions, resting asks and a waiting stop: an exchange with state, idle
    await rig.tick(1000)
    const settled = journalRecords(dataDir)
    for (let i = 0; i < 30; i++) await rig.tick(1000)
    expect(journalRecords(dataDir)).toBe(settled)

    // the index moves: that tick changes the mark and is journaled (with the two spot orders that moved it)
    const markBefore = rig.ex.futures.markOf(C)
    await rig.setIndex('btcusdt', '64000.0')
    expect(rig.ex.futures.markOf(C)).not.toBe(markBefore)
    expect(journalRecords(dataDir)).toBeGreaterThan(settled)
    const moved = journalRecords(dataDir)
    for (let i = 0; i < 5; i++) await rig.tick(1000)
    expect(journalRecords(dataDir)).toBe(moved)

    // the futures state after a restart is the one acknowledged (the rig's start adds a spot account only)
    const before = JSON.stringify(rig.ex.futures.snapshot())
    await rig.close()
    const second = await futuresRig({ dataDir, t0: rig.clock.now })
    expect(JSON.stringify(second.ex.futures.snapshot())).toBe(before)
    await second.close()
  })
})

describe('futures ticks left out as idle', () => {
  it('smooth the basis as if each had been applied (the next tick journaled carries idleSince)', async () => {
    const rig = await futuresRig({ fundingIntervalMs: 300_000 })
    try {
      const dan = await rig.client({ usdt: '10000' })
      // a two-sided futures book well below the index: the basis sample is clamped to -0.5 %
      await dan.place({ contractName: C, side: 'BUY', type: 'LIMIT', open: 'OPEN', price: '64000.0', volume: '1' })
      await dan.place({ contractName: C, side: 'SELL', type: 'LIMIT', open: 'OPEN', price: '64010.0', volume: '1' })
      const market = () => rig.ex.futures.market.get(C)!
      // Close in with 60 s ticks, then 1 s ticks until one no longer moves the basis: the gap to the sample is
      // then 60 (in 10^-6 ticks), which 1 s steps never close (60 x 1 / 61 rounds to 0) but a longer step would.
      for (let b = market().basisE6; ;) {
        await rig.tick(60_000)
        const n = market().basisE6
        if (b - n < 1000n && n - b < 1000n) break
        b = n
      }
      for (let b = market().basisE6; ;) {
        await rig.tick(1000)
        const n = market().basisE6
        if (n === b) break
        b = n
      }
      const basis = market().basisE6
      const lastTick = market().lastTick
      // idle 1 s ticks up to the funding boundary: none applied
      while (rig.clock.now + 1000 < rig.ex.futures.nextFunding) await rig.tick(1000)
      expect(market().lastTick).toBe(lastTick)
      expect(rig.clock.now - lastTick).toBeGreaterThan(2000) // long enough to move the basis if smoothed from lastTick
      // the boundary tick is applied (funding is due), and smooths over 1 s only
      const boundary = rig.ex.futures.nextFunding
      await rig.tick(1000)
      expect(rig.ex.futures.nextFunding).toBeGreaterThan(boundary)
      expect(market().lastTick).toBe(rig.clock.now)
      expect(market().basisE6).toBe(basis)
    } finally {
      await rig.close()
    }
  })
})

describe('a stop during an idle stretch', () => {
  // Idle ticks are not journaled, so a restart does not know when the last one was; a process that never stopped
  // went on ticking idle every second. The restarted one must reach that process's state (marks, basis, funding).
  it('restarts, after kill -9 or a clean stop, to the state of a process that never stopped', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'fut-idle-stop-'))
    // ticks by hand, taken as the timer's 1 s cadence
    const opts = { fundingIntervalMs: 300_000, futuresTickMs: 1000, futuresTimer: false }
    const never = await futuresRig({ ...opts, dataDir })
    const restarted: FuturesRig[] = []
    try {
      await scene(never) // positions: funding moves money
      const dan = await never.client({ usdt: '10000' })
      // a two-sided book below the index: the basis closes in on the clamped sample and stops 60 (10^-6 ticks)
      // short of it, a gap that 1 s steps never close but any longer step would
      await dan.place({ contractName: C, side: 'BUY', type: 'LIMIT', open: 'OPEN', price: '64000.0', volume: '1' })
      await dan.place({ contractName: C, side: 'SELL', type: 'LIMIT', open: 'OPEN', price: '64010.0', volume: '1' })
      const market = (rig: FuturesRig) => rig.ex.futures.market.get(C)!
      for (let b = market(never).basisE6; ; b = market(never).basisE6) {
        await never.tick(60_000)
        if (market(never).basisE6 - b < 1000n && b - market(never).basisE6 < 1000n) break
      }
      for (let b = market(never).basisE6; ; b = market(never).basisE6) {
        await never.tick(1000)
        if (market(never).basisE6 === b) break
      }
      // past a funding boundary (so none falls in the stop), then idle
      const boundary = never.ex.futures.nextFunding
      while (never.clock.now <= boundary) await never.tick(1000)
      for (let i = 0; i < 5; i++) await never.tick(1000)
      const stopAt = never.clock.now
      const lastTick = market(never).lastTick
      expect(stopAt - lastTick).toBeGreaterThan(3000)

      // The files now are what kill -9 leaves (idle ticks wrote nothing, every acknowledged command is on disk),
      // less the lock of this live process. The clean stop: the same files opened and closed during the stretch.
      const image = (name: string): string => {
        const dir = mkdtempSync(join(tmpdir(), `fut-idle-${name}-`))
        cpSync(dataDir, dir, { recursive: true, filter: (f) => basename(f) !== 'LOCK' })
        return dir
      }
      const killed = image('killed')
      const stopped = image('stopped')
      const stop = await futuresRig({ ...opts, dataDir: stopped, t0: stopAt })
      await stop.close()

      // 20 s later both come back, and tick on with the process that never stopped, past the next boundary
      const backAt = stopAt + 20_000
      while (never.clock.now < backAt) await never.tick(1000)
      for (const dir of [killed, stopped]) restarted.push(await futuresRig({ ...opts, dataDir: dir, t0: backAt }))
      const state = (rig: FuturesRig): unknown => JSON.parse(JSON.stringify(rig.ex.futures.snapshot()))
      for (const r of restarted) expect(state(r)).toEqual(state(never))
      const next = never.ex.futures.nextFunding
      while (never.clock.now <= next + 2000) {
        await never.tick(1000)
        for (const r of restarted) await r.tick(1000)
      }
      expect(never.ex.futures.nextFunding).toBeGreaterThan(next)
      expect(market(never).lastTick).toBeGreaterThan(stopAt) // the boundary tick was applied, funding paid
      for (const r of restarted) expect(state(r)).toEqual(state(never))
    } finally {
      for (const r of restarted) await r.close()
      await never.close()
    }
  })
})
