// Group-commit throughput: appends/s and commit latency at several numbers of concurrent committers, through the raw
// journal and through openDurableState (adds JSON round-trip + apply). Figures only; nothing is asserted.
//
// Each committer loops: --work-us of busy CPU (the server's own cost per order), one committer's at a time in a
// loop turn of its own, so commits arrive spread over time as requests do (0: all in one turn), then commit and
// wait for it to be durable. With
// --depths the journal's pipeline depths (batches written and not yet acknowledged) are compared: in every rep the
// depths run one after the other at each concurrency, so load changes hit them alike; the paired ratio to the
// first depth is the figure to judge a depth by on a busy machine.
// Run: npx tsx bench/store/journal.bench.ts [--seconds 2] [--concurrency 1,16,64] [--work-us 70] [--depths 2]
//      [--reps 1]
import { mkdtempSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { openDurableState } from '../../src-sim/store/durable-state'
import { Journal, PIPELINE_DEPTH } from '../../src-sim/store/journal'
import { arg } from '../args'
import { median, quantile } from '../stats'

const seconds = Number(arg('seconds', '2'))
const concurrencies = arg('concurrency', '1,16,64').split(',').map(Number)
const workUs = Number(arg('work-us', '70'))
// A depth with an 'e' (2e) writes even batches (JournalOptions.evenBatches, the default); without, the earlier rule.
const depths = arg('depths', `${PIPELINE_DEPTH}e`).split(',')
const reps = Number(arg('reps', '1'))
const order = (i: number) => ({
  type: 'placeOrder',
  at: 1_700_000_000_000 + i,
  orderId: `o-${i}`,
  account: `acct-${i % 50}`,
  symbol: 'BTCUSDT',
  side: i % 2 ? 'BUY' : 'SELL',
  kind: 'LIMIT',
  price: '64123.45',
  qty: '0.015'
})

/**
 * --work-us of CPU before a commit, one committer's at a time, each in a loop turn of its own: as a server that
 * parses and handles one request after another, so commits arrive spread over time (and over the journal's
 * batches) as requests do, not all in the turn their previous commits were acknowledged in.
 */
const cpuQueue: (() => void)[] = []
function work(): Promise<void> {
  if (workUs <= 0) return Promise.resolve()
  return new Promise((resolve) => {
    cpuQueue.push(resolve)
    if (cpuQueue.length === 1) setImmediate(nextWork)
  })
}
function nextWork(): void {
  const end = performance.now() + workUs / 1000
  while (performance.now() < end);
  cpuQueue.shift()!()
  if (cpuQueue.length > 0) setImmediate(nextWork)
}

async function run(label: string, concurrency: number, commit: (i: number) => Promise<unknown>): Promise<number> {
  const latencies: number[] = []
  let i = 0
  const load = loadavg()[0]!.toFixed(2)
  const end = performance.now() + seconds * 1000
  const start = performance.now()
  const cpu0 = process.cpuUsage()
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < end) {
        await work()
        const t = performance.now()
        await commit(i++)
        latencies.push(performance.now() - t)
      }
    })
  )
  const elapsed = (performance.now() - start) / 1000
  // The process's CPU (the thread pool's writes and their kernel time too) beyond the --work-us spent per commit.
  const cpu = process.cpuUsage(cpu0)
  const overUs = (cpu.user + cpu.system) / latencies.length - workUs
  latencies.sort((a, b) => a - b)
  const pct = (p: number): string => quantile(latencies, p).toFixed(3)
  const rate = Math.round(latencies.length / elapsed)
  console.log(
    `${label.padEnd(16)} c=${String(concurrency).padStart(3)}  ${String(rate).padStart(7)} commits/s  ` +
      `p50 ${pct(0.5)} ms  p99 ${pct(0.99)} ms  CPU ${overUs.toFixed(1)} us a commit past the work  (load ${load})`
  )
  return rate
}

async function journalRun(concurrency: number, depth: string): Promise<number> {
  const dir = mkdtempSync(join(tmpdir(), 'journal-bench-'))
  const { journal } = await Journal.open(dir, 0, () => {}, {
    pipelineDepth: Number.parseInt(depth),
    evenBatches: depth.endsWith('e')
  })
  const rate = await run(`journal depth ${depth}`, concurrency, (i) => journal.append(order(i)))
  const { batches, records } = journal.stats
  console.log(`${''.padEnd(22)}batches ${batches}, ${(records / batches).toFixed(1)} records per batch`)
  await journal.close()
  rmSync(dir, { recursive: true, force: true })
  return rate
}

async function durableRun(concurrency: number): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'durable-bench-'))
  const ds = await openDurableState<{ n: number }, ReturnType<typeof order>>({
    dir,
    initial: () => ({ n: 0 }),
    apply: (s) => void s.n++,
    snapshot: (s) => s,
    restore: (d) => d as { n: number },
    snapshotEvery: 50_000
  })
  await run('durable state', concurrency, (i) => ds.commit(order(i)))
  await ds.close()
  rmSync(dir, { recursive: true, force: true })
}

console.log(
  `${seconds} s per run, ${workUs} us of work before each commit, depths ${depths.join(', ')}, ${reps} rep(s)`
)
for (const concurrency of concurrencies) {
  const rates = depths.map((): number[] => [])
  for (let rep = 0; rep < reps; rep++) {
    // Alternating order between reps, so neither depth always runs first.
    const order = rep % 2 === 0 ? [...depths.keys()] : [...depths.keys()].reverse()
    for (const d of order) rates[d]!.push(await journalRun(concurrency, depths[d]!))
  }
  for (const [d, depth] of depths.entries()) {
    if (d === 0) continue
    const paired = rates[d]!.map((r, k) => r / rates[0]![k]!)
    console.log(
      `  depth ${depth} / depth ${depths[0]} at c=${concurrency}: median ${median(paired).toFixed(2)}x over ${paired.length} paired run(s)`
    )
  }
  await durableRun(concurrency)
}
