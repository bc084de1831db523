// The frame scheduler: each lane applied at most once per animation frame with every event since the last one,
// charts drawn in the frame their data came while it has budget, else at the next frame's start (clean style), held
// to the frame's budget, least recently painted first.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { nextTick, ref } from 'vue'
import {
  cancelPaint,
  createLane,
  flushFrames,
  LANE_MAX_PENDING,
  LANE_STARVE_MS,
  pageHidden,
  paintInOwnTask,
  PAINT_BUDGET_MS,
  PAINT_STARVE_MS,
  requestPaint,
  setFrameProbe,
  type PaintJob
} from '../../../src-renderer/src/lib/frame'

let frames: ((t: number) => void)[] = []
let clock = 0
beforeEach(() => {
  frames = []
  clock = 0
  vi.stubGlobal('requestAnimationFrame', (cb: (t: number) => void) => frames.push(cb))
  vi.spyOn(performance, 'now').mockImplementation(() => clock)
})
afterEach(() => {
  setFrameProbe(null)
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

/** Runs the frame the scheduler asked for, at time t, and everything it awaits. */
async function runFrame(t: number): Promise<void> {
  clock = t
  const due = frames.splice(0)
  for (const cb of due) cb(t)
  for (let i = 0; i < 5; i++) await nextTick()
}

describe('frame scheduler', () => {
  it('applies a lane once per frame with all its events, oldest first', async () => {
    const applied: number[][] = []
    const lane = createLane<number>('test', (es) => applied.push(es))
    lane.push(1)
    lane.push(2)
    lane.push(3)
    expect(frames).toHaveLength(1) // one frame requested, however many events
    await runFrame(16)
    expect(applied).toEqual([[1, 2, 3]])
    await runFrame(32)
    expect(applied).toHaveLength(1) // nothing new, nothing applied
    lane.push(4)
    await runFrame(48)
    expect(applied).toEqual([[1, 2, 3], [4]])
    lane.dispose()
  })

  it('paints a chart its lane asked for in the same frame while it has budget, else at the next frame’s start', async () => {
    const order: string[] = []
    const shown = ref(0)
    const chart: PaintJob = { name: 'chart', run: () => void order.push(`chart@${shown.value}`) }
    let laneCost = 0
    // As a chart component does: a watcher on the data asks for a redraw.
    const lane = createLane<number>('dom', (es) => {
      shown.value = es[es.length - 1]!
      clock += laneCost
      requestPaint(chart)
    })
    lane.push(7)
    await runFrame(100)
    // Budget left after the lane: the chart drew in this frame, after the DOM took the data (one frame, not two).
    expect(order).toEqual(['chart@7'])
    expect(frames).toHaveLength(0)
    laneCost = PAINT_BUDGET_MS + 1
    lane.push(8)
    await runFrame(116)
    expect(order).toEqual(['chart@7']) // the lane took the frame's budget: the chart waits for the next frame
    lane.push(9)
    laneCost = 0
    await runFrame(132)
    // Frame 3 starts with the chart (a clean style), then the lane moves on to 9 and asks again: a chart draws once a
    // frame, so that is frame 4's.
    expect(order).toEqual(['chart@7', 'chart@8'])
    expect(shown.value).toBe(9)
    await runFrame(148)
    expect(order).toEqual(['chart@7', 'chart@8', 'chart@9'])
    lane.dispose()
  })

  it('holds chart paints to the frame budget, the rest next frame', async () => {
    const order: string[] = []
    const job = (name: string): PaintJob => ({
      name,
      run: () => {
        order.push(name)
        clock += 6 // each chart costs 6 ms
      }
    })
    const [a, b, c] = [job('a'), job('b'), job('c')]
    requestPaint(a)
    requestPaint(b)
    requestPaint(c)
    requestPaint(a) // asked twice: still once
    await runFrame(100)
    // a and b fit the budget (0 + 6 < 9); c would start at 12 ms: next frame.
    expect(PAINT_BUDGET_MS).toBe(9)
    expect(order).toEqual(['a', 'b'])
    await runFrame(116)
    expect(order).toEqual(['a', 'b', 'c'])
  })

  it('does not count a paint that drew nothing (a throttled chart asking again) against the budget or the probe', async () => {
    const probed: string[] = []
    setFrameProbe((kind, name) => void (kind === 'paint' && probed.push(name)))
    let tries = 0
    const throttled: PaintJob = {
      name: 'throttled',
      run: () => {
        if (++tries < 3) {
          requestPaint(throttled) // too soon: again next frame
          return false
        }
        clock += 6
      }
    }
    const other: PaintJob = { name: 'other', run: () => void (clock += 6) }
    requestPaint(throttled)
    requestPaint(other)
    await runFrame(100)
    // The throttled job drew nothing, so the other one still ran as the frame's first paint; only it is reported.
    expect(probed).toEqual(['other'])
    expect(tries).toBe(1) // asked again from its run: tried next frame, not again at this frame's end
    await runFrame(116)
    await runFrame(132)
    expect(probed).toEqual(['other', 'throttled'])
    expect(tries).toBe(3)
    setFrameProbe(null)
  })

  it('runs a paint that waited too long even over budget, and forgets a cancelled one', async () => {
    const ran: string[] = []
    const slow = (name: string): PaintJob => ({
      name,
      run: () => {
        ran.push(`${name}@${clock}`)
        clock += 20
      }
    })
    const [a, b, c, d, gone] = [slow('a'), slow('b'), slow('c'), slow('d'), slow('gone')]
    for (const j of [a, gone, b, c]) requestPaint(j)
    cancelPaint(gone)
    await runFrame(0)
    expect(ran).toEqual(['a@0']) // b and c wait: the budget is spent
    clock = PAINT_STARVE_MS + 50
    requestPaint(d)
    await runFrame(clock)
    // b runs first (queued first); c is over budget but has waited past the limit, so it runs too; d is fresh.
    expect(ran).toEqual(['a@0', 'b@300', 'c@320'])
    await runFrame(400)
    expect(ran).toEqual(['a@0', 'b@300', 'c@320', 'd@400'])
  })

  it('sheds load when frames come late: lanes take turns, none waits past its limit', async () => {
    await flushFrames() // starts from a clean state (no cap)
    const applied: string[] = []
    const lanes = Array.from({ length: 10 }, (_, i) => createLane<number>(`l${i}`, () => void applied.push(`l${i}`)))
    const pushAll = () => lanes.forEach((l) => l.push(1))
    clock = 1000
    pushAll()
    await runFrame(1010) // on time: every lane
    expect(applied).toHaveLength(10)
    applied.length = 0
    clock = 1020
    pushAll()
    await runFrame(1060) // 40 ms late: a third fewer lanes, the oldest waiting first
    expect(applied).toEqual(['l0', 'l1', 'l2', 'l3', 'l4', 'l5'])
    applied.length = 0
    await runFrame(1070) // on time: the cap grows by one; the 4 left over fit
    expect(applied).toEqual(['l6', 'l7', 'l8', 'l9'])
    applied.length = 0
    clock = 1100
    pushAll()
    await runFrame(1140) // late again: 4 * 0.67 -> 2 lanes
    expect(applied).toEqual(['l0', 'l1'])
    applied.length = 0
    await runFrame(1100 + LANE_STARVE_MS + 1) // late, but the rest have waited past the limit: all applied
    expect(applied).toHaveLength(8)
    lanes.forEach((l) => l.dispose())
  })

  it('runs a paint asked for in its own task after the current one, probed with its cost unless it drew nothing', async () => {
    const probed: [string, number, boolean | undefined][] = []
    setFrameProbe((kind, name, d) => void (kind === 'paint' && probed.push([name, d.ms, d.ownTask])))
    const ran: string[] = []
    paintInOwnTask({ name: 'heavy', run: () => void (ran.push('heavy'), (clock += 12)) })
    paintInOwnTask({ name: 'nothing', run: () => (ran.push('nothing'), false) })
    const cancel = paintInOwnTask({ name: 'cancelled', run: () => void ran.push('cancelled') })
    cancel()
    await nextTick()
    expect(ran).toEqual([]) // not inside this task
    await new Promise((r) => setTimeout(r, 0))
    await new Promise((r) => setTimeout(r, 0))
    expect(ran).toEqual(['heavy', 'nothing'])
    expect(probed).toEqual([['heavy', 12, true]])
    setFrameProbe(null)
  })

  it('applies a lane holding LANE_MAX_PENDING events at once: no frame comes to a hidden page', async () => {
    const applied: number[][] = []
    const lane = createLane<number>('hidden', (es) => applied.push(es))
    for (let i = 0; i < LANE_MAX_PENDING + 3; i++) lane.push(i)
    // No frame ran: the first LANE_MAX_PENDING were applied together when the last of them came, the rest wait.
    expect(applied).toHaveLength(1)
    expect(applied[0]).toEqual([...Array(LANE_MAX_PENDING).keys()])
    await runFrame(16)
    expect(applied[1]).toEqual([LANE_MAX_PENDING, LANE_MAX_PENDING + 1, LANE_MAX_PENDING + 2])
    lane.dispose()
  })

  it('follows the page being hidden and shown, and keeps a heavy paint of a hidden page for its first frame', async () => {
    const show = (hidden: boolean): void => {
      Object.defineProperty(document, 'hidden', { value: hidden, configurable: true })
      document.dispatchEvent(new Event('visibilitychange'))
    }
    try {
      show(true)
      expect(pageHidden.value).toBe(true)
      const ran: string[] = []
      paintInOwnTask({ name: 'heavy', run: () => void ran.push('heavy') })
      const cancel = paintInOwnTask({ name: 'cancelled', run: () => void ran.push('cancelled') })
      cancel()
      await new Promise((r) => setTimeout(r, 0))
      await new Promise((r) => setTimeout(r, 0))
      expect(ran).toEqual([]) // no task of its own while hidden
      show(false)
      expect(pageHidden.value).toBe(false)
      await runFrame(16) // the first frame of the page shown again
      expect(ran).toEqual(['heavy'])
    } finally {
      show(false)
    }
  })
})
