// bench/step-aside.ts: the bench's driver lowers every one of its threads (Linux nice is per thread), not only the
// main one, so its GC helper threads give way to the measured browser. Run in a child process (the niceness stays).
import { execFileSync } from 'node:child_process'
import { getPriority } from 'node:os'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

const ROOT = resolve(import.meta.dirname, '../../..')

// A runner already at the lowest priority has nothing to lower.
describe.runIf(process.platform === 'linux' && getPriority() < 19)('stepAside', () => {
  it('lowers every thread of its process, the ones started before and after it, and leaves one already lower', () => {
    // One helper thread is put at 19 first: stepAside must skip it (raising it back to the target needs a privilege,
    // so without the skip setPriority fails with EACCES, or as root moves it) and not count it.
    const script = `
      import { readdirSync, readFileSync } from 'node:fs'
      import { setPriority } from 'node:os'
      import { Worker } from 'node:worker_threads'
      import { stepAside } from './bench/step-aside.ts'
      const nice = () => Object.fromEntries(readdirSync('/proc/self/task').map((t) => [t, Number(readFileSync('/proc/self/task/' + t + '/stat', 'utf8').split(') ')[1].split(' ')[16])]))
      const main = nice()[process.pid]
      const low = readdirSync('/proc/self/task').find((t) => Number(t) !== process.pid)
      setPriority(Number(low), 19)
      const before = nice()
      const target = Math.min(19, main + 5) // relative: the runner may be niced already
      const lowered = stepAside(target)
      const w = new Worker('setInterval(() => {}, 1000)', { eval: true })
      await new Promise((r) => w.once('online', r))
      console.log(JSON.stringify({ main, low, before, target, lowered, after: nice() }))
      await w.terminate()
    `
    const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: ROOT,
      encoding: 'utf8'
    })
    const { main, low, before, target, lowered, after } = JSON.parse(out.trim().split('\n').pop()!) as {
      main: number
      low: string
      before: Record<string, number>
      target: number
      lowered: number
      after: Record<string, number>
    }
    const others = (m: Record<string, number>): number[] =>
      Object.entries(m)
        .filter(([t]) => t !== low)
        .map(([, n]) => n)
    expect(Object.keys(before).length).toBeGreaterThan(2) // V8's platform threads exist from the start
    expect(before[low]).toBe(19)
    expect(others(before).every((n) => n === main)).toBe(true)
    expect(target).toBeGreaterThan(main)
    expect(lowered).toBe(Object.keys(before).length - 1) // all but the one already at 19
    expect(Object.keys(after).length).toBeGreaterThan(Object.keys(before).length) // the worker's threads
    expect(after[low]).toBe(19)
    expect(others(after).every((n) => n === target)).toBe(true)
  })
})
