// The invisible DOM mirror of the canvas rows (lib/row-mirror.ts): written at most every MIRROR_MS with the latest
// rows (a trailing write when updates stop), at once while the pointer is over it, and every time when nothing else
// draws; the page's mirrors share MIRRORS_PER_FRAME writes a frame, so mirrors due together spread over frames.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createLane, requestPaint, type PaintJob } from '../../../src-renderer/src/lib/frame'
import { MIRROR_MS, MIRRORS_PER_FRAME, RowMirror, TRAIL_MS } from '../../../src-renderer/src/lib/row-mirror'
import { RowPool, type PoolRow } from '../../../src-renderer/src/lib/row-pool'

const row = (price: string): PoolRow => ({ cells: [price], data: { price } })

function mirror(throttled: boolean) {
  const container = document.createElement('div')
  const pool = new RowPool(container, { rowClass: 'row', cellClasses: [''], testId: 'r' })
  pool.resize(3)
  const shown = () => [...container.querySelectorAll('[data-testid="r"]')].map((el) => el.textContent)
  return { m: new RowMirror(pool, throttled), shown }
}

/** requestAnimationFrame under the test's hand: `runFrame()` runs the callbacks asked for so far. */
let callbacks: FrameRequestCallback[] = []
function runFrame(): void {
  const run = callbacks
  callbacks = []
  for (const cb of run) cb(performance.now())
}
/** A frame of the scheduler (lib/frame.ts), whose frames the budget counts, as a chart asking to paint brings one. */
const tick: PaintJob = { name: 'tick', run: () => false }
function frame(): void {
  requestPaint(tick)
  runFrame()
}

describe('row mirror', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] })
    vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => callbacks.push(cb))
  })
  afterEach(() => {
    frame() // the budget's reset: the next test starts on a fresh frame
    vi.unstubAllGlobals()
    vi.useRealTimers()
  })

  it('writes at most every MIRROR_MS, the latest rows last, and the trailing rows when updates stop', () => {
    const { m, shown } = mirror(true)
    m.update([row('1')])
    expect(shown()).toEqual(['1'])
    m.update([row('2')])
    vi.advanceTimersByTime(MIRROR_MS - 1)
    frame()
    m.update([row('3')])
    expect(shown()).toEqual(['1'])
    vi.advanceTimersByTime(1)
    frame()
    m.update([row('4'), row('3')])
    expect(shown()).toEqual(['4', '3'])
    // No update in a frame after the next is due: a timer writes the last rows, TRAIL_MS past the due time (longer
    // than a live stream's gap: while updates flow, a frame writes them).
    m.update([row('5')])
    vi.advanceTimersByTime(MIRROR_MS + TRAIL_MS - 1)
    expect(shown()).toEqual(['4', '3'])
    vi.advanceTimersByTime(1)
    expect(shown()).toEqual(['5'])
    // Nothing new: no further write.
    vi.advanceTimersByTime(MIRROR_MS * 2)
    expect(shown()).toEqual(['5'])
  })

  it('writes at most MIRRORS_PER_FRAME mirrors a frame; the others at their updates in the next frames', () => {
    const mirrors = Array.from({ length: MIRRORS_PER_FRAME * 2 + 1 }, () => mirror(true))
    mirrors.forEach(({ m }, i) => m.update([row(`${i}`)]))
    expect(mirrors.map(({ shown }) => shown().length)).toEqual(mirrors.map((_, i) => (i < MIRRORS_PER_FRAME ? 1 : 0)))
    for (let f = 1; f <= 2; f++) {
      frame()
      mirrors.forEach(({ m }, i) => m.update([row(`${i}`)]))
      const written = mirrors.filter(({ shown }) => shown().length).length
      expect(written).toBe(Math.min(mirrors.length, MIRRORS_PER_FRAME * (f + 1)))
    }
    expect(mirrors.map(({ shown }) => shown())).toEqual(mirrors.map((_, i) => [`${i}`]))
  })

  it('a trailing write waits for a frame with budget left, unless no frame comes for 4 MIRROR_MS', () => {
    const { m, shown } = mirror(true)
    m.update([row('1')])
    m.update([row('2')]) // due at MIRROR_MS; written by a timer a while after, as no update comes
    Array.from({ length: MIRRORS_PER_FRAME - 1 }, () => mirror(true)).forEach(({ m: o }) => o.update([row('x')]))
    vi.advanceTimersByTime(MIRROR_MS + TRAIL_MS)
    expect(shown()).toEqual(['1']) // this frame's budget was spent
    frame()
    vi.advanceTimersByTime(TRAIL_MS)
    expect(shown()).toEqual(['2'])
    // The budget spent and no frame after: written anyway once 4 MIRROR_MS overdue.
    m.update([row('3')])
    Array.from({ length: MIRRORS_PER_FRAME }, () => mirror(true)).forEach(({ m: o }) => o.update([row('x')]))
    vi.advanceTimersByTime(MIRROR_MS + TRAIL_MS)
    expect(shown()).toEqual(['2'])
    vi.advanceTimersByTime(TRAIL_MS)
    expect(shown()).toEqual(['3'])
  })

  it('updates in a frame get its fresh budget also when the scheduler asked for that frame before the budget was spent', () => {
    // As OrderBook's mirrors under DepthChart: a pre-flush watcher asks for the next frame (requestPaint) before the
    // post-flush updates spend this frame's budget; the next frame's updates (here from a lane) must find it fresh.
    const next = Array.from({ length: MIRRORS_PER_FRAME }, () => mirror(true))
    const lane = createLane<number>('book', () => next.forEach(({ m }, i) => m.update([row(`${i}`)])))
    lane.push(1)
    Array.from({ length: MIRRORS_PER_FRAME }, () => mirror(true)).forEach(({ m }) => m.update([row('x')]))
    runFrame()
    expect(next.map(({ shown }) => shown())).toEqual(next.map((_, i) => [`${i}`]))
    lane.dispose()
  })

  it('follows every update while live, also past the frame budget, and stops its pending write when disposed', () => {
    const others = Array.from({ length: MIRRORS_PER_FRAME }, () => mirror(true))
    others.forEach(({ m }) => m.update([row('x')])) // the frame's budget spent
    const { m, shown } = mirror(true)
    m.update([row('1')])
    expect(shown()).toEqual([])
    m.setLive(true)
    expect(shown()).toEqual(['1'])
    m.update([row('2')])
    expect(shown()).toEqual(['2'])
    m.setLive(false)
    m.update([row('3')])
    expect(shown()).toEqual(['2'])
    m.dispose()
    vi.advanceTimersByTime(MIRROR_MS * 2)
    expect(shown()).toEqual(['2'])
  })

  it('writes every update when it is the only view', () => {
    const { m, shown } = mirror(false)
    m.update([row('1')])
    m.update([row('2')])
    expect(shown()).toEqual(['2'])
  })
})
