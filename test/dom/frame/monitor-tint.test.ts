// The monitor tile's last price: a change tints the same element up or down (the market list's flash: one timer for
// the page), and the tint ends by itself (a timer's class, no animation: an animation per change kept Chromium drawing
// every frame: bench/ui/README.md, idle section).
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { flushPromises, mount } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import MonitorTile from '../../../src-renderer/src/components/monitor/MonitorTile.vue'
import { spotInfo, useMarketListStore } from '../../../src-renderer/src/stores/market-list'
import { fakeTerminal, nextFrame, type FakeTerminal } from './fake-terminal'
import { SPOT, ticker } from './fixtures'

let fake: FakeTerminal
/** For what follows the store's own timers: generous on a loaded machine. */
const LATE = { timeout: 8000, interval: 20 }
beforeEach(() => {
  localStorage.clear()
  setActivePinia(createPinia())
  fake = fakeTerminal({
    'market.symbols': () => SPOT,
    'market.tickers': (i) => (i.symbols ?? []).map((s) => ticker(s, '100'))
  })
})

describe('MonitorTile', () => {
  it('tints the same price element on a change, up then down, and the tint ends by itself', async () => {
    useMarketListStore().ensure('spot')
    await flushPromises()
    const w = mount(MonitorTile, {
      props: { market: spotInfo(SPOT[0]!), canPopOut: false, first: true, last: true },
      attachTo: document.body
    })
    await vi.waitFor(() => expect(fake.subscribed('market.onTicker').length).toBeGreaterThan(0), LATE)
    const btc = (p: unknown): boolean => (p as { symbol: string }).symbol === 'btcusdt'
    fake.emit('market.onTicker', ticker('btcusdt', '100'), btc)
    await nextFrame()
    const last = () => w.get('[data-testid="monitor-last"]')
    const cell = last().element
    expect(last().text()).toBe('100.00')
    fake.emit('market.onTicker', ticker('btcusdt', '101.5'), btc)
    await nextFrame()
    expect(last().text()).toBe('101.50')
    expect(last().element).toBe(cell)
    expect(last().classes()).toContain('flash-up')
    await vi.waitFor(() => expect(last().classes()).not.toContain('flash-up'), LATE)
    expect(last().text()).toBe('101.50')
    fake.emit('market.onTicker', ticker('btcusdt', '99'), btc)
    await nextFrame()
    expect(last().classes()).toContain('flash-down')
    expect(last().element).toBe(cell)
    w.unmount()
  })
})
