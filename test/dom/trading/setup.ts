// Mounts one of the trading panels on a fresh Pinia with the fake client, the account stream primed.
import { flushPromises, mount } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import type { Component } from 'vue'
import type { AccountSnapshotView } from '@shared/ipc/views/account'
import { usePreferencesStore } from '../../../src-renderer/src/stores/preferences'
import { useSelectionStore, type UiModule } from '../../../src-renderer/src/stores/selection'
import { installFakeClient, type FakeClient } from './fake-client'
import { BTCUSDT, DOGEUSDT, EBTC } from '../../fixtures/instruments'
import { snapshot } from './fixtures'

export interface Rig {
  fake: FakeClient
  wrapper: ReturnType<typeof mount>
  /** Pushes an account snapshot (the poll's event). */
  account(s?: Partial<AccountSnapshotView>): Promise<void>
}

export async function mountPanel(panel: Component, o: { module?: UiModule; symbol?: string; confirm?: boolean } = {}, handlers: FakeClient['handlers'] = {}): Promise<Rig> {
  localStorage.clear()
  const pinia = createPinia()
  setActivePinia(pinia)
  const fake = installFakeClient({
    'market.symbols': () => [BTCUSDT, DOGEUSDT],
    'market.contracts': () => [EBTC],
    'market.tickers': () => [{ symbol: 'btcusdt', close: '65000', open: null, high: '0', low: '0', vol: '0', amount: null, rose: null, ts: null }],
    ...handlers
  })
  useSelectionStore().selectMarket(o.module ?? 'Spot', o.symbol ?? (o.module === 'Futures' ? 'E-BTC-USDT' : 'btcusdt'))
  usePreferencesStore().app.confirmOrders = o.confirm ?? false // as main's preference says
  const wrapper = mount(panel, { global: { plugins: [pinia] }, attachTo: document.body })
  await flushPromises()
  const rig: Rig = { fake, wrapper, account: (s) => fake.emit('account.onUpdate', snapshot(s)) }
  await rig.account()
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
