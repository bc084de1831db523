// The market list's price flashes: one timer for the whole list, set only while a price is tinted, each tint ending
// with the list's first frame FLASH_MS after its last change, or by its timer FLASH_GRACE_MS later.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  createPriceFlashes,
  FLASH_GRACE_MS,
  FLASH_GROUP_MS,
  FLASH_MS
} from '../../../src-renderer/src/stores/price-flash'

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

const flashes = (ended: string[][]) =>
  createPriceFlashes(
    (k) => ended.push(k),
    () => Date.now()
  )

describe('price flashes', () => {
  it('tints a changed price for FLASH_MS, a new change restarting it in its own direction', () => {
    const ended: string[][] = []
    const f = flashes(ended)
    expect(vi.getTimerCount()).toBe(0)
    f.start('spot:btcusdt', 'up')
    vi.advanceTimersByTime(200)
    f.start('spot:ethusdt', 'down')
    f.start('spot:btcusdt', 'down')
    expect(f.of('spot:btcusdt')).toBe('down')
    expect(vi.getTimerCount()).toBe(1)
    vi.advanceTimersByTime(FLASH_MS - FLASH_GROUP_MS - 1)
    f.settle() // a list frame before the end: nothing ends
    expect(ended).toEqual([])
    vi.advanceTimersByTime(1)
    f.settle() // the list's frame within one frame of the end: both end in it
    expect(ended).toEqual([['spot:ethusdt', 'spot:btcusdt']])
    expect(f.of('spot:btcusdt')).toBeUndefined()
    expect(vi.getTimerCount()).toBe(0)
  })

  it('with no list frame, the timer ends a tint FLASH_GRACE_MS after FLASH_MS, each at its own time', () => {
    const ended: string[][] = []
    const f = flashes(ended)
    f.start('a', 'up')
    vi.advanceTimersByTime(300)
    f.start('b', 'up')
    vi.advanceTimersByTime(FLASH_MS + FLASH_GRACE_MS - 300 - 1)
    expect(ended).toEqual([])
    vi.advanceTimersByTime(1)
    expect(ended).toEqual([['a']])
    expect(f.of('b')).toBe('up')
    f.clear()
    expect(f.of('b')).toBeUndefined()
    expect(vi.getTimerCount()).toBe(0)
    vi.advanceTimersByTime(FLASH_MS + FLASH_GRACE_MS)
    expect(ended).toEqual([['a']])
  })

  it('ends the tints due within one frame of each other together: one timer and one frame, not one each', () => {
    const ended: string[][] = []
    const f = flashes(ended)
    f.start('a', 'up')
    vi.advanceTimersByTime(FLASH_GROUP_MS - 2)
    f.start('b', 'down')
    vi.advanceTimersByTime(FLASH_MS + FLASH_GRACE_MS - FLASH_GROUP_MS + 2)
    expect(ended).toEqual([['a', 'b']])
    expect(vi.getTimerCount()).toBe(0)
  })

  it('a list frame that ends the first tint re-arms the timer for the next one', () => {
    const ended: string[][] = []
    const f = flashes(ended)
    f.start('a', 'up')
    vi.advanceTimersByTime(200)
    f.start('b', 'down')
    vi.advanceTimersByTime(FLASH_MS - 200)
    f.settle()
    expect(ended).toEqual([['a']])
    expect(vi.getTimerCount()).toBe(1)
    vi.advanceTimersByTime(200 + FLASH_GRACE_MS)
    expect(ended).toEqual([['a'], ['b']])
    expect(vi.getTimerCount()).toBe(0)
  })
})
