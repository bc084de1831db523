// The candle legend's fit: the price grid begins under its lines while the grid keeps 120 px, the lines lie over the
// plot past that (up to half the price area), and a shrink waits while the crosshair is on a bar.
import { describe, expect, it } from 'vitest'
import { CANDLE_GRID } from '../../../src-renderer/src/charts/candle-option'
import { legendFit } from '../../../src-renderer/src/charts/use-legend-fit'

const three = { top: CANDLE_GRID.top, height: CANDLE_GRID.top - 4 }

describe('legendFit', () => {
  it('three lines keep the grid where it was; a fourth moves the grid down under it', () => {
    expect(legendFit(45, 400, 0, three, false)).toEqual(three)
    expect(legendFit(60, 400, 0, three, false)).toEqual({ top: 64, height: 60 })
  })
  it('in a short chart the grid keeps 120 px and the lines lie over the plot, up to half the price area', () => {
    // 270 px with two panes: the price area is 270 x (1 - 0.26 - 0.28) = 124.2 px.
    const fit = legendFit(75, 270, 2, three, false)!
    expect(fit.top).toBe(CANDLE_GRID.top)
    expect(fit.height).toBeCloseTo(62.1, 5)
  })
  it('a shrink waits while the crosshair is on a bar; a growth does not', () => {
    const four = { top: 64, height: 60 }
    expect(legendFit(45, 400, 0, four, true)).toBeNull()
    expect(legendFit(45, 400, 0, four, false)).toEqual(three)
    expect(legendFit(75, 400, 0, four, true)).toEqual({ top: 79, height: 75 })
  })
})
