// Cold start, CPU-profiled: V8's sampling profile of the page from navigation to the first painted book, summed by
// script and by function (self time), to tell which modules the page's time goes to. One cold run. Figures only.
//   npx tsx --tsconfig tsconfig.node.json bench/startup/cpu-profile.ts [--build out] [--top 30] [--out FILE.cpuprofile]
import { writeFileSync } from 'node:fs'
import { loadavg } from 'node:os'
import { resolve } from 'node:path'
import { launchChromium } from '../../test/e2e/browser'
import { arg } from '../args'
import { ROOT, startTerminalServer } from '../ui/terminal-server'

const build = resolve(ROOT, arg('build', 'out'))
const top = Number(arg('top', '30'))
const out = arg('out', '')

interface Node {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number }
  children?: number[]
}
interface Profile {
  nodes: Node[]
  startTime: number
  endTime: number
  samples: number[]
  timeDeltas: number[]
}

const server = await startTerminalServer(build)
const url = server.url
const load = loadavg()[0]!
const browser = await launchChromium()
let profile: Profile
let book: number
try {
  const page = await browser.context.newPage()
  // Same origin first, so the navigation stays in the renderer process the profiler is attached to.
  const origin = new URL(url).origin
  await page.goto(`${origin}/favicon.ico`).catch(() => undefined)
  await page.addInitScript(`(() => {
    const mo = new MutationObserver(() => {
      if (!document.querySelector('[data-testid="orderbook-bid"]')) return
      mo.disconnect()
      requestAnimationFrame(() => (window.__book = performance.now()))
    })
    mo.observe(document, { childList: true, subtree: true })
  })()`)
  const cdp = await browser.context.newCDPSession(page)
  await cdp.send('Profiler.enable')
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 })
  await cdp.send('Profiler.start')
  await page.goto(url)
  await page.waitForFunction(() => (window as unknown as { __book?: number }).__book !== undefined, null, {
    timeout: 60_000
  })
  book = await page.evaluate(() => (window as unknown as { __book: number }).__book)
  profile = ((await cdp.send('Profiler.stop')) as { profile: Profile }).profile
} finally {
  await browser.close()
  await server.stop()
}

const byId = new Map(profile.nodes.map((n) => [n.id, n]))
const self = new Map<number, number>()
profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)))
const sum = (key: (n: Node) => string): [string, number][] => {
  const m = new Map<string, number>()
  for (const [id, us] of self) {
    const k = key(byId.get(id)!)
    m.set(k, (m.get(k) ?? 0) + us)
  }
  return [...m].sort((a, b) => b[1] - a[1])
}
const ms = (us: number): number => Math.round(us / 100) / 10
const file = (n: Node): string => n.callFrame.url.replace(/^.*\//, '') || `(${n.callFrame.functionName || 'program'})`
console.log(
  `load ${load.toFixed(2)}, book painted ${Math.round(book)} ms; profile ${ms(profile.endTime - profile.startTime)} ms`
)
console.log('\nself time by script (ms):')
for (const [k, v] of sum(file).slice(0, top)) console.log(`${String(ms(v)).padStart(8)}  ${k}`)
console.log('\nself time by function (ms):')
for (const [k, v] of sum(
  (n) => `${n.callFrame.functionName || '(anonymous)'} ${file(n)}:${n.callFrame.lineNumber + 1}`
).slice(0, top))
  console.log(`${String(ms(v)).padStart(8)}  ${k}`)
if (out) writeFileSync(resolve(ROOT, out), JSON.stringify(profile))
