// Cold start, profiled: what the page's main thread does from navigation to the first painted book. One cold run
// (fresh server, user-data folder and Chromium profile) with Chromium's trace of the renderer's main thread; prints
// its busy time by kind (script compile and evaluation, function calls, style and layout, paint, GC) and the
// longest tasks, so a change to the startup path can be aimed at what the page spends, not guessed. Figures only.
//   npx tsx --tsconfig tsconfig.node.json bench/startup/profile.ts [--build out] [--out FILE]
import { writeFileSync } from 'node:fs'
import { loadavg } from 'node:os'
import { resolve } from 'node:path'
import { launchChromium } from '../../test/e2e/browser'
import { arg } from '../args'
import { ROOT, startTerminalServer } from '../ui/terminal-server'
import { recordTrace, rendererMain, type TraceEvent } from '../trace-events'

const build = resolve(ROOT, arg('build', 'out'))
const out = arg('out', '')

/** Marks the first painted book (as startup.bench.ts measures it) with a user-timing mark the trace carries. */
const MARK_SCRIPT = `(() => {
  // The contract socket's traffic as user-timing marks, to place the page's work between the server's answers.
  const Native = window.WebSocket
  window.WebSocket = class extends Native {
    constructor(url, protocols) {
      super(url, protocols)
      performance.mark('socket created')
      this.addEventListener('open', () => performance.mark('socket open'))
      const names = new Map()
      const send = this.send.bind(this)
      this.send = (data) => {
        try {
          const m = JSON.parse(data)
          if (m.t === 'call' || m.t === 'sub') {
            names.set(m.id, m.channel)
            performance.mark(m.t + ' #' + m.id + ' ' + m.channel)
          }
        } catch {}
        return send(data)
      }
      this.addEventListener('message', (e) => {
        try {
          const m = JSON.parse(e.data)
          if (!names.has(m.id)) return
          performance.mark((m.t === 'result' ? 'result' : m.t) + ' #' + m.id + ' ' + names.get(m.id))
          names.delete(m.id)
        } catch {}
      })
    }
  }
  const mo = new MutationObserver(() => {
    if (!document.querySelector('[data-testid="orderbook-bid"]')) return
    mo.disconnect()
    requestAnimationFrame(() => performance.mark('book-painted'))
  })
  mo.observe(document, { childList: true, subtree: true })
})()`

const server = await startTerminalServer(build)
const url = server.url
const load = loadavg()[0]!
const browser = await launchChromium()
let events: TraceEvent[]
try {
  const page = await browser.context.newPage()
  await page.addInitScript(MARK_SCRIPT)
  const cdp = await browser.context.newCDPSession(page)
  const stop = await recordTrace(cdp, [
    'devtools.timeline',
    'v8.execute',
    'blink.user_timing',
    'loading',
    'toplevel',
    'v8'
  ])
  await page.goto(url)
  await page.waitForFunction(() => performance.getEntriesByName('book-painted').length > 0, null, { timeout: 60_000 })
  events = (await stop()).events
} finally {
  await browser.close()
  await server.stop()
}

// The page's main thread, from its navigation start (the trace's first navigationStart on that thread).
const thread = rendererMain(events)
if (!thread) throw new Error('no renderer main thread in the trace')
const main = events.find((e) => `${e.pid}:${e.tid}` === thread)!
const nav = events.find((e) => e.name === 'navigationStart' && `${e.pid}:${e.tid}` === thread)
const t0 = (nav ?? main).ts
const bookMark = events.find((e) => e.name === 'book-painted' && e.pid === main.pid)
const end = bookMark ? bookMark.ts : Math.max(...events.map((e) => e.ts))
const onMain = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ts >= t0 && e.ts <= end)
const ms = (us: number): number => Math.round(us / 100) / 10

// Busy time: top-level tasks (RunTask) on the main thread; by kind: the outermost event of each kind.
const tasks = onMain.filter((e) => e.ph === 'X' && (e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask'))
const busy = tasks.reduce((s, e) => s + (e.dur ?? 0), 0)
const KINDS = [
  'v8.compile',
  'v8.compileModule',
  'V8.CompileCode',
  'v8.parseOnBackground',
  'EvaluateScript',
  'v8.evaluateModule',
  'FunctionCall',
  'EventDispatch',
  'TimerFire',
  'FireAnimationFrame',
  'RunMicrotasks',
  'ParseHTML',
  'ParseAuthorStyleSheet',
  'UpdateLayoutTree',
  'RecalculateStyles',
  'Layout',
  'PrePaint',
  'Paint',
  'Layerize',
  'MinorGC',
  'MajorGC',
  'V8.GC_SCAVENGER',
  'V8.GC_MARK_COMPACTOR'
]
const byKind = new Map<string, number>()
for (const e of onMain)
  if (e.ph === 'X' && KINDS.includes(e.name)) byKind.set(e.name, (byKind.get(e.name) ?? 0) + (e.dur ?? 0))
/** The script an event ran (its file name), when the trace names one. */
const scriptOf = (e: TraceEvent): string | undefined =>
  (e.args?.data as { url?: string } | undefined)?.url?.replace(/^.*\//, '')
const long = tasks
  .filter((e) => (e.dur ?? 0) > 30_000)
  .map((e) => {
    // What the task ran: the kinds of events inside it, by time.
    const inner = onMain.filter(
      (x) => x !== e && x.ts >= e.ts && x.ts <= e.ts + (e.dur ?? 0) && x.ph === 'X' && KINDS.includes(x.name)
    )
    const sum = new Map<string, number>()
    for (const x of inner) sum.set(x.name, (sum.get(x.name) ?? 0) + (x.dur ?? 0))
    const urls = [...new Set(inner.map((x) => scriptOf(x)).filter(Boolean))].slice(0, 4)
    return {
      at: ms(e.ts - t0),
      dur: ms(e.dur ?? 0),
      inner: [...sum]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 4)
        .map(([k, v]) => `${k} ${ms(v)}`),
      urls
    }
  })
// The main thread's timeline: busy ms per 100 ms of the navigation, and the marks (socket traffic) in each.
const marks = events.filter((e) => e.cat.includes('user_timing') && e.pid === main.pid && e.ts >= t0 && e.ts <= end)
const buckets: string[] = []
for (let b = 0; b * 100_000 < end - t0; b++) {
  const lo = t0 + b * 100_000
  const hi = lo + 100_000
  const busyIn = tasks.reduce((s, e) => s + Math.max(0, Math.min(hi, e.ts + (e.dur ?? 0)) - Math.max(lo, e.ts)), 0)
  const ins = marks.filter((m) => m.ts >= lo && m.ts < hi).map((m) => `${m.name}@${ms(m.ts - t0)}`)
  buckets.push(`${String(b * 100).padStart(5)} ms  busy ${String(ms(busyIn)).padStart(5)}  ${ins.join(', ')}`)
}
console.log(buckets.join('\n'))
const result = {
  load,
  bookPaintedMs: bookMark ? ms(bookMark.ts - t0) : null,
  mainThreadBusyMs: ms(busy),
  byKindMs: Object.fromEntries([...byKind].sort((a, b) => b[1] - a[1]).map(([k, v]) => [k, ms(v)])),
  longTasks: long
}
console.log(JSON.stringify(result, null, 2))
if (out) writeFileSync(resolve(ROOT, out), `${JSON.stringify(result, null, 2)}\n`)
