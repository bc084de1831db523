// The bench's own process (the driver: Playwright's protocol traffic, screenshots, the trace) gives way to what it
// measures. Its garbage (a 1920×1080 screenshot, protocol messages) was collected seconds later by V8's parallel
// GC threads on both cores, inside the measured window: perf sched showed the page's main thread runnable but
// waiting 20 ms while they ran, a long task the page did not cause. Nice is per thread on Linux, so every thread
// of this process is lowered; call it after the measured processes (Chromium) are started, which keep their own.
// Nice 19 has ~1.5% of a nice-0 thread's weight on a contended core: it lowers the driver's share, it cannot remove it.
import { readdirSync } from 'node:fs'
import { getPriority, setPriority } from 'node:os'

/** Lowers every thread of this process to `nice` (threads made later inherit it). Returns how many were lowered. */
export function stepAside(nice = 19): number {
  let tasks: string[]
  try {
    tasks = readdirSync('/proc/self/task')
  } catch {
    return 0 // not Linux: nothing to do per thread
  }
  let lowered = 0
  for (const tid of tasks.map(Number)) {
    try {
      // Already this low or lower: raising it back would need a privilege, and is not the point.
      if (getPriority(tid) >= nice) continue
      setPriority(tid, nice)
      lowered++
    } catch (e) {
      if ((e as { code?: string }).code !== 'ESRCH') throw e // ESRCH: a thread that ended meanwhile
    }
  }
  return lowered
}
