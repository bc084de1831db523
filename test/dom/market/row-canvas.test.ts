// The book's and tape's canvas rows (lib/row-canvas.ts) against a recording 2D context: columns placed as the flex
// header's, cells in their colours, depth bars from the right on device pixels, bottom-aligned asks, and the
// incremental redraw: unchanged rows are not drawn again, a list moved down by k rows is copied down and only its new
// rows are drawn, the hovered row is highlighted, and a fractional pixel ratio always redraws everything.
import { describe, expect, it } from 'vitest'
import {
  columnEdges,
  marketTable,
  RowCanvas,
  shiftOf,
  type RowCanvasPaint
} from '../../../src-renderer/src/lib/row-canvas'
import type { PoolRow } from '../../../src-renderer/src/lib/row-pool'

type Call = [string, ...unknown[]]

/** A 2D context that records the calls and settings the rows use. */
function recorder() {
  const calls: Call[] = []
  const state = { fillStyle: '', textAlign: '', font: '', textBaseline: '', globalCompositeOperation: 'source-over' }
  const ctx = new Proxy(state, {
    get: (t, k) => (k in t ? t[k as keyof typeof t] : (...a: unknown[]) => calls.push([String(k), ...a])),
    set: (t, k, v) => {
      t[k as keyof typeof t] = v
      calls.push([`${String(k)}=`, v])
      return true
    }
  })
  const canvas = { width: 0, height: 0, getContext: () => ctx } as unknown as HTMLCanvasElement
  const texts = () => calls.filter((c) => c[0] === 'fillText').map((c) => c.slice(1))
  return { calls, canvas, texts, reset: () => calls.splice(0) }
}

const LAYOUT = marketTable([1.1, 1, 0.9])
const PAINT: RowCanvasPaint = {
  font: '11.5px sans-serif',
  hover: 'hover',
  cell: (row, c) => (c === 0 ? (row.data['side'] === 'buy' ? 'green' : 'red') : 'fg'),
  bar: () => 'shade'
}
const row = (price: string, qty: string, side = 'buy', bar?: number): PoolRow => ({
  cells: [price, qty, '12:00:00'],
  data: { price, side },
  ...(bar === undefined ? {} : { bar })
})

describe('row canvas', () => {
  it('places the columns as the flex row with zero bases does', () => {
    // 310 wide: 310 - 2 * 8 padding - 2 * 6 gaps = 282 shared 1.1 : 1 : 0.9.
    const e = columnEdges(LAYOUT, 310)
    expect(e[0]!.left).toBe(8)
    expect(e[0]!.right).toBeCloseTo(8 + 103.4)
    expect(e[1]!.left).toBeCloseTo(8 + 103.4 + 6)
    expect(e[1]!.right).toBeCloseTo(8 + 103.4 + 6 + 94)
    expect(e[2]!.right).toBeCloseTo(310 - 8)
  })

  it('draws each cell in its colour and alignment, and depth bars from the right on whole device pixels', () => {
    const r = recorder()
    const c = new RowCanvas(r.canvas, LAYOUT, PAINT)
    c.resize(310, 100, 2)
    expect([r.canvas.width, r.canvas.height]).toEqual([620, 200])
    r.reset()
    c.draw([row('65000.10', '0.5', 'buy', 0.5), row('64999.00', '1.25', 'sell', 0.333)])
    expect(r.texts()).toEqual([
      ['65000.10', 8, 9],
      ['0.5', columnEdges(LAYOUT, 310)[1]!.right, 9],
      ['12:00:00', columnEdges(LAYOUT, 310)[2]!.right, 9],
      ['64999.00', 8, 27],
      ['1.25', columnEdges(LAYOUT, 310)[1]!.right, 27],
      ['12:00:00', columnEdges(LAYOUT, 310)[2]!.right, 27]
    ])
    const fills = r.calls.filter((x) => x[0] === 'fillRect')
    // 0.333 of 310 px at 2 device px a px: 206.46 -> 206 device px = 103 px.
    expect(fills).toEqual([
      ['fillRect', 155, 0, 155, 18],
      ['fillRect', 310 - 103, 18, 103, 18]
    ])
    const styles = r.calls.filter((x) => x[0] === 'fillStyle=' || x[0] === 'textAlign=').map((x) => x[1])
    expect(styles).toEqual(['shade', 'left', 'green', 'right', 'fg', 'shade', 'left', 'red', 'right', 'fg'])
  })

  it('sets the asks on the bottom edge and finds the row under a point', () => {
    const r = recorder()
    const c = new RowCanvas(r.canvas, LAYOUT, PAINT)
    c.resize(300, 100, 1)
    c.draw([row('3', '1'), row('2', '1'), row('1', '1')], 'end')
    // 100 - 3 * 18 = 46: the rows at 46, 64, 82.
    expect(
      r
        .texts()
        .filter((t) => t[1] === 8)
        .map((t) => [t[0], t[2]])
    ).toEqual([
      ['3', 55],
      ['2', 73],
      ['1', 91]
    ])
    expect([c.indexAt(45), c.indexAt(46), c.indexAt(81), c.indexAt(99), c.indexAt(100)]).toEqual([-1, 0, 1, 2, -1])
    // More rows than fit: the top ones go, the last one still sits on the bottom edge.
    r.reset()
    c.draw(
      Array.from({ length: 8 }, (_, i) => row(String(8 - i), '1')),
      'end'
    )
    const prices = r.texts().filter((t) => t[1] === 8)
    expect(prices.map((t) => t[0])).toEqual(['6', '5', '4', '3', '2', '1'])
    expect(prices.at(-1)![2]).toBe(91)
  })

  it('draws again only the rows that changed', () => {
    const r = recorder()
    const c = new RowCanvas(r.canvas, LAYOUT, PAINT)
    c.resize(300, 90, 1)
    const rows = [row('3', '1'), row('2', '1'), row('1', '1')]
    c.draw(rows)
    r.reset()
    c.draw([...rows])
    expect(r.texts()).toEqual([])
    c.draw([rows[0]!, row('2', '7'), rows[2]!])
    expect(r.texts().map((t) => t[0])).toEqual(['2', '7', '12:00:00'])
    expect(r.calls.filter((x) => x[0] === 'clearRect')).toEqual([['clearRect', 0, 18, 300, 18]])
    // A row gone: its slot is cleared.
    r.reset()
    c.draw([rows[0]!, row('2', '7')])
    expect(r.texts()).toEqual([])
    expect(r.calls.filter((x) => x[0] === 'clearRect')).toEqual([['clearRect', 0, 36, 300, 18]])
  })

  it('moves a list that grew at the top down by a copy and draws only the new rows', () => {
    const r = recorder()
    const c = new RowCanvas(r.canvas, LAYOUT, PAINT)
    c.resize(300, 90, 2)
    const old = [row('5', '1'), row('4', '1'), row('3', '1'), row('2', '1'), row('1', '1')]
    c.draw(old)
    r.reset()
    c.draw([row('7', '1', 'sell'), row('6', '1'), ...old.slice(0, 3)])
    // Down by 2 rows of 18 px at 2 device px a px, in device pixels.
    // Copied, not drawn over the old rows (that would blend the texts).
    const copy = r.calls.findIndex((x) => x[0] === 'globalCompositeOperation=')
    expect(r.calls.slice(copy, copy + 3)).toEqual([
      ['globalCompositeOperation=', 'copy'],
      ['drawImage', r.canvas, 0, 0, 600, 180 - 72, 0, 72, 600, 180 - 72],
      ['globalCompositeOperation=', 'source-over']
    ])
    expect(
      r
        .texts()
        .filter((t) => t[1] === 8)
        .map((t) => t[0])
    ).toEqual(['7', '6'])
  })

  it('highlights the row under the pointer, drawing only the rows whose highlight changed', () => {
    const r = recorder()
    const c = new RowCanvas(r.canvas, LAYOUT, PAINT)
    c.resize(300, 90, 1)
    c.draw([row('3', '1'), row('2', '1'), row('1', '1')])
    r.reset()
    c.hover(20)
    expect(
      r
        .texts()
        .filter((t) => t[1] === 8)
        .map((t) => t[0])
    ).toEqual(['2'])
    expect(r.calls).toContainEqual(['fillRect', 0, 18, 300, 18])
    expect(r.calls).toContainEqual(['fillStyle=', 'hover'])
    r.reset()
    c.hover(null)
    expect(
      r
        .texts()
        .filter((t) => t[1] === 8)
        .map((t) => t[0])
    ).toEqual(['2'])
    expect(r.calls.find((x) => x[1] === 'hover')).toBeUndefined()
  })

  it('redraws everything where rows are not whole device pixels tall', () => {
    const r = recorder()
    const c = new RowCanvas(r.canvas, LAYOUT, PAINT)
    c.resize(300, 90, 1.25)
    const rows = [row('2', '1'), row('1', '1')]
    c.draw(rows)
    r.reset()
    c.draw(rows)
    expect(r.texts()).toHaveLength(6)
    expect(r.calls.filter((x) => x[0] === 'clearRect')).toEqual([['clearRect', 0, 0, 300, 90]])
  })

  it('finds how far a list moved down', () => {
    expect(shiftOf(['c', 'b', 'a'], ['b', 'a'])).toBe(1)
    expect(shiftOf(['e', 'd', 'c', 'b'], ['c', 'b', 'a'])).toBe(2)
    expect(shiftOf(['a', 'b'], ['a', 'b'])).toBe(0)
    // The first drawn row again, but not followed by the second: not a move.
    expect(shiftOf(['x', 'a', 'y'], ['a', 'b'])).toBe(0)
    expect(shiftOf(['x', 'y'], [])).toBe(0)
  })
})
