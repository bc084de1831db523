// Display formatting (exact, from decimal text) and the sparkline's geometry.
import { describe, expect, it } from 'vitest'
import { compact, fixed, group, percent, signedMs, trend } from '../../../src-renderer/src/components/format'
import { sparkPaths } from '../../../src-renderer/src/components/monitor/sparkline'

describe('format', () => {
  it('fixes prices to the market precision with grouped thousands, exactly', () => {
    expect(fixed('64941.4', 2)).toBe('64,941.40')
    expect(fixed('0.165125', 5)).toBe('0.16512') // half-even, no float drift
    expect(fixed('1234567.891', 0)).toBe('1,234,568')
    expect(fixed(null, 2)).toBe('—')
    expect(fixed('abc', 2)).toBe('—')
    expect(group('-1234.5')).toBe('-1,234.5')
  })

  it('writes 24 h change as a signed percent and its trend', () => {
    expect(percent('0.0123')).toBe('+1.23%')
    expect(percent('-0.00045')).toBe('-0.04%') // -0.045 % rounds half-even to -0.04
    expect(percent('0')).toBe('0.00%')
    expect(percent(null)).toBe('—')
    expect([trend('0.01'), trend('-0.01'), trend('0'), trend(null)]).toEqual(['up', 'down', '', ''])
  })

  it('compacts volumes and signs milliseconds', () => {
    expect(compact('12345678.9')).toBe('12.35M')
    expect(compact('2500')).toBe('2.50K')
    expect(compact('3100000000')).toBe('3.10B')
    expect(compact('12.3456')).toBe('12.35')
    expect([signedMs(12.4), signedMs(-3), signedMs(0)]).toEqual(['+12 ms', '−3 ms', '±0 ms'])
  })
})

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
