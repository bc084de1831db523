// The bench's exchange: the embedded exchange with the bench accounts (rate limits lifted), no market activity,
// the control API on.
// Imported by orders.bench.ts for the in-process setups; run with --serve it is the child process of the child
// setups (bundled like the product's build, or under tsx): it prints "listening on URL" and stops on SIGTERM.
import { startExchange } from '../../src-sim/exchange'
import { arg, flag } from '../args'
import { BENCH_KEYS } from './bench-keys'

export async function serveBench(dataDir: string | null): Promise<{ url: string; close(): Promise<void> }> {
  // The control API on, as the terminal's embedded exchange runs it (src-main/core/embedded.ts).
  const ex = await startExchange({
    activity: false,
    keys: BENCH_KEYS,
    unlimitedKeys: true,
    dataDir,
    port: 0,
    control: true
  })
  return { url: ex.url, close: () => ex.close() }
}

if (flag('serve')) {
  const s = await serveBench(arg('data-dir', '') || null)
  console.log(`listening on ${s.url}`)
  const stop = (): void => void s.close().then(() => process.exit(0))
  process.on('SIGTERM', stop)
  process.on('SIGINT', stop)
}
