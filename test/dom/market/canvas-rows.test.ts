// A canvas table with its DOM mirror (lib/canvas-rows.ts), as the book and the tape drive it: the mirror throttled
// while a canvas draws, the pointer over the rows highlights the row under it and brings the mirror up to date at
// once (a click then hands over the price drawn there), and a click finds its row's price.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { CanvasRows } from '../../../src-renderer/src/lib/canvas-rows'
import { marketTable } from '../../../src-renderer/src/lib/row-canvas'
import type { PoolRow } from '../../../src-renderer/src/lib/row-pool'

const row = (price: string): PoolRow => ({ cells: [price, '1'], data: { price } })

/** A canvas with a 2D context that accepts every call (drawn: the mirror is throttled), its box 100 px down. */
function canvas(): HTMLCanvasElement {
  const ctx = new Proxy({}, { get: () => () => undefined, set: () => true })
  return {
    width: 0,
    height: 0,
    getContext: () => ctx,
    getBoundingClientRect: () => ({ top: 100 })
  } as unknown as HTMLCanvasElement
}

describe('canvas rows', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] }))
  afterEach(() => vi.useRealTimers())

  it('brings the mirror up to date under the pointer and highlights the row there', () => {
    const container = document.createElement('div')
    const t = new CanvasRows(
      container,
      canvas(),
      { rowClass: 'row', cellClasses: ['p', ''], testId: 'r' },
      marketTable([1, 1]),
      { font: '11px sans-serif', hover: 'h', cell: () => 'fg' }
    )
    const shown = () => [...container.querySelectorAll('[data-testid="r"]')].map((el) => el.getAttribute('data-price'))
    const hover = vi.spyOn(t.canvas, 'hover')
    t.canvas.resize(200, 54, 1)
    t.mirrorRows([row('3'), row('2')], 3)
    t.mirrorRows([row('5'), row('4')], 3)
    expect(shown()).toEqual(['3', '2']) // throttled: the canvas shows the rows meanwhile
    t.hover({ clientY: 120 } as MouseEvent)
    expect(shown()).toEqual(['5', '4'])
    expect(hover).toHaveBeenLastCalledWith(20)
    expect(t.priceAt(container.querySelectorAll('[data-testid="r"] span')[2]!)).toBe('4')
    t.mirrorRows([row('7')], 3)
    expect(shown()).toEqual(['7'])
    t.hover(null)
    expect(hover).toHaveBeenLastCalledWith(null)
    t.mirrorRows([row('8')], 3)
    expect(shown()).toEqual(['7'])
    t.dispose()
    vi.advanceTimersByTime(1000)
    expect(shown()).toEqual(['7'])
  })
})
