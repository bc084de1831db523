// Names what a long task spent its time on, from a Chromium trace of the render bench's measured window (recorded by
// bench/ui/long-task-trace.ts): for each renderer main-thread task over 50 ms, its wall time, its thread CPU time
// (the rest is time the thread was not running: the machine's other load, or waiting on another thread) and the
// trace events with the most self CPU time inside it (script, style, layout, paint, GC...). Outside bench/ui, so
// that the node project's unit tests reach it.
import { rendererMain, selfTimes, sliceEvents, type TraceEvent } from './trace-events'

export interface TracedLongTask {
  /** Start in the trace's clock (µs), for ordering only. */
  ts: number
  wallMs: number
  cpuMs: number
  /** Trace events by self CPU time inside the task, the heaviest first: `name wall/cpu ms`. */
  top: string[]
}

/** What a measured window's trace says of the main thread's tasks. */
export interface TracedTasks {
  /** Tasks over the long-task threshold in wall time. */
  long: TracedLongTask[]
  /** The tasks with the most thread CPU time, whatever their wall time: the page's own worst frames. */
  heaviest: TracedLongTask[]
  /** Thread CPU time of the tasks over 1 ms of wall time: p50, p99, max (ms). */
  cpuMs: { n: number; p50: number; p99: number; max: number }
  /**
   * The main thread's garbage collections in the window (trace events MinorGC, MajorGC): count, total and longest ms.
   */
  gc: Record<'minor' | 'major', { n: number; ms: number; maxMs: number }>
  /** Chromium's trace buffer filled up: the end of the window is missing, the figures are partial. */
  dataLost: boolean
}

/**
 * The page's main-thread tasks in a trace: the long ones (wall time of `overMs` or more), the heaviest, CPU times and
 * GCs.
 */
export function longTasksOf(events: TraceEvent[], overMs: number): Omit<TracedTasks, 'dataLost'> {
  const main = rendererMain(events)
  const none = { n: 0, ms: 0, maxMs: 0 }
  if (!main)
    return { long: [], heaviest: [], cpuMs: { n: 0, p50: NaN, p99: NaN, max: NaN }, gc: { minor: none, major: none } }
  const xs = sliceEvents(events, main)
  // A task is counted once: a task event nested in another (both names may be emitted for one task) is not a task.
  const tasks: (readonly [TraceEvent, number])[] = []
  let taskEnd = -Infinity
  xs.forEach((e, i) => {
    if ((e.name !== 'ThreadControllerImpl::RunTask' && e.name !== 'RunTask') || e.ts < taskEnd) return
    tasks.push([e, i])
    taskEnd = e.ts + e.dur!
  })
  const described = ([task, i]: readonly [TraceEvent, number]): TracedLongTask => {
    const end = task.ts + task.dur!
    const inner: TraceEvent[] = [task]
    for (let j = i + 1; j < xs.length && xs[j]!.ts < end; j++) inner.push(xs[j]!)
    return {
      ts: task.ts,
      wallMs: round(task.dur! / 1000),
      cpuMs: round((task.tdur ?? NaN) / 1000),
      top: topSelfTimes(inner)
    }
  }
  // A task without thread time (tdur) is left out of the CPU figures rather than counted as 0.
  const cpus = tasks
    .filter(([e]) => e.dur! >= 1000 && e.tdur !== undefined)
    .map(([e]) => e.tdur! / 1000)
    .sort((a, b) => a - b)
  const at = (q: number): number => round(cpus[Math.min(cpus.length - 1, Math.floor(q * cpus.length))] ?? NaN)
  return {
    long: tasks.filter(([e]) => e.dur! >= overMs * 1000).map(described),
    heaviest: tasks
      .filter(([e]) => e.tdur !== undefined)
      .sort((a, b) => b[0].tdur! - a[0].tdur!)
      .slice(0, 5)
      .map(described),
    cpuMs: { n: cpus.length, p50: at(0.5), p99: at(0.99), max: round(cpus[cpus.length - 1] ?? NaN) },
    gc: { minor: gcOf(xs, 'MinorGC'), major: gcOf(xs, 'MajorGC') }
  }
}

function gcOf(xs: TraceEvent[], name: string): { n: number; ms: number; maxMs: number } {
  const ms = xs.filter((e) => e.name === name).map((e) => e.dur! / 1000)
  return { n: ms.length, ms: round(ms.reduce((a, b) => a + b, 0)), maxMs: round(Math.max(0, ...ms)) }
}

/** A task's events by self time, over 1 ms of wall time, the heaviest CPU first: `name wall/cpu ms`. */
function topSelfTimes(task: TraceEvent[]): string[] {
  return [...selfTimes(task).self]
    .filter(([, s]) => s.wall >= 1000)
    .sort((a, b) => b[1].cpu - a[1].cpu || b[1].wall - a[1].wall)
    .slice(0, 8)
    .map(([n, s]) => `${n} ${round(s.wall / 1000)}/${round(s.cpu / 1000)}`)
}

const round = (x: number): number => Math.round(x * 10) / 10
