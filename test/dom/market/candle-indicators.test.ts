// The candle chart's indicators from the user's side: added in the dialog (keyboard operable, saved as the market's
// preference), drawn as series of the chart's option (overlays on the price axis, a pane with its own grid and
// axes), and their legend following a live tick. ECharts is a recording fake (its canvas does not draw in
// happy-dom); the real chart is drawn in the e2e run.
import { flushPromises, mount } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { DEFAULT_APP_PREFERENCES, DEFAULT_PROFILE_PREFERENCES } from '@shared/ipc/schemas/preferences'
import type { PreferencesView } from '@shared/ipc/views/preferences'
import CandlesChart from '../../../src-renderer/src/panels/market/CandlesChart.vue'
import { flushFrames } from '../../../src-renderer/src/lib/frame'
import { setTerminalClient } from '../../../src-renderer/src/services/terminal'
import { useMarketPanelsStore } from '../../../src-renderer/src/stores/market-panels'
import { FakeMarket } from './fake-market'
import { charts, lastOption as lastChartOption, zigzagBars } from './fake-echarts'

vi.mock('../../../src-renderer/src/charts/echarts', () => import('./fake-echarts'))

type Series = { id: string; type: string; data: unknown[]; xAxisIndex?: number; yAxisIndex?: number }
type Option = { series: Series[]; grid: unknown[]; yAxis: { min?: unknown; max?: unknown }[] }
const lastOption = (): Option => lastChartOption<Option>()

beforeEach(() => {
  charts.made.length = 0
})
afterEach(() => {
  document.body.innerHTML = ''
})

async function mounted() {
  // As setup.ts's mountWithFeed, attached to the document: the dialog's focus moves between real elements.
  const fake = new FakeMarket()
  const pinia = createPinia()
  setActivePinia(pinia)
  const market = useMarketPanelsStore()
  const feed = market.acquire('spot', 'btcusdt')
  await market.loadRules('spot')
  const wrapper = mount(CandlesChart, { props: { feed }, global: { plugins: [pinia] }, attachTo: document.body })
  const m = { fake, wrapper }
  // Main's answer to a preference write: the values as set (the store shows them at once and keeps them).
  const sets: unknown[] = []
  const invoke = m.fake.client.invoke
  setTerminalClient({
    ...m.fake.client,
    invoke: (async (channel: string, input: unknown) => {
      if (channel !== 'preferences.set') return invoke(channel as never, input as never)
      sets.push(input)
      const profile = { ...DEFAULT_PROFILE_PREFERENCES, ...(input as { profile: object }).profile }
      return { app: DEFAULT_APP_PREFERENCES, profileId: null, profile, legacyImported: false } as PreferencesView
    }) as typeof invoke
  })
  m.fake.emit('market.onCandles', { symbol: 'btcusdt', interval: '15min', candles: zigzagBars(80) })
  await flushFrames()
  await flushPromises()
  return { ...m, sets }
}

const dialog = (): HTMLElement | null => document.querySelector('[data-testid="indicator-dialog"]')

async function addIndicator(kind: string): Promise<void> {
  const pick = document.querySelector<HTMLSelectElement>('[data-testid="indicator-pick"]')!
  pick.value = kind
  pick.dispatchEvent(new Event('change'))
  document.querySelector<HTMLButtonElement>('[data-testid="indicator-add"]')!.click()
  await flushPromises()
}

describe('CandlesChart indicators', () => {
  it('adds two indicators from the dialog: saved for the market, drawn as an overlay and a pane', async () => {
    const { wrapper, sets } = await mounted()
    const button = wrapper.get('[data-testid="indicators-button"]')
    ;(button.element as HTMLButtonElement).focus() // as a keyboard user reaches it, then presses it
    await button.trigger('click')
    await flushPromises()
    expect(dialog()).not.toBeNull()
    // The focus starts in the dialog, on the list to add from.
    expect(document.activeElement?.getAttribute('data-testid')).toBe('indicator-pick')
    await addIndicator('bb')
    await addIndicator('rsi')

    const saved = sets.at(-1) as { profile: { indicators: Record<string, { kind: string }[]> } }
    expect(saved.profile.indicators['spot:btcusdt']!.map((s) => s.kind)).toEqual(['bb', 'rsi'])
    expect(document.querySelectorAll('[data-testid^="indicator-row-"]')).toHaveLength(2)

    await flushFrames()
    const o = lastOption()
    const ids = o.series.map((s) => s.id)
    // Bollinger's three lines on the price axes; RSI on a third grid with its own axes, fixed 0..100.
    expect(ids).toEqual(expect.arrayContaining(['ind0o0', 'ind0o1', 'ind0o2', 'ind0p0']))
    const rsi = o.series.find((s) => s.id === 'ind0p0')!
    expect([rsi.xAxisIndex, rsi.yAxisIndex]).toEqual([2, 2])
    expect(o.grid).toHaveLength(3)
    expect(o.yAxis[2]).toMatchObject({ min: 0, max: 100 })
    const upper = o.series.find((s) => s.id === 'ind0o0')!
    expect(upper).toMatchObject({ xAxisIndex: 0, yAxisIndex: 0 })
    expect(upper.data.filter((v) => typeof v === 'number').length).toBeGreaterThan(50)
    expect(rsi.data.filter((v) => typeof v === 'number').length).toBeGreaterThan(50)

    // Esc closes it and the focus goes back to the chart's button.
    dialog()!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }))
    await flushPromises()
    expect(dialog()).toBeNull()
    expect(document.activeElement).toBe(button.element)
    wrapper.unmount()
  })

  it('a parameter typed out of its rule is refused in words beside it, kept as typed and not saved', async () => {
    const { wrapper, sets } = await mounted()
    await wrapper.get('[data-testid="indicators-button"]').trigger('click')
    await flushPromises()
    await addIndicator('rsi')
    const saved = sets.length
    const field = (): HTMLInputElement =>
      document.querySelector<HTMLInputElement>('[data-testid="indicator-param-rsi-period"]')!
    const type = async (text: string): Promise<string | null> => {
      field().value = text
      field().dispatchEvent(new Event('change'))
      await flushPromises()
      return document.querySelector('[data-testid="indicator-param-error"]')?.textContent?.trim() ?? null
    }
    const period = 'Period of Relative strength index'
    expect(await type('0')).toBe(`${period} must be from 1 to 500; not saved`)
    expect(field().value).toBe('0') // as typed
    expect(field().getAttribute('aria-invalid')).toBe('true')
    // Read as the order form reads a number: a sign, an exponent, letters, a decimal comma refused in its words.
    expect(await type('-3')).toBe(`${period} takes no sign: type the number alone`)
    expect(await type('100000')).toBe(`${period} must be from 1 to 500; not saved`)
    expect(await type('2.5')).toBe(`${period} must be a whole number; not saved`)
    expect(await type('1e3')).toBe(`write ${period} in full digits, not as an exponent: 1e3 is 1000`)
    expect(field().value).toBe('1e3')
    expect(await type('')).toBe(`${period} is required`)
    expect(await type('abc')).toBe(`${period} takes digits and one decimal point; "a" is not allowed`)
    expect(await type('1,5')).toMatch(/did you mean 1\.5\?$/)
    expect(sets).toHaveLength(saved) // nothing of it saved
    expect(await type('21')).toBeNull()
    const last = sets.at(-1) as { profile: { indicators: Record<string, { params: number[] }[]> } }
    expect(last.profile.indicators['spot:btcusdt']![0]!.params).toEqual([21])
    wrapper.unmount()
  })

  it('a live tick moves the pane legend’s value; removing an indicator removes its series', async () => {
    const { wrapper, fake } = await mounted()
    await wrapper.get('[data-testid="indicators-button"]').trigger('click')
    await addIndicator('rsi')
    await flushFrames()
    await flushPromises()
    const legend = () => wrapper.get('[data-testid="indicator-pane-rsi"]').text()
    const before = legend()
    expect(before).toMatch(/^RSI\(14\)\s+\d+\.\d\d/)
    fake.emit('market.onCandles', {
      symbol: 'btcusdt',
      interval: '15min',
      candles: [{ ...zigzagBars(80)[79]!, close: '130', high: '130' }]
    })
    await flushFrames()
    await flushPromises()
    expect(legend()).not.toBe(before)

    document.querySelector<HTMLButtonElement>('[data-testid="indicator-row-rsi"] .remove')!.click()
    await flushPromises()
    await flushFrames()
    expect(
      lastOption()
        .series.map((s) => s.id)
        .filter((id) => id.startsWith('ind'))
    ).toEqual([])
    expect(wrapper.find('[data-testid="indicator-pane-rsi"]').exists()).toBe(false)
    wrapper.unmount()
  })
})
