import { describe, expect, it } from 'vitest'
import { FULL_REDRAW_GAP_MS, noteFullRedraw, takeFullRedrawSlot } from '../../../src-renderer/src/charts/candle-stagger'

// The slot is shared by every chart of the page (module state): each case starts well after the one before.
describe('spacing of stream-driven full candle redraws', () => {
  it('holds another chart back within the gap, then lets it redraw', () => {
    const t = 1_000_000
    expect(takeFullRedrawSlot('a', t)).toBe(true)
    expect(takeFullRedrawSlot('b', t + 1)).toBe(false)
    expect(takeFullRedrawSlot('b', t + FULL_REDRAW_GAP_MS - 1)).toBe(false)
    expect(takeFullRedrawSlot('b', t + FULL_REDRAW_GAP_MS)).toBe(true)
    // The gap now counts from b's redraw.
    expect(takeFullRedrawSlot('c', t + FULL_REDRAW_GAP_MS + 1)).toBe(false)
  })

  it('never holds back a chart behind its own redraw', () => {
    const t = 2_000_000
    expect(takeFullRedrawSlot('a', t)).toBe(true)
    expect(takeFullRedrawSlot('a', t + 16)).toBe(true)
    expect(takeFullRedrawSlot('b', t + 32)).toBe(false)
  })

  it('counts a redraw that was not held back (user action) toward the gap', () => {
    const t = 3_000_000
    noteFullRedraw('a', t)
    expect(takeFullRedrawSlot('b', t + 10)).toBe(false)
    expect(takeFullRedrawSlot('a', t + 10)).toBe(true)
  })
})
