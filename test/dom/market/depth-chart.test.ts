// The depth chart draws only what changed: a new book with the levels already drawn draws nothing, a changed level
// draws, and a canvas cleared by a resize is drawn again whatever the book.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { BookView } from '@shared/ipc/views/market'
import DepthChart from '../../../src-renderer/src/panels/market/DepthChart.vue'
import { BOOK } from './fake-market'
import { frame, mountWithFeed } from './setup'

let draws = 0
let resized: (() => void) | null = null
let clock = 0

beforeEach(() => {
  draws = 0
  clock = 0
  // A 2D context that accepts every call; each draw starts by clearing (charts/depth-draw.ts).
  const ctx = new Proxy(
    {},
    { get: (_, k) => (k === 'clearRect' ? () => void draws++ : k === 'measureText' ? () => ({ width: 10 }) : () => 0) }
  )
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(ctx as unknown as CanvasRenderingContext2D)
  vi.stubGlobal(
    'ResizeObserver',
    class {
      constructor(private readonly cb: ResizeObserverCallback) {}
      observe(): void {
        resized = () => this.cb([{ contentRect: { width: 300, height: 200 } } as ResizeObserverEntry], this as never)
        resized()
      }
      disconnect(): void {}
    }
  )
  vi.spyOn(performance, 'now').mockImplementation(() => clock)
})
afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

/** The next book, 100 ms on (past the chart's 50 ms between draws), then its frame. */
async function next(emit: (b: BookView) => void, book: BookView): Promise<void> {
  clock += 100
  emit(book)
  await frame()
}

describe('DepthChart', () => {
  it('draws a book that changed, not one with the levels already drawn, and again after a resize', async () => {
    const { fake } = await mountWithFeed(DepthChart)
    const emit = (b: BookView) => fake.emit('market.onBook', b)
    await next(emit, BOOK)
    expect(draws).toBe(1)
    await next(emit, { ...BOOK, asks: BOOK.asks.map((l) => [...l]), ts: 2 }) // the same levels
    expect(draws).toBe(1)
    await next(emit, { ...BOOK, bids: [['64999.90', '0.4'], ...BOOK.bids.slice(1)], ts: 3 }) // a size changed
    expect(draws).toBe(2)
    resized!() // the canvas is cleared: drawn again with the same book
    clock += 100
    await frame()
    expect(draws).toBe(3)
  })
})
