// What the bench's trace readers share (ui/long-task-trace.ts and long-tasks.ts for render.bench.ts --trace, and
// ui/profile.ts): recording a Chromium trace that stays in the browser until it ends, finding the page's renderer
// main thread, and self time.
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
  args?: {
    name?: string
    data?: { functionName?: string; cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] }; timeDeltas?: number[] }
  }
}
export interface ProfileNode {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number }
  parent?: number
}

/**
 * Starts recording `categories`; the returned function stops it and returns the events. The trace stays in the
 * browser until then (ReturnAsStream): streamed to this process as it was recorded (ReportEvents), its parsing and
 * garbage took CPU time from the page being measured.
 */
export async function recordTrace(
  cdp: CDPSession,
  categories: string[]
): Promise<() => Promise<{ events: TraceEvent[]; dataLost: boolean }>> {
  await cdp.send('Tracing.start', {
    transferMode: 'ReturnAsStream',
    traceConfig: { includedCategories: categories, excludedCategories: ['*'] }
  })
  return async () => {
    const done = new Promise<{ stream?: string; dataLossOccurred: boolean }>((r) =>
      cdp.once('Tracing.tracingComplete', r)
    )
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
    return { events: Array.isArray(parsed) ? parsed : parsed.traceEvents, dataLost: dataLossOccurred }
  }
}

/**
 * The page's renderer main thread (`pid:tid`): every renderer has a CrRendererMain (the browser may keep another
 * page's), the page's is the busiest.
 */
export function rendererMain(events: TraceEvent[]): string | undefined {
  const count = new Map<string, number>()
  for (const e of events)
    if (e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain') count.set(`${e.pid}:${e.tid}`, 0)
  for (const e of events)
    if (e.ph === 'X' && count.has(`${e.pid}:${e.tid}`))
      count.set(`${e.pid}:${e.tid}`, count.get(`${e.pid}:${e.tid}`)! + 1)
  return [...count].sort((a, b) => b[1] - a[1])[0]?.[0]
}

/** The complete events of one thread in time order, an enclosing event before the events it holds. */
export function sliceEvents(events: TraceEvent[], thread: string): TraceEvent[] {
  return events
    .filter((e) => e.ph === 'X' && `${e.pid}:${e.tid}` === thread && e.dur !== undefined)
    .sort((a, b) => a.ts - b.ts || b.dur! - a.dur!)
}

/** A trace event's name, a FunctionCall named by its function. */
export const eventName = (e: TraceEvent): string =>
  e.name === 'FunctionCall' && e.args?.data?.functionName ? `FunctionCall ${e.args.data.functionName}` : e.name

/**
 * Self time by event name (µs) of events nested by time (as `sliceEvents` orders them): an event's duration minus
 * its children's, in wall time (dur) and in thread CPU time (tdur; an event without it counts no CPU time). `busy`
 * sums the outermost events.
 */
export function selfTimes(xs: TraceEvent[]): {
  self: Map<string, { wall: number; cpu: number }>
  busy: { wall: number; cpu: number }
} {
  const self = new Map<string, { wall: number; cpu: number }>()
  const busy = { wall: 0, cpu: 0 }
  const stack: { e: TraceEvent; child: number; childCpu: number }[] = []
  const cpu = (e: TraceEvent): number => e.tdur ?? 0
  const close = (until: number): void => {
    while (stack.length && stack[stack.length - 1]!.e.ts + stack[stack.length - 1]!.e.dur! <= until) {
      const top = stack.pop()!
      const s = self.get(eventName(top.e)) ?? { wall: 0, cpu: 0 }
      s.wall += top.e.dur! - top.child
      s.cpu += Math.max(0, cpu(top.e) - top.childCpu)
      self.set(eventName(top.e), s)
    }
  }
  for (const e of xs) {
    close(e.ts)
    const parent = stack[stack.length - 1]
    if (parent) {
      parent.child += e.dur!
      parent.childCpu += cpu(e)
    } else {
      busy.wall += e.dur!
      busy.cpu += cpu(e)
    }
    stack.push({ e, child: 0, childCpu: 0 })
  }
  close(Infinity)
  return { self, busy }
}
