// Cold start, traced: where one cold navigation's time goes, on one clock (the wall clock, ms from the server's
// spawn and from the page's navigation start). The page side is stamped by an init script: every contract message
// (a call or subscription sent, its first answer or event), the socket's creation and open, the first painted book,
// form and chart (as startup.bench.ts measures them), and the scripts' resource timings. The server side is its
// stdout and stderr lines as they arrive, and, for a build that prints them, its `startup-mark NAME EPOCH_MS` lines.
// Figures only, never asserted.
//   npx tsx --tsconfig tsconfig.node.json bench/startup/trace.ts [--build out] [--runs 1] [--out FILE]
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { launchChromium } from '../../test/e2e/browser'
import { arg } from '../args'

const ROOT = resolve(import.meta.dirname, '../..')
const build = resolve(ROOT, arg('build', 'out'))
const runs = Number(arg('runs', '1'))
const out = arg('out', '')

interface Mark {
  /** Wall clock, ms. */
  at: number
  side: 'server' | 'page'
  what: string
}

/** The page's stamps (wall clock): contract traffic, socket, paint marks. Installed before any page script. */
const PAGE_SCRIPT = `(() => {
  const log = (window.__trace = [])
  const now = () => performance.timeOrigin + performance.now()
  const mark = (what) => log.push({ at: now(), what })
  const Native = window.WebSocket
  window.WebSocket = class extends Native {
    constructor(url, protocols) {
      super(url, protocols)
      mark('socket created')
      this.addEventListener('open', () => mark('socket open'))
      const names = new Map()
      const answered = new Set()
      const send = this.send.bind(this)
      this.send = (data) => {
        try {
          const m = JSON.parse(data)
          if (m.t === 'call' || m.t === 'sub') {
            const p = m.t === 'sub' ? m.params : m.payload
            const name = m.channel + (p && p.symbol ? ' ' + p.symbol : '') + (p && p.interval ? ' ' + p.interval : '')
            names.set(m.id, name)
            mark(m.t + ' #' + m.id + ' ' + name)
          } else if (m.t === 'unsub') mark('unsub #' + m.id + ' ' + names.get(m.id))
        } catch {}
        return send(data)
      }
      this.addEventListener('message', (e) => {
        try {
          const m = JSON.parse(e.data)
          if (m.t === 'hello') return mark('hello')
          if (answered.has(m.id) || !names.has(m.id)) return
          answered.add(m.id)
          mark((m.t === 'result' ? (m.ok ? 'result' : 'refused') : m.t) + ' #' + m.id + ' ' + names.get(m.id))
        } catch {}
      })
    }
  }
  const watch = { 'book painted': '[data-testid="orderbook-bid"]', 'form painted': '[data-testid="order-entry"]', 'chart painted': '[data-testid="chart-candles"]' }
  const seen = new Set()
  const look = () => {
    for (const [name, sel] of Object.entries(watch)) {
      if (seen.has(name) || !document.querySelector(sel)) continue
      seen.add(name)
      requestAnimationFrame(() => mark(name))
    }
    if (seen.size === Object.keys(watch).length) mo.disconnect()
  }
  const mo = new MutationObserver(look)
  mo.observe(document, { childList: true, subtree: true })
})()`

async function traceOnce(): Promise<{ spawnAt: number; navAt: number; marks: Mark[] }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'cht-trace-data-'))
  const marks: Mark[] = []
  const spawnAt = Date.now()
  const child = spawn(process.execPath, [join(build, 'main/web.js')], {
    cwd: ROOT,
    env: { ...process.env, CHTRADER_USER_DATA: dataDir, PORT: '0', CHT_STARTUP_MARKS: '1' },
    stdio: ['ignore', 'pipe', 'pipe']
  })
  const exited = new Promise<void>((r) => child.once('exit', () => r()))
  const lines = (c: Buffer): void => {
    const at = Date.now()
    for (const line of c.toString('utf8').split('\n').filter(Boolean)) {
      const m = /^startup-mark (.+) (\d+(?:\.\d+)?)$/.exec(line)
      marks.push(
        m ? { at: Number(m[2]), side: 'server', what: m[1]! } : { at, side: 'server', what: line.slice(0, 100) }
      )
    }
  }
  child.stderr.on('data', lines)
  const url = await new Promise<string>((res, rej) => {
    child.stdout.on('data', (c: Buffer) => {
      lines(c)
      const m = /terminal ready at (\S+)/.exec(c.toString('utf8'))
      if (m) res(m[1]!)
    })
    child.once('exit', (code) => rej(new Error(`the server exited (${code}) before its URL`)))
  })
  const browser = await launchChromium()
  let navAt: number
  try {
    const page = await browser.context.newPage()
    await page.addInitScript(PAGE_SCRIPT)
    await page.goto(url)
    const done = (): boolean =>
      (window as unknown as { __trace: { what: string }[] }).__trace.some((m) => m.what === 'chart painted')
    await page.waitForFunction(done, null, { timeout: 60_000 })
    const got = await page.evaluate(() => ({
      navAt: performance.timeOrigin,
      trace: (window as unknown as { __trace: { at: number; what: string }[] }).__trace,
      resources: performance.getEntriesByType('resource').map((r) => ({
        name: r.name.replace(/^.*\//, ''),
        start: r.startTime,
        end: (r as PerformanceResourceTiming).responseEnd
      }))
    }))
    navAt = got.navAt
    for (const m of got.trace) marks.push({ at: m.at, side: 'page', what: m.what })
    for (const r of got.resources) {
      marks.push({ at: navAt + r.start, side: 'page', what: `fetch ${r.name}` })
      marks.push({ at: navAt + r.end, side: 'page', what: `fetched ${r.name}` })
    }
  } finally {
    await browser.close()
    if (child.exitCode === null) child.kill('SIGINT')
    await exited
    rmSync(dataDir, { recursive: true, force: true })
  }
  return { spawnAt, navAt, marks: marks.sort((a, b) => a.at - b.at) }
}

const all = []
for (let i = 0; i < runs; i++) {
  const load = loadavg()[0]!
  const t = await traceOnce()
  console.log(`\nrun ${i + 1} (load ${load.toFixed(2)}): ms from spawn | ms from navigation | side | what`)
  for (const m of t.marks)
    console.log(
      `${String(Math.round(m.at - t.spawnAt)).padStart(6)} | ${String(Math.round(m.at - t.navAt)).padStart(6)} | ${m.side.padEnd(6)} | ${m.what}`
    )
  all.push({ load, ...t })
}
if (out) writeFileSync(resolve(ROOT, out), `${JSON.stringify(all, null, 2)}\n`)
