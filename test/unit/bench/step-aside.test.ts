// bench/step-aside.ts: the bench's driver lowers every one of its threads (Linux nice is per thread), not only the
// main one, so its GC helper threads give way to the measured browser. Run in a child process (the niceness stays).
import { execFileSync } from 'node:child_process'
import { getPriority } from 'node:os'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

const ROOT = resolve(import.meta.dirname, '../../..')

// A runner already at the lowest priority has nothing to lower.
describe.runIf(process.platform === 'linux' && getPriority() < 19)('stepAside', () => {
  it('lowers every thread of its process, the ones started before and after it', () => {
    const script = `
      import { readdirSync, readFileSync } from 'node:fs'
      import { Worker } from 'node:worker_threads'
      import { stepAside } from './bench/step-aside.ts'
      const nice = () => readdirSync('/proc/self/task').map((t) => Number(readFileSync('/proc/self/task/' + t + '/stat', 'utf8').split(') ')[1].split(' ')[16]))
      const before = nice()
      const target = Math.min(19, before[0] + 5) // relative: the runner may be niced already
      const lowered = stepAside(target)
      const w = new Worker('setInterval(() => {}, 1000)', { eval: true })
      await new Promise((r) => w.once('online', r))
      console.log(JSON.stringify({ before, target, lowered, after: nice() }))
      await w.terminate()
    `
    const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: ROOT, encoding: 'utf8' })
    const { before, target, lowered, after } = JSON.parse(out.trim().split('\n').pop()!) as { before: number[]; target: number; lowered: number; after: number[] }
    expect(before.length).toBeGreaterThan(1) // V8's platform threads exist from the start
    expect(before.every((n) => n === before[0])).toBe(true)
    expect(target).toBeGreaterThan(before[0]!)
    expect(lowered).toBe(before.length)
    expect(after.length).toBeGreaterThan(before.length) // the worker's threads
    expect(after.every((n) => n === target)).toBe(true)
  })
})
