// Matching engine benchmark: our SpotEngine (book + ledger + fees + events) against the npm package
// `nodejs-order-book` (book only), on one harness and one seeded op sequence per book size.
//
//   npx tsx bench/engine/engine.bench.ts [--out bench-results/engine.json] [--ops 200000] [--sizes 1000,10000,100000]
//                                        [--reps 3] [--seed 42]
//
// Per book size N: prefill N resting orders (not timed), then run the same op mix on both engines:
//   about 53% passive limit placements (never crossing), 32% cancels of a random live order, 15% marketable
//   orders (IOC limits sweeping up to ~3 makers, and market sells), steered so the book stays near N (the mix
//   actually run is printed).
// The op sequence is generated once per size (a reference run of our engine tells which orders are still live,
// so cancels target live orders, and gives their ids); both engines then replay it and their final books are
// compared. Accounts are one interned id string each, as a server resolves a request to its account.
// Throughput: wall time of the whole op loop (median of --reps runs on fresh books). Latency: a separate pass
// timing each op with process.hrtime.bigint() (includes ~the timer's own overhead, reported as timerNs).
// Figures are measured and reported, never asserted.

import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'
import { PerformanceObserver } from 'node:perf_hooks'
import v8 from 'node:v8'
import { runInNewContext } from 'node:vm'
import { OrderBook, Side } from 'nodejs-order-book'
import { SpotEngine } from '../../src-sim/engine/engine'
import type { SymbolConfig } from '../../src-sim/engine/types'
import { seededRandom } from '../../src-shared/random'
import { arg } from '../args'
import { median, quantile } from '../stats'

// ---- args ----
const OUT = arg('out', '')
const OPS = Number(arg('ops', '200000'))
const SIZES = arg('sizes', '1000,10000,100000').split(',').map(Number)
const REPS = Number(arg('reps', '3'))
const SEED = Number(arg('seed', '42'))
const ONLY = arg('only', '') // 'ours' or 'theirs' to run one side (profiling)

// ---- op sequence ----
const MID = 1_000_000 // ticks
const RANGE = 2_000 // passive orders sit 1..RANGE ticks away from MID
const MAKERS = 64
// one id string per account, as a server resolves each request to its account's id (not a fresh string per op)
const MAKER_IDS = Array.from({ length: MAKERS }, (_, i) => `m${i}`)

const OP_PLACE = 0
const OP_CANCEL = 1
const OP_IOC = 2
const OP_MARKET = 3

interface Seq {
  n: number
  prefill: number // the first `prefill` ops are all placements (book building), not timed
  kind: Uint8Array
  side: Uint8Array // 0 BUY, 1 SELL
  price: Int32Array
  qty: Int32Array
  target: Int32Array // cancel: index of the op that placed the order
  theirIds: string[] // id string per op for nodejs-order-book
  makerOf: string[] // account per op
  // cancel ops: the target's account and id, the ids as fresh strings allocated in op order, the way a server
  // holds an id it has just parsed from a request (a cold lookup in a table of every id ever issued would
  // bill the harness's own cache misses to the engines, more so the bigger the book)
  cancelAccount: string[]
  cancelOurId: string[]
  cancelTheirId: string[]
}

const SYMBOL: SymbolConfig = {
  symbol: 'benchusdt',
  baseAsset: 'BASE',
  quoteAsset: 'QUOTE',
  pricePrecision: 2,
  quantityPrecision: 3,
  makerFeePpm: 1000,
  takerFeePpm: 2000
}

function newEngine(recycleOrders = false): SpotEngine {
  const e = new SpotEngine({
    clock: () => 1_700_000_000_000,
    assets: { BASE: { scale: 3 }, QUOTE: { scale: 5 } },
    symbols: [SYMBOL],
    listener: { onTrade: () => {}, onOrder: () => {} },
    recycleOrders
  })
  for (let i = 0; i < MAKERS; i++) {
    e.deposit(`m${i}`, 'BASE', 1n << 50n)
    e.deposit(`m${i}`, 'QUOTE', 1n << 50n)
  }
  e.deposit('taker', 'BASE', 1n << 50n)
  e.deposit('taker', 'QUOTE', 1n << 50n)
  return e
}

/** A flat copy of a string in new memory (not the same object, not a slice of it). */
function freshCopy(text: string): string {
  const codes: number[] = []
  for (let i = 0; i < text.length; i++) codes.push(text.charCodeAt(i))
  return String.fromCharCode(...codes)
}

function makeSeq(size: number, ops: number, seed: number): Seq {
  const rnd = seededRandom(seed)
  const n = size + ops
  const s: Seq = {
    n,
    prefill: size,
    kind: new Uint8Array(n),
    side: new Uint8Array(n),
    price: new Int32Array(n),
    qty: new Int32Array(n),
    target: new Int32Array(n).fill(-1),
    theirIds: new Array<string>(n),
    makerOf: new Array<string>(n),
    cancelAccount: new Array<string>(n),
    cancelOurId: new Array<string>(n),
    cancelTheirId: new Array<string>(n)
  }
  // reference run of our engine: which placed orders are still resting
  const e = newEngine()
  const live: number[] = [] // op indices of live passive orders
  const pos = new Map<string, number>() // our order id -> index in `live`
  const opOf = new Map<string, number>() // our order id -> op index
  const ourId: string[] = new Array<string>(n)
  const drop = (id: string): void => {
    const i = pos.get(id)
    if (i === undefined) return
    const last = live.pop()!
    if (i < live.length) {
      live[i] = last
      pos.set(ourId[last]!, i)
    }
    pos.delete(id)
  }
  e.listener = {
    onOrder: (o) => {
      if (o.status === 'FILLED' || o.status === 'CANCELED') drop(o.id)
    }
  }
  for (let i = 0; i < n; i++) {
    s.theirIds[i] = `o${i}`
    s.makerOf[i] = MAKER_IDS[i % MAKERS]!
    let kind = OP_PLACE
    if (i >= size) {
      const r = rnd()
      const bias = Math.max(-0.2, Math.min(0.2, (size - live.length) / size))
      if (r < 0.45 + bias) kind = OP_PLACE
      else if (r < 0.85 && live.length > 0) kind = OP_CANCEL
      else kind = rnd() < 0.5 ? OP_IOC : OP_MARKET
    }
    s.kind[i] = kind
    if (kind === OP_PLACE) {
      const side = rnd() < 0.5 ? 0 : 1
      const off = 1 + Math.floor(rnd() * RANGE)
      s.side[i] = side
      s.price[i] = side === 0 ? MID - off : MID + off
      s.qty[i] = 1 + Math.floor(rnd() * 100)
      const r = e.place(s.makerOf[i]!, {
        symbol: SYMBOL.symbol,
        side: side === 0 ? 'BUY' : 'SELL',
        type: 'LIMIT',
        price: s.price[i]!,
        qty: s.qty[i]!
      })
      if (!r.ok) throw new Error(`reference run rejected ${r.reason}`)
      ourId[i] = r.id
      opOf.set(r.id, i)
      pos.set(r.id, live.length)
      live.push(i)
    } else if (kind === OP_CANCEL) {
      const t = live[Math.floor(rnd() * live.length)]!
      s.target[i] = t
      s.cancelAccount[i] = s.makerOf[t]!
      s.cancelOurId[i] = freshCopy(ourId[t]!)
      s.cancelTheirId[i] = freshCopy(s.theirIds[t]!)
      const r = e.cancel(s.makerOf[t]!, SYMBOL.symbol, ourId[t]!)
      if (!r.ok) throw new Error('reference run: cancel of a live order failed')
    } else {
      // market SELL, or IOC limit on either side sweeping through up to ~3 makers
      const side = kind === OP_MARKET ? 1 : rnd() < 0.5 ? 0 : 1
      s.side[i] = side
      s.qty[i] = 1 + Math.floor(rnd() * 150)
      s.price[i] = kind === OP_IOC ? (side === 0 ? MID + RANGE : MID - RANGE) : 0
      const r =
        kind === OP_IOC
          ? e.place('taker', {
              symbol: SYMBOL.symbol,
              side: side === 0 ? 'BUY' : 'SELL',
              type: 'LIMIT',
              price: s.price[i]!,
              qty: s.qty[i]!,
              timeInForce: 'IOC'
            })
          : e.place('taker', { symbol: SYMBOL.symbol, side: 'SELL', type: 'MARKET', qty: s.qty[i]! })
      if (!r.ok) throw new Error(`reference run rejected ${r.reason}`)
    }
  }
  return s
}

// ---- the two contestants behind one interface ----
interface Contestant {
  name: string
  /** build a fresh book and apply the prefill ops */
  setup(seq: Seq): void
  /** apply op i */
  op(i: number): void
  /** [resting orders, resting qty] */
  summary(): [number, number]
  /** drop the book, so an idle engine does not weigh on the others' GC and caches */
  teardown(): void
}

function ours(recycle: boolean): Contestant {
  let e = newEngine(recycle)
  let seq: Seq
  const sym = SYMBOL.symbol
  // ids are the reference run's (same engine, same ops, same id sequence); a mismatch would leave orders
  // uncanceled, which the final-book comparison reports
  const place = (i: number): void => {
    e.place(seq.makerOf[i]!, {
      symbol: sym,
      side: seq.side[i] === 0 ? 'BUY' : 'SELL',
      type: 'LIMIT',
      price: seq.price[i]!,
      qty: seq.qty[i]!
    })
  }
  return {
    name: recycle ? 'ours, recycleOrders' : 'ours (SpotEngine)',
    setup(s) {
      seq = s
      e = newEngine(recycle)
      for (let i = 0; i < s.prefill; i++) place(i)
    },
    op(i) {
      const k = seq.kind[i]
      if (k === OP_PLACE) place(i)
      else if (k === OP_CANCEL) {
        e.cancel(seq.cancelAccount[i]!, sym, seq.cancelOurId[i]!)
      } else if (k === OP_IOC) {
        e.place('taker', {
          symbol: sym,
          side: seq.side[i] === 0 ? 'BUY' : 'SELL',
          type: 'LIMIT',
          price: seq.price[i]!,
          qty: seq.qty[i]!,
          timeInForce: 'IOC'
        })
      } else e.place('taker', { symbol: sym, side: 'SELL', type: 'MARKET', qty: seq.qty[i]! })
    },
    teardown() {
      e = newEngine(recycle)
    },
    summary() {
      const m = e.markets.get(sym)!
      let q = 0
      for (const side of [m.book.bids, m.book.asks]) for (let i = 0; i < side.size; i++) q += side.levelFromBest(i)!.qty
      return [e.orders.size, q]
    }
  }
}

function theirs(): Contestant {
  let ob = new OrderBook()
  let seq: Seq
  const place = (i: number): void => {
    ob.limit({
      id: seq.theirIds[i]!,
      side: seq.side[i] === 0 ? Side.BUY : Side.SELL,
      size: seq.qty[i]!,
      price: seq.price[i]!
    })
  }
  return {
    name: 'nodejs-order-book',
    setup(s) {
      seq = s
      ob = new OrderBook()
      for (let i = 0; i < s.prefill; i++) place(i)
    },
    op(i) {
      const k = seq.kind[i]
      if (k === OP_PLACE) place(i)
      else if (k === OP_CANCEL) ob.cancel(seq.cancelTheirId[i]!)
      else if (k === OP_IOC) {
        ob.limit({
          id: seq.theirIds[i]!,
          side: seq.side[i] === 0 ? Side.BUY : Side.SELL,
          size: seq.qty[i]!,
          price: seq.price[i]!,
          timeInForce: 'IOC' as never
        })
      } else ob.market({ side: Side.SELL, size: seq.qty[i]! })
    },
    teardown() {
      ob = new OrderBook()
    },
    summary() {
      const [asks, bids] = ob.depth()
      let n = 0
      let q = 0
      for (const [, size] of [...asks, ...bids]) q += size
      const snap = ob.snapshot()
      for (const side of [snap.asks, snap.bids]) for (const lvl of side) n += lvl.orders.length
      return [n, q]
    }
  }
}

// ---- measurement ----
// a full GC before each timed run, so garbage of the previous run is not billed to the next
v8.setFlagsFromString('--expose-gc')
const gc = runInNewContext('gc') as (() => void) | undefined
let gcMs = 0
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) gcMs += e.duration
}).observe({ entryTypes: ['gc'] })

/**
 * ops/s by wall time, ops per CPU-second of the process (less disturbed by other processes on a busy machine,
 * but it also counts the GC's helper threads), and the share of wall time spent in GC pauses (observed
 * asynchronously, so approximate)
 */
async function throughput(c: Contestant, seq: Seq): Promise<[number, number, number]> {
  c.setup(seq)
  gc?.()
  await new Promise((r) => setTimeout(r, 10))
  const g0 = gcMs
  const cpu0 = process.cpuUsage()
  const t0 = process.hrtime.bigint()
  if (process.env.BENCH_MARK) console.log('LOOP START')
  for (let i = seq.prefill; i < seq.n; i++) c.op(i)
  if (process.env.BENCH_MARK) console.log('LOOP END')
  const ns = Number(process.hrtime.bigint() - t0)
  const cpu = process.cpuUsage(cpu0)
  c.teardown()
  await new Promise((r) => setTimeout(r, 10)) // let the GC observer report
  const n = seq.n - seq.prefill
  return [(n / ns) * 1e9, (n / (cpu.user + cpu.system)) * 1e6, (gcMs - g0) / (ns / 1e6)]
}

/** Per-op latencies, sorted: all ops, and by op kind (place, cancel, ioc, market). */
function latencies(c: Contestant, seq: Seq): { all: Float64Array; byKind: Float64Array[] } {
  c.setup(seq)
  gc?.()
  const out = new Float64Array(seq.n - seq.prefill)
  const kinds: number[][] = [[], [], [], []]
  for (let i = seq.prefill; i < seq.n; i++) {
    const t0 = process.hrtime.bigint()
    c.op(i)
    const ns = Number(process.hrtime.bigint() - t0)
    out[i - seq.prefill] = ns
    kinds[seq.kind[i]!]!.push(ns)
  }
  return { all: out.sort(), byKind: kinds.map((k) => Float64Array.from(k).sort()) }
}

function timerOverhead(): number {
  const n = 100_000
  const a = new Float64Array(n)
  for (let i = 0; i < n; i++) {
    const t0 = process.hrtime.bigint()
    a[i] = Number(process.hrtime.bigint() - t0)
  }
  return quantile(a.sort(), 0.5)
}

interface Row {
  engine: string
  size: number
  opsPerSec: number
  /** ops per CPU-second of the process */
  opsPerCpuSec: number
  /** share of the throughput run's wall time spent in GC pauses */
  gcShare: number
  p50Ns: number
  p99Ns: number
  p999Ns: number
  /** median latency per op kind, to see which operations slow down as the book grows */
  p50NsByKind: { place: number; cancel: number; ioc: number; market: number }
  finalOrders: number
  finalQty: number
}

const contestants = [ours(false), ours(true), theirs()].filter((c) => ONLY === '' || c.name.startsWith(ONLY))
const seqs = new Map(SIZES.map((size) => [size, makeSeq(size, OPS, SEED + size)]))
// warm-up: JIT every engine on the smallest size
for (const c of contestants) for (let r = 0; r < 2; r++) await throughput(c, seqs.get(SIZES[0]!)!)

const rows: Row[] = []
const mix = { place: 0, cancel: 0, ioc: 0, market: 0 }
for (const size of SIZES) {
  const seq = seqs.get(size)!
  for (let i = seq.prefill; i < seq.n; i++) {
    const k = seq.kind[i]
    if (k === OP_PLACE) mix.place++
    else if (k === OP_CANCEL) mix.cancel++
    else if (k === OP_IOC) mix.ioc++
    else mix.market++
  }
  // reps interleave the engines (A B C A B C ...) so that load changes on the machine hit them alike
  const runs = new Map(
    contestants.map((c) => [c.name, { ops: [] as number[], cpu: [] as number[], gc: [] as number[] }])
  )
  for (let r = 0; r < REPS; r++) {
    for (const c of contestants) {
      const [ops, cpu, share] = await throughput(c, seq)
      runs.get(c.name)!.ops.push(ops)
      runs.get(c.name)!.cpu.push(cpu)
      runs.get(c.name)!.gc.push(share)
    }
  }
  for (const c of contestants) {
    const { all: lat, byKind } = latencies(c, seq)
    const [finalOrders, finalQty] = c.summary()
    c.teardown()
    const run = runs.get(c.name)!
    rows.push({
      engine: c.name,
      size,
      opsPerSec: median(run.ops),
      opsPerCpuSec: median(run.cpu),
      gcShare: median(run.gc),
      p50Ns: quantile(lat, 0.5),
      p99Ns: quantile(lat, 0.99),
      p999Ns: quantile(lat, 0.999),
      p50NsByKind: {
        place: quantile(byKind[OP_PLACE]!, 0.5),
        cancel: quantile(byKind[OP_CANCEL]!, 0.5),
        ioc: quantile(byKind[OP_IOC]!, 0.5),
        market: quantile(byKind[OP_MARKET]!, 0.5)
      },
      finalOrders,
      finalQty
    })
  }
}

// ---- report ----
const timerNs = timerOverhead()
const get = (engine: string, size: number): Row => rows.find((r) => r.engine === engine && r.size === size)!
const names = contestants.map((c) => c.name)
const THEIRS = 'nodejs-order-book'
const mine = names.filter((n) => n !== THEIRS)
const fmt = (n: number): string => Math.round(n).toLocaleString('en-US')
const lines: string[] = []
lines.push(
  `ops per size: ${OPS} (mix over all sizes: ${JSON.stringify(mix)}), reps ${REPS}, seed ${SEED}, node ${process.version}, timer overhead ~${timerNs} ns/op`
)
lines.push('')
lines.push(
  '| resting | engine | ops/s | ops/cpu-s | GC | p50 ns | p99 ns | p99.9 ns | p50 ns place / cancel / ioc / market | final orders / qty |'
)
lines.push('|---:|---|---:|---:|---:|---:|---:|---:|---|---|')
for (const r of rows) {
  const k = r.p50NsByKind
  lines.push(
    `| ${fmt(r.size)} | ${r.engine} | ${fmt(r.opsPerSec)} | ${fmt(r.opsPerCpuSec)} | ${(r.gcShare * 100).toFixed(0)}% | ${fmt(r.p50Ns)} | ${fmt(r.p99Ns)} | ${fmt(r.p999Ns)} | ` +
      `${fmt(k.place)} / ${fmt(k.cancel)} / ${fmt(k.ioc)} / ${fmt(k.market)} | ${r.finalOrders} / ${r.finalQty} |`
  )
}
lines.push('')
const lo = SIZES[0]!
const hi = SIZES[SIZES.length - 1]!
const drop = (name: string): number => get(name, lo).opsPerSec / get(name, hi).opsPerSec
const haveTheirs = names.includes(THEIRS)
const ratios = haveTheirs
  ? mine.flatMap((n) =>
      SIZES.map((size) => ({ engine: n, size, overTheirs: get(n, size).opsPerSec / get(THEIRS, size).opsPerSec }))
    )
  : []
for (const r of ratios) lines.push(`${r.engine} / ${THEIRS} at ${fmt(r.size)}: ${r.overTheirs.toFixed(2)}x`)
for (const n of names) lines.push(`throughput drop ${fmt(lo)} -> ${fmt(hi)}, ${n}: ${drop(n).toFixed(2)}x`)
const met = (ok: boolean): string => (ok ? 'met' : 'NOT met')
const goals = mine.map((n) => {
  const minRatio = haveTheirs ? Math.min(...ratios.filter((r) => r.engine === n).map((r) => r.overTheirs)) : Number.NaN
  const minOps = Math.min(...SIZES.map((size) => get(n, size).opsPerSec))
  lines.push(
    `goals, ${n}: >= 3x theirs ${haveTheirs ? `${met(minRatio >= 3)} (min ${minRatio.toFixed(2)}x)` : 'not run'}; ` +
      `>= 1M ops/s ${met(minOps >= 1e6)} (min ${fmt(minOps)}); <= 2x drop ${met(drop(n) <= 2)} (${drop(n).toFixed(2)}x)`
  )
  return { engine: n, overTheirsMin: minRatio, minOpsPerSec: minOps, drop: drop(n) }
})
for (const size of SIZES) {
  const sums = new Set(names.map((n) => `${get(n, size).finalOrders}/${get(n, size).finalQty}`))
  if (sums.size > 1) lines.push(`WARNING: final books differ at ${size}: ${[...sums].join(' vs ')}`)
}
console.log(lines.join('\n'))

if (OUT) {
  mkdirSync(dirname(OUT), { recursive: true })
  writeFileSync(
    OUT,
    `${JSON.stringify(
      {
        bench: 'engine',
        date: new Date().toISOString(),
        node: process.version,
        platform: `${process.platform} ${process.arch}`,
        ops: OPS,
        reps: REPS,
        seed: SEED,
        mix,
        timerNs,
        rows,
        ratios,
        drop: { from: lo, to: hi, ...Object.fromEntries(names.map((n) => [n, drop(n)])) },
        goals
      },
      null,
      2
    )}\n`
  )
  console.log(`wrote ${OUT}`)
}
