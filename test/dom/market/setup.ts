// Mounting helpers of the market panel's component tests: a fresh Pinia and fake client per test, a feed of one
// market from the real store, and the frame flush that stands in for requestAnimationFrame.
import { flushPromises, mount } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import type { Component } from 'vue'
import { flushFrames } from '../../../src-renderer/src/lib/frame'
import type { Gateway } from '@shared/api/types'
import { useMarketPanelsStore } from '../../../src-renderer/src/stores/market-panels'
import { FakeMarket } from './fake-market'

export async function mountWithFeed(
  component: Component,
  module: Gateway = 'spot',
  symbol = 'btcusdt',
  props: Record<string, unknown> = {}
) {
  globalThis.localStorage?.clear()
  const fake = new FakeMarket()
  const pinia = createPinia()
  setActivePinia(pinia)
  const market = useMarketPanelsStore()
  const feed = market.acquire(module, symbol)
  await market.loadRules(module)
  const wrapper = mount(component, {
    props: { feed, rules: market.rules[feed.key] ?? null, ...props },
    global: { plugins: [pinia] }
  })
  return { fake, pinia, market, feed, wrapper }
}

/** Lets stream events through the frame scheduler and Vue's DOM patch. */
export async function frame(): Promise<void> {
  await flushPromises()
  await flushFrames()
  await flushPromises()
}

/** Hides (true) or shows the page as Chromium does: document.hidden and a visibilitychange event. */
export function setPageHidden(hidden: boolean): void {
  Object.defineProperty(document, 'hidden', { value: hidden, configurable: true })
  document.dispatchEvent(new Event('visibilitychange'))
}
