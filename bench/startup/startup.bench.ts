// Cold start (issue 16, goal 1): `npm run web`'s built server from spawn to the printed launch URL, and in Chromium
// navigation to the first painted order book. Each run is cold: a fresh process, user-data folder (a new paper
// exchange) and Chromium profile; the OS file cache is warm after the first run. Figures only, never asserted.
//   npx tsx --tsconfig tsconfig.node.json bench/startup/startup.bench.ts [--runs 5] [--no-tsx] [--no-build]
//     [--builds A=DIR,B=DIR] [--out bench-results/startup.json]
// --builds: A/B of whole builds (each DIR an electron-vite out folder whose parent holds a copy of package.json, as
// bench/startup/ab-tree.sh makes them), started as `node DIR/main/web.js` in turns (A, B, A, B, ...) so a change of
// load on the machine hits both alike; figures per build and the paired ratios of each run's B over its A.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { availableParallelism, loadavg, tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { launchChromium } from '../../test/e2e/browser'
import { arg, flag } from '../args'
import { median } from '../stats'

const ROOT = resolve(import.meta.dirname, '../..')
const LAUNCHER = join(ROOT, 'scripts/run-web.mjs')
const runs = Number(arg('runs', '5'))
const out = arg('out', '')
const builds: [string, string][] = arg('builds', '')
  ? arg('builds', '')
      .split(',')
      .map((b) => b.split('=') as [string, string])
  : []

/** How the server is started: what `npm run web` runs now, and the old way (compiled by tsx at start). */
const WAYS = {
  built: [LAUNCHER],
  tsx: [join(ROOT, 'node_modules/tsx/dist/cli.mjs'), '--tsconfig', 'tsconfig.node.json', 'scripts/web.ts']
} as const
type Way = keyof typeof WAYS

interface Server {
  url: string
  /** Spawn to the launch URL's line on stdout (ms). */
  launchMs: number
  /**
   * Spawn to the core's `terminal core ready` line (ms; the link is printed while the core starts), or null if it
   * did not come within 30 s of the link.
   */
  coreReadyMs(): Promise<number | null>
  stop(): Promise<void>
}

/** Starts a server on a fresh user-data folder and waits for its launch URL; `way` a DIR runs that build's web.js. */
async function startServer(way: Way | { dir: string }): Promise<Server> {
  const dataDir = mkdtempSync(join(tmpdir(), 'cht-startup-data-'))
  const t0 = performance.now()
  const argv = typeof way === 'string' ? [...WAYS[way]] : [join(resolve(ROOT, way.dir), 'main/web.js')]
  const name = typeof way === 'string' ? way : way.dir
  const child: ChildProcess = spawn(process.execPath, argv, {
    cwd: ROOT,
    env: { ...process.env, CHTRADER_USER_DATA: dataDir, PORT: '0' },
    stdio: ['ignore', 'pipe', 'pipe']
  })
  const exited = new Promise<void>((r) => child.once('exit', () => r()))
  const stop = async (): Promise<void> => {
    if (child.exitCode === null) child.kill('SIGINT')
    await exited
    rmSync(dataDir, { recursive: true, force: true })
  }
  try {
    let coreAt: number | null = null
    const { url, at } = await new Promise<{ url: string; at: number }>((res, rej) => {
      let text = ''
      const take = (c: Buffer): void => {
        text += c.toString('utf8')
        const m = /terminal ready at (\S+)/.exec(text)
        if (m) res({ url: m[1]!, at: performance.now() })
        if (coreAt === null && text.includes('terminal core ready')) coreAt = performance.now()
      }
      child.stdout!.on('data', take)
      child.stderr!.on('data', take)
      child.once('exit', (code) => rej(new Error(`the ${name} server exited (${code}) before its URL:\n${text}`)))
    })
    const coreReadyMs = async (): Promise<number | null> => {
      for (const until = performance.now() + 30_000; coreAt === null && performance.now() < until;)
        await new Promise((r) => setTimeout(r, 20))
      return coreAt === null ? null : coreAt - t0
    }
    return { url, launchMs: at - t0, coreReadyMs, stop }
  } catch (e) {
    await stop()
    throw e
  }
}

/**
 * In the page, from navigation start (performance.timeOrigin): `book`, the first animation frame after the frame
 * in which the book's first bid row (its DOM mirror row, drawn on the canvas in the same frame) came to exist, i.e.
 * that frame was painted; `form`, the same for the order form; `chart`, for the candles chart's element (the
 * charts load after the book). Installed before any page script runs.
 */
const MARKS_SCRIPT = `(() => {
  const marks = (window.__startup = {})
  const watch = { book: '[data-testid="orderbook-bid"]', form: '[data-testid="order-entry"]', chart: '[data-testid="chart-candles"]' }
  const seen = new Set()
  const look = () => {
    for (const [name, sel] of Object.entries(watch)) {
      if (seen.has(name) || !document.querySelector(sel)) continue
      seen.add(name)
      requestAnimationFrame(() => {
        marks[name] = performance.now()
        if (name === 'book' && window.__bookPainted) window.__bookPainted()
      })
    }
    if (seen.size === Object.keys(watch).length) mo.disconnect()
  }
  const mo = new MutationObserver(look)
  mo.observe(document, { childList: true, subtree: true })
})()`

interface PageMarks {
  book: number
  form: number | null
  chart: number | null
  /**
   * CPU time up to the first book (ms; Chromium's ThreadTime and ProcessTime metrics, read when the book's frame is
   * stamped): the page's main thread (`cpu`) and its whole renderer process (`processCpu`: script streaming and
   * compiling, raster, on other threads too). The page's own work, which a loaded machine moves far less than the
   * wall clock.
   */
  cpu: number | null
  processCpu: number | null
}

async function firstBook(url: string): Promise<PageMarks> {
  const browser = await launchChromium()
  try {
    const page = await browser.context.newPage()
    const cdp = await browser.context.newCDPSession(page)
    await cdp.send('Performance.enable')
    let cpu: Promise<{ thread: number; process: number } | null> = Promise.resolve(null)
    await page.exposeFunction('__bookPainted', () => {
      cpu = cdp
        .send('Performance.getMetrics')
        .then(({ metrics }) => {
          const ms = (name: string): number => (metrics.find((m) => m.name === name)?.value ?? NaN) * 1000
          return { thread: ms('ThreadTime'), process: ms('ProcessTime') }
        })
        .catch(() => null)
    })
    await page.addInitScript(MARKS_SCRIPT)
    await page.goto(url)
    await page.waitForFunction(
      () => (window as unknown as { __startup: PageMarks }).__startup.book !== undefined,
      null,
      {
        timeout: 60_000
      }
    )
    // The charts come after the book: wait for them too (bounded), to show by how much.
    await page
      .waitForFunction(() => (window as unknown as { __startup: PageMarks }).__startup.chart !== undefined, null, {
        timeout: 15_000
      })
      .catch(() => undefined)
    const m = await page.evaluate(() => (window as unknown as { __startup: Partial<PageMarks> }).__startup)
    return {
      book: m.book!,
      form: m.form ?? null,
      chart: m.chart ?? null,
      ...(await cpu.then((c) => ({ cpu: c?.thread ?? null, processCpu: c?.process ?? null })))
    }
  } finally {
    await browser.close()
  }
}

function ensureBuilt(): void {
  const check = spawnSync(process.execPath, [LAUNCHER, '--check'], { cwd: ROOT, encoding: 'utf8' })
  if (check.status === 0) return
  if (flag('no-build')) {
    console.error(check.stderr.trim())
    process.exit(1)
  }
  console.log(`${check.stderr.trim()}\nbuilding (npm run build) ...`)
  const b = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] })
  if (b.status !== 0) process.exit(1)
}

const round = (x: number): number => Math.round(x)
const summary = (xs: number[]): { median: number; max: number; runs: number[] } => ({
  median: round(median(xs)),
  max: round(Math.max(...xs)),
  runs: xs.map(round)
})

/** `builds` in turns, `runs` rounds: each run's launch URL and page marks, and B over A per round. */
async function abRuns(): Promise<void> {
  const load0 = loadavg()[0]!
  const got = new Map<string, { launch: number; core: number | null; page: PageMarks }[]>(builds.map(([b]) => [b, []]))
  for (let i = 0; i < runs; i++)
    for (const [build, dir] of builds) {
      const s = await startServer({ dir })
      try {
        const p = await firstBook(s.url)
        const core = await s.coreReadyMs()
        got.get(build)!.push({ launch: s.launchMs, core, page: p })
        console.log(
          `round ${i + 1} ${build} (load ${loadavg()[0]!.toFixed(2)}): launch URL ${round(s.launchMs)} ms, ` +
            `core ready ${core === null ? '-' : round(core)} ms, ` +
            `first book ${round(p.book)} ms (form ${p.form === null ? '-' : round(p.form)}, chart ${p.chart === null ? '-' : round(p.chart)}, ` +
            `page CPU ${p.cpu === null ? '-' : round(p.cpu)} ms, renderer ${p.processCpu === null ? '-' : round(p.processCpu)} ms)`
        )
      } finally {
        await s.stop()
      }
    }
  const per = (b: string) => {
    const rs = got.get(b)!
    return {
      launchUrlMs: summary(rs.map((r) => r.launch)),
      coreReadyMs: summary(rs.flatMap((r) => (r.core === null ? [] : [r.core]))),
      firstBookPaintedMs: summary(rs.map((r) => r.page.book)),
      pageCpuMsAtBook: summary(rs.flatMap((r) => (r.page.cpu === null ? [] : [r.page.cpu]))),
      rendererCpuMsAtBook: summary(rs.flatMap((r) => (r.page.processCpu === null ? [] : [r.page.processCpu]))),
      orderFormPaintedMs: summary(rs.flatMap((r) => (r.page.form === null ? [] : [r.page.form]))),
      candlesChartPaintedMs: summary(rs.flatMap((r) => (r.page.chart === null ? [] : [r.page.chart])))
    }
  }
  const [a, b] = builds.map(([name]) => name) as [string, string]
  // Paired: each round's B over the A run just before it.
  const ratios = (f: (r: { launch: number; core: number | null; page: PageMarks }) => number | null) =>
    got
      .get(b)!
      .map((r, i) => {
        const x = f(got.get(a)![i]!)
        const y = f(r)
        return x && y ? +(y / x).toFixed(3) : null
      })
      .filter((r): r is number => r !== null)
  const pairs = {
    firstBook: ratios((r) => r.page.book),
    pageCpuAtBook: ratios((r) => r.page.cpu),
    rendererCpuAtBook: ratios((r) => r.page.processCpu),
    orderForm: ratios((r) => r.page.form),
    launchUrl: ratios((r) => r.launch),
    coreReady: ratios((r) => r.core)
  }
  const result = {
    bench: 'startup',
    date: new Date().toISOString(),
    conditions: {
      runs,
      builds: Object.fromEntries(builds),
      cpus: availableParallelism(),
      node: process.version,
      loadavg1: { start: load0, end: loadavg()[0]! },
      method: 'A/B: the builds take turns each round (fresh server, user-data folder and Chromium profile per run).'
    },
    byBuild: Object.fromEntries(builds.map(([name]) => [name, per(name)])),
    [`${b}Over${a}`]: Object.fromEntries(
      Object.entries(pairs).map(([k, v]) => [k, { median: v.length ? +median(v).toFixed(3) : null, runs: v }])
    ),
    goals: { launchUrlMs: 800, firstBookPaintedMs: 1000 }
  }
  console.log(JSON.stringify(result, null, 2))
  if (out) writeFileSync(resolve(ROOT, out), `${JSON.stringify(result, null, 2)}\n`)
}

if (builds.length) {
  if (builds.length !== 2) throw new Error('--builds takes two: A=DIR,B=DIR')
  await abRuns()
  process.exit(0)
}
ensureBuilt()
const load0 = loadavg()[0]!
const launch: Record<Way, number[]> = { built: [], tsx: [] }
const page: PageMarks[] = []
const core: number[] = []
for (let i = 0; i < runs; i++) {
  // Built and old way take turns, so a change of load on the machine hits both alike.
  const s = await startServer('built')
  launch.built.push(s.launchMs)
  try {
    page.push(await firstBook(s.url))
    const c = await s.coreReadyMs()
    if (c !== null) core.push(c)
  } finally {
    await s.stop()
  }
  if (!flag('no-tsx')) {
    const old = await startServer('tsx')
    launch.tsx.push(old.launchMs)
    await old.stop()
  }
  const p = page.at(-1)!
  console.log(
    `run ${i + 1}: launch URL ${round(launch.built.at(-1)!)} ms${launch.tsx.length ? ` (tsx ${round(launch.tsx.at(-1)!)} ms)` : ''}, ` +
      `first book painted ${round(p.book)} ms (form ${p.form === null ? '-' : round(p.form)}, chart ${p.chart === null ? '-' : round(p.chart)})`
  )
}

const result = {
  bench: 'startup',
  date: new Date().toISOString(),
  conditions: {
    runs,
    cpus: availableParallelism(),
    node: process.version,
    loadavg1: { start: load0, end: loadavg()[0]! },
    method:
      "launchUrlMs: spawn of `node scripts/run-web.mjs` (what `npm run web` runs, without npm itself) to its `terminal ready at` line, fresh user-data folder each run; tsx: the same for `tsx scripts/web.ts` (the old `npm run web`), alternating with the built one. coreReadyMs: spawn to the core's `terminal core ready` line (the link comes first, while the core starts). firstBookPaintedMs: from navigation start to the first animation frame after the frame in which the first bid row of the book existed (that frame painted), fresh Chromium profile each run; form and chart: the same for the order form and the candles chart."
  },
  launchUrlMs: summary(launch.built),
  coreReadyMs: summary(core),
  ...(launch.tsx.length
    ? { launchUrlTsxMs: summary(launch.tsx), tsxOverBuilt: +(median(launch.tsx) / median(launch.built)).toFixed(2) }
    : {}),
  firstBookPaintedMs: summary(page.map((p) => p.book)),
  pageCpuMsAtBook: summary(page.flatMap((p) => (p.cpu === null ? [] : [p.cpu]))),
  rendererCpuMsAtBook: summary(page.flatMap((p) => (p.processCpu === null ? [] : [p.processCpu]))),
  orderFormPaintedMs: summary(page.flatMap((p) => (p.form === null ? [] : [p.form]))),
  candlesChartPaintedMs: summary(page.flatMap((p) => (p.chart === null ? [] : [p.chart]))),
  goals: { launchUrlMs: 800, firstBookPaintedMs: 1000 }
}
console.log(JSON.stringify(result, null, 2))
if (out) writeFileSync(resolve(ROOT, out), `${JSON.stringify(result, null, 2)}\n`)
