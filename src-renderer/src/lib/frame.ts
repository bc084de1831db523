// The market panel's frame scheduler: one requestAnimationFrame for every stream, so however many events arrive
// each stream is applied at most once per frame.
// - Lanes carry stream events: the events of one frame are handed over together, then Vue patches the DOM (book,
//   tape) in the microtask right after, before the browser paints.
// - Paint jobs (charts) asked for by a frame's lanes run at its end, after Vue's patch, while the frame has budget
//   left; the others at the start of the next frame, before the lanes, while it has budget left, the least recently
//   painted first: an ECharts redraw costs milliseconds, so with many charts live the frame rate holds and charts
//   catch up on the next frames instead of the whole frame running long. A job that waited too long runs regardless.
// - Under load (frames coming late) lanes take turns too; see laneCap.
// - A hidden page gets no animation frames (Chromium runs none there): a lane holding LANE_MAX_PENDING events is
//   applied at once, so a window hidden for an hour does not keep every book it was sent, and views that draw from
//   their data (the book's and tape's canvases) skip drawing while `pageHidden`. Shown again, the first frame applies
//   what is pending and runs every chart paint asked for meanwhile: the current state at once.
import { nextTick, ref } from 'vue'
import { inOwnTask } from './own-task'

export interface Lane<E> {
  push(event: E): void
  dispose(): void
}

export interface PaintJob {
  readonly name: string
  /** false: nothing was drawn this time (not counted; asking again, if needed, is the job's business). */
  run(): void | false
}

/** Diagnostics (the render bench): each lane applied, with its events, and each paint job run, with its cost. */
export type FrameProbe = (
  kind: 'lane' | 'paint',
  name: string,
  detail: { ms: number; events?: readonly unknown[]; ownTask?: boolean }
) => void

/** Chart work per frame, counted from the frame's start (ms). */
export const PAINT_BUDGET_MS = 9
/** A paint job that waited this long runs even over budget (ms). */
export const PAINT_STARVE_MS = 250
/** A frame that comes this late after it was asked for means the main thread is behind (ms). */
export const LATE_FRAME_MS = 25
/** Under load a lane waits at most this long for its turn (ms). */
export const LANE_STARVE_MS = 100
/** A lane with this many events waiting is applied without waiting for a frame (none come to a hidden page). */
export const LANE_MAX_PENDING = 64

/** document.hidden, reactive: nobody sees the page, so views need not draw until it is shown again. */
export const pageHidden = ref(typeof document !== 'undefined' && document.hidden)
if (typeof document !== 'undefined')
  document.addEventListener('visibilitychange', () => (pageHidden.value = document.hidden))

interface LaneState {
  name: string
  events: unknown[]
  apply: (events: unknown[]) => void
  /** When its first pending event arrived. */
  since: number
}

const lanes = new Set<LaneState>()
/** Insertion order is the round robin: a job that ran is re-queued behind the others. */
const paints = new Map<PaintJob, number>()
let scheduled = false
/** A frame's work is running: a paint asked for now is run at its end or scheduled then, not in a frame of its own. */
let inFrame = false
let probe: FrameProbe | null = null
// Load shedding: when frames come late, fewer lanes are applied per frame (the others keep their events for the next
// one, oldest waiting first): cut by a third on a late frame, grown by one per timely frame (AIMD). With headroom
// the cap stays above the number of lanes and every lane is applied every frame.
let laneCap = Infinity
let requestedAt = 0
let lastApplied = 0
let frames = 0

const now = (): number => performance.now()
const raf = (cb: (t: number) => void): void => {
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(cb)
  else setTimeout(() => cb(now()), 16)
}

function schedule(): void {
  if (scheduled) return
  scheduled = true
  requestedAt = now()
  raf((t) => void frame(t, false))
}

async function frame(start: number, unbounded: boolean): Promise<void> {
  scheduled = false
  frames++
  // Synchronous up to Vue's patch, and throughout when no lane was applied (nothing to await).
  inFrame = true
  try {
    const { applied, started } = frameStart(start, unbounded)
    // Vue patches the DOM of what the lanes changed now.
    if (applied) await nextTick()
    if (!unbounded) frameEnd(start, started)
  } finally {
    inFrame = false
  }
  if (lanes.size || paints.size) schedule()
}

/** The paints due at a frame's start, then the lanes. */
function frameStart(start: number, unbounded: boolean): { applied: boolean; started: Set<PaintJob> } {
  const late = now() - requestedAt > LATE_FRAME_MS
  // Charts first, while the style is still clean from the last rendered frame: a canvas text draw (ctx.font) makes
  // Chromium recalculate a dirty document style, so drawing after the DOM patch would pay for it every frame.
  let ran = 0
  const started = new Set<PaintJob>()
  for (const [job, since] of [...paints]) {
    const t = now()
    if (!unbounded && ran > 0 && t - start > PAINT_BUDGET_MS && t - since < PAINT_STARVE_MS) continue
    paints.delete(job)
    started.add(job)
    if (job.run() === false) continue
    ran++
    probe?.('paint', job.name, { ms: now() - t })
  }
  if (unbounded) laneCap = Infinity
  else if (late && lastApplied > 0) laneCap = Math.max(1, Math.floor(lastApplied * 0.67))
  else if (!late && laneCap !== Infinity) laneCap = laneCap + 1 > lanes.size ? Infinity : laneCap + 1
  const due: LaneState[] = []
  for (const lane of lanes) if (unbounded || due.length < laneCap || start - lane.since > LANE_STARVE_MS) due.push(lane)
  for (const lane of due) lanes.delete(lane)
  lastApplied = due.length
  for (const lane of due) applyLane(lane)
  return { applied: due.length > 0, started }
}

/**
 * The charts this frame's changes asked to redraw: drawn in it while it has budget left, so a quiet page renders one
 * frame per change, not a second one for its charts (the idle bench: bench/ui/README.md); otherwise at the next
 * frame's start, with a clean style. A job that ran at this frame's start (a throttled chart asking again) or asked
 * again while running here waits for the next frame: a chart draws at most once a frame.
 */
function frameEnd(start: number, started: Set<PaintJob>): void {
  for (const job of [...paints.keys()]) {
    const t = now()
    if (t - start > PAINT_BUDGET_MS) break
    if (started.has(job)) continue
    paints.delete(job)
    if (job.run() === false) continue
    probe?.('paint', job.name, { ms: now() - t })
  }
}

function applyLane(lane: LaneState): void {
  const events = lane.events
  lane.events = []
  const t = now()
  lane.apply(events)
  probe?.('lane', lane.name, { ms: now() - t, events })
}

/**
 * A stream's lane: `apply` gets every event pushed since the last frame, oldest first, once per frame; or at once,
 * out of frame, when LANE_MAX_PENDING events wait (a hidden page).
 */
export function createLane<E>(name: string, apply: (events: E[]) => void): Lane<E> {
  const state: LaneState = { name, events: [], apply: apply as (events: unknown[]) => void, since: 0 }
  return {
    push(event) {
      if (!state.events.length) state.since = now()
      state.events.push(event)
      if (state.events.length >= LANE_MAX_PENDING) {
        lanes.delete(state)
        return applyLane(state)
      }
      lanes.add(state)
      schedule()
    },
    dispose() {
      lanes.delete(state)
      state.events = []
    }
  }
}

/**
 * The scheduler frames begun so far: work done in a frame (lanes, paints, the post-flush effects after them) sees one
 * number, the next frame another. Per-frame budgets key on it (lib/row-mirror.ts): a requestAnimationFrame of their
 * own could run after this frame's callback and reset a budget the frame already used.
 */
export function frameNumber(): number {
  return frames
}

/** Asks for `job` to run in a coming frame (once, however often asked before it runs). */
export function requestPaint(job: PaintJob): void {
  if (!paints.has(job)) paints.set(job, now())
  if (!inFrame) schedule()
}

/**
 * Runs `job` once in a task of its own right after the current one (lib/own-task.ts), not in a frame: for a heavy
 * paint that should not lengthen the frame that asked for it (its picture shows at the next frame). Reported to the
 * probe as a paint. In a hidden page it waits for the first frame instead (requestPaint). Returns a cancel function.
 */
export function paintInOwnTask(job: PaintJob): () => void {
  if (pageHidden.value) {
    requestPaint(job)
    return () => cancelPaint(job)
  }
  return inOwnTask(() => {
    const t = now()
    if (job.run() === false) return
    probe?.('paint', job.name, { ms: now() - t, ownTask: true })
  })
}

export function cancelPaint(job: PaintJob): void {
  paints.delete(job)
}

export function setFrameProbe(p: FrameProbe | null): void {
  probe = p
}

/** Tests: runs whatever is pending now (paint budget ignored), frame after frame until nothing is left. */
export async function flushFrames(): Promise<void> {
  for (let i = 0; i < 10 && (lanes.size || paints.size); i++) {
    await frame(now(), true)
  }
}
