// A chart's indicators in the main window's workspace (indicators/indicator-prefs.ts, stores/layouts.ts): a named
// layout's own set for the market is shown and a change is saved into that layout (shown and saved arrangement),
// the market's (the profile's) stays the default where the layout has none (the first change copies it), a reset or
// a layout without one shows the market's again, a profile switch shows the other profile's market set, and a chart
// outside the workspace (a pop-out) keeps to the market's. Main is the frame tests' fake, checking every write with
// the contract's schema; ECharts is a recording fake (drawn for real in test/e2e/layout-indicators.test.ts).
import { flushPromises, mount } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { ContractClient } from '@shared/ipc/contract-client'
import type { TerminalContract } from '@shared/ipc/contract'
import type { IndicatorSetting } from '@shared/ipc/schemas/preferences-indicators'
import type { DockLayout, WindowLayouts } from '@shared/ipc/schemas/preferences-layouts'
import CandlesChart from '../../../src-renderer/src/panels/market/CandlesChart.vue'
import { WORKSPACE_CHARTS } from '../../../src-renderer/src/indicators/indicator-prefs'
import { flushFrames } from '../../../src-renderer/src/lib/frame'
import { setTerminalClient } from '../../../src-renderer/src/services/terminal'
import { useLayoutsStore } from '../../../src-renderer/src/stores/layouts'
import { useMarketPanelsStore } from '../../../src-renderer/src/stores/market-panels'
import { usePreferencesStore } from '../../../src-renderer/src/stores/preferences'
import { useProfilesStore } from '../../../src-renderer/src/stores/profiles'
import { fakePreferences, type FakePreferences } from '../frame/fake-preferences'
import { PAPER, REMOTE } from '../frame/fixtures'
import { FakeMarket } from './fake-market'
import { zigzagBars } from './fake-echarts'

vi.mock('../../../src-renderer/src/charts/echarts', () => import('./fake-echarts'))

const sma: IndicatorSetting = { kind: 'sma', params: [20], colours: ['#f0b90b'] }
const ema: IndicatorSetting = { kind: 'ema', params: [20], colours: ['#3d8bfd'] }
const bb: IndicatorSetting = { kind: 'bb', params: [20, 2], colours: ['#26c6da', '#26c6da', '#26c6da'] }
const grid = { root: { type: 'branch', data: [] }, width: 1200, height: 600, orientation: 'HORIZONTAL' }
const panels = { market: { id: 'market', contentComponent: 'market' } }
const plain: DockLayout = { grid, panels }
const bands: DockLayout = { grid, panels, indicators: { 'spot:btcusdt': [bb] } }

let prefs: FakePreferences
let fake: FakeMarket

/** Main: the frame tests' preferences (schema-checked) and the market fake's market data, as one client. */
function client(): ContractClient<TerminalContract> {
  return {
    invoke: (async (channel: string, input: unknown) => {
      if (channel === 'preferences.get') return prefs.get(input as { profileId?: string })
      if (channel === 'preferences.set') return prefs.set(input)
      return fake.client.invoke(channel as never, input as never)
    }) as ContractClient<TerminalContract>['invoke'],
    subscribe: ((channel: string, params: { profileId?: string }, listener: (e: unknown) => void, onEnd) => {
      if (channel !== 'preferences.onChange') return fake.client.subscribe(channel as never, params, listener, onEnd)
      const tell = () => listener(prefs.view(params.profileId))
      prefs.listeners.add(tell)
      tell()
      return () => void prefs.listeners.delete(tell)
    }) as ContractClient<TerminalContract>['subscribe']
  }
}

beforeEach(() => {
  localStorage.clear()
  prefs = fakePreferences(PAPER.id)
  prefs.state.profiles[PAPER.id] = { indicators: { 'spot:btcusdt': [sma] } }
  prefs.state.profiles[REMOTE.id] = { indicators: { 'spot:btcusdt': [ema] } }
})
afterEach(() => {
  document.body.innerHTML = ''
})

async function chart(main: WindowLayouts, inWorkspace = true) {
  prefs.state.app.layouts = { main }
  fake = new FakeMarket()
  setTerminalClient(client())
  const pinia = createPinia()
  setActivePinia(pinia)
  useProfilesStore().activeId = PAPER.id
  await usePreferencesStore().load()
  const market = useMarketPanelsStore()
  const feed = market.acquire('spot', 'btcusdt')
  await market.loadRules('spot')
  const wrapper = mount(CandlesChart, {
    props: { feed },
    global: { plugins: [pinia], provide: inWorkspace ? { [WORKSPACE_CHARTS as symbol]: true } : {} },
    attachTo: document.body
  })
  fake.emit('market.onCandles', { symbol: 'btcusdt', interval: '15min', candles: zigzagBars(80) })
  await settle()
  return wrapper
}
async function settle(): Promise<void> {
  await flushPromises()
  await flushFrames()
  await flushPromises()
}
/** The overlays the chart's legend shows, by kind. */
const shown = (): string[] =>
  [...document.querySelectorAll<HTMLElement>('[data-testid^="indicator-legend-"]')].map((e) =>
    e.dataset['testid']!.replace('indicator-legend-', '')
  )
async function addInDialog(kind: string): Promise<string> {
  document.querySelector<HTMLButtonElement>('[data-testid="indicators-button"]')!.click()
  await flushPromises()
  const pick = document.querySelector<HTMLSelectElement>('[data-testid="indicator-pick"]')!
  pick.value = kind
  pick.dispatchEvent(new Event('change'))
  document.querySelector<HTMLButtonElement>('[data-testid="indicator-add"]')!.click()
  await settle()
  const where = document.querySelector('[data-testid="indicator-saved-in"]')!.textContent!.trim()
  document.querySelector<HTMLButtonElement>('[data-testid="indicator-close"]')!.click()
  await settle()
  return where
}
/** The indicators the chart's dialog lists, by kind. */
async function listed(): Promise<string[]> {
  document.querySelector<HTMLButtonElement>('[data-testid="indicators-button"]')!.click()
  await flushPromises()
  const rows = [...document.querySelectorAll<HTMLElement>('[data-testid^="indicator-row-"]')]
  document.querySelector<HTMLButtonElement>('[data-testid="indicator-close"]')!.click()
  await flushPromises()
  return rows.map((e) => e.dataset['testid']!.replace('indicator-row-', ''))
}
const kinds = (list: readonly IndicatorSetting[] | undefined) => list?.map((s) => s.kind)
const mainLayouts = () => prefs.view().app.layouts.main!
const marketSet = (id = PAPER.id) => kinds(prefs.view(id).profile.indicators['spot:btcusdt'])

describe('indicators of a chart in a named layout', () => {
  it("shows the layout's own set and saves a change into that layout, the market's set untouched", async () => {
    await chart({ current: bands, active: 'Bands', saved: { Bands: bands, Plain: plain } })
    expect(shown()).toEqual(['bb'])
    expect(await addInDialog('ema')).toBe('Saved with the layout "Bands"')
    expect(shown()).toEqual(['bb', 'ema'])
    expect(kinds(mainLayouts().saved['Bands']!.indicators?.['spot:btcusdt'])).toEqual(['bb', 'ema'])
    expect(kinds(mainLayouts().current!.indicators?.['spot:btcusdt'])).toEqual(['bb', 'ema'])
    expect(mainLayouts().saved['Plain']).toEqual(plain)
    expect(marketSet()).toEqual(['sma'])
    expect(useLayoutsStore().changed).toBe(false) // saved with the layout, nothing left to save

    // Another layout without a set for the market: the market's; back: the layout's, as changed.
    useLayoutsStore().choose('Plain')
    await settle()
    expect(shown()).toEqual(['sma'])
    useLayoutsStore().choose('Bands')
    await settle()
    expect(shown()).toEqual(['bb', 'ema'])
    // Reset to the default: the market's again; the saved layout keeps its own.
    useLayoutsStore().reset()
    await settle()
    expect(shown()).toEqual(['sma'])
    expect(kinds(mainLayouts().saved['Bands']!.indicators?.['spot:btcusdt'])).toEqual(['bb', 'ema'])
  })

  it("where the layout has no set, shows the market's; the first change copies it into the layout", async () => {
    await chart({ current: plain, active: 'Plain', saved: { Plain: plain } })
    expect(shown()).toEqual(['sma'])
    expect(await addInDialog('bb')).toBe('Saved with the layout "Plain"')
    expect(kinds(mainLayouts().saved['Plain']!.indicators?.['spot:btcusdt'])).toEqual(['sma', 'bb'])
    expect(marketSet()).toEqual(['sma'])
    // All removed in the layout: it shows none for the market (not the market's set back).
    document.querySelector<HTMLButtonElement>('[data-testid="indicators-button"]')!.click()
    await flushPromises()
    for (const kind of ['sma', 'bb']) {
      document.querySelector<HTMLButtonElement>(`[data-testid="indicator-row-${kind}"] .remove`)!.click()
      await settle()
    }
    expect(shown()).toEqual([])
    expect(mainLayouts().saved['Plain']!.indicators?.['spot:btcusdt']).toEqual([])
    expect(marketSet()).toEqual(['sma'])
  })

  it("a profile switch shows the other profile's market set where the layout has none, the layout's where it has", async () => {
    await chart({ current: plain, active: 'Plain', saved: { Plain: plain, Bands: bands } })
    expect(shown()).toEqual(['sma'])
    // The switch empties the market's data until the market panel asks again: the dialog lists what the chart shows.
    useProfilesStore().activeId = REMOTE.id
    await settle()
    expect(await listed()).toEqual(['ema'])
    useLayoutsStore().choose('Bands')
    await settle()
    expect(await listed()).toEqual(['bb'])
    useProfilesStore().activeId = PAPER.id
    await settle()
    expect(await listed()).toEqual(['bb'])
  })

  it("with no named layout shown, or outside the workspace, a change is the market's", async () => {
    await chart({ current: bands, active: '', saved: { Bands: bands } })
    expect(shown()).toEqual(['sma']) // an arrangement's sets count only while its layout is the one shown
    expect(await addInDialog('ema')).toBe('Saved for this market')
    expect(marketSet()).toEqual(['sma', 'ema'])
    expect(mainLayouts().saved['Bands']).toEqual(bands)
    document.body.innerHTML = ''

    await chart({ current: bands, active: 'Bands', saved: { Bands: bands } }, false)
    expect(shown()).toEqual(['sma', 'ema'])
    expect(await addInDialog('wma')).toBe('Saved for this market')
    expect(marketSet()).toEqual(['sma', 'ema', 'wma'])
    expect(mainLayouts().saved['Bands']).toEqual(bands)
  })
})
