// The order book: rows from the live book, cumulative totals and depth bars, grouping to a step (exact sums), the
// last trade and spread in the middle, and a click on a price filling the order form (selection.pickPrice).
import { afterEach, describe, expect, it } from 'vitest'
import { setLocale } from '../../../src-renderer/src/i18n'
import OrderBook from '../../../src-renderer/src/panels/market/OrderBook.vue'
import { useSelectionStore } from '../../../src-renderer/src/stores/selection'
import { useAnnouncerStore } from '../../../src-renderer/src/stores/announcer'
import { BOOK } from './fake-market'
import { frame, mountWithFeed, setPageHidden } from './setup'

const cells = (row: { findAll(s: string): { text(): string }[] }) => row.findAll('span').map((s) => s.text())
const bar = (row: { attributes(n: string): string | undefined }) => row.attributes('style')

afterEach(() => {
  setLocale('en')
  setPageHidden(false)
})

describe('OrderBook', () => {
  it('speaks the chosen language: its title, columns with units, spread, tooltip and loading state', async () => {
    setLocale('zh-CN')
    const { fake, wrapper } = await mountWithFeed(OrderBook)
    expect(wrapper.get('.title').text()).toBe('订单簿')
    expect(wrapper.text()).toContain('正在加载订单簿…')
    expect(wrapper.get('[data-testid="orderbook-step"]').attributes('title')).toBe('合并深度')
    fake.emit('market.onBook', BOOK)
    await frame()
    expect(wrapper.findAll('.cols span').map((s) => s.text())).toEqual(['价格(USDT)', '数量(BTC)', '累计(BTC)'])
    expect(wrapper.get('[data-testid="orderbook-spread"]').text()).toBe('价差 0.20 · 0.0003%')
    setLocale('zh-TW')
    await frame()
    expect(wrapper.get('.title').text()).toBe('訂單簿')
    expect(wrapper.findAll('.cols span').map((s) => s.text())).toEqual(['價格(USDT)', '數量(BTC)', '累計(BTC)'])
    setLocale('en')
    await frame()
    expect(wrapper.get('.title').text()).toBe('Order book')
  })

  it('shows asks over bids with cumulative totals and depth bars', async () => {
    const { fake, wrapper } = await mountWithFeed(OrderBook)
    expect(wrapper.text()).toContain('Loading book')
    fake.emit('market.onBook', BOOK)
    await frame()
    const asks = wrapper.findAll('[data-testid="orderbook-ask"]')
    const bids = wrapper.findAll('[data-testid="orderbook-bid"]')
    // Asks: highest on top, the best ask next to the spread.
    expect(asks.map((r) => r.attributes('data-price'))).toEqual(['65012.00', '65001.00', '65000.40', '65000.10'])
    expect(cells(asks[3]!)).toEqual(['65,000.10', '0.100000', '0.100000'])
    expect(cells(asks[0]!)).toEqual(['65,012.00', '1.250000', '2.050000'])
    expect(cells(bids[0]!)).toEqual(['64,999.90', '0.300000', '0.300000'])
    expect(cells(bids[3]!)).toEqual(['64,980.00', '2.500000', '4.000000'])
    // Bars are shares of the deepest total on screen (the bids' 4).
    expect(bar(bids[3]!)).toContain('background-size: 100% 100%')
    expect(bar(asks[0]!)).toContain('background-size: 51.25% 100%')
    expect(bar(asks[3]!)).toContain('background-size: 2.5% 100%')
    expect(wrapper.get('[data-testid="orderbook-spread"]').text()).toBe('Spread 0.20 · 0.0003%')
    expect(wrapper.text()).toContain('Price (USDT)')
    expect(wrapper.text()).toContain('Size (BTC)')
  })

  it('groups prices to the chosen step with exact sums (asks up, bids down)', async () => {
    const { fake, wrapper, market, feed } = await mountWithFeed(OrderBook)
    fake.emit('market.onBook', BOOK)
    await frame()
    const select = wrapper.get('[data-testid="orderbook-step"]')
    expect(select.findAll('option').map((o) => o.text())).toEqual(['0.01', '0.1', '1', '10', '100'])
    await select.setValue('1')
    expect(market.stepOf(feed.key)).toBe('1')
    let asks = wrapper.findAll('[data-testid="orderbook-ask"]')
    expect(asks.map((r) => cells(r))).toEqual([
      ['65,012', '1.250000', '2.050000'],
      ['65,001', '0.800000', '0.800000'] // 0.1 + 0.2 + 0.5, summed exactly
    ])
    await select.setValue('10')
    asks = wrapper.findAll('[data-testid="orderbook-ask"]')
    const bids = wrapper.findAll('[data-testid="orderbook-bid"]')
    expect(asks.map((r) => r.attributes('data-price'))).toEqual(['65020', '65010'])
    expect(bids.map((r) => cells(r))).toEqual([
      ['64,990', '1.500000', '1.500000'],
      ['64,980', '2.500000', '4.000000']
    ])
    // Back to the tick: the book as it is.
    await select.setValue('0.01')
    expect(market.stepOf(feed.key)).toBeNull()
    expect(wrapper.findAll('[data-testid="orderbook-ask"]')).toHaveLength(4)
  })

  it('never shows a float sum: 0.1 + 0.2 is 0.3', async () => {
    const { fake, wrapper } = await mountWithFeed(OrderBook)
    fake.emit('market.onBook', {
      symbol: 'btcusdt',
      asks: [
        ['100.01', '0.1'],
        ['100.02', '0.2']
      ],
      bids: [],
      ts: null
    })
    await frame()
    await wrapper.get('[data-testid="orderbook-step"]').setValue('0.1')
    expect(cells(wrapper.get('[data-testid="orderbook-ask"]'))).toEqual(['100.1', '0.300000', '0.300000'])
  })

  it('fills the order form with a clicked price', async () => {
    const { fake, wrapper } = await mountWithFeed(OrderBook)
    const selection = useSelectionStore()
    fake.emit('market.onBook', BOOK)
    fake.emit('market.onTrades', {
      symbol: 'btcusdt',
      trades: [{ id: '9', side: 'sell', price: '64999.90', vol: '0.01', amount: null, ts: 1 }]
    })
    await frame()
    await wrapper.findAll('[data-testid="orderbook-bid"]')[1]!.trigger('click')
    expect(selection.pickedPrice).toEqual({ price: '64999.20', seq: 1 })
    await wrapper.get('[data-testid="orderbook-step"]').setValue('10')
    await wrapper.findAll('[data-testid="orderbook-ask"]')[1]!.trigger('click')
    expect(selection.pickedPrice).toEqual({ price: '65010', seq: 2 })
    // The same price twice still notifies (seq), and the last trade in the middle is clickable too.
    await wrapper.findAll('[data-testid="orderbook-ask"]')[1]!.trigger('click')
    expect(selection.pickedPrice?.seq).toBe(3)
    expect(wrapper.get('[data-testid="orderbook-last"]').classes()).toContain('down')
    await wrapper.get('[data-testid="orderbook-last"]').trigger('click')
    expect(selection.pickedPrice?.price).toBe('64999.90')
  })

  it('by keyboard: a side is one tab stop, the arrows choose a level (told aloud), Enter fills the form', async () => {
    const { fake, wrapper } = await mountWithFeed(OrderBook)
    const selection = useSelectionStore()
    const announcer = useAnnouncerStore()
    fake.emit('market.onBook', BOOK)
    await frame()
    const asks = wrapper.get('[data-testid="orderbook-asks"]')
    expect(asks.attributes('tabindex')).toBe('0')
    expect(asks.attributes('aria-label')).toBe(
      'Asks: arrow keys choose a level, Enter puts its price in the order form'
    )
    await asks.trigger('focus') // starts at the best ask, next to the spread
    await asks.trigger('keydown', { key: 'Enter' })
    expect(selection.pickedPrice?.price).toBe('65000.10')
    await asks.trigger('keydown', { key: 'ArrowUp' })
    expect(announcer.polite.at(-1)?.text).toBe('Ask 65,000.40, size 0.200000, total 0.300000')
    await asks.trigger('keydown', { key: ' ' })
    expect(selection.pickedPrice?.price).toBe('65000.40')
    await asks.trigger('keydown', { key: 'Home' }) // the top row: the highest ask
    await asks.trigger('keydown', { key: 'ArrowUp' }) // and no further
    await asks.trigger('keydown', { key: 'Enter' })
    expect(selection.pickedPrice?.price).toBe('65012.00')
    await asks.trigger('blur')
    const bids = wrapper.get('[data-testid="orderbook-bids"]')
    await bids.trigger('focus') // the best bid
    await bids.trigger('keydown', { key: 'ArrowDown' })
    await bids.trigger('keydown', { key: 'Enter' })
    expect(selection.pickedPrice?.price).toBe('64999.20')
    // Other keys pass (Tab leaves the side).
    const picks = selection.pickedPrice?.seq
    await bids.trigger('keydown', { key: 'Tab' })
    expect(selection.pickedPrice?.seq).toBe(picks)
    setLocale('zh-CN')
    await bids.trigger('keydown', { key: 'ArrowUp' })
    expect(announcer.polite.at(-1)?.text).toBe('买 64,999.90，数量 0.300000，累计 0.300000')
  })

  it('applies only the latest book of a frame', async () => {
    const { fake, wrapper } = await mountWithFeed(OrderBook)
    fake.emit('market.onBook', BOOK)
    fake.emit('market.onBook', { ...BOOK, asks: [['70000.00', '3']] })
    await frame()
    expect(wrapper.findAll('[data-testid="orderbook-ask"]').map((r) => r.attributes('data-price'))).toEqual([
      '70000.00'
    ])
  })

  it('draws nothing while the page is hidden, and the book of that moment as soon as it is shown', async () => {
    const { fake, wrapper } = await mountWithFeed(OrderBook)
    const bestBid = () => wrapper.find('[data-testid="orderbook-bid"]').attributes('data-price')
    fake.emit('market.onBook', BOOK)
    await frame()
    expect(bestBid()).toBe('64999.90')
    setPageHidden(true)
    fake.emit('market.onBook', { ...BOOK, bids: [['64990.00', '1']], ts: 2 })
    fake.emit('market.onBook', { ...BOOK, bids: [['64991.00', '1']], ts: 3 })
    await frame()
    expect(bestBid()).toBe('64999.90') // hidden: the rows were not written
    setPageHidden(false)
    await frame()
    expect(bestBid()).toBe('64991.00')
  })
})
