// Shared by the store tests: temp dirs and an io that counts calls and can be made to fail or stall.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach } from 'vitest'
import { nodeIo, type StoreIo } from '../../../src-sim/store/io'

const dirs: string[] = []
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true })
})

export function tempDir(): string {
  const d = mkdtempSync(join(tmpdir(), 'store-test-'))
  dirs.push(d)
  return d
}

export type Calls = Record<keyof StoreIo, number>

/** nodeIo with call counters; `override` replaces single operations. */
export function countingIo(override: Partial<StoreIo> = {}): { io: StoreIo; calls: Calls } {
  const calls = Object.fromEntries(Object.keys(nodeIo).map((k) => [k, 0])) as Calls
  const io = Object.fromEntries(
    Object.entries(nodeIo).map(([k, fn]) => [
      k,
      (...args: unknown[]) => {
        calls[k as keyof StoreIo]++
        const impl = (override[k as keyof StoreIo] ?? fn) as (...a: unknown[]) => unknown
        return impl(...args)
      }
    ])
  ) as unknown as StoreIo
  return { io, calls }
}

/** A counter state machine: commands add to a total and are remembered in order. */
export interface Counter {
  total: number
  ids: number[]
}
export type CounterCmd = { id: number; add: number }
export const counterMachine = {
  initial: (): Counter => ({ total: 0, ids: [] }),
  apply: (s: Counter, c: CounterCmd): number => {
    if (c.add < 0) throw new Error('negative add refused')
    s.total += c.add
    s.ids.push(c.id)
    return s.total
  },
  snapshot: (s: Counter): unknown => s,
  restore: (d: unknown): Counter => structuredClone(d as Counter)
}
