// The market list panel: live price and 24 h change, search, favourites, keyboard, sort, selection, pop-out,
// live streams only for what is shown, and the empty and error states that say what to do.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { flushPromises, mount } from '@vue/test-utils'
import { setLocale } from '../../../src-renderer/src/i18n'
import MarketListPanel from '../../../src-renderer/src/panels/MarketListPanel.vue'
import { useSelectionStore } from '../../../src-renderer/src/stores/selection'
import { useWindowsStore } from '../../../src-renderer/src/stores/windows'
import { nextFrame, type FakeTerminal } from './fake-terminal'
import { SPOT, spot, ticker } from './fixtures'
import { expectFlashUpThenDown, LATE, marketListTerminal, sendTicker } from './market-list-fixture'

let fake: FakeTerminal
afterEach(() => setLocale('en'))
beforeEach(() => {
  fake = marketListTerminal({
    spot: (s) => ticker(s, '100', '0.0123'),
    futures: (s) => ticker(s, '200', '-0.02')
  })
})

async function mountList() {
  const w = mount(MarketListPanel, { attachTo: document.body })
  await flushPromises()
  await nextFrame()
  // The live rows are leased after a debounce: wait for the lease (a fixed sleep can end first on a loaded machine).
  await vi.waitFor(() => expect(fake.subscribed('market.onTicker').length).toBeGreaterThan(0), LATE)
  await flushPromises()
  return w
}
const rows = (w: Awaited<ReturnType<typeof mountList>>) =>
  w.findAll('[data-testid^="market-row-"]').map((r) => r.attributes('data-testid')!.slice(11))

describe('MarketListPanel', () => {
  it('lists the module’s markets with live last price and 24 h change', async () => {
    const w = await mountList()
    expect(rows(w)).toEqual(['btcusdt', 'ethusdt', 'dogeusdt'])
    const btc = w.get('[data-testid="market-row-btcusdt"]')
    expect(btc.get('[data-testid="market-last"]').text()).toBe('100.00')
    expect(btc.get('[data-testid="market-change"]').text()).toBe('+1.23%')
    expect(btc.get('[data-testid="market-change"]').classes()).toContain('up')
    // Every shown row streams its ticker; a new price shows on the next frame.
    await vi.waitFor(() => expect(fake.subscribed('market.onTicker')).toHaveLength(3), LATE)
    sendTicker(fake, 'btcusdt', '101.456', '-0.005')
    await nextFrame()
    expect(btc.get('[data-testid="market-last"]').text()).toBe('101.46')
    expect(btc.get('[data-testid="market-change"]').text()).toBe('-0.50%')
    // A change tints the same cell (never re-created for a new price), and the tint ends by itself.
    await vi.waitFor(() => expect(btc.get('[data-testid="market-last"]').classes()).not.toContain('flash-up'), LATE)
    await expectFlashUpThenDown(
      () => btc.get('[data-testid="market-last"]'),
      (close) => sendTicker(fake, 'btcusdt', close, '-0.005')
    )
    w.unmount()
    expect(fake.subscribed('market.onTicker')).toHaveLength(0)
  })

  it('selects a market on click, and with the keyboard from the search field', async () => {
    const w = await mountList()
    const sel = useSelectionStore()
    await w.get('[data-testid="market-row-ethusdt"]').trigger('click')
    expect(sel.symbol).toBe('ethusdt')
    expect(w.get('[data-testid="market-row-ethusdt"]').attributes('aria-selected')).toBe('true')
    const search = w.get('[data-testid="market-search"]')
    await search.setValue('o')
    expect(rows(w)).toEqual(['dogeusdt'])
    await search.trigger('keydown', { key: 'ArrowDown' })
    await search.trigger('keydown', { key: 'Enter' })
    expect(sel.symbol).toBe('dogeusdt')
    await search.trigger('keydown', { key: 'Escape' })
    expect(rows(w)).toHaveLength(3)
  })

  it('says when a search matches nothing, and clears it', async () => {
    const w = await mountList()
    await w.get('[data-testid="market-search"]').setValue('xyz')
    expect(w.text()).toContain('No market matches “xyz”')
    await w.get('.empty .btn').trigger('click')
    expect(rows(w)).toHaveLength(3)
  })

  it('pins favourites, and explains an empty favourites list', async () => {
    const w = await mountList()
    await w.get('[data-testid="market-favourites"]').trigger('click')
    expect(w.text()).toContain('No favourites yet')
    expect(w.text()).toContain('Click the star next to a market')
    await w.get('.empty .btn').trigger('click')
    await w.get('[data-testid="market-row-dogeusdt"] [data-testid="market-fav"]').trigger('click')
    expect(useSelectionStore().symbol).toBe('btcusdt') // the star does not select the row
    await w.get('[data-testid="market-favourites"]').trigger('click')
    expect(rows(w)).toEqual(['dogeusdt'])
    expect(fake.prefs.view().profile.favourites).toEqual(['spot:dogeusdt']) // kept by main
  })

  it('speaks the chosen language: search, filters, columns, a row’s tooltip and the empty states', async () => {
    const w = await mountList()
    setLocale('zh-CN')
    await flushPromises()
    expect(w.get('[data-testid="market-search"]').attributes('placeholder')).toBe('搜索市场')
    expect(w.get('[data-testid="market-favourites"]').text()).toBe('自选')
    expect(w.findAll('.cols button').map((b) => b.text())).toEqual(['交易对', '最新价', '⇄', '24h涨跌'])
    expect(w.get('[data-testid="market-third"]').attributes('title')).toBe('显示成交量')
    expect(w.get('[data-testid="market-row-btcusdt"] [data-testid="market-fav"]').attributes('title')).toBe('加入自选')
    expect(w.get('[role="grid"]').attributes('aria-label')).toBe('现货市场')
    await w.get('[data-testid="market-favourites"]').trigger('click')
    expect(w.get('.empty strong').text()).toBe('暂无自选')
    expect(w.get('.empty .btn').text()).toBe('显示全部市场')
    await w.get('.empty .btn').trigger('click')
    await w.get('[data-testid="market-search"]').setValue('xyz')
    expect(w.get('.empty strong').text()).toBe('没有与“xyz”匹配的市场')
    setLocale('zh-TW')
    await flushPromises()
    expect(w.get('.empty strong').text()).toBe('沒有與「xyz」相符的市場')
    expect(w.get('.empty .btn').text()).toBe('清除搜尋')
  })

  it('shows volume instead of change, and sorts', async () => {
    const w = await mountList()
    await w.get('[data-testid="market-third"]').trigger('click')
    expect(w.find('[data-testid="market-change"]').exists()).toBe(false)
    expect(w.get('[data-testid="market-row-btcusdt"]').text()).toContain('10.00')
    await w.findAll('.cols button')[0]!.trigger('click') // Pair A-Z
    expect(rows(w)).toEqual(['btcusdt', 'dogeusdt', 'ethusdt'])
  })

  it('lists futures contracts in the Futures module', async () => {
    const sel = useSelectionStore()
    sel.selectMarket('futures', 'E-BTC-USDT')
    const w = await mountList()
    expect(rows(w)).toEqual(['e-btc-usdt', 'e-eth-usdt'])
    expect(w.get('[data-testid="market-row-e-btc-usdt"]').text()).toContain('BTC/USDT')
    expect(w.get('[data-testid="market-row-e-eth-usdt"] [data-testid="market-change"]').classes()).toContain('down')
  })

  it('pops a market out into its own window', async () => {
    const w = await mountList()
    const popOut = vi.spyOn(useWindowsStore(), 'popOut').mockResolvedValue(true)
    await w.get('[data-testid="market-row-ethusdt"] [data-testid="market-popout"]').trigger('click')
    expect(popOut).toHaveBeenCalledWith('spot', 'ethusdt')
    expect(useSelectionStore().symbol).toBe('btcusdt')
  })

  it('renders and streams only the rows in view of a long list, and follows the scroll', async () => {
    const many = Array.from({ length: 300 }, (_, i) =>
      spot(`c${String(i).padStart(3, '0')}usdt`, `C${String(i).padStart(3, '0')}`)
    )
    fake.handlers['market.symbols'] = () => many
    useSelectionStore().selectMarket('spot', 'c000usdt')
    const w = await mountList()
    const first = rows(w)
    expect(first.length).toBeLessThan(60) // 600 px of 22 px rows and a margin, not 300
    expect(first[0]).toBe('c000usdt')
    await vi.waitFor(() => expect(fake.subscribed('market.onTicker').length).toBe(first.length), LATE)
    const body = w.get('.body').element as HTMLElement
    body.scrollTop = 220 * 22
    await w.get('.body').trigger('scroll')
    await nextFrame()
    await vi.waitFor(() => expect(rows(w)).toContain('c220usdt'), LATE)
    expect(rows(w)).not.toContain('c000usdt')
    // The selected market keeps streaming while scrolled away; the rows in view stream once the lease follows.
    await vi.waitFor(
      () => expect(fake.subscribed('market.onTicker')).toContainEqual({ module: 'spot', symbol: 'c220usdt' }),
      LATE
    )
    expect(fake.subscribed('market.onTicker')).toContainEqual({ module: 'spot', symbol: 'c000usdt' })
  })

  it('shows loading, then the error with a retry', async () => {
    let fail = true
    fake.handlers['market.symbols'] = () => (fail ? Promise.reject(new Error('venue unreachable')) : SPOT)
    const w = mount(MarketListPanel)
    expect(w.find('[role="progressbar"]').exists()).toBe(true)
    await flushPromises()
    expect(w.text()).toContain('Markets could not be loaded')
    expect(w.text()).toContain('venue unreachable')
    fail = false
    await w.get('.empty .btn').trigger('click')
    await flushPromises()
    expect(rows(w as never)).toHaveLength(3)
  })
})
