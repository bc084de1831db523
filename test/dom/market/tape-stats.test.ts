// The trades tape (newest first, side colours, one render per frame however many events came) and the 24 h stats,
// with mark, index, funding rate and the funding countdown for futures.
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { TradeView } from '@shared/ipc/views/market'
import { setLocale } from '../../../src-renderer/src/i18n'
import { setFrameProbe } from '../../../src-renderer/src/lib/frame'
import FuturesStats from '../../../src-renderer/src/panels/market/FuturesStats.vue'
import MarketStats from '../../../src-renderer/src/panels/market/MarketStats.vue'
import TradesTape from '../../../src-renderer/src/panels/market/TradesTape.vue'
import { useSelectionStore } from '../../../src-renderer/src/stores/selection'
import { useAnnouncerStore } from '../../../src-renderer/src/stores/announcer'
import { frame, mountWithFeed, setPageHidden } from './setup'

const trade = (id: number, side: 'buy' | 'sell', price: string, vol = '0.5'): TradeView => ({
  id: String(id),
  side,
  price,
  vol,
  amount: null,
  ts: new Date(2024, 0, 1, 14, 3, id).getTime()
})

afterEach(() => {
  setPageHidden(false)
  setFrameProbe(null)
  vi.useRealTimers()
  setLocale('en')
})

describe('TradesTape', () => {
  it('lists trades newest first, coloured by side and marked by an arrow (▲ buy, ▼ sell), exact text', async () => {
    const { fake, wrapper } = await mountWithFeed(TradesTape)
    expect(wrapper.text()).toContain('Waiting for trades')
    fake.emit('market.onTrades', { symbol: 'btcusdt', trades: [trade(2, 'sell', '64999.9'), trade(1, 'buy', '65000')] })
    await frame()
    fake.emit('market.onTrades', { symbol: 'btcusdt', trades: [trade(3, 'buy', '65000.1', '0.000001')] })
    await frame()
    const rows = wrapper.findAll('[data-testid="trade-row"]')
    expect(rows.map((r) => r.findAll('span').map((s) => s.text()))).toEqual([
      ['▲ 65,000.10', '0.000001', '14:03:03'],
      ['▼ 64,999.90', '0.500000', '14:03:02'],
      ['▲ 65,000.00', '0.500000', '14:03:01']
    ])
    // The side colours the price (the tape's CSS keys it on data-side).
    expect(rows.map((r) => r.attributes('data-side'))).toEqual(['buy', 'sell', 'buy'])
    expect(rows[0]!.find('span').classes()).toContain('side')
    await rows[1]!.trigger('click')
    expect(useSelectionStore().pickedPrice?.price).toBe('64999.9')
  })

  it('by keyboard: one tab stop, the arrows choose a trade (told aloud), Enter fills the form', async () => {
    const { fake, wrapper } = await mountWithFeed(TradesTape)
    fake.emit('market.onTrades', { symbol: 'btcusdt', trades: [trade(2, 'sell', '64999.9'), trade(1, 'buy', '65000')] })
    await frame()
    const tape = wrapper.get('[data-testid="trades-rows"]')
    expect(tape.attributes('tabindex')).toBe('0')
    await tape.trigger('focus') // the newest trade
    expect(useAnnouncerStore().polite.at(-1)?.text).toBe('Sell 64,999.90, size 0.500000, at 14:03:02')
    await tape.trigger('keydown', { key: 'ArrowDown' })
    await tape.trigger('keydown', { key: 'ArrowDown' }) // no further than the last row
    expect(useAnnouncerStore().polite.at(-1)?.text).toBe('Buy 65,000.00, size 0.500000, at 14:03:01')
    await tape.trigger('keydown', { key: 'Enter' })
    expect(useSelectionStore().pickedPrice?.price).toBe('65000')
    setLocale('zh-TW')
    await tape.trigger('keydown', { key: 'Home' })
    expect(useAnnouncerStore().polite.at(-1)?.text).toBe('賣出 64,999.90，數量 0.500000，時間 14:03:02')
  })

  it('writes no rows while the page is hidden, and every trade since as soon as it is shown', async () => {
    const { fake, wrapper } = await mountWithFeed(TradesTape)
    const prices = () => wrapper.findAll('[data-testid="trade-row"]').map((r) => r.attributes('data-price'))
    fake.emit('market.onTrades', { symbol: 'btcusdt', trades: [trade(1, 'buy', '65000')] })
    await frame()
    expect(prices()).toEqual(['65000'])
    setPageHidden(true)
    fake.emit('market.onTrades', { symbol: 'btcusdt', trades: [trade(2, 'sell', '64999.9')] })
    fake.emit('market.onTrades', { symbol: 'btcusdt', trades: [trade(3, 'buy', '65000.1')] })
    await frame()
    expect(prices()).toEqual(['65000'])
    setPageHidden(false)
    await frame()
    expect(prices()).toEqual(['65000.1', '64999.9', '65000'])
  })

  it('speaks the chosen language: title, columns and the waiting state', async () => {
    setLocale('zh-CN')
    const { wrapper } = await mountWithFeed(TradesTape, 'futures', 'E-BTC-USDT')
    await frame()
    expect(wrapper.get('.head').text()).toBe('最新成交')
    expect(wrapper.findAll('.cols span').map((s) => s.text())).toEqual(['价格(USDT)', '数量(张)', '时间'])
    expect(wrapper.text()).toContain('等待成交…')
    setLocale('zh-TW')
    await frame()
    expect(wrapper.findAll('.cols span').map((s) => s.text())).toEqual(['價格(USDT)', '數量(張)', '時間'])
  })

  it('applies every event of a frame in one render, newest event on top', async () => {
    const { fake, wrapper } = await mountWithFeed(TradesTape)
    const applied: number[] = []
    setFrameProbe((kind, name, { events }) => {
      if (kind === 'lane' && name.startsWith('trades:')) applied.push(events!.length)
    })
    for (let i = 1; i <= 5; i++)
      fake.emit('market.onTrades', { symbol: 'btcusdt', trades: [trade(i, 'buy', `6500${i}`)] })
    await frame()
    expect(applied).toEqual([5])
    expect(wrapper.findAll('[data-testid="trade-row"]').map((r) => r.attributes('data-side'))).toHaveLength(5)
    expect(wrapper.get('[data-testid="trade-row"]').text()).toContain('65,005.00')
  })
})

describe('MarketStats', () => {
  it('shows the last price and the 24 h figures', async () => {
    const { fake, wrapper } = await mountWithFeed(MarketStats)
    fake.emit('market.onTicker', {
      symbol: 'btcusdt',
      close: '65100',
      open: '64000',
      high: '65500.5',
      low: '63900',
      vol: '1234.5678',
      amount: '80123456.7',
      rose: '0.0171875',
      ts: 1
    })
    await frame()
    const text = (id: string) => wrapper.get(`[data-testid="${id}"]`).text()
    expect(text('market-name')).toBe('BTC/USDT')
    expect(text('stat-last')).toBe('65,100.00')
    expect(text('stat-change')).toBe('1,100.00 +1.72%')
    // not by colour alone: the sign in the words, and an arrow (`dir`: ▲ / ▼ drawn before it, base.css)
    expect(wrapper.get('[data-testid="stat-change"]').classes()).toEqual(expect.arrayContaining(['up', 'dir']))
    expect(wrapper.get('[data-testid="stat-last"]').classes()).toContain('dir')
    expect(wrapper.get('.kind').text()).toBe('Spot')
    setLocale('zh-CN')
    await frame()
    expect(wrapper.get('.kind').text()).toBe('现货')
    expect(wrapper.findAll('dt').map((d) => d.text())).toEqual([
      '24h涨跌',
      '24h最高',
      '24h最低',
      '24h量(BTC)',
      '24h额(USDT)'
    ])
    setLocale('en')
    await frame()
    expect(text('stat-high')).toBe('65,500.50')
    expect(text('stat-low')).toBe('63,900.00')
    expect(text('stat-vol')).toBe('1,234.567800') // at the market's size decimals
    expect(text('stat-amount')).toBe('80.12M')
    // A trade is fresher than the ticker.
    fake.emit('market.onTrades', { symbol: 'btcusdt', trades: [trade(1, 'sell', '65090.5')] })
    await frame()
    expect(text('stat-last')).toBe('65,090.50')
    expect(wrapper.get('[data-testid="stat-last"]').classes()).toContain('down')
  })
})

describe('MarketStats sizes', () => {
  it('observes its figures once: a new price (a child list change) starts no new size observation', async () => {
    const observe = vi.spyOn(ResizeObserver.prototype, 'observe')
    try {
      const { fake, wrapper } = await mountWithFeed(MarketStats)
      const tick = (close: string) =>
        fake.emit('market.onTicker', {
          symbol: 'btcusdt',
          close,
          open: '64000',
          high: '65500.5',
          low: '63900',
          vol: '1234.5678',
          amount: '80123456.7',
          rose: '0.0171875',
          ts: 1
        })
      tick('65100')
      await frame()
      await Promise.resolve() // the mutation observer's records
      const before = observe.mock.calls.length
      expect(before).toBeGreaterThan(0)
      for (const close of ['65101', '65102', '65103']) {
        tick(close)
        await frame()
        await Promise.resolve()
      }
      expect(wrapper.get('[data-testid="stat-last"]').text()).toBe('65,103.00')
      expect(observe.mock.calls.length).toBe(before)
    } finally {
      observe.mockRestore()
    }
  })
})

describe('FuturesStats', () => {
  it('shows mark, index, funding rate and the time to the next funding', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] })
    vi.setSystemTime(Date.UTC(2024, 0, 1, 5, 30, 0)) // next funding at 08:00 UTC
    const { fake, wrapper } = await mountWithFeed(FuturesStats, 'futures', 'E-BTC-USDT')
    expect(fake.live('market.onMarkPrice', 'E-BTC-USDT')).toHaveLength(1)
    fake.emit('market.onMarkPrice', {
      symbol: 'E-BTC-USDT',
      indexPrice: '65010.3',
      markPrice: '65012.1',
      lastFundingRate: '0.0001',
      nextFundingRate: null,
      time: 1
    })
    await frame()
    const text = (id: string) => wrapper.get(`[data-testid="${id}"]`).text()
    expect(text('mark-price')).toBe('65,012.1')
    expect(text('index-price')).toBe('65,010.3')
    expect(text('funding-rate')).toBe('+0.0100%')
    expect(text('funding-countdown')).toBe('02:30:00')
    vi.advanceTimersByTime(61_000)
    await frame()
    expect(text('funding-countdown')).toBe('02:28:59')
    expect(wrapper.find('[data-testid="funding-next"]').exists()).toBe(false)
    expect(wrapper.findAll('dt').map((d) => d.text())).toEqual(['Mark', 'Index', 'Funding / countdown'])
    setLocale('zh-CN')
    await frame()
    expect(wrapper.findAll('dt').map((d) => d.text())).toEqual(['标记价格', '指数价格', '资金费率 / 倒计时'])
  })
})
