// bench/long-tasks.ts: what render.bench.ts --trace reports of the page's main-thread tasks, from a
// synthetic trace (times in µs, as Chromium writes them).
import { describe, expect, it } from 'vitest'
import { longTasksOf } from '../../../bench/long-tasks'
import type { TraceEvent } from '../../../bench/trace-events'

const X = (tid: number, name: string, ts: number, dur: number, tdur?: number, functionName?: string): TraceEvent => ({
  name,
  cat: 'toplevel',
  ph: 'X',
  ts,
  dur,
  ...(tdur !== undefined ? { tdur } : {}),
  pid: tid,
  tid,
  ...(functionName ? { args: { data: { functionName } } } : {})
})
const thread = (tid: number): TraceEvent => ({
  name: 'thread_name',
  cat: '__metadata',
  ph: 'M',
  ts: 0,
  pid: tid,
  tid,
  args: { name: 'CrRendererMain' }
})

// Two renderers: another page's (listed first, one long idle-page task) and the measured page's, the busier.
const OTHER = 1
const PAGE = 2
const events: TraceEvent[] = [
  thread(OTHER),
  thread(PAGE),
  X(OTHER, 'RunTask', 0, 200_000, 1_000),
  X(OTHER, 'MinorGC', 10_000, 5_000, 5_000),
  // A long task, reported under both names (RunTask nested in ThreadControllerImpl::RunTask): one task.
  X(PAGE, 'ThreadControllerImpl::RunTask', 0, 80_000, 30_000),
  X(PAGE, 'RunTask', 100, 79_800, 29_800),
  X(PAGE, 'FunctionCall', 200, 40_000, 20_000, 'draw'),
  X(PAGE, 'Layout', 10_000, 10_000, 5_000),
  X(PAGE, 'MinorGC', 50_000, 3_000, 3_000),
  // A short task with a mark-compact in it.
  X(PAGE, 'RunTask', 100_000, 5_000, 4_000),
  X(PAGE, 'MajorGC', 101_000, 2_000, 2_000),
  // A long task without thread time: long, but no CPU figure.
  X(PAGE, 'RunTask', 200_000, 60_000),
  // Under 1 ms: not in the CPU percentiles.
  X(PAGE, 'RunTask', 300_000, 500, 400)
]

describe('longTasksOf', () => {
  const r = longTasksOf(events, 50)

  it("reads the busier renderer main thread, the page's", () => {
    expect(r.long.map((t) => t.wallMs)).toEqual([80, 60])
  })

  it('counts a task reported under both names once', () => {
    expect(r.heaviest.map((t) => t.wallMs)).toEqual([80, 5, 0.5])
  })

  it('leaves a task without thread time out of the CPU figures', () => {
    expect(r.long[1]!.cpuMs).toBeNaN()
    expect(r.cpuMs).toEqual({ n: 2, p50: 30, p99: 30, max: 30 })
  })

  it("names a long task's events by self time, CPU first, in wall/CPU ms", () => {
    expect(r.long[0]).toMatchObject({ wallMs: 80, cpuMs: 30 })
    // The outer task's own 0.2 ms is under the 1 ms shown.
    expect(r.long[0]!.top).toEqual(['FunctionCall draw 30/15', 'RunTask 36.8/6.8', 'Layout 10/5', 'MinorGC 3/3'])
  })

  it("counts the page's garbage collections", () => {
    expect(r.gc).toEqual({ minor: { n: 1, ms: 3, maxMs: 3 }, major: { n: 1, ms: 2, maxMs: 2 } })
  })

  it('finds nothing without a renderer main thread', () => {
    expect(
      longTasksOf(
        events.filter((e) => e.ph !== 'M'),
        50
      ).long
    ).toEqual([])
  })
})
