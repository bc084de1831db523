// The market panel and its store: one feed per market shared by every panel showing it, streams following the
// selection (futures add mark/index/funding), candle intervals with REST history under the stream, and errors shown.
import { flushPromises, mount } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { CandleView } from '@shared/ipc/views/market'
import { setLocale } from '../../../src-renderer/src/i18n'
import MarketPanel from '../../../src-renderer/src/panels/MarketPanel.vue'
import { useMarketPanelsStore } from '../../../src-renderer/src/stores/market-panels'
import { useSelectionStore } from '../../../src-renderer/src/stores/selection'
import { BOOK, FakeMarket } from './fake-market'
import { frame } from './setup'

// Charts need a canvas (covered by the builders' unit tests and the e2e run); here their modules are stubs. A stub
// by name would miss them (the panel loads them as async components) and ECharts would load into a torn-down DOM.
vi.mock('../../../src-renderer/src/panels/market/CandlesChart.vue', () => ({
  __esModule: true,
  default: { render: () => null }
}))
vi.mock('../../../src-renderer/src/panels/market/DepthChart.vue', () => ({
  __esModule: true,
  default: { render: () => null }
}))
const bar = (id: number, close: string): CandleView => ({
  id,
  open: close,
  close,
  high: close,
  low: close,
  vol: '1',
  amount: null
})

let fake: FakeMarket
afterEach(() => setLocale('en'))
beforeEach(() => {
  globalThis.localStorage?.clear()
  fake = new FakeMarket()
  setActivePinia(createPinia())
})

const channels = () =>
  fake.subs
    .filter((s) => s.live)
    .map((s) => `${s.channel}:${String(s.params['symbol'])}`)
    .sort()

describe('MarketPanel', () => {
  it('streams the selected market and follows the selection to futures', async () => {
    const w = mount(MarketPanel)
    await flushPromises()
    expect(channels()).toEqual([
      'market.onBook:btcusdt',
      'market.onCandles:btcusdt',
      'market.onTicker:btcusdt',
      'market.onTrades:btcusdt'
    ])
    expect(fake.live('market.onCandles')[0]!.params).toEqual({ module: 'spot', symbol: 'btcusdt', interval: '15min' })
    fake.emit('market.onBook', BOOK)
    await frame()
    expect(w.findAll('[data-testid="orderbook-ask"]')).toHaveLength(4)
    expect(w.find('[data-testid="futures-stats"]').exists()).toBe(false)

    useSelectionStore().selectMarket('futures', 'E-BTC-USDT')
    await flushPromises()
    expect(channels()).toEqual([
      'market.onBook:E-BTC-USDT',
      'market.onCandles:E-BTC-USDT',
      'market.onMarkPrice:E-BTC-USDT',
      'market.onTicker:E-BTC-USDT',
      'market.onTrades:E-BTC-USDT'
    ])
    expect(w.get('[data-testid="market-panel"]').attributes('data-market')).toBe('futures:E-BTC-USDT')
    expect(w.find('[data-testid="futures-stats"]').exists()).toBe(true)
    expect(w.get('[data-testid="market-name"]').text()).toBe('BTC/USDT')
    expect(w.text()).toContain('Size (Cont)')
    w.unmount()
    expect(channels()).toEqual([])
  })

  it('waits while the selection names a spot symbol under futures', async () => {
    const selection = useSelectionStore()
    selection.module = 'futures'
    const w = mount(MarketPanel)
    await flushPromises()
    expect(channels()).toEqual([])
    expect(w.text()).toContain('Select a market')
    setLocale('zh-CN')
    await flushPromises()
    expect(w.get('.none').text()).toBe('请选择一个市场。')
    setLocale('zh-TW')
    await flushPromises()
    expect(w.get('.none').text()).toBe('請選擇一個市場。')
  })

  it('shares one feed between panels of the same market', async () => {
    const a = mount(MarketPanel, { props: { module: 'spot', symbol: 'ethusdt' } })
    const b = mount(MarketPanel, { props: { module: 'spot', symbol: 'ethusdt' } })
    await flushPromises()
    expect(fake.live('market.onBook', 'ethusdt')).toHaveLength(1)
    a.unmount()
    expect(fake.live('market.onBook', 'ethusdt')).toHaveLength(1)
    b.unmount()
    expect(fake.live('market.onBook', 'ethusdt')).toHaveLength(0)
  })

  it('shows a stream error that cannot be retried', async () => {
    const w = mount(MarketPanel)
    await flushPromises()
    fake.end('market.onBook', 'invalid-input', 'symbol: must be a lowercase spot symbol')
    await flushPromises()
    expect(w.get('[data-testid="market-error"]').text()).toContain('must be a lowercase spot symbol')
  })
})

describe('market panels store candles', () => {
  it('merges REST history under the stream and restarts on an interval switch', async () => {
    fake.candles = [bar(60, '1'), bar(120, '2'), bar(180, '3'), bar(240, '2.5')]
    const market = useMarketPanelsStore()
    const feed = market.acquire('spot', 'btcusdt')
    fake.emit('market.onCandles', { symbol: 'btcusdt', interval: '15min', candles: [bar(180, '3'), bar(240, '4')] })
    await frame()
    // The stream's bars win; REST adds only older ones.
    expect(feed.candles.value.views.map((c) => `${c.id}:${c.close}`)).toEqual(['60:1', '120:2', '180:3', '240:4'])
    fake.emit('market.onCandles', { symbol: 'btcusdt', interval: '15min', candles: [bar(240, '4.5')] })
    fake.emit('market.onCandles', { symbol: 'btcusdt', interval: '15min', candles: [bar(300, '5')] })
    const rev = feed.candleRev.value.rev
    await frame()
    expect(feed.candleRev.value).toEqual({ rev: rev + 1, from: 3 }) // two events, one revision
    expect(feed.candles.value.close.slice(-2)).toEqual([4.5, 5])

    market.setInterval(feed, '1day')
    expect(fake.live('market.onCandles').map((s) => s.params['interval'])).toEqual(['1day'])
    expect(feed.candles.value.views).toEqual([])
    expect(
      fake.invokes.filter((i) => i.channel === 'market.candles').map((i) => (i.input as { interval: string }).interval)
    ).toEqual(['15min', '1day'])
    // A late event of the old interval is ignored.
    fake.emit('market.onCandles', { symbol: 'btcusdt', interval: '15min', candles: [bar(360, '6')] })
    await frame()
    expect(feed.candles.value.views.every((c) => c.id !== 360)).toBe(true)
    expect(market.interval).toBe('1day')
    market.release(feed)
  })

  it('starts the tape over when the trades stream comes back', async () => {
    const market = useMarketPanelsStore()
    const feed = market.acquire('spot', 'btcusdt')
    const t = (id: string) => ({ id, side: 'buy' as const, price: '1', vol: '1', amount: null, ts: 1 })
    fake.emit('market.onTrades', { symbol: 'btcusdt', trades: [t('2'), t('1')] })
    await frame()
    fake.end('market.onTrades', 'disconnected', 'lost')
    expect(fake.live('market.onTrades')).toHaveLength(0)
    // liveSubscribe retries after 500 ms: wait for the new subscription, however late a loaded machine runs it.
    await vi.waitFor(() => expect(fake.live('market.onTrades')).toHaveLength(1), { timeout: 5000 })
    fake.emit('market.onTrades', { symbol: 'btcusdt', trades: [t('3'), t('2'), t('1')] })
    await frame()
    expect(feed.trades.value.map((x) => x.id)).toEqual(['3', '2', '1'])
    market.release(feed)
  })
})
