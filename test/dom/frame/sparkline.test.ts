// The sparkline's geometry (the figures beside it are lib/format.ts's, tested in test/dom/lib/format.test.ts).
import { describe, expect, it } from 'vitest'
import { sparkPaths } from '../../../src-renderer/src/components/monitor/sparkline'

describe('sparkline', () => {
  it('draws a line through the values scaled into the box, and the area under it', () => {
    const p = sparkPaths([1, 3, 2], 100, 20, 0)
    expect(p.line).toBe('M0.0 20.0L50.0 0.0L100.0 10.0')
    expect(p.area).toBe('M0.0 20.0L50.0 0.0L100.0 10.0L100.0 20L0.0 20Z')
    expect(p.trend).toBe('up')
    expect(sparkPaths([5, 4], 10, 10).trend).toBe('down')
  })

  it('draws nothing from fewer than two points, and a flat line from equal ones', () => {
    expect(sparkPaths([1], 100, 20).line).toBe('')
    expect(sparkPaths([], 100, 20).line).toBe('')
    expect(sparkPaths([2, 2, 2], 100, 20, 0).line).toBe('M0.0 20.0L50.0 20.0L100.0 20.0')
  })
})
