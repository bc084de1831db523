// Soak (issue 16, goal 4): 5 live markets in the real UI (the main window on btcusdt and four market windows, as
// the pop-out button opens them) against the real terminal server (its embedded exchange's market activity on), for
// --minutes. Each --sample-seconds: every window's JS heap after a forced GC (HeapProfiler.collectGarbage, then
// Runtime.getHeapUsage), its DOM nodes and JS event listeners (Performance.getMetrics), the RSS of Chromium's
// renderers and of the server from /proc, and the server's own JS heap after a forced GC with its
// process.memoryUsage() (the server runs with --inspect on a free loopback port: bench/soak/node-inspector.ts). After
// the warm-up, the least-squares slope of each metric per hour. Figures only, never asserted.
//   npx tsx --tsconfig tsconfig.node.json bench/ui/soak.bench.ts [--minutes 60] [--warmup-minutes M]
//       [--sample-seconds 60] [--no-build] [--build DIR] [--server-snapshots] [--snapshots]
//       [--out bench-results/soak.json]
// --server-snapshots: a heap snapshot of the server at the first sample after the warm-up and at the last, and what
// grew between them (bench/soak/heap-diff.ts) in the JSON; the files beside it (soak-server-*.heapsnapshot).
// --snapshots: likewise a heap snapshot of each window (soak-<window>-*.heapsnapshot), what grew in each and each
// snapshot's compiled code, native and JS objects (windowHeapGrowth: the heap measure counts V8's JIT code too).
// --build: an electron-vite out folder to run instead of the working tree's out/ (as idle.bench.ts --builds).
// --minutes 10 is the quick mode; the warm-up defaults to 30 % of the run, at most 10 minutes.
import { writeFileSync } from 'node:fs'
import { availableParallelism, loadavg } from 'node:os'
import { resolve } from 'node:path'
import type { CDPSession, Page } from 'playwright-core'
import { launchChromium } from '../../test/e2e/browser'
import { arg, flag } from '../args'
import { openLive, waitLive, windowUrl } from './live-window'
import { chromiumProcesses, rssBytes } from './proc'
import { heapGrowth, heapTotals } from '../soak/heap-diff'
import { pageSnapshot } from '../soak/page-snapshot'
import { connectInspector, freePort, type NodeInspector, type ServerMemory } from '../soak/node-inspector'
import { slopePerHour } from '../soak/slope'
import { ensureBuilt, ROOT, startTerminalServer } from './terminal-server'

const minutes = Number(arg('minutes', '60'))
const warmupMinutes = Number(arg('warmup-minutes', String(Math.min(10, Math.round(minutes * 0.3)))))
const sampleMs = Number(arg('sample-seconds', '60')) * 1000
const out = resolve(ROOT, arg('out', 'bench-results/soak.json'))
const build = arg('build', '')
const serverSnapshots = flag('server-snapshots')
const windowSnapshots = flag('snapshots')
/** The windows besides the main one (on the launch URL's market, btcusdt): three spot markets and a contract. */
const ROUTES = ['/market/spot/ethusdt', '/market/spot/solusdt', '/market/spot/dogeusdt', '/market/futures/e-btc-usdt']

const MB = 1024 * 1024
const mb = (bytes: number): number => Math.round((bytes / MB) * 100) / 100
const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms))

interface Probe {
  name: string
  page: Page
  cdp: CDPSession
}

interface SampleRow {
  /** Minutes since the first sample. */
  min: number
  loadavg1: number
  /** Per window: JS heap used after a GC (MB), DOM nodes, JS event listeners. */
  windows: Record<string, { heapMB: number; nodes: number; listeners: number }>
  totals: { heapMB: number; nodes: number; listeners: number }
  rssMB: { renderers: number; browser: number; gpu: number; server: number | null }
  /** The server's JS heap after a forced GC and its process.memoryUsage(), MB; null when the inspector failed. */
  server: ServerMemory | null
}

async function probeOf(name: string, page: Page): Promise<Probe> {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Performance.enable')
  await cdp.send('HeapProfiler.enable')
  return { name, page, cdp }
}

async function sampleWindow(p: Probe): Promise<SampleRow['windows'][string]> {
  await p.cdp.send('HeapProfiler.collectGarbage')
  const heap = await p.cdp.send('Runtime.getHeapUsage')
  const m = Object.fromEntries((await p.cdp.send('Performance.getMetrics')).metrics.map((x) => [x.name, x.value]))
  return { heapMB: mb(heap.usedSize), nodes: m['Nodes'] ?? 0, listeners: m['JSEventListeners'] ?? 0 }
}

if (!build) ensureBuilt(flag('no-build'))
// The server alone gets --inspect (NODE_OPTIONS is taken out again before Chromium starts).
const inspectPort = await freePort()
const nodeOptions = process.env['NODE_OPTIONS']
process.env['NODE_OPTIONS'] = `${nodeOptions ?? ''} --inspect=127.0.0.1:${inspectPort}`.trim()
const server = await startTerminalServer(build || undefined).finally(() => {
  if (nodeOptions === undefined) delete process.env['NODE_OPTIONS']
  else process.env['NODE_OPTIONS'] = nodeOptions
})
let inspector: NodeInspector | null = null
try {
  inspector = await connectInspector(inspectPort)
} catch (e) {
  console.error(`server heap not sampled: ${(e as Error).message}`)
}
const snapshotFiles: string[] = []
const snapshotOf = async (tag: string): Promise<void> => {
  if (!inspector) return
  const file = out.replace(/\.json$/, '') + `-server-${tag}.heapsnapshot`
  await inspector.snapshot(file)
  snapshotFiles.push(file)
}
/** Per window, its snapshot files (after the warm-up, last). */
const windowSnapshotFiles: Record<string, string[]> = {}
const windowSnapshotsOf = async (probes: Probe[], tag: string): Promise<void> => {
  for (const p of probes) {
    const file = out.replace(/\.json$/, '') + `-${p.name.replace(/\W+/g, '_')}-${tag}.heapsnapshot`
    await pageSnapshot(p.cdp, file)
    ;(windowSnapshotFiles[p.name] ??= []).push(file)
  }
}
const serverMemory = async (): Promise<ServerMemory | null> => {
  try {
    return inspector ? await inspector.memory() : null
  } catch (e) {
    console.error(`server heap sample failed: ${(e as Error).message}`)
    return null
  }
}
const browser = await launchChromium()
const errors: string[] = []
const samples: SampleRow[] = []
/** Each window's document.visibilityState once all are open (a hidden one draws nothing: see README). */
const visibility: Record<string, string> = {}
const started = performance.now()
try {
  const main = browser.context.pages()[0] ?? (await browser.context.newPage())
  await main.goto(server.url)
  await waitLive(main)
  const pages: [string, Page][] = [['main', main]]
  for (const route of ROUTES) pages.push([route, await openLive(browser.context, await windowUrl(main, route))])
  for (const [name, page] of pages) page.on('pageerror', (e) => errors.push(`${name}: ${String(e)}`))
  const probes = await Promise.all(pages.map(([name, page]) => probeOf(name, page)))
  for (const [name, page] of pages) visibility[name] = await page.evaluate(() => document.visibilityState)
  console.log(`5 live windows; sampling every ${sampleMs / 1000} s for ${minutes} min (warm-up ${warmupMinutes} min)`)
  const t0 = performance.now()
  for (let i = 0; ; i++) {
    const due = t0 + i * sampleMs
    const last = due + sampleMs - t0 > minutes * 60_000
    if (due - t0 > minutes * 60_000) break
    await sleep(Math.max(0, due - performance.now()))
    const windows: SampleRow['windows'] = {}
    for (const p of probes) windows[p.name] = await sampleWindow(p)
    const procs = chromiumProcesses()
    const rssOf = (type: string): number =>
      mb(procs.filter((p) => p.type === type).reduce((s, p) => s + (rssBytes(p.pid) ?? 0), 0))
    const serverRss = rssBytes(server.pid)
    const serverMem = await serverMemory()
    const warm = (due - t0) / 60_000 >= warmupMinutes
    if (serverSnapshots && (last || (snapshotFiles.length === 0 && warm)))
      await snapshotOf(last ? 'last' : 'after-warmup')
    if (windowSnapshots && (last || (Object.keys(windowSnapshotFiles).length === 0 && warm)))
      await windowSnapshotsOf(probes, last ? 'last' : 'after-warmup')
    const w = Object.values(windows)
    const row: SampleRow = {
      min: Math.round(((performance.now() - t0) / 60_000) * 100) / 100,
      loadavg1: Math.round(loadavg()[0]! * 100) / 100,
      windows,
      totals: {
        heapMB: Math.round(w.reduce((s, x) => s + x.heapMB, 0) * 100) / 100,
        nodes: w.reduce((s, x) => s + x.nodes, 0),
        listeners: w.reduce((s, x) => s + x.listeners, 0)
      },
      rssMB: {
        renderers: rssOf('renderer'),
        browser: rssOf('browser'),
        gpu: rssOf('gpu-process'),
        server: serverRss === null ? null : mb(serverRss)
      },
      server: serverMem
    }
    samples.push(row)
    console.log(
      `${row.min.toFixed(1)} min (load ${row.loadavg1}): heap ${row.totals.heapMB} MB, nodes ${row.totals.nodes}, ` +
        `listeners ${row.totals.listeners}, RSS renderers ${row.rssMB.renderers} MB, server ${row.rssMB.server} MB ` +
        `(heap ${serverMem?.heapMB ?? '?'} MB, external ${serverMem?.externalMB ?? '?'} MB)`
    )
  }
} finally {
  inspector?.close()
  await browser.close()
  await server.stop()
}

const after = samples.filter((s) => s.min >= warmupMinutes)
const slope = (pick: (s: SampleRow) => number | null): number | null => {
  const pts = after.flatMap((s) => {
    const v = pick(s)
    return v === null ? [] : [{ tMs: s.min * 60_000, value: v }]
  })
  const x = slopePerHour(pts)
  return x === null ? null : Math.round(x * 100) / 100
}
const windowNames = samples[0] ? Object.keys(samples[0].windows) : []
const result = {
  bench: 'soak',
  date: new Date().toISOString(),
  conditions: {
    minutes,
    warmupMinutes,
    build: build || 'out',
    visibility,
    sampleSeconds: sampleMs / 1000,
    samplesAfterWarmup: after.length,
    cpus: availableParallelism(),
    node: process.version,
    wallMinutes: Math.round(((performance.now() - started) / 60_000) * 10) / 10,
    loadavg1: { min: Math.min(...samples.map((s) => s.loadavg1)), max: Math.max(...samples.map((s) => s.loadavg1)) },
    method:
      'node out/main/web.js on a fresh user-data folder (market activity on); Chromium with the e2e flags, 1280x720 windows: the main window on the launch URL (btcusdt) and four market windows (ethusdt, solusdt, dogeusdt, E-BTC-USDT) on tokens minted as the pop-out button mints them. Each sample: per window HeapProfiler.collectGarbage then Runtime.getHeapUsage (used), Performance.getMetrics Nodes and JSEventListeners; RSS from /proc/PID/statm of all renderer processes, the browser process, the GPU process and the server process; the server (started with --inspect on a free loopback port) through the V8 inspector: HeapProfiler.collectGarbage, Runtime.getHeapUsage (used) and process.memoryUsage(). Slopes: least squares over the samples after the warm-up, per hour.',
    serverHeap: inspector
      ? 'V8 inspector: heap used after a forced GC, process.memoryUsage()'
      : 'not sampled (no inspector)'
  },
  goals: { heapMBPerHour: 1 },
  slopesPerHour: {
    heapMB: slope((s) => s.totals.heapMB),
    nodes: slope((s) => s.totals.nodes),
    listeners: slope((s) => s.totals.listeners),
    rendererRssMB: slope((s) => s.rssMB.renderers),
    browserRssMB: slope((s) => s.rssMB.browser),
    gpuRssMB: slope((s) => s.rssMB.gpu),
    serverRssMB: slope((s) => s.rssMB.server),
    serverHeapMB: slope((s) => s.server?.heapMB ?? null),
    serverExternalMB: slope((s) => s.server?.externalMB ?? null),
    byWindow: Object.fromEntries(
      windowNames.map((n) => [
        n,
        {
          heapMB: slope((s) => s.windows[n]?.heapMB ?? null),
          nodes: slope((s) => s.windows[n]?.nodes ?? null),
          listeners: slope((s) => s.windows[n]?.listeners ?? null)
        }
      ])
    )
  },
  pageErrors: errors,
  serverHeapGrowth:
    snapshotFiles.length === 2
      ? { files: snapshotFiles, top: heapGrowth(snapshotFiles[0]!, snapshotFiles[1]!).slice(0, 25) }
      : null,
  windowHeapGrowth: Object.fromEntries(
    Object.entries(windowSnapshotFiles)
      .filter(([, files]) => files.length === 2)
      .map(([name, files]) => [
        name,
        { files, totals: files.map(heapTotals), top: heapGrowth(files[0]!, files[1]!).slice(0, 25) }
      ])
  ),
  samples
}
console.log(JSON.stringify(result.slopesPerHour, null, 2))
writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`)
console.log(`wrote ${out}`)
