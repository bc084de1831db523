// Cold start: the opening market's book is subscribed as soon as the preferences name it, and let go once the panel
// has painted its first book (or after WARM_MS): main keeps the stream warm for the panel's own subscription.
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
