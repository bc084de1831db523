// Cold start: the opening market's book is subscribed as soon as the preferences name it, and let go once the panel
// has painted its first book (or after WARM_MS): main keeps the stream warm for the panel's own subscription, and the
// panel's feed starts from the book it last brought.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

let warm: typeof import('../../../src-renderer/src/services/warm-book')
let book: typeof import('../../../src-renderer/src/panels/market/chart-after-book')
let fake: import('../frame/fake-terminal').FakeTerminal

beforeEach(async () => {
  // The first book is once per page: fresh modules per test (the fake terminal's client with them).
  vi.resetModules()
  const { createPinia, setActivePinia } = await import('pinia')
  setActivePinia(createPinia())
  fake = (await import('../frame/fake-terminal')).fakeTerminal()
  warm = await import('../../../src-renderer/src/services/warm-book')
  book = await import('../../../src-renderer/src/panels/market/chart-after-book')
})
afterEach(() => vi.useRealTimers())

const last = (module: 'spot' | 'futures', symbols: Record<string, string>) => ({
  profile: { lastMarket: { module, symbols } }
})

describe('warm book', () => {
  it('opens on the route’s market in a pop-out, the profile’s last one in the main window, none in the monitor', () => {
    const prefs = last('futures', { futures: 'E-ETH-USDT' }) as never
    expect(warm.openingMarket('#/market/spot/ethusdt', prefs)).toEqual({ module: 'spot', symbol: 'ethusdt' })
    expect(warm.openingMarket('', prefs)).toEqual({ module: 'futures', symbol: 'E-ETH-USDT' })
    expect(warm.openingMarket('#/', last('spot', {}) as never)).toEqual({ module: 'spot', symbol: 'btcusdt' })
    expect(warm.openingMarket('#/monitor', prefs)).toBeNull()
  })

  it('holds the book stream of the profile until the first book is painted', async () => {
    vi.useFakeTimers()
    warm.warmBook({ module: 'spot', symbol: 'ethusdt' }, 'p1')
    expect(fake.subscribed('market.onBook')).toEqual([{ profileId: 'p1', module: 'spot', symbol: 'ethusdt' }])
    await vi.advanceTimersByTimeAsync(1000)
    expect(fake.subscribed('market.onBook')).toHaveLength(1)
    book.firstBookShown()
    await vi.advanceTimersByTimeAsync(50) // the book's frame is painted, then the task after it
    expect(fake.subscribed('market.onBook')).toEqual([])
  })

  it("a market feed of the same profile and market starts from the warm stream's book, only while it is held", async () => {
    vi.useFakeTimers()
    const { createMarketFeed } = await import('../../../src-renderer/src/stores/market-feed')
    warm.warmBook({ module: 'margin', symbol: 'ethusdt' }, 'p1')
    const b = { symbol: 'ethusdt', bids: [['2000', '1']], asks: [['2001', '1']], ts: 1 } as never
    fake.emit('market.onBook', b)
    const feed = (profileId: string | null, gateway: 'spot' | 'futures', symbol: string) => {
      const f = createMarketFeed(gateway, symbol, '15min', profileId)
      const book = f.book.value
      f.stop()
      return book
    }
    expect(feed('p1', 'spot', 'ethusdt')).toMatchObject({ symbol: 'ethusdt', bids: [['2000', '1']] })
    // Another market, gateway or profile: nothing of this book.
    expect(feed('p1', 'spot', 'btcusdt')).toBeNull()
    expect(feed('p1', 'futures', 'ethusdt')).toBeNull()
    expect(feed('p2', 'spot', 'ethusdt')).toBeNull()
    expect(feed(null, 'spot', 'ethusdt')).toBeNull()
    // Let go (the panel painted its first book): a later feed waits for its own stream.
    book.firstBookShown()
    await vi.advanceTimersByTimeAsync(50)
    expect(feed('p1', 'spot', 'ethusdt')).toBeNull()
  })

  it('a warm stream ended by main (another profile now) seeds nothing', async () => {
    const { createMarketFeed } = await import('../../../src-renderer/src/stores/market-feed')
    warm.warmBook({ module: 'spot', symbol: 'ethusdt' }, null)
    fake.emit('market.onBook', { symbol: 'ethusdt', bids: [], asks: [], ts: 1 } as never)
    expect(warm.warmBookOf(null, 'spot', 'ethusdt')).not.toBeNull()
    fake.end('market.onBook', { code: 'profile-changed', message: 'the profile changed' })
    const f = createMarketFeed('spot', 'ethusdt', '15min', null)
    expect(f.book.value).toBeNull()
    f.stop()
  })

  it('lets go after WARM_MS when no book is painted', async () => {
    vi.useFakeTimers()
    warm.warmBook({ module: 'futures', symbol: 'E-BTC-USDT' }, null)
    expect(fake.subscribed('market.onBook')).toEqual([{ module: 'futures', symbol: 'E-BTC-USDT' }])
    await vi.advanceTimersByTimeAsync(warm.WARM_MS - 1)
    expect(fake.subscribed('market.onBook')).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(fake.subscribed('market.onBook')).toEqual([])
  })
})
