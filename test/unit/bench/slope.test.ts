// bench/soak/slope.ts: the soak bench's growth per hour, a least-squares slope.
import { describe, expect, it } from 'vitest'
import { slopePerHour } from '../../../bench/soak/slope'

const MIN = 60_000

describe('slopePerHour', () => {
  it('gives the growth per hour of a line, whatever the time origin', () => {
    const line = [0, 1, 2, 3].map((i) => ({ tMs: 5 * MIN + i * MIN, value: 100 + i * 0.5 }))
    expect(slopePerHour(line)).toBeCloseTo(30) // 0.5 a minute
  })

  it('fits noise around a flat level to about zero, and a falling series below zero', () => {
    const flat = [10, 12, 10, 12, 10, 12].map((value, i) => ({ tMs: i * MIN, value: value - (i === 5 ? 2 : 0) }))
    expect(Math.abs(slopePerHour(flat)!)).toBeLessThan(12)
    const falling = [5, 4, 3].map((value, i) => ({ tMs: i * MIN, value }))
    expect(slopePerHour(falling)).toBeCloseTo(-60)
  })

  it('has no slope for fewer than two times', () => {
    expect(slopePerHour([])).toBeNull()
    expect(slopePerHour([{ tMs: 0, value: 1 }])).toBeNull()
    expect(
      slopePerHour([
        { tMs: 0, value: 1 },
        { tMs: 0, value: 2 }
      ])
    ).toBeNull()
  })
})
