// The seeded history of a fresh embedded exchange over real loopback HTTP and WS: at least 1000 bars of every
// interval for every market (spot paged back through the WebSocket's kline req, futures through REST klines with
// endTime), equal to the aggregate of the finer bars wherever both exist, closing at the price the market starts
// from; the 24 h ticker and the recent trades made of the same bars; the same seed giving the same history and
// another seed another one; `history: false` giving a blank market.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FUTURES_CONTRACTS } from '../../../src-sim/config/futures-contracts'
import { SPOT_MARKETS } from '../../../src-sim/config/spot-markets'
import { startExchange, type RunningExchange, type StartOptions } from '../../../src-sim/exchange'
import { Dec } from '../../../src-sim/market/decimal'
import { bucketStart, nextBucketStart, type Interval } from '../../../src-sim/market/intervals'
import { WsProbe } from './harness'

const MIN = 60_000
const HOUR = 60 * MIN
/**
 * 09:59 UTC: the 24 h ticker window (the minute of now and the 1439 before) starts at 10:00 the day before. The
 * exchanges' clock stays in this minute, so the window holds still; it moves 50 ms a REST request, so the public
 * rate limit (20 a second) lets the pages through.
 */
const NOW = Date.UTC(2025, 5, 18, 9, 59, 0, 500)
let now = NOW
const clock = (): number => now
/** History covers the time before this minute. */
const END = Date.UTC(2025, 5, 18, 9, 59)
const SPOT_INTERVALS = ['1min', '5min', '15min', '30min', '60min', '1day', '1week', '1month'] as const
type SpotInterval = (typeof SPOT_INTERVALS)[number]
const wireFutures = (iv: SpotInterval): string => (iv === '60min' ? '1h' : iv)

/** A bar as both endpoints give it: open time in ms, values as text. */
interface Bar {
  t: number
  open: string
  high: string
  low: string
  close: string
  vol: string
  amount: string
}

const markets = [
  ...SPOT_MARKETS.map((m) => ({ name: m.symbol, kind: 'spot' as const, price: m.initialPrice })),
  ...FUTURES_CONTRACTS.map((c) => ({ name: c.symbol, kind: 'futures' as const, price: c.initialPrice }))
]

const started: RunningExchange[] = []
const probes: WsProbe[] = []
async function start(opts: StartOptions = {}): Promise<RunningExchange> {
  // Kept-alive connections stay open: the checks between requests are long synchronous work on this event loop,
  // after which the server's idle timer and the client's reuse of the connection would race (ECONNRESET).
  const ex = await startExchange({ activity: false, clock, httpTimeouts: { keepAliveMs: 600_000 }, ...opts })
  started.push(ex)
  return ex
}
afterAll(async () => {
  for (const p of probes) p.close()
  for (const ex of started) await ex.close()
})

async function getJson(ex: RunningExchange, path: string, q: Record<string, string | number>): Promise<any> {
  const qs = new URLSearchParams(Object.entries(q).map(([k, v]): [string, string] => [k, String(v)])).toString()
  now += 50
  expect(now).toBeLessThan(END + MIN)
  const res = await fetch(`${ex.url}${path}?${qs}`)
  expect(res.status).toBe(200)
  return res.json()
}

/** Every bar of a futures contract's interval, paged back with endTime, 300 at a time; oldest first. */
async function futuresBars(ex: RunningExchange, name: string, iv: SpotInterval): Promise<Bar[]> {
  const out: Bar[] = []
  let endTime: number | undefined
  for (;;) {
    const q: Record<string, string | number> = { contractName: name, interval: wireFutures(iv), limit: 300 }
    if (endTime !== undefined) q['endTime'] = endTime
    const page: any[] = await getJson(ex, '/futures/open/fapi/v1/klines', q)
    if (page.length === 0) return out
    out.unshift(...page.map((k) => bar(k.idx, k)))
    endTime = page[0].idx * 1000 - 1
  }
}

/** Every bar of a spot symbol's interval, paged back through the kline channel's req with endIdx; oldest first. */
async function spotBars(ex: RunningExchange, name: string, iv: SpotInterval): Promise<Bar[]> {
  const ws = await WsProbe.open(`ws://127.0.0.1:${ex.port}/spot/ws`)
  probes.push(ws)
  const channel = `market_${name}_kline_${iv}`
  const out: Bar[] = []
  let endIdx: number | undefined
  for (let n = 0; ; n++) {
    const cbId = `page-${n}`
    ws.send({
      event: 'req',
      params: { channel, cb_id: cbId, pageSize: 300, ...(endIdx === undefined ? {} : { endIdx }) }
    })
    const rep = await ws.waitFor((m) => m.event_rep === 'rep' && m.cb_id === cbId)
    if (rep.data.length === 0) break
    out.unshift(...rep.data.map((k: any) => bar(k.id, k)))
    endIdx = rep.data[0].id - 1
  }
  ws.close()
  // the REST endpoint (no time bounds, at most 300) gives the newest page of the same bars
  const rest: any[] = await getJson(ex, '/spot/open/sapi/v1/klines', { symbol: name, interval: iv, limit: 300 })
  expect(rest.map((k) => bar(k.idx, k))).toEqual(out.slice(-300))
  return out
}

function bar(seconds: number, k: any): Bar {
  return { t: seconds * 1000, open: k.open, high: k.high, low: k.low, close: k.close, vol: k.vol, amount: k.amount }
}

/** The newest trades (up to 1000 spot, 600 futures), newest first: spot by REST, futures by the trade channel's req. */
async function recentTrades(ex: RunningExchange, m: (typeof markets)[number]): Promise<Trade[]> {
  if (m.kind === 'spot') {
    const list: any[] = await getJson(ex, '/spot/open/sapi/v1/trades', { symbol: m.name, limit: 1000 })
    return list.map((x) => ({ time: x.time, price: x.price, qty: x.qty }))
  }
  const ws = await WsProbe.open(`ws://127.0.0.1:${ex.port}/futures/ws`)
  probes.push(ws)
  const channel = `market_e_${m.name.slice(2).replace('-', '').toLowerCase()}_trade_ticker`
  const out: Trade[] = []
  let endIdx: string | undefined
  for (let n = 0; n < 2; n++) {
    const cbId = `trades-${n}`
    ws.send({ event: 'req', params: { channel, cb_id: cbId, pageSize: 300, ...(endIdx ? { endIdx } : {}) } })
    const rep = await ws.waitFor((x) => x.event_rep === 'rep' && x.cb_id === cbId)
    if (rep.data.length === 0) break
    out.push(...rep.data.map((x: any) => ({ time: x.ts, price: x.price, qty: x.vol })))
    endIdx = (BigInt(rep.data.at(-1).id) - 1n).toString()
  }
  ws.close()
  return out
}

interface Trade {
  time: number
  price: string
  qty: string
}

async function allBars(ex: RunningExchange, m: (typeof markets)[number]): Promise<Record<SpotInterval, Bar[]>> {
  const out = {} as Record<SpotInterval, Bar[]>
  for (const iv of SPOT_INTERVALS)
    out[iv] = m.kind === 'spot' ? await spotBars(ex, m.name, iv) : await futuresBars(ex, m.name, iv)
  return out
}

/** Decimal text as an integer of its last digit (every value of one field of a market has the same decimals). */
const units = (s: string): bigint => BigInt(s.replace('.', ''))
const placesOf = (s: string): number => (s.split('.')[1] ?? '').length
function unitsText(u: bigint, places: number): string {
  if (places === 0) return u.toString()
  const s = u.toString().padStart(places + 1, '0')
  return `${s.slice(0, -places)}.${s.slice(-places)}`
}

/** The aggregate of consecutive bars, exact, as text: first open, highest high, lowest low, last close, sums. */
function aggregate(bars: readonly Bar[]): Omit<Bar, 't'> {
  let high = bars[0]!.high
  let low = bars[0]!.low
  let hu = units(high)
  let lu = units(low)
  let vol = 0n
  let amount = 0n
  for (const b of bars) {
    const h = units(b.high)
    const l = units(b.low)
    if (h > hu) [hu, high] = [h, b.high]
    if (l < lu) [lu, low] = [l, b.low]
    vol += units(b.vol)
    amount += units(b.amount)
  }
  return {
    open: bars[0]!.open,
    high,
    low,
    close: bars.at(-1)!.close,
    vol: unitsText(vol, placesOf(bars[0]!.vol)),
    amount: unitsText(amount, placesOf(bars[0]!.amount))
  }
}

/** Bars with values as exact decimals, comparable however many digits the text has. */
const exact = (b: Record<string, string | number>): Record<string, string> =>
  Object.fromEntries(Object.entries(b).map(([k, v]) => [k, new Dec(v).toString()]))

let ex: RunningExchange
const bars = new Map<string, Record<SpotInterval, Bar[]>>()

// Every bar of 56 series, paged 300 at a time (about 240 requests, each formatting its bars): a ceiling for a stuck
// exchange on a loaded box, above the default hook timeout.
beforeAll(async () => {
  ex = await start()
  for (const m of markets) bars.set(m.name, await allBars(ex, m))
}, 180_000)

describe('seeded history of a fresh exchange', () => {
  it('serves at least 1000 contiguous bars of every interval for every market, closing at its price', () => {
    for (const m of markets) {
      const b = bars.get(m.name)!
      for (const iv of SPOT_INTERVALS) {
        const list = b[iv]
        expect(list.length, `${m.name} ${iv}`).toBeGreaterThanOrEqual(1000)
        for (let k = 1; k < list.length; k++)
          if (list[k]!.t !== nextBucketStart(iv as Interval, list[k - 1]!.t))
            throw new Error(`${m.name} ${iv}: a gap after ${list[k - 1]!.t}`)
        // the newest bar holds now; the market's price is its close, as it is the last history bar's
        expect(list.at(-1)!.t).toBe(bucketStart(iv as Interval, NOW))
        expect(list.at(-1)!.close, `${m.name} ${iv}`).toBe(m.price)
        expect(list.every((x) => new Dec(x.low).gt(0) && new Dec(x.vol).gte(0))).toBe(true)
      }
      // the 1 min bar of now is empty (no trade yet); the one before is the history's last, at the price too
      expect(b['1min'].at(-1)).toMatchObject({ t: END, open: m.price, high: m.price, low: m.price })
      expect(new Dec(b['1min'].at(-1)!.vol).isZero()).toBe(true)
      expect(b['1min'].at(-2)).toMatchObject({ t: END - MIN, close: m.price })
      expect(new Dec(b['1min'].at(-2)!.vol).gt(0)).toBe(true)
    }
  })

  it('agrees across intervals: a bar is the exact aggregate of the finer bars it covers, wherever both exist', () => {
    const nested: [SpotInterval, SpotInterval][] = []
    for (const [i, fine] of SPOT_INTERVALS.entries())
      for (const coarse of SPOT_INTERVALS.slice(i + 1)) if (fine !== '1week') nested.push([fine, coarse])
    let checked = 0
    for (const m of markets) {
      const b = bars.get(m.name)!
      for (const [fine, coarse] of nested) {
        const fineBars = b[fine]
        const first = fineBars[0]!.t
        let k = 0
        for (const c of b[coarse]) {
          // a coarse bar the fine series covers from its start (to its end, or to now for the newest)
          if (c.t < first) continue
          const stop = nextBucketStart(coarse as Interval, c.t)
          while (fineBars[k]!.t < c.t) k++
          const from = k
          while (k < fineBars.length && fineBars[k]!.t < stop) k++
          const inside = fineBars.slice(from, k)
          const { t: _t, ...want } = c
          const got = aggregate(inside)
          if (JSON.stringify(got) !== JSON.stringify(want))
            expect(got, `${m.name} ${coarse} bar at ${c.t} from ${fine}`).toEqual(want)
          checked++
        }
      }
    }
    expect(checked).toBeGreaterThan(10_000) // 16,912 bars for this minute
  })

  it('gives a 24 h ticker made of the same bars', async () => {
    // The window: 24 hourly bars, 10:00 the day before to the hour that holds now.
    const from = END + MIN - 24 * HOUR
    expect(from % HOUR).toBe(0)
    for (const m of markets) {
      const hours = bars.get(m.name)!['60min'].filter((h) => h.t >= from)
      expect(hours).toHaveLength(24)
      const agg = aggregate(hours)
      const t =
        m.kind === 'spot'
          ? await getJson(ex, '/spot/open/sapi/v1/ticker', { symbol: m.name })
          : await getJson(ex, '/futures/open/fapi/v1/ticker', { contractName: m.name })
      const rose = new Dec(agg.close).minus(agg.open).div(agg.open).toFixed(4)
      expect(exact({ ...t, time: '0' }), m.name).toEqual(
        exact({
          time: '0',
          open: agg.open,
          high: agg.high,
          low: agg.low,
          last: agg.close,
          vol: agg.vol,
          rose,
          ...(m.kind === 'spot' ? { amount: agg.amount } : {})
        })
      )
      expect(new Dec(t.vol).gt(0)).toBe(true)
      expect(t.last).toBe(m.price)
    }
  })

  it('shows recent trades that make up the newest 1 min bars exactly, the last one at the price', async () => {
    for (const m of markets) {
      const trades = await recentTrades(ex, m)
      expect(trades.length, m.name).toBeGreaterThanOrEqual(200)
      expect(trades[0]!.price).toBe(m.price)
      expect(trades.every((x) => x.time < END)).toBe(true)
      const byMinute = new Map<number, Trade[]>()
      for (const x of [...trades].reverse()) {
        const k = bucketStart('1min', x.time)
        byMinute.set(k, [...(byMinute.get(k) ?? []), x])
      }
      expect(Math.max(...byMinute.keys())).toBe(END - MIN)
      const minutes = new Map(bars.get(m.name)!['1min'].map((b) => [b.t, b]))
      // every minute but the oldest, which the tape may have cut
      const keys = [...byMinute.keys()].sort((a, b) => a - b).slice(1)
      expect(keys.length).toBeGreaterThan(5)
      for (const k of keys) {
        const ts = byMinute.get(k)!
        const { t: _t, ...want } = minutes.get(k)!
        const got = aggregate(
          ts.map((x) => ({
            t: x.time,
            open: x.price,
            high: x.price,
            low: x.price,
            close: x.price,
            vol: x.qty,
            amount: new Dec(x.price).times(x.qty).toFixed(placesOf(x.price) + placesOf(x.qty))
          }))
        )
        expect(exact(got), `${m.name} minute ${k}`).toEqual(exact(want))
      }
    }
  })

  it('is the same for the same seed, another for another seed, and absent with history off', async () => {
    const same = await start()
    const other = await start({ historySeed: 2 })
    const blank = await start({ history: false })
    for (const m of [markets[1]!, markets[5]!]) {
      for (const iv of ['1min', '60min', '1month'] as const) {
        const want = bars.get(m.name)![iv]
        const read = (e: RunningExchange) => (m.kind === 'spot' ? spotBars(e, m.name, iv) : futuresBars(e, m.name, iv))
        expect(await read(same)).toEqual(want)
        const o = await read(other)
        expect(o.length).toBe(want.length)
        expect(o.at(-1)!.close).toBe(m.price) // the same end, another walk to it
        expect(o.slice(0, -2)).not.toEqual(want.slice(0, -2))
        expect(await read(blank)).toEqual([])
      }
    }
    expect(await getJson(blank, '/spot/open/sapi/v1/trades', { symbol: 'btcusdt' })).toEqual([])
    expect(await getJson(blank, '/spot/open/sapi/v1/ticker', { symbol: 'btcusdt' })).toMatchObject({
      vol: '0.000000',
      last: '65000.00'
    })
  })
})
