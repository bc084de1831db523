// Group-commit throughput: appends/s and commit latency with 1, 16 and 128 concurrent committers, through the raw
// journal and through openDurableState (adds JSON round-trip + apply). Figures only; nothing is asserted.
// Run: npx tsx bench/store/journal.bench.ts [--seconds 2] (per case)
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openDurableState } from '../../src-sim/store/durable-state'
import { Journal } from '../../src-sim/store/journal'
import { arg } from '../args'
import { quantile } from '../stats'

const seconds = Number(arg('seconds', '2'))
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

async function run(label: string, concurrency: number, commit: (i: number) => Promise<unknown>): Promise<void> {
  const latencies: number[] = []
  let i = 0
  const end = performance.now() + seconds * 1000
  const start = performance.now()
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < end) {
        const t = performance.now()
        await commit(i++)
        latencies.push(performance.now() - t)
      }
    })
  )
  const elapsed = (performance.now() - start) / 1000
  latencies.sort((a, b) => a - b)
  const pct = (p: number): string => quantile(latencies, p).toFixed(3)
  console.log(
    `${label.padEnd(8)} c=${String(concurrency).padStart(3)}  ${Math.round(latencies.length / elapsed)
      .toString()
      .padStart(7)} appends/s  p50 ${pct(0.5)} ms  p99 ${pct(0.99)} ms`
  )
}

for (const concurrency of [1, 16, 128]) {
  let dir = mkdtempSync(join(tmpdir(), 'journal-bench-'))
  const { journal } = await Journal.open(dir, 0, () => {})
  await run('journal', concurrency, (i) => journal.append(order(i)))
  const { batches, records } = journal.stats
  console.log(`${''.padEnd(14)}fdatasyncs ${batches}, ${(records / batches).toFixed(1)} records per batch`)
  await journal.close()
  rmSync(dir, { recursive: true, force: true })

  dir = mkdtempSync(join(tmpdir(), 'durable-bench-'))
  const ds = await openDurableState<{ n: number }, ReturnType<typeof order>>({
    dir,
    initial: () => ({ n: 0 }),
    apply: (s) => void s.n++,
    snapshot: (s) => s,
    restore: (d) => d as { n: number },
    snapshotEvery: 50_000
  })
  await run('durable', concurrency, (i) => ds.commit(order(i)))
  await ds.close()
  rmSync(dir, { recursive: true, force: true })
}
