// The price ladder panel (PriceLadder.vue) on a live feed: levels around the market with the book's sizes and the
// trader's own orders, the grouping, centring that holds still under the pointer, clicks through the trading
// hotkeys' ladder path (a bid buys, an ask sells), an own order cancelled by a click, a dead link refusing in words.
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { BookView, LevelView } from '@shared/ipc/views/market'
import PriceLadder from '../../../src-renderer/src/panels/market/PriceLadder.vue'
import { setLocale } from '../../../src-renderer/src/i18n'
import { useTradingHotkeysStore } from '../../../src-renderer/src/hotkeys/trading-hotkeys'
import { useAccountStore } from '../../../src-renderer/src/stores/account'
import { useFeedbackStore } from '../../../src-renderer/src/stores/feedback'
import { useLadderStore } from '../../../src-renderer/src/stores/ladder'
import { useOrderMovesStore } from '../../../src-renderer/src/stores/order-moves'
import { usePreferencesStore } from '../../../src-renderer/src/stores/preferences'
import { useSelectionStore } from '../../../src-renderer/src/stores/selection'
import { useStatusStore } from '../../../src-renderer/src/stores/status'
import { useTradingStore } from '../../../src-renderer/src/stores/trading'
import { openOrder } from '../../fixtures/open-orders'
import { BOOK } from './fake-market'
import { frame, mountWithFeed } from './setup'

const own = (orderId: string, side: 'BUY' | 'SELL', price: string, volume: string, executed = '0') =>
  openOrder({ orderId, side, price, volume, executed })
const trade = (price: string) => ({ id: '1', side: 'buy' as const, price, vol: '0.1', amount: null, ts: 1 })

/** The ladder on BOOK, the last trade at 65000; one tick a row unless `group` is null (the default is left alone). */
async function ladder(group: string | null = '1', book: BookView = BOOK) {
  const m = await mountWithFeed(PriceLadder, 'spot', 'btcusdt', { module: 'spot', trade: true })
  useSelectionStore().selectMarket('spot', 'btcusdt')
  m.fake.emit('market.onTrades', { symbol: 'btcusdt', trades: [trade('65000.00')] })
  m.fake.emit('market.onBook', book)
  await frame()
  if (group !== null) {
    await m.wrapper.get('[data-testid="ladder-group"]').setValue(group)
    await frame()
  }
  const rows = () => m.wrapper.findAll('[data-testid="ladder-row"]')
  const row = (price: string) => m.wrapper.get(`[data-ladder-price="${price}"]`)
  const cell = (price: string, c: string) => row(price).get(`[data-testid="ladder-${c}"]`)
  return { ...m, rows, row, cell }
}

describe('PriceLadder', () => {
  afterEach(() => setLocale('en'))

  it('shows one row per tick around the last trade, sizes at their levels, empty levels blank', async () => {
    const { rows, cell, row } = await ladder()
    expect(rows().length).toBe(21) // no layout in happy-dom: the default window
    // Centred on the last trade's level, marked.
    expect(rows()[10]!.attributes('data-ladder-price')).toBe('65000')
    expect(rows()[0]!.attributes('data-ladder-price')).toBe('65000.1')
    expect(rows()[20]!.attributes('data-ladder-price')).toBe('64999.9')
    expect(row('65000').attributes('data-last')).toBe('yes')
    expect(row('65000.1').attributes('data-last')).toBeUndefined()
    expect(cell('65000.1', 'price').text()).toBe('65,000.10')
    expect(cell('65000.1', 'ask').text()).toBe('0.1')
    // A narrow ladder may clip a size: the filled cell's title holds it whole; an empty one says what a click does.
    expect(cell('65000.1', 'ask').attributes('title')).toMatch(/^Ask 65,000.10: 0.1\. /)
    expect(cell('65000', 'ask').attributes('title')).not.toContain(':')
    expect(cell('65000.1', 'bid').text()).toBe('')
    expect(cell('64999.9', 'bid').text()).toBe('0.3')
    expect(cell('65000', 'bid').text()).toBe('') // a level with nothing in it
    expect(cell('65000', 'ask').text()).toBe('')
  })

  it('opens at the finest grouping that shows the touch and two more levels a side, and keeps the trader’s pick', async () => {
    const { wrapper, rows, cell, fake } = await ladder(null)
    const select = wrapper.get('[data-testid="ladder-group"]')
    // BOOK's third levels (64995 and 65001) lie 5 and 1 from the last trade: 50 ticks (0.5) a row brings both in view.
    expect((select.element as HTMLSelectElement).value).toBe('50')
    expect(select.attributes('data-picked')).toBe('no')
    expect(select.attributes('title')).toContain('picked from the book')
    expect(rows()[10]!.attributes('data-ladder-price')).toBe('65000')
    expect(cell('65000.5', 'ask').text()).toBe('0.3') // the touch (65000.10) and 65000.40, rounded up
    expect(cell('64999.5', 'bid').text()).toBe('0.3') // the touch (64999.90), rounded down
    expect(cell('64999', 'bid').text()).toBe('0.2')
    expect(cell('64995', 'bid').text()).toBe('1')
    expect(cell('65001', 'ask').text()).toBe('0.5')
    // The book moving on does not regroup the levels.
    fake.emit('market.onBook', { ...BOOK, asks: [['65000.01', '1']], bids: [['65000.00', '1']] })
    await frame()
    expect((select.element as HTMLSelectElement).value).toBe('50')
    // The trader's pick is kept for the market, and said to be theirs.
    await select.setValue('2')
    await frame()
    expect(useLadderStore().groupOf('spot:btcusdt')).toBe(2)
    expect(select.attributes('data-picked')).toBe('yes')
  })

  it('opens a thin book coarse enough to show its touch, a dense one at one tick', async () => {
    // Two levels 2 basis points either side of 65000 (the embedded exchange's makers): 1,300 ticks from the last trade.
    const thin = await ladder(null, { ...BOOK, asks: [['65013.00', '0.4']], bids: [['64987.00', '0.6']] })
    expect((thin.wrapper.get('[data-testid="ladder-group"]').element as HTMLSelectElement).value).toBe('500') // within 5 rows (a quarter) of 65000: 5 a row
    expect(thin.cell('65015', 'ask').text()).toBe('0.4')
    expect(thin.cell('64985', 'bid').text()).toBe('0.6')
    thin.wrapper.unmount()
    // A 1-tick spread with a level every tick: one tick a row already shows the touch and the next two levels.
    const level = (p: number): LevelView => [(p / 100).toFixed(2), '0.1']
    const dense = await ladder(null, {
      ...BOOK,
      asks: [6500001, 6500002, 6500003].map(level),
      bids: [6500000, 6499999, 6499998].map(level)
    })
    expect((dense.wrapper.get('[data-testid="ladder-group"]').element as HTMLSelectElement).value).toBe('1')
    expect(dense.cell('65000.01', 'ask').text()).toBe('0.1')
    expect(dense.cell('65000', 'bid').text()).toBe('0.1')
  })

  it('marks the levels past a full feed’s depth as not known, not as empty', async () => {
    // The feed's top 30 bids, a tick apart from 64999.90 down to 64999.61; 3 asks only (the whole side).
    const bids = Array.from({ length: 30 }, (_, i): LevelView => [(64999.9 - i / 100).toFixed(2), '0.1'])
    const { cell, wrapper } = await ladder('1', { ...BOOK, bids, asks: BOOK.asks.slice(0, 3) })
    const grid = wrapper.get('[data-testid="ladder-grid"]')
    const page = async (key: string, n: number) => {
      for (let i = 0; i < n; i++) await grid.trigger('keydown', { key })
      await frame()
    }
    await page('PageDown', 4) // 40 rows down: the view 64999.70 to 64999.50
    expect(cell('64999.61', 'bid').text()).toBe('0.1') // the deepest sent
    expect(cell('64999.61', 'bid').attributes('data-beyond')).toBeUndefined()
    const past = cell('64999.6', 'bid')
    expect(past.attributes('data-beyond')).toBe('yes')
    expect(past.classes()).toContain('beyond') // a muted, hatched mark (the stylesheet's ⋯), never a blank
    expect(past.attributes('title')).toContain('the feed sends the top 30 levels a side')
    expect(past.attributes('aria-label')).toContain('not known')
    // Past the asks' last level the side is whole (under 30 levels): empty there means empty.
    await page('PageUp', 14) // the view 65001.10 to 65000.90
    expect(cell('65001', 'ask').text()).toBe('0.5')
    expect(cell('65001.05', 'ask').attributes('data-beyond')).toBeUndefined()
    expect(cell('65001.05', 'ask').text()).toBe('')
  })

  it('groups ticks into rows in exact decimals and re-centres on the new step', async () => {
    const { wrapper, rows, cell } = await ladder()
    await wrapper.get('[data-testid="ladder-group"]').setValue('10')
    await frame()
    // Step 0.1: asks round up (65000.10 -> 65000.1, 65000.40 -> 65000.4), bids down (64999.90, 64999.20 apart).
    expect(rows()[10]!.attributes('data-ladder-price')).toBe('65000')
    expect(cell('65000.4', 'ask').text()).toBe('0.2')
    expect(cell('64999.2', 'bid').text()).toBe('0.2')
    await wrapper.get('[data-testid="ladder-group"]').setValue('100')
    await frame()
    // Step 1: 65000.10 + 65000.40 + 65001.00 all round up to 65001 (0.1 + 0.2 + 0.5, never 0.8000000000000002).
    expect(cell('65001', 'ask').text()).toBe('0.8')
    expect(cell('64999', 'bid').text()).toBe('0.5')
  })

  it('marks own orders at their levels with side, count and what is still open; the profile empties them', async () => {
    const { cell, wrapper } = await ladder()
    const account = useAccountStore()
    account.openOrders = [
      own('9007199254740993', 'BUY', '64999.90', '0.5', '0.2'),
      own('2', 'BUY', '64999.90', '0.1'),
      own('3', 'SELL', '65000.05', '1'),
      { ...own('4', 'SELL', '65000.06', '1'), symbol: 'ethusdt' },
      { ...own('5', 'SELL', '65000.07', '1'), module: 'margin' }
    ]
    await frame()
    expect(cell('64999.9', 'buys').text()).toBe('B ×2 0.4')
    expect(cell('64999.9', 'buys').attributes('aria-label')).toBe(
      '2 own buy orders, 0.4 still open. ' +
        'Click or Enter: cancel 2 order(s) at 64,999.90; drag to another level to move it'
    )
    expect(cell('64999.9', 'buys').attributes('title')).toBe(cell('64999.9', 'buys').attributes('aria-label'))
    expect(cell('65000.05', 'sells').text()).toBe('S 1')
    expect(cell('65000.06', 'sells').text()).toBe('')
    expect(cell('65000.07', 'sells').text()).toBe('')
    account.openOrders = []
    await frame()
    expect(wrapper.findAll('[data-testid="ladder-buys"]').filter((c) => c.text() !== '')).toHaveLength(0)
  })

  it('follows the market while auto-centre is on, but not while the pointer is over it', async () => {
    const { fake, rows, wrapper } = await ladder()
    const centre = () => rows()[10]!.attributes('data-ladder-price')
    expect(centre()).toBe('65000')
    fake.emit('market.onTrades', { symbol: 'btcusdt', trades: [trade('65000.04')] })
    await frame()
    expect(centre()).toBe('65000') // within the band (a quarter of the rows): the ladder holds still
    await wrapper.get('.rows').trigger('pointerenter')
    fake.emit('market.onTrades', { symbol: 'btcusdt', trades: [trade('65003.00')] })
    await frame()
    expect(centre()).toBe('65000') // under the pointer: no jump
    await wrapper.get('.rows').trigger('pointerleave')
    fake.emit('market.onTrades', { symbol: 'btcusdt', trades: [trade('65003.01')] })
    await frame()
    expect(centre()).toBe('65003.01')
    await wrapper.get('[data-testid="ladder-auto"]').setValue(false)
    fake.emit('market.onTrades', { symbol: 'btcusdt', trades: [trade('65010.00')] })
    await frame()
    expect(centre()).toBe('65003.01')
    await wrapper.get('[data-testid="ladder-recentre"]').trigger('click')
    expect(centre()).toBe('65010')
    await wrapper.get('[data-testid="ladder-grid"]').trigger('keydown', { key: 'PageUp' })
    expect(centre()).toBe('65010.1')
    await wrapper.get('[data-testid="ladder-grid"]').trigger('keydown', { key: 'c' })
    expect(centre()).toBe('65010')
  })

  it('places through the ladder path: a bid buys, an ask sells, by click and by Enter; size validated in words', async () => {
    const { cell, wrapper } = await ladder()
    const hotkeys = useTradingHotkeysStore()
    const level = vi.spyOn(hotkeys, 'ladderLevel').mockResolvedValue()
    const warn = vi.spyOn(useFeedbackStore(), 'warn')
    await cell('64999.9', 'bid').trigger('click')
    expect(level).not.toHaveBeenCalled()
    expect(warn).toHaveBeenLastCalledWith(
      'Ladder order: nothing sent',
      'No size for BTC/USDT: type one in the ladder’s size field first.'
    )
    const size = wrapper.get('[data-testid="ladder-size"]')
    await size.setValue('-1')
    await size.trigger('change')
    expect(wrapper.get('[data-testid="ladder-size-error"]').text()).toMatch(/sign|negative|minus/i)
    expect(usePreferencesStore().profile.hotkeySizes['spot:btcusdt']).toBeUndefined()
    // The order rules' own words for a limit's size on this market.
    const refused: [string, string][] = [
      ['0', 'size must be a number greater than 0'],
      ['0.0000001', 'size steps are 0.000001 BTC on BTC/USDT: 0.000001'],
      ['0.00005', 'size 0.00005 BTC is below the minimum 0.0001 BTC for limit orders on BTC/USDT']
    ]
    for (const [text, words] of refused) {
      await size.setValue(text)
      await size.trigger('change')
      expect(wrapper.get('[data-testid="ladder-size-error"]').text()).toBe(words)
      expect((size.element as HTMLInputElement).value).toBe(text)
    }
    expect(usePreferencesStore().profile.hotkeySizes['spot:btcusdt']).toBeUndefined()
    // Spaces around it are read away: what was saved is said on screen.
    await size.setValue(' 0.02 ')
    await size.trigger('change')
    await frame()
    expect(wrapper.find('[data-testid="ladder-size-error"]').exists()).toBe(false)
    expect(usePreferencesStore().profile.hotkeySizes['spot:btcusdt']).toBe('0.02')
    expect((size.element as HTMLInputElement).value).toBe('0.02')
    expect(wrapper.get('[data-testid="ladder-size-saved"]').text()).toBe('saved')
    expect(wrapper.get('[data-testid="ladder-size-saved"]').attributes('title')).toBe(
      'Ladder size for BTC/USDT: 0.02 BTC'
    )
    await cell('64999.9', 'bid').trigger('click')
    await cell('65000.1', 'ask').trigger('click')
    // The clicked cell is the keyboard's: one level down on the ask side, then two columns left to the bid side.
    const grid = wrapper.get('[data-testid="ladder-grid"]')
    await grid.trigger('focus')
    await grid.trigger('keydown', { key: 'ArrowDown' })
    await grid.trigger('keydown', { key: 'Enter' })
    await grid.trigger('keydown', { key: 'ArrowLeft' })
    await grid.trigger('keydown', { key: 'ArrowLeft' })
    await grid.trigger('keydown', { key: 'Enter' })
    expect(level.mock.calls).toEqual([
      ['bids', '64999.9', 'spot:btcusdt'],
      ['asks', '65000.1', 'spot:btcusdt'],
      ['asks', '65000.09', 'spot:btcusdt'],
      ['bids', '65000.09', 'spot:btcusdt']
    ])
    expect(grid.attributes('aria-activedescendant')).toMatch(/-bid-65000_09$/)
    expect(wrapper.get('.focus').attributes('data-testid')).toBe('ladder-bid')

    // A size typed and not saved: a click does not send the saved one the field no longer shows.
    const type = async (text: string) => {
      ;(size.element as HTMLInputElement).value = text
      await size.trigger('input')
    }
    await type('0.5x')
    await size.trigger('change')
    expect(wrapper.find('[data-testid="ladder-size-error"]').exists()).toBe(true)
    await cell('64999.9', 'bid').trigger('click')
    await grid.trigger('keydown', { key: 'Enter' })
    expect(level).toHaveBeenCalledTimes(4)
    expect(warn).toHaveBeenLastCalledWith(
      'Ladder order: nothing sent',
      'The size field does not hold the saved size (0.02): mend it or press Enter first.'
    )
    await type('0.020')
    expect(wrapper.find('[data-testid="ladder-size-error"]').exists()).toBe(false) // mended: said at once
    await cell('64999.9', 'bid').trigger('click')
    expect(level).toHaveBeenCalledTimes(5) // the saved size, written otherwise
  })

  it('names each grouping by the price step of a row, then its ticks, in the window’s language', async () => {
    const { wrapper } = await ladder()
    const select = wrapper.get('[data-testid="ladder-group"]')
    const options = () => select.findAll('option').map((o) => o.text())
    expect(select.attributes('aria-label')).toBe('Price step of a row')
    expect(options().slice(0, 3)).toEqual(['0.01 a row (1 tick)', '0.02 a row (2 ticks)', '0.05 a row (5 ticks)'])
    expect(options()).toContain('5 a row (500 ticks)')
    expect(options().at(-1)).toBe('100 a row (10,000 ticks)')
    setLocale('zh-CN')
    await frame()
    expect(options()).toContain('每行 5（500 跳）')
    setLocale('zh-TW')
    await frame()
    expect(options()[0]).toBe('每列 0.01（1 跳）')
  })

  it('says every refusal of the size field in the window’s language, a shown one again after a switch', async () => {
    const { wrapper } = await ladder()
    const size = wrapper.get('[data-testid="ladder-size"]')
    const refuse = async (text: string): Promise<string> => {
      await size.setValue(text)
      await size.trigger('change')
      return wrapper.get('[data-testid="ladder-size-error"]').text()
    }
    expect(await refuse('1e-3')).toBe('write size in full digits, not as an exponent: 1e-3 is 0.001')
    setLocale('zh-CN')
    await frame()
    expect(wrapper.get('[data-testid="ladder-size-error"]').text()).toBe(
      '数量请写成完整数字，不要用科学计数法：1e-3 即 0.001'
    )
    for (const text of ['-1', 'abc', '0', '0.0000001', '1,5', '']) {
      const said = await refuse(text)
      expect(said, text).toContain('数量')
      expect(said, text).not.toMatch(/[a-z]{3}/) // no English word
    }
    await size.setValue('0.02')
    await size.trigger('change')
    await frame()
    expect(wrapper.get('[data-testid="ladder-size-saved"]').attributes('title')).toContain('0.02 BTC')
    setLocale('zh-TW')
    await frame()
    expect(wrapper.get('[data-testid="ladder-size-saved"]').attributes('title')).not.toContain('Ladder size')
  })

  it('cancels an own order by a click through the trading store', async () => {
    const { cell } = await ladder()
    useAccountStore().openOrders = [own('9007199254740993', 'BUY', '64999.90', '0.5')]
    await frame()
    const cancel = vi.spyOn(useTradingStore(), 'cancel').mockResolvedValue({
      status: 'canceled',
      orderId: '9007199254740993',
      error: null
    } as never)
    // happy-dom lays nothing out: the cell under the pointer is the one pressed.
    vi.spyOn(document, 'elementFromPoint').mockReturnValue(cell('64999.9', 'buys').element)
    await cell('64999.9', 'buys').trigger('pointerdown', { button: 0, clientX: 1, clientY: 1 })
    window.dispatchEvent(new PointerEvent('pointerup', { clientX: 1, clientY: 1 }))
    await frame()
    expect(cancel).toHaveBeenCalledWith({ module: 'spot', symbol: 'btcusdt', orderId: '9007199254740993' })
    expect(cell('64999.9', 'buys').text()).toBe('') // gone once cancelled, before the next poll
  })

  it('moves an own order dragged to another level; released off the ladder, nothing is sent', async () => {
    const { cell } = await ladder()
    useAccountStore().openOrders = [own('7', 'SELL', '65000.05', '0.5')]
    await frame()
    const move = vi.spyOn(useOrderMovesStore(), 'move').mockResolvedValue(null)
    const cancel = vi.spyOn(useTradingStore(), 'cancel')
    const under = vi.spyOn(document, 'elementFromPoint')
    const drag = async (to: Element | null) => {
      await cell('65000.05', 'sells').trigger('pointerdown', { button: 0, clientX: 1, clientY: 1 })
      under.mockReturnValue(to)
      window.dispatchEvent(new PointerEvent('pointermove', { clientX: 1, clientY: 9 }))
      window.dispatchEvent(new PointerEvent('pointerup', { clientX: 1, clientY: 9 }))
      await frame()
    }
    await drag(null)
    expect(move).not.toHaveBeenCalled()
    await drag(cell('65000.08', 'price').element)
    expect(move.mock.calls).toEqual([[{ module: 'spot', symbol: 'btcusdt', orderId: '7', side: 'SELL' }, '65000.08']])
    expect(cancel).not.toHaveBeenCalled()
  })

  it('shows a moving order at its new level until main answers, the old one as being cancelled', async () => {
    const { cell } = await ladder()
    useAccountStore().openOrders = [own('7', 'SELL', '65000.05', '0.5')]
    const moves = useOrderMovesStore()
    moves.moving = { '7': { orderId: '7', module: 'spot', symbol: 'btcusdt', price: '65000.08', side: 'SELL' } }
    await frame()
    expect(cell('65000.05', 'sells').text()).toBe('S 0.5 · cancelling')
    expect(cell('65000.08', 'sells').get('[data-testid="ladder-arriving"]').text()).toBe('moving here…')
    // A slow venue: the old order is cancelled and gone from the account long before the new one rests.
    useAccountStore().openOrders = []
    await frame()
    expect(cell('65000.05', 'sells').text()).toBe('')
    expect(cell('65000.08', 'sells').text()).toBe('moving here…')
    moves.moving = {}
    await frame()
    expect(cell('65000.08', 'sells').find('[data-testid="ladder-arriving"]').exists()).toBe(false)
  })

  it('refuses clicks in words while the book is not live, and says so', async () => {
    const { cell, wrapper } = await ladder()
    usePreferencesStore().profile.hotkeySizes = { 'spot:btcusdt': '0.02' }
    const level = vi.spyOn(useTradingHotkeysStore(), 'ladderLevel').mockResolvedValue()
    const warn = vi.spyOn(useFeedbackStore(), 'warn')
    useStatusStore().link = 'offline'
    await frame()
    expect(wrapper.get('[data-testid="ladder-stale"]').text()).toContain('disconnected')
    // The note lies over the rows (in the layer that holds the grid), not in the flow above them: the rows stay put.
    const over = wrapper.get('[data-testid="ladder-over"]').element
    expect(wrapper.get('[data-testid="ladder-stale"]').element.parentElement).toBe(over)
    expect(over.contains(wrapper.get('[data-testid="ladder-grid"]').element)).toBe(true)
    await cell('64999.9', 'bid').trigger('click')
    expect(level).not.toHaveBeenCalled()
    expect(warn.mock.lastCall?.[1]).toMatch(/^The book is not live \(disconnected\): nothing sent\.$/i)
  })

  it('says where to trade when it cannot: a second panel of the main window, or a pop-out window', async () => {
    const m = await mountWithFeed(PriceLadder, 'futures', 'E-ETH-USDT', { module: 'futures', trade: false })
    // In the main window (no market route): the window's main market's ladder trades, not "the main window".
    expect(m.wrapper.get('[data-testid="ladder-not-here"]').text()).toBe(
      "Trade from the ladder of the window's main market (this panel shows the book only)."
    )
    m.wrapper.unmount()
    const before = window.location.hash
    window.location.hash = '#/market/spot/ethusdt'
    try {
      const pop = await mountWithFeed(PriceLadder, 'spot', 'ethusdt', { module: 'spot', trade: false })
      expect(pop.wrapper.get('[data-testid="ladder-not-here"]').text()).toBe(
        'Trade from the ladder in the main window (this one shows the book only).'
      )
    } finally {
      window.location.hash = before
    }
  })
})
