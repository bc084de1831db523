// A change of the candle chart's type or indicators replaces ECharts' series, grids and axes: ECharts merges a new
// option into the one it holds, so the area of the type before (or a removed indicator's pane) stayed drawn under
// the candles (seen in Chromium). Real ECharts here, on its SVG renderer (happy-dom has no canvas).
import { flushPromises } from '@vue/test-utils'
import { describe, expect, it, vi } from 'vitest'
import type { CandleView } from '@shared/ipc/views/market'
import { DEFAULT_APP_PREFERENCES, DEFAULT_PROFILE_PREFERENCES } from '@shared/ipc/schemas/preferences'
import type { PreferencesView } from '@shared/ipc/views/preferences'
import CandlesChart from '../../../src-renderer/src/panels/market/CandlesChart.vue'
import { flushFrames } from '../../../src-renderer/src/lib/frame'
import { setTerminalClient } from '../../../src-renderer/src/services/terminal'
import { mountWithFeed } from './setup'

const charts = vi.hoisted(() => ({ made: [] as { getOption(): unknown }[] }))
vi.mock('../../../src-renderer/src/charts/echarts', async () => {
  const echarts = await import('echarts/core')
  const { BarChart, CandlestickChart, LineChart } = await import('echarts/charts')
  const c = await import('echarts/components')
  const { SVGRenderer } = await import('echarts/renderers')
  echarts.use([BarChart, CandlestickChart, LineChart, c.GridComponent, c.MarkLineComponent, SVGRenderer])
  echarts.use([c.TooltipComponent, c.AxisPointerComponent, c.DataZoomInsideComponent])
  return {
    echarts: {
      ...echarts,
      init: (el: HTMLElement) => {
        const chart = echarts.init(el, null, { renderer: 'svg', width: 600, height: 300 })
        charts.made.push(chart)
        return chart
      }
    }
  }
})

const bar = (i: number): CandleView => {
  const c = String(100 + i)
  return { id: 60 * (i + 1), open: c, close: c, high: c, low: c, vol: '1', amount: null }
}
const seriesIds = (): string[] =>
  ((charts.made[0]!.getOption() as { series: { id: string }[] }).series ?? []).map((s) => s.id)

describe('CandlesChart replaces what a change of type removed', () => {
  it('after area then candles, ECharts holds no close line: only the series of the type shown', async () => {
    charts.made.length = 0
    const m = await mountWithFeed(CandlesChart)
    const invoke = m.fake.client.invoke
    setTerminalClient({
      ...m.fake.client,
      invoke: (async (channel: string, input: unknown) => {
        if (channel !== 'preferences.set') return invoke(channel as never, input as never)
        const app = { ...DEFAULT_APP_PREFERENCES, ...(input as { app: object }).app }
        return { app, profileId: null, profile: DEFAULT_PROFILE_PREFERENCES, legacyImported: false } as PreferencesView
      }) as typeof invoke
    })
    m.fake.emit('market.onCandles', { symbol: 'btcusdt', interval: '15min', candles: [bar(0), bar(1), bar(2)] })
    await flushFrames()
    const candles = seriesIds()
    expect(candles).toContain('k')
    expect(candles).not.toContain('close')

    const type = m.wrapper.get('[data-testid="chart-type"]')
    await type.setValue('area')
    await flushPromises()
    await flushFrames()
    const area = seriesIds()
    expect(area).toContain('close')

    await type.setValue('candles')
    await flushPromises()
    await flushFrames()
    expect(seriesIds()).toEqual(candles)
    m.wrapper.unmount()
  })
})
