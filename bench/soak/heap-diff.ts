// What grew between two V8 heap snapshots (the soak bench's server or window snapshots, or any two of one process):
// objects counted and their self size summed per kind (constructor name for objects and closures, the node type
// otherwise), the kinds that grew most first, and each snapshot's totals of compiled code, native and JS objects. A
// first look at what to bound, not a retainer analysis (open both files in Chromium's DevTools, Memory, Comparison).
//   npx tsx bench/soak/heap-diff.ts <before.heapsnapshot> <after.heapsnapshot> [--top 25]
import { readFileSync } from 'node:fs'

interface Snapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[], ...unknown[]] } }
  nodes: number[]
  strings: string[]
}

export interface KindGrowth {
  kind: string
  count: number
  bytes: number
  /** Objects of the kind in the later snapshot. */
  countAfter: number
}

function byKind(file: string): Map<string, { count: number; bytes: number }> {
  const s = JSON.parse(readFileSync(file, 'utf8')) as Snapshot
  const fields = s.snapshot.meta.node_fields
  const types = s.snapshot.meta.node_types[0]
  const width = fields.length
  const [ti, ni, si] = [fields.indexOf('type'), fields.indexOf('name'), fields.indexOf('self_size')]
  const kinds = new Map<string, { count: number; bytes: number }>()
  for (let i = 0; i < s.nodes.length; i += width) {
    const type = types[s.nodes[i + ti]!]!
    const named = type === 'object' || type === 'closure' || type === 'native'
    const kind = named ? `${type} ${s.strings[s.nodes[i + ni]!]}` : type
    const k = kinds.get(kind) ?? { count: 0, bytes: 0 }
    k.count++
    k.bytes += s.nodes[i + si]!
    kinds.set(kind, k)
  }
  return kinds
}

export interface HeapTotals {
  /** Self sizes summed, MB: V8's compiled code, Blink's native objects, and everything else (the JS objects). */
  codeMB: number
  nativeMB: number
  objectsMB: number
}

/** What a snapshot holds in compiled code, native objects and JS objects (a heap slope may be only JIT code). */
export function heapTotals(file: string): HeapTotals {
  let code = 0
  let native = 0
  let objects = 0
  for (const [kind, k] of byKind(file)) {
    if (kind === 'code') code += k.bytes
    else if (kind.startsWith('native')) native += k.bytes
    else objects += k.bytes
  }
  const mb = (b: number): number => Math.round((b / 1024 / 1024) * 100) / 100
  return { codeMB: mb(code), nativeMB: mb(native), objectsMB: mb(objects) }
}

/** Kinds by growth in bytes, largest first. */
export function heapGrowth(beforeFile: string, afterFile: string): KindGrowth[] {
  const before = byKind(beforeFile)
  return [...byKind(afterFile)]
    .map(([kind, a]) => {
      const b = before.get(kind) ?? { count: 0, bytes: 0 }
      return { kind, count: a.count - b.count, bytes: a.bytes - b.bytes, countAfter: a.count }
    })
    .sort((x, y) => y.bytes - x.bytes)
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [a, b] = process.argv.slice(2).filter((x) => !x.startsWith('--'))
  if (!a || !b) {
    console.error('usage: heap-diff.ts <before.heapsnapshot> <after.heapsnapshot> [--top 25]')
    process.exit(2)
  }
  const i = process.argv.indexOf('--top')
  const top = i > 0 ? Number(process.argv[i + 1]) : 25
  console.log('before', heapTotals(a), 'after', heapTotals(b))
  for (const g of heapGrowth(a, b).slice(0, top))
    console.log(`${String(g.bytes).padStart(10)} B ${String(g.count).padStart(8)} objects  ${g.kind} (${g.countAfter})`)
}
