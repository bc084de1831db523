// `npm run bench [name...]`: runs the benchmarks one after another (never in parallel: they would share the
// two cores) and leaves each one's figures in bench-results/<name>.json (the store bench only prints them).
// Nothing here asserts a time.
import { spawnSync } from 'node:child_process'
import { mkdirSync } from 'node:fs'
import { resolve } from 'node:path'

const ROOT = resolve(import.meta.dirname, '..')
const BENCHES: Record<string, string[]> = {
  engine: ['bench/engine/engine.bench.ts', '--out', 'bench-results/engine.json'],
  store: ['bench/store/journal.bench.ts'],
  client: ['bench/client/overhead.bench.ts', '--out', 'bench-results/client.json'],
  feeds: ['bench/feeds/decode.bench.ts', '--out', 'bench-results/feeds.json'],
  http: ['bench/http/orders.bench.ts'],
  ui: ['bench/ui/render.bench.ts', '--out', 'bench-results/ui.json'],
  indicators: ['bench/ui/indicators.bench.ts', '--out', 'bench-results/indicators.json'],
  drag: ['bench/ui/drag.bench.ts', '--out', 'bench-results/drag.json'],
  startup: ['bench/startup/startup.bench.ts', '--out', 'bench-results/startup.json'],
  idle: ['bench/ui/idle.bench.ts', '--out', 'bench-results/idle.json'],
  soak: ['bench/ui/soak.bench.ts', '--out', 'bench-results/soak.json']
}

/** Run only when named: an hour long by default. */
const ON_REQUEST = new Set(['soak'])

// Names first, then options for the benches named (`npm run bench -- soak --minutes 10`).
const args = process.argv.slice(2)
const firstOption = args.findIndex((a) => a.startsWith('--'))
const names = firstOption < 0 ? args : args.slice(0, firstOption)
const options = firstOption < 0 ? [] : args.slice(firstOption)
const wanted = names.length ? names : Object.keys(BENCHES).filter((n) => !ON_REQUEST.has(n))
const unknown = wanted.filter((w) => !BENCHES[w])
if (unknown.length) {
  console.error(`unknown bench: ${unknown.join(', ')}; choose from ${Object.keys(BENCHES).join(', ')}`)
  process.exit(2)
}
mkdirSync(resolve(ROOT, 'bench-results'), { recursive: true })
let failed = 0
for (const name of wanted) {
  console.log(`\n=== bench ${name} ===`)
  const r = spawnSync('npx', ['tsx', '--tsconfig', 'tsconfig.node.json', ...(BENCHES[name] as string[]), ...options], {
    cwd: ROOT,
    stdio: 'inherit'
  })
  if (r.status !== 0) failed++
}
process.exit(failed ? 1 : 0)
