// Where the render bench's main thread goes: runs one stream scenario of the bench page and records a Chromium
// trace (CDP Tracing) over part of it, then prints the renderer main thread's self time by trace event and the
// heaviest JS functions (from the trace's CPU profile samples). A diagnostic, not a bench: it writes no figures.
//   npx tsx --tsconfig tsconfig.node.json bench/ui/profile.ts [--scenario panels|monitor|idle] [--markets 5] [--secs 4]
//        [--trace out.json] [--build DIR]
// --scenario idle: the idle bench's page instead (the terminal's main window on the real server's launch URL, one
// live market, 1280x720; the server from DIR, an electron-vite out folder, default out/), traced after --warmup s.
import { rm, writeFile } from 'node:fs/promises'
import { loadavg } from 'node:os'
import { launchChromium, serveDir } from '../../test/e2e/browser'
import { buildPage } from './build-page'
import { stepAside } from '../step-aside'
import type { BenchApi, StreamScenario } from './types'
import { arg } from '../args'
import { waitLive } from './live-window'
import { startTerminalServer } from './terminal-server'
import { recordTrace, rendererMain, selfTimes, sliceEvents, type ProfileNode, type TraceEvent } from '../trace-events'

const markets = Number(arg('markets', '5'))
const secs = Number(arg('secs', '4'))
const view = arg('scenario', 'panels') as StreamScenario['view'] | 'idle'
const traceOut = arg('trace', '')

const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8',
  'v8.execute',
  'blink.user_timing',
  'disabled-by-default-v8.cpu_profiler',
  'cc',
  'gpu',
  ...(process.env['TRACE_INVALIDATIONS'] ? ['disabled-by-default-devtools.timeline.invalidationTracking'] : [])
]
const loadNow = (): string =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')

/** The idle bench's page (bench/ui/idle.bench.ts), traced over --secs after --warmup seconds. */
async function idle(): Promise<void> {
  const server = await startTerminalServer(arg('build', '') || undefined)
  const browser = await launchChromium()
  try {
    const page = browser.context.pages()[0] ?? (await browser.context.newPage())
    await page.goto(server.url)
    await waitLive(page)
    await new Promise((r) => setTimeout(r, Number(arg('warmup', '10')) * 1000))
    const cdp = await browser.context.newCDPSession(page)
    const load = loadNow()
    const stop = await recordTrace(cdp, CATEGORIES)
    await new Promise((r) => setTimeout(r, secs * 1000))
    const { events, dataLost } = await stop()
    if (traceOut) await writeFile(traceOut, JSON.stringify({ traceEvents: events }))
    console.log(`scenario idle (one live market, the real server); load ${load}`)
    if (dataLost) console.log('the trace buffer filled up: the end of the window is missing')
    summarize(events, secs)
  } finally {
    await browser.close()
    await server.stop()
  }
}

async function main(): Promise<void> {
  if (view === 'idle') return idle()
  const dir = await buildPage(false)
  const server = await serveDir(dir)
  const browser = await launchChromium()
  stepAside()
  try {
    const page = await browser.context.newPage()
    await page.setViewportSize({ width: 1920, height: 1080 })
    await page.goto(`${server.url}/index.html`)
    await page.waitForFunction('!!window.__bench')
    const cdp = await browser.context.newCDPSession(page)
    // The stream outlasts the trace by a margin: on a loaded machine starting and stopping the trace take seconds, and
    // a trace reaching into the page's teardown (panels unmounted) profiles that instead.
    const scenario: StreamScenario = {
      name: 'profile',
      markets,
      view: view as StreamScenario['view'],
      warmupMs: 2000,
      measureMs: secs * 2000 + 10_000
    }
    const run = page.evaluate((s) => (globalThis as unknown as { __bench: BenchApi }).__bench.stream(s), scenario)
    await new Promise((r) => setTimeout(r, 500 + 2000 + 1000))
    const load = loadNow()
    const stop = await recordTrace(cdp, CATEGORIES)
    await new Promise((r) => setTimeout(r, secs * 1000))
    const { events, dataLost } = await stop()
    const r = await run
    if (traceOut) await writeFile(traceOut, JSON.stringify({ traceEvents: events }))
    console.log(
      `scenario ${view} ${markets} markets: ${r.fps} fps, long tasks ${r.longTasks.count}, dom p99 ${r.tickToPaint.dom.p99} ms; load ${load}`
    )
    if (dataLost) console.log('the trace buffer filled up: the end of the window is missing')
    summarize(events, secs)
  } finally {
    await browser.close()
    await server.close()
    await rm(dir, { recursive: true, force: true })
  }
}

function summarize(events: TraceEvent[], secs: number): void {
  const main = rendererMain(events)
  if (!main) return console.log('no renderer main thread in the trace')
  // Self time in wall time (dur) and in thread CPU time (tdur, when the event has it).
  const xs = sliceEvents(events, main)
  const { self, busy } = selfTimes(xs)
  const frames =
    events.filter((e) => `${e.pid}:${e.tid}` === main && e.name === 'BeginMainFrame').length ||
    xs.filter((e) => e.name === 'ProxyMain::BeginMainFrame').length
  const ms = (us: number): string => (us / 1000 / secs).toFixed(1).padStart(7)
  console.log(
    `\nrenderer main thread: top-level busy ${ms(busy.wall)} ms/s wall, ${ms(busy.cpu)} ms/s CPU; ${(frames / secs).toFixed(1)} main frames/s, ${(busy.cpu / 1000 / Math.max(1, frames)).toFixed(2)} ms CPU a frame`
  )
  console.log('self time by event, ms/s:   wall     CPU')
  for (const [n, { wall, cpu }] of [...self].sort((a, b) => b[1].cpu - a[1].cpu).slice(0, 25))
    console.log(`  ${n.padEnd(40).slice(0, 40)} ${ms(wall)} ${ms(cpu)}`)

  // JS: the CPU profile chunks of the trace (ProfileChunk events), self samples by function.
  const nodes = new Map<number, ProfileNode>()
  const hits = new Map<number, number>()
  let total = 0
  for (const e of events) {
    if (e.name !== 'ProfileChunk') continue
    const p = e.args?.data?.cpuProfile
    for (const n of p?.nodes ?? []) nodes.set(n.id, n)
    const deltas = e.args?.data?.timeDeltas ?? []
    ;(p?.samples ?? []).forEach((id, i) => {
      hits.set(id, (hits.get(id) ?? 0) + (deltas[i] ?? 0))
      total += deltas[i] ?? 0
    })
  }
  const byFn = new Map<string, number>()
  for (const [id, us] of hits) {
    const f = nodes.get(id)?.callFrame
    if (!f || f.functionName === '(idle)' || f.functionName === '(program)') continue
    const key = `${f.functionName || '(anon)'} ${(f.url ?? '').split('/').pop()}:${f.lineNumber}`
    byFn.set(key, (byFn.get(key) ?? 0) + us)
  }
  console.log(`\nJS self time by function (ms/s, of ${(total / 1000 / secs).toFixed(0)} sampled incl. idle):`)
  for (const [n, us] of [...byFn].sort((a, b) => b[1] - a[1]).slice(0, 30))
    console.log(`  ${(us / 1000 / secs).toFixed(1).padStart(7)}  ${n}`)
}

await main()
