// The axes' round steps: the log price axis names round prices a least distance apart.
import { describe, expect, it } from 'vitest'
import { niceStep, roundTicks } from '../../../src-renderer/src/charts/nice-step'

describe('niceStep', () => {
  it('cuts a span into about `count` parts of 1, 2 or 5 times a power of ten', () => {
    expect(niceStep(5.5, 6)).toBe(1)
    expect(niceStep(0.0042, 2)).toBe(0.002)
    expect(niceStep(3400, 3)).toBe(1000)
  })
})

describe('roundTicks', () => {
  it('takes the least of 1, 2 or 5 times a power of ten at or over the least step, strictly inside the range', () => {
    expect(roundTicks(63376, 65728, 600)).toEqual([64000, 65000])
    expect(roundTicks(63376, 65728, 500)).toEqual([63500, 64000, 64500, 65000, 65500])
    expect(roundTicks(0.1641, 0.1662, 0.0004)).toEqual([0.1645, 0.165, 0.1655, 0.166])
    expect(roundTicks(64000, 65000, 500)).toEqual([64500]) // the ends are not inside
  })
  it('names nothing for an empty or reversed range or a step that is not a positive number', () => {
    expect(roundTicks(5, 5, 1)).toEqual([])
    expect(roundTicks(6, 5, 1)).toEqual([])
    expect(roundTicks(1, 5, 0)).toEqual([])
    expect(roundTicks(1, 5, Number.NaN)).toEqual([])
  })
})
