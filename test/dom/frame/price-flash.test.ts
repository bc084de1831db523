// The market list's price flashes: one timer for the whole list, set only while a price is tinted, each tint ending
// FLASH_MS after its last change.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createPriceFlashes, FLASH_MS } from '../../../src-renderer/src/stores/price-flash'

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

describe('price flashes', () => {
  it('tints a changed price for FLASH_MS, a new change restarting it in its own direction', () => {
    const ended: string[][] = []
    const f = createPriceFlashes(
      (k) => ended.push(k),
      () => Date.now()
    )
    expect(vi.getTimerCount()).toBe(0)
    f.start('spot:btcusdt', 'up')
    vi.advanceTimersByTime(200)
    f.start('spot:ethusdt', 'down')
    f.start('spot:btcusdt', 'down')
    expect(f.of('spot:btcusdt')).toBe('down')
    expect(vi.getTimerCount()).toBe(1)
    vi.advanceTimersByTime(FLASH_MS - 1)
    expect(ended).toEqual([])
    vi.advanceTimersByTime(1)
    expect(ended).toEqual([['spot:ethusdt', 'spot:btcusdt']])
    expect(f.of('spot:btcusdt')).toBeUndefined()
    expect(vi.getTimerCount()).toBe(0)
  })

  it('ends each tint at its own time, and clear drops them all with no timer left', () => {
    const ended: string[][] = []
    const f = createPriceFlashes(
      (k) => ended.push(k),
      () => Date.now()
    )
    f.start('a', 'up')
    vi.advanceTimersByTime(300)
    f.start('b', 'up')
    vi.advanceTimersByTime(FLASH_MS - 300)
    expect(ended).toEqual([['a']])
    expect(f.of('b')).toBe('up')
    f.clear()
    expect(f.of('b')).toBeUndefined()
    expect(vi.getTimerCount()).toBe(0)
    vi.advanceTimersByTime(FLASH_MS)
    expect(ended).toEqual([['a']])
  })
})
