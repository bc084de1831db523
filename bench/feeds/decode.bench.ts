// Cost per depth frame on the feed's hot path, network excluded: gunzipSync + JSON parse + normalization
// (buys -> bids, decimal text) + fan-out to the windows (each listener feeding a Coalescer), measured through
// the real FeedConnection and MarketFeeds over an in-process socket. A frame is a whole 30 x 30 book, as the
// venues send it. The async thread-pool gunzip is measured once for comparison (why gunzipSync is used).
//
//   npx tsx bench/feeds/decode.bench.ts [--out bench-results/feeds.json] [--frames 20000] [--reps 5] [--windows 3]
//
// Figures are measured and reported, never asserted.
import { mkdirSync, writeFileSync } from 'node:fs'
import { loadavg } from 'node:os'
import { dirname } from 'node:path'
import { gunzip, gunzipSync, gzipSync } from 'node:zlib'
import { promisify } from 'node:util'
import { Coalescer } from '../../src-main/feeds/coalescer'
import { frameText, parseFrame } from '../../src-main/feeds/decode'
import { MarketFeeds } from '../../src-main/feeds/market-feeds'
import { updateFromFrame } from '../../src-main/feeds/normalize'
import type { SocketHandlers } from '../../src-main/feeds/socket'
import type { WsDataFrame } from '../../src-shared/api/wire/ws'
import { arg } from '../args'
import { median } from '../stats'

const OUT = arg('out', 'bench-results/feeds.json')
const FRAMES = Number(arg('frames', '20000'))
const REPS = Number(arg('reps', '5'))
const WINDOWS = Number(arg('windows', '3'))

const CHANNEL = 'market_btcusdt_depth_step0'
/** A 30 x 30 book; `seq` varies the prices so no two frames are identical bytes. */
function depthFrame(seq: number): Buffer {
  const mid = 60000 + (seq % 500)
  const side = (sign: number) =>
    Array.from({ length: 30 }, (_, i) => [
      (mid + sign * (i + 1) * 0.5).toFixed(2),
      (0.001 + ((seq * 7 + i * 13) % 997) / 1000).toFixed(6)
    ])
  return gzipSync(
    JSON.stringify({ channel: CHANNEL, ts: 1_700_000_000_000 + seq, tick: { asks: side(1), buys: side(-1) } })
  )
}
const POOL = Array.from({ length: 256 }, (_, i) => depthFrame(i))
const jsonBytes = gunzipSync(POOL[0]!).length

const round = (x: number): number => Math.round(x * 100) / 100

/** Best rep of each stage, kept beside the medians: on a loaded machine the best is the cost, the rest is noise. */
const best: Record<string, number> = {}

/** Mean us per frame of a serial loop, median over reps (after a warm-up rep). */
function perFrame(name: string, fn: (frame: Buffer, i: number) => unknown): number {
  const reps: number[] = []
  for (let r = 0; r <= REPS; r++) {
    const t0 = process.hrtime.bigint()
    for (let i = 0; i < FRAMES; i++) fn(POOL[i & 255]!, i)
    const us = Number(process.hrtime.bigint() - t0) / 1000 / FRAMES
    if (r > 0) reps.push(us)
  }
  best[name] = round(Math.min(...reps))
  return round(median(reps))
}

// ---- stages ----
let sink: unknown
const gunzipUs = perFrame('gunzipSync', (f) => (sink = gunzipSync(f)))
const texts = POOL.map((f) => frameText(f))
const parseUs = perFrame('JSON parse', (_f, i) => (sink = parseFrame(texts[i & 255]!)))
const parsed = texts.map((t) => parseFrame(t) as WsDataFrame)
const normalizeUs = perFrame('normalize', (_f, i) => (sink = updateFromFrame('depth', parsed[i & 255]!)))

// ---- the whole path: socket message -> FeedConnection -> Stream -> WINDOWS listeners -> Coalescers ----
let handlers: SocketHandlers | null = null
const feeds = new MarketFeeds({
  resolve: () => ({ url: 'ws://bench/spot/ws' }), // no REST: no snapshot gating, pure live path
  socketFactory: (_url, h) => {
    handlers = h
    return { send: () => undefined, close: () => undefined }
  }
})
const target = { profileId: 'bench', gateway: 'spot' as const }
let delivered = 0
const coalescers = Array.from({ length: WINDOWS }, () => new Coalescer(() => undefined, { intervalMs: 16 }))
coalescers.forEach((c, w) =>
  feeds.subscribe(target, CHANNEL, (u) => {
    delivered++
    c.push(`w${w}`, u)
  })
)
handlers!.onOpen()
const fullPathUs = perFrame('full path', (f) => handlers!.onMessage(f, true))
if (delivered !== (REPS + 1) * FRAMES * WINDOWS) throw new Error(`fan-out delivered ${delivered}`)
coalescers.forEach((c) => c.dispose())
feeds.close()

// ---- async gunzip through the thread pool, for comparison (latency per frame, one at a time) ----
async function asyncGunzipUs(n = 2000): Promise<number> {
  const gz = promisify(gunzip)
  for (let i = 0; i < 200; i++) await gz(POOL[i & 255]!)
  const t0 = process.hrtime.bigint()
  for (let i = 0; i < n; i++) await gz(POOL[i & 255]!)
  return round(Number(process.hrtime.bigint() - t0) / 1000 / n)
}

const result = {
  generatedAt: new Date().toISOString(),
  node: process.version,
  frames: FRAMES,
  reps: REPS,
  windows: WINDOWS,
  frame: { levelsPerSide: 30, gzipBytes: POOL[0]!.length, jsonBytes },
  usPerDepthFrame: {
    'full path (decode + parse + normalize + fan-out to windows + coalesce)': fullPathUs,
    gunzipSync: gunzipUs,
    'JSON parse': parseUs,
    'normalize (buys -> bids, decimal text)': normalizeUs,
    'fan-out + coalesce (remainder)': round(Math.max(0, fullPathUs - gunzipUs - parseUs - normalizeUs))
  },
  bestRepUsPerDepthFrame: best,
  loadAverage: loadavg().map(round),
  comparisonUs: { 'async gunzip via thread pool (per frame, awaited)': await asyncGunzipUs() }
}
void sink
mkdirSync(dirname(OUT), { recursive: true })
writeFileSync(OUT, JSON.stringify(result, null, 2) + '\n')
console.log(JSON.stringify(result, null, 2))
