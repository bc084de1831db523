// Call-level A/B of the signed order path's shared parts, two checkouts in one process: the lossless JSON parse
// of an order body and of a batchCancel body, the HMAC check of a signed order, a user's fill recorded on a list
// already at its 20,000-fill cap, the market data hub told that a book changed (as every order placed or cancelled
// tells it; nobody listening), and the durable commit of an order's command (`commit`: JSON, journal batches and
// their framing, on a store whose writes return at once, so only the CPU of the path is in it). Each root's own files
// are imported (the hub's `@shared` imports resolve to this checkout's, alike for both roots), the roots take turns
// slice by slice (A B A B ...), and each B slice's CPU ns a call is divided by the A slice next to it: the per-slice
// ratios and their median, the figure to judge a change by on a loaded machine.
// Figures only; nothing is asserted.
// Run:  npx tsx --tsconfig tsconfig.node.json bench/http/calls.bench.ts --roots /tmp/ab-A,. [--slices 20]
//       [--only json,hmac,fills,hub,commit] [--out bench-results/calls.json]
import { writeFileSync } from 'node:fs'
import { loadavg } from 'node:os'
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { StoreIo } from '../../src-sim/store/io'
import { arg } from '../args'
import { median } from '../stats'

type Json = typeof import('../../src-shared/json/lossless-json')
type Hmac = typeof import('../../src-shared/node/hmac-signing')
type Records = typeof import('../../src-sim/spot/records')
type Hub = typeof import('../../src-sim/market/market-data-hub')
type Durable = typeof import('../../src-sim/store/durable-state')

interface Root {
  dir: string
  json: Json
  hmac: Hmac
  records: Records
  hub: Hub
  durable: Durable
}

const load = async <T>(dir: string, file: string): Promise<T> =>
  (await import(pathToFileURL(resolve(dir, file)).href)) as T

async function root(dir: string): Promise<Root> {
  return {
    dir,
    json: await load<Json>(dir, 'src-shared/json/lossless-json.ts'),
    hmac: await load<Hmac>(dir, 'src-shared/node/hmac-signing.ts'),
    records: await load<Records>(dir, 'src-sim/spot/records.ts'),
    hub: await load<Hub>(dir, 'src-sim/market/market-data-hub.ts'),
    durable: await load<Durable>(dir, 'src-sim/store/durable-state.ts')
  }
}

const ORDER = '{"symbol":"btcusdt","side":"BUY","type":"LIMIT","price":"30123.45","volume":"0.001"}'
const CANCEL = JSON.stringify({ symbol: 'btcusdt', orderIds: Array.from({ length: 9 }, (_, k) => String(1e15 + k)) })
const SECRET = 'bench-secret-0123456789abcdef'
const TS = String(Date.now())

/** A case: `run(r, n)` does n calls of root r and returns a value kept so the work is not optimized away. */
interface Case {
  name: string
  calls: number
  setup?(r: Root): unknown
  /** May return a promise (the commit case): the CPU time until it settles is the figure. */
  run(r: Root, n: number, state: unknown): unknown
}

/** A store whose files take every write at once and hold nothing: the durable path's CPU without a disk. */
const NULL_IO: StoreIo = {
  open: () => Promise.resolve(3),
  writeAll: () => Promise.resolve(),
  read: () => Promise.resolve(0),
  fdatasync: () => Promise.resolve(),
  fsync: () => Promise.resolve(),
  ftruncate: () => Promise.resolve(),
  fstatSize: () => Promise.resolve(0),
  close: () => Promise.resolve(),
  syncDir: () => Promise.resolve(),
  rename: () => Promise.resolve(),
  link: () => Promise.resolve(),
  unlink: () => Promise.resolve(),
  readdir: () => Promise.resolve([]),
  readFile: () => Promise.reject(Object.assign(new Error('no file'), { code: 'ENOENT' })),
  mkdirp: () => Promise.resolve()
}
/** Commands committed in one loop turn, as 16 connections' orders arrive (pipeline.bench.ts's traffic). */
const COMMITS_A_TURN = 16

const cases: Case[] = [
  {
    name: 'json',
    calls: 200_000,
    run(r, n) {
      let keep = 0
      for (let k = 0; k < n; k++) {
        const v = r.json.parseLosslessJson(k % 10 === 9 ? CANCEL : ORDER) as Record<string, unknown>
        // Its keys listed and every field read by name, as the parameter check does.
        for (const key of Object.keys(v)) if (v[key] !== undefined) keep++
      }
      return keep
    }
  },
  {
    name: 'hmac',
    calls: 100_000,
    setup(r) {
      const h = r.hmac.signRequest({
        apiKey: 'k',
        secret: SECRET,
        method: 'POST',
        requestPath: '/sapi/v1/order',
        body: ORDER,
        timestamp: TS
      })
      return h['X-CH-SIGN']
    },
    run(r, n, signature) {
      let ok = 0
      const body = Buffer.from(ORDER)
      for (let k = 0; k < n; k++) {
        const input = { secret: SECRET, method: 'POST', requestPath: '/sapi/v1/order', body, timestamp: TS }
        if (r.hmac.verifyHmacSignature({ ...input, signature: signature as string })) ok++
      }
      if (ok !== n) throw new Error(`${r.dir}: a signature did not verify`)
      return ok
    }
  },
  {
    name: 'fills',
    calls: 20_000,
    setup(r) {
      const rec = new r.records.SpotRecords()
      for (let k = 0; k < 20_000; k++) rec.recordTrade(fill(k), 'u1', false)
      return { rec, next: 20_000 }
    },
    run(_r, n, state) {
      const s = state as { rec: InstanceType<Records['SpotRecords']>; next: number }
      for (let k = 0; k < n; k++) s.rec.recordTrade(fill(s.next++), 'u1', false)
      return s.next
    }
  },
  {
    name: 'commit',
    calls: 50_000,
    async setup(r) {
      return r.durable.openDurableState<{ n: number }, Record<string, unknown>, number>({
        dir: `/nonexistent/calls-bench-${r.dir.replace(/\W/g, '')}`,
        initial: () => ({ n: 0 }),
        apply: (s, c) => (s.n += c['time'] === 0 ? 0 : 1),
        snapshot: (s) => s,
        restore: (d) => d as { n: number },
        io: NULL_IO
      })
    },
    async run(_r, n, state) {
      const ds = state as Awaited<ReturnType<Durable['openDurableState']>>
      for (let k = 0; k < n; k += COMMITS_A_TURN) {
        const turn: Promise<unknown>[] = []
        for (let j = k; j < k + COMMITS_A_TURN && j < n; j++) turn.push(ds.commit(placeCommand(j)))
        await Promise.all(turn)
      }
      return ds.seq
    }
  },
  {
    name: 'hub',
    calls: 1_000_000,
    setup(r) {
      const spot = { kind: 'spot' as const, name: 'btcusdt', pricePrecision: 2, quantityPrecision: 6 }
      return new r.hub.MarketDataHub({ now: () => 0, symbols: [spot] })
    },
    run(_r, n, hub) {
      const h = hub as InstanceType<Hub['MarketDataHub']>
      for (let k = 0; k < n; k++) h.onBookChanged('btcusdt')
      return n
    }
  }
]

/** An order's command as the place handler builds it (src-sim/handlers/spot-orders.ts). */
function placeCommand(n: number): Record<string, unknown> {
  return {
    t: 'place',
    account: 'bench-1',
    wallet: 'spot',
    symbol: 'btcusdt',
    side: n % 2 === 0 ? 'BUY' : 'SELL',
    type: 'LIMIT',
    price: (30_000 + (n % 1000) / 100).toFixed(2),
    volume: '0.001',
    time: 1_764_480_000_000 + n
  }
}

function fill(n: number): Parameters<InstanceType<Records['SpotRecords']>['recordTrade']>[0] {
  return {
    id: String(1e15 + n),
    symbol: 'btcusdt',
    price: 100,
    qty: 1,
    quoteQty: 100,
    takerSide: 'BUY',
    takerOrderId: 'o',
    makerOrderId: 'm',
    takerAccount: 'u1',
    makerAccount: 'bot',
    takerFee: 0,
    takerFeeAsset: 'btc',
    makerFee: 0,
    makerFeeAsset: 'usdt',
    time: n
  }
}

const dirs = arg('roots', '.').split(',')
if (dirs.length !== 2) throw new Error('--roots A,B: two checkouts')
const roots = [await root(dirs[0]!), await root(dirs[1]!)]
const slices = Number(arg('slices', '20'))
const only = arg('only', cases.map((c) => c.name).join(',')).split(',')
const load0 = loadavg()[0]!
const results: Record<string, { aNs: number; bNs: number; ratios: number[]; medianRatio: number }> = {}

for (const c of cases.filter((x) => only.includes(x.name))) {
  const states = await Promise.all(roots.map((r) => c.setup?.(r)))
  // This process's CPU time (user + system), not the wall clock: time spent waiting for a core on a loaded
  // machine is left out.
  const time = async (k: number, n: number): Promise<number> => {
    const t0 = process.cpuUsage()
    const ran = c.run(roots[k]!, n, states[k])
    if (ran instanceof Promise) await ran
    const t = process.cpuUsage(t0)
    return ((t.user + t.system) * 1000) / n
  }
  for (let k = 0; k < 2; k++) await time(k, Math.ceil(c.calls / 4)) // warm both before timing
  const ns: [number[], number[]] = [[], []]
  const ratios: number[] = []
  for (let s = 0; s < slices; s++) {
    // The order within a pair alternates, so neither root always runs first after the other.
    const first = s % 2
    const t: number[] = []
    t[first] = await time(first, c.calls)
    t[1 - first] = await time(1 - first, c.calls)
    ns[0].push(t[0]!)
    ns[1].push(t[1]!)
    ratios.push(t[1]! / t[0]!)
  }
  results[c.name] = { aNs: median(ns[0]), bNs: median(ns[1]), ratios, medianRatio: median(ratios) }
  console.log(
    `${c.name.padEnd(6)} A ${median(ns[0]).toFixed(0)} ns  B ${median(ns[1]).toFixed(0)} ns a call;` +
      ` B/A median ${median(ratios).toFixed(3)}, per slice ${ratios.map((x) => x.toFixed(2)).join(' ')}`
  )
}
const load1 = loadavg()[0]!
console.log(`1-minute load ${load0.toFixed(2)} -> ${load1.toFixed(2)}; A = ${dirs[0]}, B = ${dirs[1]}`)
const out = arg('out', '')
if (out) writeFileSync(out, JSON.stringify({ roots: dirs, slices, load: [load0, load1], results }, null, 2))
