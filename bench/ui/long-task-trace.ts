// Records a Chromium trace (CDP Tracing) over the render bench's measured window (`render.bench.ts --trace`) and
// reads the page's long tasks from it (bench/long-tasks.ts).
import type { CDPSession } from 'playwright-core'
import { longTasksOf, type TracedTasks } from '../long-tasks'
import { recordTrace } from '../trace-events'

export type { TracedTasks } from '../long-tasks'

/** Categories: top-level tasks, the renderer's timeline events (style, layout, paint, script, GC). */
const CATEGORIES =
  process.env['TRACE_CATEGORIES'] !== undefined
    ? process.env['TRACE_CATEGORIES'].split(',').filter(Boolean)
    : ['toplevel', 'devtools.timeline', 'v8', 'blink.user_timing']
if (!CATEGORIES.includes('toplevel'))
  throw new Error(`TRACE_CATEGORIES must include toplevel (the tasks themselves); got '${CATEGORIES.join(',')}'`)

/**
 * Starts recording (the trace stays in the browser until the end); the returned function stops it and returns what it
 * found.
 */
export async function traceLongTasks(cdp: CDPSession, overMs = 50): Promise<() => Promise<TracedTasks>> {
  const stop = await recordTrace(cdp, CATEGORIES)
  return async () => {
    const { events, dataLost } = await stop()
    return { ...longTasksOf(events, overMs), dataLost }
  }
}
