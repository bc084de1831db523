// Mounts one of the trading panels on a fresh Pinia with the fake client, the account stream primed.
import { flushPromises, mount } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import type { Component } from 'vue'
import type { AccountSnapshotView } from '@shared/ipc/views/account'
import type { TickerView } from '@shared/ipc/views/market'
import { usePreferencesStore } from '../../../src-renderer/src/stores/preferences'
import type { Module } from '@shared/module'
import { useSelectionStore } from '../../../src-renderer/src/stores/selection'
import { flushFrames } from '../../../src-renderer/src/lib/frame'
import { installFakeClient, type FakeClient } from './fake-client'
import { BTCUSDT, DOGEUSDT, EBTC } from '../../fixtures/instruments'
import { snapshot } from './fixtures'

export interface Rig {
  fake: FakeClient
  wrapper: ReturnType<typeof mount>
  /** Pushes an account snapshot (the poll's event). */
  account(s?: Partial<AccountSnapshotView>): Promise<void>
}

let current: FakeClient | null = null
/** The fake client of the panel mounted last. */
export const currentFake = (): FakeClient => current!

export async function mountPanel(
  panel: Component,
  o: { module?: Module; symbol?: string; confirm?: boolean; noPrices?: boolean; priceGuard?: string } = {},
  handlers: FakeClient['handlers'] = {}
): Promise<Rig> {
  localStorage.clear()
  const pinia = createPinia()
  setActivePinia(pinia)
  const fake = installFakeClient({
    'market.symbols': () => [BTCUSDT, DOGEUSDT],
    'market.contracts': () => [EBTC],
    'market.tickers': () => [ticker('65000', null)],
    ...handlers
  })
  useSelectionStore().selectMarket(o.module ?? 'spot', o.symbol ?? (o.module === 'futures' ? 'E-BTC-USDT' : 'btcusdt'))
  usePreferencesStore().app.confirmOrders = o.confirm ?? false // as main's preference says
  const wrapper = mount(panel, { global: { plugins: [pinia] }, attachTo: document.body })
  await flushPromises()
  current = fake
  const rig: Rig = { fake, wrapper, account: (s) => fake.emit('account.onUpdate', snapshot(s)) }
  await rig.account()
  // The market's last trade and the contract's mark, as the streams give them: what the price guard measures against.
  // (A test of the guard without them mounts with `noPrices`.) The guard is set wide (1000%) unless a test names
  // one: tests of other rules type prices far from 65000 on purpose.
  usePreferencesStore().app.priceGuardPct = o.priceGuard ?? '1000'
  if (!o.noPrices) await marketPrices(fake)
  return rig
}

/** Types into an input the way a user does (value then input event). */
export async function type(w: ReturnType<typeof mount>, testid: string, text: string): Promise<void> {
  await w.get(`[data-testid="${testid}"]`).setValue(text)
  await flushPromises()
}

export async function click(w: ReturnType<typeof mount>, testid: string): Promise<void> {
  await w.get(`[data-testid="${testid}"]`).trigger('click')
  await flushPromises()
}

/** btcusdt's ticker with its last price `close` (the other figures zero or absent). */
export const ticker = (close: string, ts: number | null = 1): TickerView => ({
  symbol: 'btcusdt',
  close,
  open: null,
  high: '0',
  low: '0',
  vol: '0',
  amount: null,
  rose: null,
  ts
})

/**
 * The market's last trade and the contract's mark, as the streams give them: what the price guard measures against.
 * Again after a profile becomes active: its feeds are new and start empty.
 */
export async function marketPrices(fake: FakeClient): Promise<void> {
  await fake.emit('market.onTicker', ticker('65000'))
  await fake.emit('market.onMarkPrice', {
    symbol: 'E-BTC-USDT',
    markPrice: '65000.0',
    indexPrice: '65000.0',
    lastFundingRate: '0',
    nextFundingRate: null,
    time: 0
  })
  await flushFrames() // the lanes apply now, not at a frame (some tests run fake timers)
  await flushPromises()
}
