// Idle cost (issue 16, goal 2): one live market on screen (the terminal's main window on its launch URL: the market
// list, one market's panels, the order form, the account) against the real terminal server (its embedded exchange's
// market activity on), measured from /proc over --seconds: the share of a core of the page's renderer process, of
// Chromium's GPU process and of the server process (utime + stime deltas / CLK_TCK / wall time). Then the same
// page hidden (the window minimized) for as long, where Chromium allows it; and (--reduced-motion) the visible page
// again with prefers-reduced-motion emulated, which turns off the price flashes' CSS animations (styles/base.css):
// their share of the cost, in the same run; and (--frames S) the frames the visible page's renderer produced over S
// seconds more (a trace of Chromium's 'benchmark' category, after the CPU window so its cost is not in the shares).
// Figures only, never asserted.
//   npx tsx --tsconfig tsconfig.node.json bench/ui/idle.bench.ts [--seconds 30] [--warmup 15] [--reps 1]
//       [--builds old=DIR,new=DIR] [--no-hidden] [--reduced-motion] [--frames 10] [--no-build]
//       [--out bench-results/idle.json]
// --builds: A/B of whole builds (each DIR an electron-vite out folder two levels below a copy of package.json), run
// in turns (old, new, old, new, ...) so a change of load on the machine hits both alike.
import { writeFileSync } from 'node:fs'
import { availableParallelism, loadavg } from 'node:os'
import { join, resolve } from 'node:path'
import type { Page } from 'playwright-core'
import { launchChromium } from '../../test/e2e/browser'
import { arg, flag } from '../args'
import { median } from '../stats'
import { countStreams, metricsOf, waitLive, type StreamCounts } from './live-window'
import { recordTrace, rendererMain } from '../trace-events'
import { chromiumProcesses, cpuReading, cpuShare, type ChromiumProcess } from './proc'
import { ensureBuilt, ROOT, startTerminalServer } from './terminal-server'

const seconds = Number(arg('seconds', '30'))
const warmupMs = Number(arg('warmup', '15')) * 1000
const reps = Number(arg('reps', '1'))
const frameSecs = Number(arg('frames', '0'))
const out = arg('out', '')
const builds: [string, string][] = arg('builds', '')
  ? arg('builds', '')
      .split(',')
      .map((b) => b.split('=') as [string, string])
  : [['working tree', join(ROOT, 'out')]]

const pct = (x: number | undefined): number | null => (x === undefined ? null : Math.round(x * 1000) / 10)
const load1 = (): number => Math.round(loadavg()[0]! * 100) / 100
const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms))

/** Main-thread work per second of wall time from two CDP metric readings (durations in ms/s, counts per s). */
function perSecond(a: Record<string, number>, b: Record<string, number>): Record<string, number> {
  const wall = b['Timestamp']! - a['Timestamp']!
  const rate = (k: string, scale: number): number => Math.round((((b[k] ?? 0) - (a[k] ?? 0)) / wall) * scale * 10) / 10
  return {
    taskMsPerS: rate('TaskDuration', 1000),
    scriptMsPerS: rate('ScriptDuration', 1000),
    styleMsPerS: rate('RecalcStyleDuration', 1000),
    layoutMsPerS: rate('LayoutDuration', 1000),
    stylesPerS: rate('RecalcStyleCount', 1),
    layoutsPerS: rate('LayoutCount', 1),
    jsHeapUsedMB: Math.round((b['JSHeapUsedSize'] ?? 0) / 1e5) / 10
  }
}

interface Window {
  /** Share of a core in %: the page's renderer (the busiest renderer: the only page), Chromium's GPU process (null
   *  when it runs none), the browser process, all of Chromium, the terminal server. */
  cpuPct: {
    renderer: number | null
    gpu: number | null
    browser: number | null
    chromium: number | null
    server: number | null
  }
  otherRenderersPct: (number | null)[]
  main: Record<string, number>
  /** Contract events per second by channel, and public trades per second, that reached the page. */
  eventsPerS: Record<string, number>
  tradesPerS: number
  /** CSS animations started per second, by name (CDP Animation.animationStarted): each runs frames while it lasts. */
  animationsPerS: Record<string, number>
}

async function measure(page: Page, serverPid: number, counter: { take(): StreamCounts }): Promise<Window> {
  const metrics = await metricsOf(page)
  const animations: Record<string, number> = {}
  await metrics.cdp.send('Animation.enable')
  metrics.cdp.on('Animation.animationStarted', (e) => {
    const name = e.animation.name || e.animation.type
    animations[name] = (animations[name] ?? 0) + 1
  })
  const procs = chromiumProcesses()
  const pids = [...procs.map((p) => p.pid), serverPid]
  const m0 = await metrics.read()
  counter.take()
  const a = cpuReading(pids)
  await sleep(seconds * 1000)
  const b = cpuReading(pids)
  const m1 = await metrics.read()
  const counts = counter.take()
  await metrics.cdp.detach()
  const share = cpuShare(a, b)
  const of = (type: string): ChromiumProcess[] => procs.filter((p) => p.type === type)
  const renderers = of('renderer')
    .map((p) => share.get(p.pid))
    .sort((x, y) => (y ?? -1) - (x ?? -1))
  const sum = (list: ChromiumProcess[]): number | undefined =>
    list.length ? list.reduce((s, p) => s + (share.get(p.pid) ?? 0), 0) : undefined
  return {
    cpuPct: {
      renderer: pct(renderers[0]),
      gpu: pct(sum(of('gpu-process'))),
      browser: pct(sum(of('browser'))),
      chromium: pct(sum(procs)),
      server: pct(share.get(serverPid))
    },
    otherRenderersPct: renderers.slice(1).map(pct),
    main: perSecond(m0, m1),
    eventsPerS: Object.fromEntries(
      Object.entries(counts.events).map(([k, n]) => [k, Math.round((n / seconds) * 10) / 10])
    ),
    tradesPerS: Math.round((counts.trades / seconds) * 10) / 10,
    animationsPerS: Object.fromEntries(
      Object.entries(animations).map(([k, n]) => [k, Math.round((n / seconds) * 10) / 10])
    )
  }
}

/** Minimizes (true) or restores the page's window; returns document.visibilityState after it. */
async function setHidden(page: Page, hidden: boolean): Promise<string> {
  const cdp = await page.context().newCDPSession(page)
  try {
    const { windowId } = await cdp.send('Browser.getWindowForTarget')
    await cdp.send('Browser.setWindowBounds', { windowId, bounds: { windowState: hidden ? 'minimized' : 'normal' } })
  } catch (e) {
    console.log(`Browser.setWindowBounds: ${String(e)}`)
  } finally {
    await cdp.detach()
  }
  const want = hidden ? 'hidden' : 'visible'
  await page.waitForFunction((w) => document.visibilityState === w, want, { timeout: 5000 }).catch(() => undefined)
  return page.evaluate(() => document.visibilityState)
}

/** Frames per second of the page's renderer over `frameSecs` (trace of the 'benchmark' category, busiest renderer):
 *  main frames begun, main frames committed (the page changed something to draw), compositor frames drawn. */
interface Frames {
  mainBegunPerS: number
  mainCommittedPerS: number
  drawnPerS: number
}

async function countFrames(page: Page): Promise<Frames> {
  const cdp = await page.context().newCDPSession(page)
  try {
    const stop = await recordTrace(cdp, ['benchmark'])
    await sleep(frameSecs * 1000)
    const { events } = await stop()
    const main = rendererMain(events) ?? ''
    const pid = Number(main.split(':')[0])
    const per = (name: string, onMain: boolean): number =>
      Math.round(
        (events.filter(
          (e) => e.ph === 'X' && e.name === name && (onMain ? `${e.pid}:${e.tid}` === main : e.pid === pid)
        ).length /
          frameSecs) *
          10
      ) / 10
    return {
      mainBegunPerS: per('ProxyMain::BeginMainFrame', true),
      mainCommittedPerS: per('ProxyMain::BeginMainFrame::commit', true),
      drawnPerS: per('MainFrame.Draw', false)
    }
  } finally {
    await cdp.detach()
  }
}

interface Run {
  build: string
  rep: number
  loadavg1: { start: number; end: number }
  visible: Window
  /** --frames: the visible page's frames, counted after `visible`. */
  frames?: Frames
  /** --reduced-motion: visible again with prefers-reduced-motion: reduce emulated (no price flash animations). */
  reducedMotion?: Window
  /** The window minimized: null when Chromium kept the page visible (said in `hiddenNote`). */
  hidden: (Window & { heapGrowthMB: number }) | null
  hiddenNote?: string
}

async function run(build: string, dir: string, rep: number): Promise<Run> {
  const start = load1()
  const server = await startTerminalServer(dir)
  const browser = await launchChromium()
  try {
    // The context's first tab, so no other page has a renderer of its own.
    const page = browser.context.pages()[0] ?? (await browser.context.newPage())
    const counter = countStreams(page)
    await page.goto(server.url)
    await waitLive(page)
    await sleep(warmupMs)
    const visible = await measure(page, server.pid, counter)
    const frames = frameSecs > 0 ? await countFrames(page) : undefined
    let reducedMotion: Window | undefined
    if (flag('reduced-motion')) {
      await page.emulateMedia({ reducedMotion: 'reduce' })
      reducedMotion = await measure(page, server.pid, counter)
      await page.emulateMedia({ reducedMotion: null })
    }
    let hidden: Run['hidden'] = null
    let hiddenNote: string | undefined
    if (!flag('no-hidden')) {
      const state = await setHidden(page, true)
      if (state === 'hidden') {
        const h = await measure(page, server.pid, counter)
        hidden = { ...h, heapGrowthMB: Math.round((h.main.jsHeapUsedMB! - visible.main.jsHeapUsedMB!) * 10) / 10 }
        await setHidden(page, false)
      } else hiddenNote = `the minimized window's page stayed ${state}: no hidden figures`
    }
    return {
      build,
      rep,
      loadavg1: { start, end: load1() },
      visible,
      ...(frames ? { frames } : {}),
      ...(reducedMotion ? { reducedMotion } : {}),
      hidden,
      ...(hiddenNote ? { hiddenNote } : {})
    }
  } finally {
    await browser.close()
    await server.stop()
  }
}

if (!arg('builds', '')) ensureBuilt(flag('no-build'))
const runs: Run[] = []
for (let rep = 1; rep <= reps; rep++)
  for (const [build, dir] of builds) {
    const r = await run(build, dir, rep)
    runs.push(r)
    const v = r.visible.cpuPct
    const h = r.hidden?.cpuPct
    console.log(
      `${build} #${rep} (load ${r.loadavg1.start}): renderer ${v.renderer}% gpu ${v.gpu ?? '-'}% server ${v.server}%` +
        ` layouts ${r.visible.main['layoutsPerS']}/s styles ${r.visible.main['stylesPerS']}/s` +
        (r.frames ? ` frames ${r.frames.mainBegunPerS}/${r.frames.mainCommittedPerS}/${r.frames.drawnPerS} a s` : '') +
        (r.reducedMotion
          ? `; reduced motion: renderer ${r.reducedMotion.cpuPct.renderer}% gpu ${r.reducedMotion.cpuPct.gpu ?? '-'}%`
          : '') +
        (h ? `; hidden: renderer ${h.renderer}% server ${h.server}%, heap +${r.hidden!.heapGrowthMB} MB` : '')
    )
  }

const medianOf = (xs: (number | null | undefined)[]): number | null => {
  const v = xs.filter((x): x is number => typeof x === 'number')
  return v.length ? median(v) : null
}
const byBuild = Object.fromEntries(
  builds.map(([build]) => {
    const mine = runs.filter((r) => r.build === build)
    return [
      build,
      {
        visible: {
          rendererPct: medianOf(mine.map((r) => r.visible.cpuPct.renderer)),
          gpuPct: medianOf(mine.map((r) => r.visible.cpuPct.gpu)),
          serverPct: medianOf(mine.map((r) => r.visible.cpuPct.server)),
          mainCommittedPerS: medianOf(mine.map((r) => r.frames?.mainCommittedPerS))
        },
        reducedMotion: {
          rendererPct: medianOf(mine.map((r) => r.reducedMotion?.cpuPct.renderer)),
          gpuPct: medianOf(mine.map((r) => r.reducedMotion?.cpuPct.gpu))
        },
        hidden: {
          rendererPct: medianOf(mine.map((r) => r.hidden?.cpuPct.renderer)),
          serverPct: medianOf(mine.map((r) => r.hidden?.cpuPct.server)),
          heapGrowthMB: medianOf(mine.map((r) => r.hidden?.heapGrowthMB))
        }
      }
    ]
  })
)
const result = {
  bench: 'idle',
  date: new Date().toISOString(),
  conditions: {
    seconds,
    warmupS: warmupMs / 1000,
    reps,
    builds: Object.fromEntries(builds),
    cpus: availableParallelism(),
    node: process.version,
    method:
      'Main window on the launch URL of node out/main/web.js (fresh user-data folder: a new paper exchange, market activity on), Chromium with the e2e flags (headless, --disable-gpu), viewport 1280x720. After the warm-up, CPU share of a core over the window from /proc/PID/stat (utime+stime)/CLK_TCK/wall: the busiest renderer (the only page), the GPU process, the browser process, the server. main: CDP Performance metrics per second of the page. Hidden: the same with the window minimized (Browser.setWindowBounds).'
  },
  goals: { rendererPct: 10, serverPct: 5 },
  byBuild,
  runs
}
console.log(JSON.stringify(byBuild, null, 2))
if (out) writeFileSync(resolve(ROOT, out), `${JSON.stringify(result, null, 2)}\n`)
