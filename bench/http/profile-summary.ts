// Summarizes a V8 .cpuprofile (e.g. from `orders.bench.ts --cpu-prof`): self time by function and by file,
// and inclusive time of a few functions of interest. Run:
//   npx tsx bench/http/profile-summary.ts bench-results/prof/<file>.cpuprofile [top N, default 30]
import { readFileSync } from 'node:fs'

interface Node {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number }
  hitCount?: number
  children?: number[]
}
interface Profile {
  nodes: Node[]
  samples: number[]
  timeDeltas: number[]
  startTime: number
  endTime: number
}

const file = process.argv[2]
if (!file) {
  console.error('usage: profile-summary.ts FILE.cpuprofile [N]')
  process.exit(2)
}
const top = Number(process.argv[3] ?? 30)
const p = JSON.parse(readFileSync(file, 'utf8')) as Profile
const byId = new Map(p.nodes.map((n) => [n.id, n]))
const parent = new Map<number, number>()
for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id)

// Self time per node from samples and their time deltas (us).
const self = new Map<number, number>()
p.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (p.timeDeltas[i] ?? 0)))
const total = [...self.values()].reduce((a, b) => a + b, 0)

const short = (url: string): string =>
  url
    .replace(/^file:\/\//, '')
    .replace(/^.*\/work\/main\//, '')
    .replace(/^.*node_modules\//, 'nm/')
const label = (n: Node): string =>
  `${n.callFrame.functionName || '(anonymous)'} ${short(n.callFrame.url)}:${n.callFrame.lineNumber + 1}`

const fnSelf = new Map<string, number>()
const fileSelf = new Map<string, number>()
for (const [id, us] of self) {
  const n = byId.get(id)!
  fnSelf.set(label(n), (fnSelf.get(label(n)) ?? 0) + us)
  const f = n.callFrame.url ? short(n.callFrame.url) : `(${n.callFrame.functionName || 'native'})`
  fileSelf.set(f, (fileSelf.get(f) ?? 0) + us)
}

// Inclusive time: each sample counts once for every distinct function on its stack.
const incl = new Map<string, number>()
p.samples.forEach((id, i) => {
  const seen = new Set<string>()
  for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
    const n = byId.get(cur)!
    const name = n.callFrame.functionName
    if (!name || seen.has(name)) continue
    seen.add(name)
    incl.set(name, (incl.get(name) ?? 0) + (p.timeDeltas[i] ?? 0))
  }
})

const pct = (us: number): string => `${((us / total) * 100).toFixed(1).padStart(5)} %`
console.log(`profile ${file}: ${(total / 1e6).toFixed(2)} s sampled`)
console.log(`\nself time by function (top ${top}):`)
for (const [k, v] of [...fnSelf].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${pct(v)}  ${k}`)
console.log('\nself time by file (top 25):')
for (const [k, v] of [...fileSelf].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(`${pct(v)}  ${k}`)
console.log('\ninclusive time of request stages:')
for (const name of [
  'handle',
  'readBody',
  'authenticate',
  'verifyHmacSignature',
  'parseLosslessJson',
  'validateParams',
  'commit',
  'apply',
  'place',
  'appendJson',
  'pump',
  'persist',
  'send',
  'jsonText',
  'stringifyWithDecimals',
  'onBookChanged',
  'recordOrder',
  'structuredClone',
  'writeHead',
  'parserOnIncoming',
  'parserOnHeadersComplete',
  'garbage collector',
  '(garbage collector)',
  '(idle)',
  '(program)'
]) {
  const v = incl.get(name) ?? fnSelf.get(name) ?? 0
  if (v) console.log(`${pct(v)}  ${name}`)
}
for (const special of ['(garbage collector)', '(idle)', '(program)']) {
  const v = [...fnSelf].filter(([k]) => k.startsWith(special)).reduce((a, [, us]) => a + us, 0)
  console.log(`${pct(v)}  ${special} (self)`)
}
