// A hidden window's market streams: let go after HIDDEN_PAUSE_MS hidden (not on a quick switch away), taken again
// at once when shown, the tape starting over from the stream's history; a stream nobody asked to pause keeps going.
import { createPinia, setActivePinia } from 'pinia'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { HIDDEN_PAUSE_MS } from '../../../src-renderer/src/services/hidden-pause'
import { liveSubscribe } from '../../../src-renderer/src/services/live'
import { useMarketListStore } from '../../../src-renderer/src/stores/market-list'
import { useMarketPanelsStore } from '../../../src-renderer/src/stores/market-panels'
import { BOOK, FakeMarket } from './fake-market'
import { frame } from './setup'

let fake: FakeMarket
const show = (hidden: boolean): void => {
  Object.defineProperty(document, 'hidden', { value: hidden, configurable: true })
  document.dispatchEvent(new Event('visibilitychange'))
}
/** Hidden for `ms`: the grace timer is the only timer faked, so frames and promises run as usual. */
const hiddenFor = (ms: number): void => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
  try {
    show(true)
    vi.advanceTimersByTime(ms)
  } finally {
    vi.useRealTimers()
  }
}
const live = () =>
  fake.subs
    .filter((s) => s.live)
    .map((s) => s.channel)
    .sort()
const t = (id: string) => ({ id, side: 'buy' as const, price: '1', vol: '1', amount: null, ts: 1 })

beforeEach(() => {
  fake = new FakeMarket()
  setActivePinia(createPinia())
})
afterEach(() => show(false))

describe('market streams of a hidden window', () => {
  it('keep going through a quick switch away, are let go after the grace, and come back at once when shown', async () => {
    const market = useMarketPanelsStore()
    const feed = market.acquire('spot', 'btcusdt')
    const orders: unknown[] = []
    const offOrders = liveSubscribe('trading.onOrderEvents', {}, (e) => orders.push(e))
    const all = ['market.onBook', 'market.onCandles', 'market.onTicker', 'market.onTrades', 'trading.onOrderEvents']
    expect(live()).toEqual(all)
    fake.emit('market.onTrades', { symbol: 'btcusdt', trades: [t('2'), t('1')] })
    await frame()

    hiddenFor(HIDDEN_PAUSE_MS - 1)
    show(false)
    expect(live()).toEqual(all)
    expect(fake.subs).toHaveLength(all.length) // nothing was let go and taken again

    hiddenFor(HIDDEN_PAUSE_MS)
    expect(live()).toEqual(['trading.onOrderEvents'])
    show(false)
    expect(live()).toEqual(all)
    // The new streams' first events are the state now: the book replaced, the tape started over from its history.
    fake.emit('market.onBook', { ...BOOK, ts: 2 })
    fake.emit('market.onTrades', { symbol: 'btcusdt', trades: [t('4'), t('3')] })
    await frame()
    expect(feed.book.value?.ts).toBe(2)
    expect(feed.trades.value.map((x) => x.id)).toEqual(['4', '3'])
    offOrders()
    market.release(feed)
  })

  it('a market opened while the page is hidden waits for it to be shown; one closed meanwhile never comes back', async () => {
    const market = useMarketPanelsStore()
    hiddenFor(HIDDEN_PAUSE_MS)
    const feed = market.acquire('spot', 'ethusdt')
    const gone = market.acquire('spot', 'btcusdt')
    expect(live()).toEqual([])
    market.release(gone)
    show(false)
    expect(fake.live('market.onBook').map((s) => s.params['symbol'])).toEqual(['ethusdt'])
    market.release(feed)
    expect(live()).toEqual([])
  })

  it("the market list's tickers are let go and taken again the same way", () => {
    const release = useMarketListStore().acquire('spot:btcusdt')
    expect(live()).toEqual(['market.onTicker'])
    hiddenFor(HIDDEN_PAUSE_MS)
    expect(live()).toEqual([])
    show(false)
    expect(fake.live('market.onTicker').map((s) => s.params['symbol'])).toEqual(['btcusdt'])
    release()
    expect(live()).toEqual([])
  })
})
