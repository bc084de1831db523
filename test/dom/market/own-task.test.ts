// lib/own-task.ts: work handed to a task of its own runs after the current task (not inside it, not in a
// microtask of it), in the order asked, and not at all once cancelled.
import { describe, expect, it } from 'vitest'
import { inOwnTask } from '../../../src-renderer/src/lib/own-task'

const nextTask = (): Promise<void> => new Promise((r) => setTimeout(r, 0))

describe('inOwnTask', () => {
  it('runs after the current task and its microtasks, in the order asked', async () => {
    const ran: string[] = []
    inOwnTask(() => ran.push('a'))
    inOwnTask(() => ran.push('b'))
    await Promise.resolve()
    await Promise.resolve()
    ran.push('microtasks done')
    await nextTask()
    await nextTask()
    expect(ran).toEqual(['microtasks done', 'a', 'b'])
  })

  it('runs each job in a task of its own: a microtask queued by one runs before the next job', async () => {
    const ran: string[] = []
    inOwnTask(() => {
      ran.push('a')
      void Promise.resolve().then(() => ran.push('a: microtask'))
    })
    inOwnTask(() => ran.push('b'))
    await nextTask()
    await nextTask()
    expect(ran).toEqual(['a', 'a: microtask', 'b'])
  })

  it('skips a cancelled job and still runs the ones after it', async () => {
    const ran: string[] = []
    const cancel = inOwnTask(() => ran.push('a'))
    inOwnTask(() => ran.push('b'))
    cancel()
    await nextTask()
    await nextTask()
    expect(ran).toEqual(['b'])
  })
})
