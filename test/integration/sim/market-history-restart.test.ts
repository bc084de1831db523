// The seeded history kept with the data dir: a restart shows the history the data dir started with (not one drawn
// again, whatever the seed or the time of the restart) plus what traded since, whether the state comes back from the
// journal alone or from a snapshot; a data dir that started without history stays without it.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { startExchange, type RunningExchange, type StartOptions } from '../../../src-sim/exchange'
import { HISTORY_FILE } from '../../../src-sim/store/history-file'
import { frame, StoreCorruptionError } from '../../../src-sim/store/record'
import { clientsOf, keyPairs, type SimClient } from './harness'

const MIN = 60_000
const T0 = Date.UTC(2025, 5, 18, 9, 59, 0, 500)
let now = T0
/** The exchanges' clock: moved by hand, and 50 ms a public request (the public rate limit is 20 a second). */
const clock = (): number => now

const dirs: string[] = []
let ex: RunningExchange | null = null
afterAll(async () => {
  await ex?.close()
  for (const d of dirs) rmSync(d, { recursive: true, force: true })
})

function freshDir(): string {
  const d = mkdtempSync(join(tmpdir(), 'sim-history-restart-'))
  dirs.push(d)
  return d
}

const keys = keyPairs('alice', 'bob')
async function start(dataDir: string, opts: StartOptions = {}): Promise<[SimClient, SimClient]> {
  await ex?.close()
  ex = await startExchange({ activity: false, keys, unlimitedKeys: true, dataDir, clock, ...opts })
  return clientsOf(ex, clock) as [SimClient, SimClient]
}

async function pub(c: SimClient, path: string, q: Record<string, string | number>): Promise<any> {
  now += 50
  const r = await c.public(path, q)
  expect(r.status).toBe(200)
  return r.body
}

/** What a chart and a tape show: btcusdt's newest 300 bars of four intervals, E-BTC-USDT's, and btcusdt's trades. */
async function view(c: SimClient): Promise<Record<string, any[]>> {
  const out: Record<string, any[]> = {}
  for (const iv of ['1min', '60min', '1day', '1month']) {
    out[`btcusdt ${iv}`] = await pub(c, '/spot/open/sapi/v1/klines', { symbol: 'btcusdt', interval: iv, limit: 300 })
    out[`E-BTC-USDT ${iv}`] = await pub(c, '/futures/open/fapi/v1/klines', {
      contractName: 'E-BTC-USDT',
      interval: iv === '60min' ? '1h' : iv,
      limit: 300
    })
  }
  out['trades'] = await pub(c, '/spot/open/sapi/v1/trades', { symbol: 'btcusdt', limit: 1000 })
  return out
}

/** Alice sells, Bob buys: one btcusdt trade at `price`. */
async function cross(alice: SimClient, bob: SimClient, price: string, volume: string): Promise<void> {
  for (const [c, side] of [
    [alice, 'SELL'],
    [bob, 'BUY']
  ] as const) {
    const r = await c.order({ symbol: 'btcusdt', side, type: 'LIMIT', price, volume })
    expect(r.status, JSON.stringify(r.body)).toBe(200)
  }
}

/** The bars of `later` that `earlier` has too, but for earlier's newest (trades since may change it), are the same. */
function expectSameWhereBoth(earlier: Record<string, any[]>, later: Record<string, any[]>): number {
  let shared = 0
  for (const [k, bars] of Object.entries(earlier)) {
    if (k === 'trades') continue
    const byIdx = new Map(later[k]!.map((b) => [b.idx, b]))
    for (const b of bars.slice(0, -1)) {
      if (!byIdx.has(b.idx)) continue
      expect(byIdx.get(b.idx), `${k} at ${b.idx}`).toEqual(b)
      shared++
    }
  }
  return shared
}

describe('seeded history with a data dir', () => {
  it('is kept: a restart shows the same history plus what traded since, from the journal or a snapshot', async () => {
    const dataDir = freshDir()
    let [alice, bob] = await start(dataDir)
    expect(existsSync(join(dataDir, HISTORY_FILE))).toBe(true)
    const first = await view(alice)
    expect(first['btcusdt 1month']).toHaveLength(300)
    expect(first['btcusdt 1min']!.at(-2)).toMatchObject({ close: '65000.00' })
    expect(first['trades']!.length).toBeGreaterThanOrEqual(200)

    await cross(alice, bob, '64000.10', '0.010000')
    const traded = await view(alice)
    expect(traded['trades']![0]).toMatchObject({ price: '64000.10', qty: '0.010000' })
    expect(traded['trades']!.slice(1)).toEqual(first['trades'])
    const minute = traded['btcusdt 1min']!.at(-1)
    expect(minute).toMatchObject({ idx: (T0 - 500) / 1000, open: '64000.10', close: '64000.10', vol: '0.010000' })
    // the day bar: the history's, and the trade on top of it
    const day = traded['btcusdt 1day']!.at(-1)
    const histDay = first['btcusdt 1day']!.at(-1)
    expect(day).toMatchObject({ idx: histDay.idx, open: histDay.open, close: '64000.10' })
    expect(Number(day.vol)).toBeCloseTo(Number(histDay.vol) + 0.01, 6)

    // Ten minutes later, with another history seed: the same history, the trade, then flat bars to now.
    now += 10 * MIN
    ;[alice] = await start(dataDir, { historySeed: 99 })
    const later = await view(alice)
    expect(expectSameWhereBoth(traded, later)).toBeGreaterThan(2000)
    expect(later['trades']).toEqual(traded['trades'])
    const tail = later['btcusdt 1min']!.slice(-11)
    expect(tail[0]).toEqual(minute)
    expect(
      tail.slice(1).every((b: any) => b.open === '64000.10' && b.close === '64000.10' && b.vol === '0.000000')
    ).toBe(true)
    expect(tail.at(-1).idx).toBe(Math.floor(now / MIN) * 60)

    // With snapshots (every two commits) the candles come back from the snapshot, as they were.
    ;[alice, bob] = await start(dataDir, { snapshotEvery: 2 })
    expect(await view(alice)).toEqual(later)
    await cross(alice, bob, '64100.20', '0.020000')
    await cross(alice, bob, '64200.30', '0.030000')
    const snapped = await view(alice)
    expect(snapped['trades']!.slice(0, 3).map((t: any) => t.price)).toEqual(['64200.30', '64100.20', '64000.10'])
    expect(expectSameWhereBoth(later, snapped)).toBeGreaterThan(2000)
    expect(readdirSync(dataDir).some((f) => f.startsWith('snapshot-'))).toBe(true)
    ;[alice] = await start(dataDir, { historySeed: 5 })
    expect(await view(alice)).toEqual(snapped)
  })

  it('refuses a damaged or unreadable plan, and opens again once it is whole', async () => {
    const dataDir = freshDir()
    await start(dataDir)
    await ex!.close()
    ex = null
    const file = join(dataDir, HISTORY_FILE)
    const text = readFileSync(file, 'utf8')
    writeFileSync(file, text.replace('"seed":1', '"seed":2'))
    await expect(start(dataDir)).rejects.toBeInstanceOf(StoreCorruptionError)
    ex = null
    writeFileSync(file, frame(JSON.stringify({ ...JSON.parse(text.slice(9)), end: 1 })))
    await expect(start(dataDir)).rejects.toThrow(
      /market history plan is not one this build reads: end must be a minute/
    )
    ex = null
    writeFileSync(file, text)
    await start(dataDir)
  })

  it('stays without history in a data dir that started without it', async () => {
    const dataDir = freshDir()
    await start(dataDir, { history: false })
    expect(existsSync(join(dataDir, HISTORY_FILE))).toBe(false)
    const [alice] = await start(dataDir)
    expect(existsSync(join(dataDir, HISTORY_FILE))).toBe(false)
    const v = await view(alice)
    expect(Object.values(v).every((list) => list.length === 0)).toBe(true)
  })
})
