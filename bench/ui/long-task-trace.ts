// Names what a long task spent its time on, from a Chromium trace (CDP Tracing) recorded during the render bench's
// measured window (`render.bench.ts --trace`): for each renderer main-thread task over 50 ms, its wall time, its
// thread CPU time (the rest is time the thread was not running: the machine's other load, or waiting on another
// thread) and the trace events with the most self CPU time inside it (script, style, layout, paint, GC...).
import type { CDPSession } from 'playwright-core'

/** A Chromium trace event, as CDP Tracing reports them (the fields the bench's scripts read). */
export interface TraceEvent {
  name: string
  cat: string
  ph: string
  ts: number
  dur?: number
  /** Thread (CPU) time: robust to the machine's other load, unlike dur. */
  tdur?: number
  pid: number
  tid: number
  args?: { name?: string; data?: { functionName?: string; cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] }; timeDeltas?: number[] } }
}
export interface ProfileNode {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number }
  parent?: number
}

export interface TracedLongTask {
  /** Start in the trace's clock (µs), for ordering only. */
  ts: number
  wallMs: number
  cpuMs: number
  /** Trace events by self CPU time inside the task, the heaviest first: `name wall/cpu ms`. */
  top: string[]
}

/** Categories: top-level tasks, the renderer's timeline events (style, layout, paint, script, GC). */
const CATEGORIES = process.env['TRACE_CATEGORIES'] !== undefined ? process.env['TRACE_CATEGORIES'].split(',').filter(Boolean) : ['toplevel', 'devtools.timeline', 'v8', 'blink.user_timing']
if (!CATEGORIES.includes('toplevel')) throw new Error(`TRACE_CATEGORIES must include toplevel (the tasks themselves); got '${CATEGORIES.join(',')}'`)

/** What a measured window's trace says of the main thread's tasks. */
export interface TracedTasks {
  /** Tasks over the long-task threshold in wall time. */
  long: TracedLongTask[]
  /** The tasks with the most thread CPU time, whatever their wall time: the page's own worst frames. */
  heaviest: TracedLongTask[]
  /** Thread CPU time of the tasks over 1 ms of wall time: p50, p99, max (ms). */
  cpuMs: { n: number; p50: number; p99: number; max: number }
  /** The main thread's garbage collections in the window (trace events MinorGC, MajorGC): count, total and longest ms. */
  gc: Record<'minor' | 'major', { n: number; ms: number; maxMs: number }>
  /** Chromium's trace buffer filled up: the end of the window is missing, the figures are partial. */
  dataLost: boolean
}

/**
 * Starts recording; the returned function stops it and returns what it found. The trace stays in the browser until
 * then (ReturnAsStream): streamed to this process as it was recorded, its parsing and garbage took CPU time from the
 * page being measured.
 */
export async function traceLongTasks(cdp: CDPSession, overMs = 50): Promise<() => Promise<TracedTasks>> {
  await cdp.send('Tracing.start', { transferMode: 'ReturnAsStream', traceConfig: { includedCategories: CATEGORIES, excludedCategories: ['*'] } })
  return async () => {
    const done = new Promise<{ stream?: string; dataLossOccurred: boolean }>((r) => cdp.once('Tracing.tracingComplete', r))
    await cdp.send('Tracing.end')
    const { stream: handle, dataLossOccurred } = await done
    if (!handle) throw new Error('the trace ended without a stream to read (Tracing.start asked for ReturnAsStream)')
    const chunks: Buffer[] = []
    for (;;) {
      const chunk = await cdp.send('IO.read', { handle, size: 1 << 20 })
      chunks.push(Buffer.from(chunk.data, chunk.base64Encoded ? 'base64' : 'utf8'))
      if (chunk.eof) break
    }
    await cdp.send('IO.close', { handle })
    // Decoded once: a chunk may end inside a multi-byte character.
    const parsed = JSON.parse(Buffer.concat(chunks).toString('utf8')) as TraceEvent[] | { traceEvents: TraceEvent[] }
    return { ...longTasksOf(Array.isArray(parsed) ? parsed : parsed.traceEvents, overMs), dataLost: dataLossOccurred }
  }
}

function longTasksOf(events: TraceEvent[], overMs: number): Omit<TracedTasks, 'dataLost'> {
  // Every renderer has a CrRendererMain (the browser may keep another page's): the page's is the busiest.
  const mains = events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`)
  const count = new Map(mains.map((k) => [k, 0]))
  for (const e of events) if (e.ph === 'X' && count.has(`${e.pid}:${e.tid}`)) count.set(`${e.pid}:${e.tid}`, count.get(`${e.pid}:${e.tid}`)! + 1)
  const main = [...count].sort((a, b) => b[1] - a[1])[0]?.[0]
  const none = { n: 0, ms: 0, maxMs: 0 }
  if (!main) return { long: [], heaviest: [], cpuMs: { n: 0, p50: NaN, p99: NaN, max: NaN }, gc: { minor: none, major: none } }
  const xs = events.filter((e) => e.ph === 'X' && `${e.pid}:${e.tid}` === main && e.dur !== undefined).sort((a, b) => a.ts - b.ts || b.dur! - a.dur!)
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
    const inner: TraceEvent[] = []
    for (let j = i + 1; j < xs.length && xs[j]!.ts < end; j++) inner.push(xs[j]!)
    return { ts: task.ts, wallMs: round(task.dur! / 1000), cpuMs: round((task.tdur ?? NaN) / 1000), top: selfTimes(task, inner) }
  }
  // A task without thread time (tdur) is left out of the CPU figures rather than counted as 0.
  const cpus = tasks.filter(([e]) => e.dur! >= 1000 && e.tdur !== undefined).map(([e]) => e.tdur! / 1000).sort((a, b) => a - b)
  const at = (q: number): number => round(cpus[Math.min(cpus.length - 1, Math.floor(q * cpus.length))] ?? NaN)
  return {
    long: tasks.filter(([e]) => e.dur! >= overMs * 1000).map(described),
    heaviest: tasks.filter(([e]) => e.tdur !== undefined).sort((a, b) => b[0].tdur! - a[0].tdur!).slice(0, 5).map(described),
    cpuMs: { n: cpus.length, p50: at(0.5), p99: at(0.99), max: round(cpus[cpus.length - 1] ?? NaN) },
    gc: { minor: gcOf(xs, 'MinorGC'), major: gcOf(xs, 'MajorGC') }
  }
}

function gcOf(xs: TraceEvent[], name: string): { n: number; ms: number; maxMs: number } {
  const ms = xs.filter((e) => e.name === name).map((e) => e.dur! / 1000)
  return { n: ms.length, ms: round(ms.reduce((a, b) => a + b, 0)), maxMs: round(Math.max(0, ...ms)) }
}

/** Self wall and CPU time by event name (a FunctionCall named by its function) inside `task`, heaviest CPU first. */
function selfTimes(task: TraceEvent, inner: TraceEvent[]): string[] {
  const self = new Map<string, [number, number]>()
  const stack: { e: TraceEvent; child: number; childCpu: number }[] = [{ e: task, child: 0, childCpu: 0 }]
  const cpu = (e: TraceEvent): number => e.tdur ?? 0
  const name = (e: TraceEvent): string => (e.name === 'FunctionCall' && e.args?.data?.functionName ? `FunctionCall ${e.args.data.functionName}` : e.name)
  const pop = (): void => {
    const top = stack.pop()!
    const [w, c] = self.get(name(top.e)) ?? [0, 0]
    self.set(name(top.e), [w + top.e.dur! - top.child, c + Math.max(0, cpu(top.e) - top.childCpu)])
  }
  for (const e of inner) {
    while (stack.length > 1 && stack[stack.length - 1]!.e.ts + stack[stack.length - 1]!.e.dur! <= e.ts) pop()
    const parent = stack[stack.length - 1]!
    parent.child += e.dur!
    parent.childCpu += cpu(e)
    stack.push({ e, child: 0, childCpu: 0 })
  }
  while (stack.length) pop()
  return [...self]
    .filter(([, [w]]) => w >= 1000)
    .sort((a, b) => b[1][1] - a[1][1] || b[1][0] - a[1][0])
    .slice(0, 8)
    .map(([n, [w, c]]) => `${n} ${round(w / 1000)}/${round(c / 1000)}`)
}

const round = (x: number): number => Math.round(x * 10) / 10
