// The shell: module tabs drive the shared selection, the route picks the window (workspace, pop-out, monitor),
// the theme applies to the document (main's, from the first paint), settings open and close, the frame's shortcuts
// act, and the last market of each module is main's preference, per profile.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { flushPromises, mount } from '@vue/test-utils'
import { createPinia } from 'pinia'
import App from '../../../src-renderer/src/App.vue'
import { setLocale } from '../../../src-renderer/src/i18n'
import { usePreferencesStore } from '../../../src-renderer/src/stores/preferences'
import { fakeTerminal, nextFrame, type FakeTerminal } from './fake-terminal'
import { FUTURES, PAPER, profilesView, REMOTE, SPOT, status, ticker } from './fixtures'

let fake: FakeTerminal
beforeEach(() => {
  localStorage.clear()
  fake = fakeTerminal({
    'market.symbols': () => SPOT,
    'market.contracts': () => FUTURES,
    'market.tickers': (i) =>
      i.module === 'spot' ? i.symbols.map((s) => ticker(s, '100')) : FUTURES.map((c) => ticker(c.symbol, '200')),
    'profiles.secretStatus': () => ({ hasKeys: true, apiKeyMasked: 'abcd…wxyz', hasRsaKey: true, keptIn: 'keychain' }),
    'app.info': () => ({
      name: 'CH Trader',
      version: '0.1.0',
      embeddedExchangeUrl: 'http://127.0.0.1:1',
      startedAt: 0,
      notices: []
    })
  })
})
const mounted: { unmount(): void }[] = []
afterEach(() => {
  for (const w of mounted.splice(0)) w.unmount()
  history.replaceState(null, '', '#/')
  setLocale('en')
})

/**
 * The frame alone (registered panels, the other teams', are stubbed), started as main.ts starts it: main's preferences
 * first.
 */
/**
 * The warnings a window shows, but the main window's "could not be reopened": a pop-out a test mounted before is
 * missing at the main window's start, and once its wait is over the main window tries to reopen it (happy-dom opens
 * no window). On a loaded machine that wait ends inside the test.
 */
const warnings = (w: { findAll(s: string): { text(): string }[] }): string[] =>
  w
    .findAll('[data-testid="toast-warn"]')
    .map((t) => t.text())
    .filter((t) => !t.includes('could not be reopened'))

async function mountApp(hash = '#/') {
  history.replaceState(null, '', hash)
  const pinia = createPinia()
  await usePreferencesStore(pinia).load()
  const w = mount(App, {
    global: {
      plugins: [pinia],
      stubs: { PanelHost: { props: ['panel'], template: '<div class="panel" :data-panel="panel.id" />' } }
    },
    attachTo: document.body
  })
  mounted.push(w)
  return w
}

describe('App shell', () => {
  it('opens on the workspace with every area, the paper profile and a connected status bar', async () => {
    const w = await mountApp()
    fake.emit('profiles.onChange', profilesView())
    fake.emit('app.onStatus', status())
    await flushPromises()
    expect(w.get('[data-testid="app-shell"]').attributes('data-route')).toBe('main')
    expect(w.findAll('[data-testid="module-tabs"] button').map((b) => b.text())).toEqual(['Spot', 'Margin', 'Futures'])
    expect(w.find('[data-panel="market-list"]').exists()).toBe(true)
    expect(w.get('[data-testid="profile-switcher"]').text()).toContain('Embedded exchange (paper)')
    expect(w.get('[data-testid="connection-status"]').attributes('data-state')).toBe('connected')
    expect(document.documentElement.dataset['theme']).toBe('dark')
  })

  it('switches module with the tabs and returns to the market last seen in each, kept by main for the profile', async () => {
    const w = await mountApp()
    fake.emit('profiles.onChange', profilesView())
    await flushPromises()
    await w.get('[data-testid="module-tab-futures"]').trigger('click')
    await flushPromises()
    expect(w.get('[data-testid="module-tab-futures"]').classes()).toContain('active')
    expect(w.get('[data-testid="popout-current"]').text()).toBe('BTC/USDT')
    expect(fake.prefs.view().profile.lastMarket).toMatchObject({
      module: 'futures',
      symbols: { futures: 'E-BTC-USDT' }
    })
    await w.get('[data-testid="module-tab-spot"]').trigger('click')
    expect(w.get('[data-testid="module-tab-spot"]').classes()).toContain('active')
  })

  it('opens on main’s theme and last market from the first paint, and shows another profile’s own last market', async () => {
    fake.prefs.set({
      app: { theme: 'light' },
      profile: { lastMarket: { module: 'futures', symbols: { futures: 'E-ETH-USDT' } } }
    })
    fake.prefs.set({ profileId: REMOTE.id, profile: { lastMarket: { module: 'spot', symbols: { spot: 'dogeusdt' } } } })
    const w = await mountApp()
    // No flush: what the first render shows.
    expect(document.documentElement.dataset['theme']).toBe('light')
    expect(w.get('[data-testid="module-tab-futures"]').classes()).toContain('active')
    fake.emit('profiles.onChange', profilesView([PAPER, REMOTE], PAPER.id))
    await flushPromises()
    fake.emit('profiles.onChange', profilesView([PAPER, REMOTE], REMOTE.id))
    await flushPromises()
    expect(w.get('[data-testid="module-tab-spot"]').classes()).toContain('active')
    expect(w.get('[data-testid="popout-current"]').text()).toBe('DOGE/USDT')
    expect(fake.prefs.view(PAPER.id).profile.lastMarket).toMatchObject({
      module: 'futures',
      symbols: { futures: 'E-ETH-USDT' }
    }) // the switch wrote nothing to the old profile
  })

  it('module tabs: an arrow key does not switch the module (a switch clears the order form); a press does', async () => {
    const w = await mountApp()
    await flushPromises()
    const spot = w.get('[data-testid="module-tab-spot"]')
    expect(spot.classes()).toContain('active')
    await spot.trigger('keydown', { key: 'ArrowRight' })
    await flushPromises()
    expect(spot.classes()).toContain('active')
    expect(w.get('[data-testid="module-tab-margin"]').classes()).not.toContain('active')
    await w.get('[data-testid="module-tab-margin"]').trigger('click') // Enter or Space on a button is its click
    await flushPromises()
    expect(w.get('[data-testid="module-tab-margin"]').classes()).toContain('active')
  })

  it('no frame shortcut acts behind a modal dialog (the order confirmation)', async () => {
    const w = await mountApp()
    await flushPromises()
    const modal = document.createElement('div')
    modal.setAttribute('aria-modal', 'true')
    document.body.append(modal)
    try {
      window.dispatchEvent(new KeyboardEvent('keydown', { key: '3', code: 'Digit3', altKey: true }))
      await flushPromises()
      expect(w.get('[data-testid="module-tab-spot"]').classes()).toContain('active')
    } finally {
      modal.remove()
    }
    window.dispatchEvent(new KeyboardEvent('keydown', { key: '3', code: 'Digit3', altKey: true }))
    await flushPromises()
    expect(w.get('[data-testid="module-tab-futures"]').classes()).toContain('active')
  })

  it('binds the frame shortcuts, and obeys the preference', async () => {
    const w = await mountApp()
    await flushPromises()
    window.dispatchEvent(new KeyboardEvent('keydown', { key: '3', code: 'Digit3', altKey: true }))
    await flushPromises()
    expect(w.get('[data-testid="module-tab-futures"]').classes()).toContain('active')
    window.dispatchEvent(new KeyboardEvent('keydown', { key: ',', ctrlKey: true }))
    await flushPromises()
    expect(w.find('[data-testid="settings"]').exists()).toBe(true)
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }))
    await flushPromises()
    expect(w.find('[data-testid="settings"]').exists()).toBe(false)
    await w.get('[data-testid="open-settings"]').trigger('click')
    await w.get('[data-testid="settings-tab-shortcuts"]').trigger('click')
    await w.get('[data-testid="pref-shortcuts"]').setValue(false)
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }))
    await flushPromises()
    window.dispatchEvent(new KeyboardEvent('keydown', { key: '1', code: 'Digit1', altKey: true }))
    await flushPromises()
    expect(w.get('[data-testid="module-tab-futures"]').classes()).toContain('active')
  })

  it('speaks the chosen language: tabs, buttons, tooltips, the profile, notifications and shortcuts, live', async () => {
    const w = await mountApp()
    fake.emit('profiles.onChange', profilesView())
    await flushPromises()
    const tabs = () => w.findAll('[data-testid="module-tabs"] button').map((b) => b.text())
    setLocale('zh-CN')
    await flushPromises()
    expect(tabs()).toEqual(['现货', '杠杆', '合约'])
    expect(w.get('[data-testid="module-tab-futures"]').attributes('title')).toBe('合约（Alt+3）')
    expect(w.get('[data-testid="bottom-tab-orders"]').text()).toBe('委托')
    expect(w.get('[data-testid="open-monitor"]').text()).toBe('监控')
    expect(w.get('[data-testid="open-settings"]').attributes('title')).toBe('设置（Ctrl+,）')
    expect(w.get('[data-testid="theme-toggle"]').attributes('title')).toBe('切换到浅色主题')
    expect(w.get('[data-testid="profile-switcher"]').text()).toContain('模拟')
    expect(w.get('[data-testid="notices-bell"]').attributes('title')).toBe('通知')
    await w.get('[data-testid="notices-bell"]').trigger('click')
    expect(w.get('[data-testid="notices-empty"]').text()).toBe('暂无通知')
    expect(w.get('[data-testid="notices-clear"]').text()).toBe('清空')
    await w.get('[data-testid="profile-switcher"]').trigger('click')
    expect(w.get('[data-testid="profile-add"]').text()).toBe('添加远程配置')
    await w.get('[data-testid="open-settings"]').trigger('click')
    await w.get('[data-testid="settings-tab-shortcuts"]').trigger('click')
    const keys = w.get('[data-testid="settings"] table.keys').text()
    expect(keys).toContain('搜索市场')
    expect(keys).toContain('现货标签')
    expect(keys).toContain('Ctrl+K')
    setLocale('zh-TW')
    await flushPromises()
    expect(tabs()).toEqual(['現貨', '槓桿', '合約'])
    expect(w.get('[data-testid="bottom-tab-orders"]').text()).toBe('委託')
    expect(w.get('[data-testid="settings"] table.keys').text()).toContain('搜尋市場')
    setLocale('en')
    await flushPromises()
    expect(tabs()).toEqual(['Spot', 'Margin', 'Futures'])
    expect(w.get('[data-testid="settings"] table.keys').text()).toContain('Search markets')
  })

  it('switches the theme of the whole document', async () => {
    const w = await mountApp()
    await w.get('[data-testid="theme-toggle"]').trigger('click')
    await flushPromises()
    expect(document.documentElement.dataset['theme']).toBe('light')
  })

  it('shows a popped-out market alone, from its route', async () => {
    const w = await mountApp('#/market/futures/e-eth-usdt')
    await flushPromises()
    expect(w.get('[data-testid="app-shell"]').attributes('data-route')).toBe('market')
    expect(w.get('[data-testid="popout-view"]').attributes('data-symbol')).toBe('E-ETH-USDT')
    expect(w.get('[data-testid="popout-symbol"]').text()).toBe('ETH/USDT')
    expect(w.find('[data-testid="market-list"]').exists()).toBe(false)
    expect(w.find('[data-testid="module-tabs"]').exists()).toBe(false)
    expect(w.find('[data-panel="market"]').exists()).toBe(true)
    expect(w.find('[data-panel="order"]').exists()).toBe(false)
    expect(document.title).toBe('ETH/USDT · Futures · CH Trader')
    setLocale('zh-CN')
    await flushPromises()
    expect(document.title).toBe('ETH/USDT · 合约 · CH Trader')
    expect(w.get('[data-testid="popout-show-main"]').text()).toBe('在主窗口显示')
  })

  it('tells the startup notices in the main window only, and not again after a reload', async () => {
    const notice = {
      id: 'embedded-set-aside:/u/embedded-exchange.format-2-t',
      title: 'A fresh paper exchange was started',
      text: "The paper exchange's data was written by another version and was kept at /u/embedded-exchange.format-2-t; a fresh paper exchange was started.",
      path: '/u/embedded-exchange.format-2-t'
    }
    fake.handlers['app.info'] = () => ({
      name: 'CH Trader',
      version: '0.1.0',
      embeddedExchangeUrl: 'http://127.0.0.1:1',
      startedAt: 0,
      notices: [notice]
    })
    const popout = await mountApp('#/market/futures/e-eth-usdt')
    await flushPromises()
    expect(popout.find('[data-testid="toast-warn"]').exists()).toBe(false)
    popout.unmount()
    const main = await mountApp()
    await flushPromises()
    expect(warnings(main)).toEqual([expect.stringContaining(notice.text)])
    main.unmount()
    const reloaded = await mountApp()
    await flushPromises()
    expect(warnings(reloaded)).toEqual([])
  })

  it('tells price-alert fires from the start in the main window, the Alerts tab never opened; a pop-out does not', async () => {
    const popout = await mountApp('#/market/spot/ethusdt')
    await flushPromises()
    expect(fake.subscribed('alerts.onChange')).toEqual([])
    popout.unmount()
    const w = await mountApp()
    fake.emit('profiles.onChange', profilesView())
    await flushPromises()
    // Panels are stubbed here: the Alerts panel never mounts, so the subscription is the shell's own.
    expect(fake.subscribed('alerts.onChange')).toHaveLength(1)
    const rule = { kind: 'cross', level: '70000', direction: 'up' } as const
    await fake.emit('alerts.onChange', {
      profileId: PAPER.id,
      seq: 1,
      alerts: [],
      fired: [{ alertId: 'a1', module: 'spot', symbol: 'btcusdt', source: 'last', rule, at: 5, price: '70000.10' }]
    })
    await flushPromises()
    expect(warnings(w)).toEqual([expect.stringContaining('Price alert: BTC/USDT')])
  })

  it('shows the monitor from its route, seeded with the first markets and kept by layout', async () => {
    const w = await mountApp('#/monitor')
    await flushPromises()
    await nextFrame()
    expect(w.get('[data-testid="app-shell"]').attributes('data-route')).toBe('monitor')
    const tiles = () => w.findAll('[data-testid^="monitor-tile-"]').map((t) => t.attributes('data-testid'))
    expect(tiles()).toEqual(
      ['btcusdt', 'ethusdt', 'dogeusdt', 'e-btc-usdt', 'e-eth-usdt'].map((s) => `monitor-tile-${s}`)
    )
    expect(fake.prefs.view().profile.monitors['default']).toHaveLength(5)
    // Each tile streams its book and 1-minute candles.
    expect(fake.subscribed('market.onBook')).toHaveLength(5)
    expect(fake.subscribed('market.onCandles')).toContainEqual({
      module: 'futures',
      symbol: 'E-BTC-USDT',
      interval: '1min'
    })
    await w.get('[data-testid="monitor-tile-dogeusdt"] [data-testid="monitor-remove"]').trigger('click')
    expect(tiles()).toHaveLength(4)
    expect(fake.subscribed('market.onBook')).toHaveLength(4)
    expect(document.title).toBe('Monitor · CH Trader')
    expect(w.get('.bar .dim').text()).toBe('4 markets')
    setLocale('zh-CN')
    await flushPromises()
    expect(document.title).toBe('行情监控 · CH Trader')
    expect(w.get('.bar .brand').text()).toBe('行情监控')
    expect(w.get('.bar .dim').text()).toBe('4 个市场')
    const tile = w.get('[data-testid="monitor-tile-e-btc-usdt"]')
    expect(tile.get('.badge').text()).toBe('永续')
    expect(tile.get('[data-testid="monitor-remove"]').attributes('title')).toBe('从监控中移除')
    expect(tile.get('[data-testid="monitor-book"]').text()).toContain('等待盘口数据…')
    expect(w.get('[data-testid="monitor-add-select"] option').text()).toBe('添加市场…')
    setLocale('zh-TW')
    await flushPromises()
    expect(tile.get('[data-testid="monitor-remove"]').attributes('title')).toBe('從監控中移除')
  })
})
