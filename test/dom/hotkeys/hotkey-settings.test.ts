// Settings › Shortcuts: every action listed with its keys; Change records the next press; a press bound elsewhere
// names that action and changes nothing until the user chooses; Reset and Reset all; a trading action's
// confirmation and the market's size preset, each kept by main (the fake checks every write with main's schemas).
import { beforeEach, describe, expect, it } from 'vitest'
import { flushPromises, mount } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import HotkeySettings from '../../../src-renderer/src/components/settings/HotkeySettings.vue'
import type { SpotSymbolView } from '@shared/ipc/views/market'
import { useTradingHotkeysStore } from '../../../src-renderer/src/hotkeys/trading-hotkeys'
import { useInstrumentsStore } from '../../../src-renderer/src/stores/instruments'
import { usePreferencesStore } from '../../../src-renderer/src/stores/preferences'
import { useSelectionStore } from '../../../src-renderer/src/stores/selection'
import { fakeTerminal, type FakeTerminal } from '../frame/fake-terminal'
import { fakePreferences, type FakePreferences } from '../frame/fake-preferences'

let fake: FakeTerminal
let main: FakePreferences
beforeEach(() => {
  localStorage.clear()
  setActivePinia(createPinia())
  main = fakePreferences()
  fake = fakeTerminal({}, main)
})

async function mountSettings() {
  await usePreferencesStore().load()
  useSelectionStore().selectMarket('spot', 'btcusdt')
  const w = mount(HotkeySettings, { attachTo: document.body })
  await flushPromises()
  return w
}
const press = async (k: KeyboardEventInit): Promise<void> => {
  window.dispatchEvent(new KeyboardEvent('keydown', k))
  await flushPromises()
}
const keysOf = (w: Awaited<ReturnType<typeof mountSettings>>, a: string): string =>
  w.get(`[data-testid="hotkey-keys-${a}"]`).text()

describe('Settings › Shortcuts', () => {
  it('lists every action with its keys, and records a new one kept by main', async () => {
    const w = await mountSettings()
    expect(keysOf(w, 'search')).toBe('Ctrl+K')
    expect(keysOf(w, 'buyBid')).toBe('Shift+B')
    expect(keysOf(w, 'flatten')).toBe('Alt+Shift+X')
    await w.get('[data-testid="hotkey-record-buyBid"]').trigger('click')
    expect(w.find('[data-testid="hotkey-recording"]').exists()).toBe(true)
    await press({ key: 'Shift', code: 'ShiftLeft', shiftKey: true }) // a modifier alone: still recording
    expect(w.find('[data-testid="hotkey-recording"]').exists()).toBe(true)
    await press({ key: 'J', code: 'KeyJ', shiftKey: true })
    expect(keysOf(w, 'buyBid')).toBe('Shift+J')
    expect(main.state.app.hotkeys).toEqual({ keys: { buyBid: 'Shift+KeyJ' }, ask: {} })
  })

  it('names the conflicting action and changes nothing until the user chooses', async () => {
    const w = await mountSettings()
    await w.get('[data-testid="hotkey-record-sellAsk"]').trigger('click')
    await press({ key: 'B', code: 'KeyB', shiftKey: true })
    expect(w.get('[data-testid="hotkey-conflict"]').text()).toContain(
      'Shift+B is already the key of “Buy at the best bid (limit)”. Nothing is changed until you choose.'
    )
    expect(fake.inputs('preferences.set')).toEqual([])
    await w.get('[data-testid="hotkey-conflict-keep"]').trigger('click')
    await flushPromises()
    expect(fake.inputs('preferences.set')).toEqual([])
    expect(keysOf(w, 'sellAsk')).toBe('Shift+S')
    await w.get('[data-testid="hotkey-record-sellAsk"]').trigger('click')
    await press({ key: 'B', code: 'KeyB', shiftKey: true })
    await w.get('[data-testid="hotkey-conflict-take"]').trigger('click')
    await flushPromises()
    expect(keysOf(w, 'sellAsk')).toBe('Shift+B')
    expect(keysOf(w, 'buyBid')).toBe('none')
    expect(main.state.app.hotkeys).toEqual({ keys: { sellAsk: 'Shift+KeyB', buyBid: '' }, ask: {} })
  })

  it('resets one action (asking when its default is taken meanwhile) and all of them', async () => {
    const w = await mountSettings()
    await w.get('[data-testid="hotkey-record-search"]').trigger('click')
    await press({ key: 'F2', code: 'F2' })
    await w.get('[data-testid="hotkey-record-theme"]').trigger('click')
    await press({ key: 'k', code: 'KeyK', ctrlKey: true })
    expect(keysOf(w, 'theme')).toBe('Ctrl+K')
    await w.get('[data-testid="hotkey-reset-search"]').trigger('click')
    expect(w.get('[data-testid="hotkey-conflict"]').text()).toContain('“Switch between dark and light theme”')
    await w.get('[data-testid="hotkey-conflict-keep"]').trigger('click')
    expect(keysOf(w, 'search')).toBe('F2')
    await w.get('[data-testid="hotkey-reset-theme"]').trigger('click')
    await w.get('[data-testid="hotkey-reset-search"]').trigger('click')
    await flushPromises()
    expect(keysOf(w, 'search')).toBe('Ctrl+K')
    expect(main.state.app.hotkeys).toEqual({ keys: {}, ask: {} })
    await w.get('[data-testid="hotkey-clear-cancelAll"]').trigger('click')
    await w.get('[data-testid="hotkey-ask-cancelAll"]').setValue(false)
    await flushPromises()
    expect(main.state.app.hotkeys).toEqual({ keys: { cancelAll: '' }, ask: { cancelAll: false } })
    await w.get('[data-testid="hotkey-reset-all"]').trigger('click')
    await flushPromises()
    expect(main.state.app.hotkeys).toEqual({ keys: {}, ask: {} })
    expect(keysOf(w, 'cancelAll')).toBe('Shift+C')
  })

  it('keeps the market size preset, and refuses a bad one in words keeping the saved one', async () => {
    const w = await mountSettings()
    await w.get('[data-testid="hotkey-size"]').setValue('0.5')
    await w.get('[data-testid="hotkey-size-save"]').trigger('click')
    await flushPromises()
    expect(main.state.profiles[Object.keys(main.state.profiles)[0]!]?.hotkeySizes).toEqual({ 'spot:btcusdt': '0.5' })
    await w.get('[data-testid="hotkey-size"]').setValue('abc')
    await w.get('[data-testid="hotkey-size-save"]').trigger('click')
    await flushPromises()
    expect(w.get('[data-testid="hotkey-size-error"]').text()).not.toBe('')
    await w.get('[data-testid="hotkey-size"]').setValue('0')
    await w.get('[data-testid="hotkey-size-save"]').trigger('click')
    expect(w.get('[data-testid="hotkey-size-error"]').text()).toBe('The size must be greater than 0.')
    expect(usePreferencesStore().profile.hotkeySizes).toEqual({ 'spot:btcusdt': '0.5' })
    await w.get('[data-testid="hotkey-size-remove-spot:btcusdt"]').trigger('click')
    await flushPromises()
    expect(usePreferencesStore().profile.hotkeySizes).toEqual({})
  })

  it('lists each size preset by its market name, not its key', async () => {
    const w = await mountSettings()
    useInstrumentsStore().spot = [{ symbol: 'btcusdt', baseAsset: 'BTC', quoteAsset: 'USDT' } as SpotSymbolView]
    await w.get('[data-testid="hotkey-size"]').setValue('0.5')
    await w.get('[data-testid="hotkey-size-save"]').trigger('click')
    await flushPromises()
    useTradingHotkeysStore().setSize('futures:E-ETH-USDT', '3')
    await flushPromises()
    const rows = w.findAll('[data-testid^="hotkey-size-row-"]').map((r) => r.findAll('td').map((d) => d.text()))
    expect(rows.map((r) => r.slice(0, 2))).toEqual([
      ['BTC/USDT', '0.5'],
      ['ETH/USDT perpetual', '3']
    ])
  })
})
