// Out of view, the book and the tape draw nothing on their canvases (lib/on-screen.ts): their mirrors (clicks,
// assistive tools) still follow; back in view, the rows of that moment are drawn at once.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { TradeView } from '@shared/ipc/views/market'
import { RowCanvas } from '../../../src-renderer/src/lib/row-canvas'
import type { PoolRow } from '../../../src-renderer/src/lib/row-pool'
import OrderBook from '../../../src-renderer/src/panels/market/OrderBook.vue'
import TradesTape from '../../../src-renderer/src/panels/market/TradesTape.vue'
import { BOOK } from './fake-market'
import { frame, mountWithFeed } from './setup'

/** An IntersectionObserver the test moves in and out of view. */
const observers: { cb: IntersectionObserverCallback; targets: Element[] }[] = []
function setInView(inView: boolean): void {
  for (const o of observers)
    o.cb(
      o.targets.map((target) => ({ target, isIntersecting: inView }) as IntersectionObserverEntry),
      {} as IntersectionObserver
    )
}
let drawn: PoolRow[][] = []

beforeEach(() => {
  observers.length = 0
  drawn = []
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      readonly o: { cb: IntersectionObserverCallback; targets: Element[] }
      constructor(cb: IntersectionObserverCallback) {
        this.o = { cb, targets: [] }
        observers.push(this.o)
      }
      observe(el: Element): void {
        this.o.targets.push(el)
      }
      disconnect(): void {
        this.o.targets = []
      }
    }
  )
  const draw = RowCanvas.prototype.draw
  vi.spyOn(RowCanvas.prototype, 'draw').mockImplementation(function (this: RowCanvas, rows, align) {
    drawn.push([...rows])
    return draw.call(this, rows, align)
  })
})
afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

const trade = (id: number, price: string): TradeView => ({
  id: String(id),
  side: 'buy',
  price,
  vol: '0.5',
  amount: null,
  ts: new Date(2024, 0, 1, 14, 3, id).getTime()
})

describe('canvases out of view', () => {
  it('the book draws nothing out of view, its mirror still follows, and the book of then is drawn back in view', async () => {
    const { fake, wrapper } = await mountWithFeed(OrderBook)
    fake.emit('market.onBook', BOOK)
    await frame()
    expect(drawn.length).toBeGreaterThan(0)
    setInView(false)
    await frame()
    drawn = []
    fake.emit('market.onBook', { ...BOOK, bids: [['64991.00', '1']], ts: 2 })
    await frame()
    expect(drawn).toEqual([])
    // No canvas in happy-dom: the mirror is written every time, and it has the new book.
    expect(wrapper.find('[data-testid="orderbook-bid"]').attributes('data-price')).toBe('64991.00')
    setInView(true)
    await frame()
    expect(drawn.map((rows) => rows.map((r) => r.data['price']))).toContainEqual(['64991.00'])
    wrapper.unmount()
  })

  it('the tape draws nothing out of view and its trades of then back in view', async () => {
    const { fake, wrapper } = await mountWithFeed(TradesTape)
    fake.emit('market.onTrades', { symbol: 'btcusdt', trades: [trade(1, '65000')] })
    await frame()
    expect(drawn.length).toBeGreaterThan(0)
    setInView(false)
    await frame()
    drawn = []
    fake.emit('market.onTrades', { symbol: 'btcusdt', trades: [trade(2, '65001')] })
    await frame()
    expect(drawn).toEqual([])
    expect(wrapper.find('[data-testid="trade-row"]').attributes('data-price')).toBe('65001')
    setInView(true)
    await frame()
    expect(drawn.at(-1)?.map((r) => r.data['price'])).toEqual(['65001', '65000'])
    wrapper.unmount()
  })
})
