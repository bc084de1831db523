// The monitor tile's last price: a change tints the same element up or down (the market list's flash: one timer for
// the page), and the tint ends by itself (a timer's class, no animation: an animation per change kept Chromium drawing
// every frame: bench/ui/README.md, idle section).
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { flushPromises, mount } from '@vue/test-utils'
import MonitorTile from '../../../src-renderer/src/components/monitor/MonitorTile.vue'
import { spotInfo, useMarketListStore } from '../../../src-renderer/src/stores/market-list'
import { nextFrame, type FakeTerminal } from './fake-terminal'
import { SPOT } from './fixtures'
import { expectFlashUpThenDown, LATE, marketListTerminal, sendTicker } from './market-list-fixture'

let fake: FakeTerminal
beforeEach(() => {
  fake = marketListTerminal()
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
    sendTicker(fake, 'btcusdt', '100')
    await nextFrame()
    const last = () => w.get('[data-testid="monitor-last"]')
    expect(last().text()).toBe('100.00')
    await expectFlashUpThenDown(last, (close) => sendTicker(fake, 'btcusdt', close))
    expect(last().text()).toBe('99.00')
    w.unmount()
  })
})
