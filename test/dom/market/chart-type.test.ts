// The chart's type and scale from the user's side: picked in the chart's header, saved as app-wide preferences
// (main keeps them), and drawn at once: a line of the closes, a log price axis. ECharts is a recording fake.
import { flushPromises } from '@vue/test-utils'
import { describe, expect, it, vi } from 'vitest'
import type { CandleView } from '@shared/ipc/views/market'
import { DEFAULT_APP_PREFERENCES, DEFAULT_PROFILE_PREFERENCES } from '@shared/ipc/schemas/preferences'
import type { PreferencesView } from '@shared/ipc/views/preferences'
import CandlesChart from '../../../src-renderer/src/panels/market/CandlesChart.vue'
import { flushFrames } from '../../../src-renderer/src/lib/frame'
import { setTerminalClient } from '../../../src-renderer/src/services/terminal'
import { mountWithFeed } from './setup'
import { charts, lastOption } from './fake-echarts'

vi.mock('../../../src-renderer/src/charts/echarts', () => import('./fake-echarts'))

const bar = (i: number): CandleView => {
  const c = String(100 + i)
  return { id: 60 * (i + 1), open: c, close: c, high: c, low: c, vol: '1', amount: null }
}
type Option = { series: { id: string }[]; yAxis: { type?: string }[] }

describe('CandlesChart type and scale', () => {
  it('a line of the closes, then a log axis: saved as the app’s preferences and drawn at once', async () => {
    charts.made.length = 0
    const m = await mountWithFeed(CandlesChart)
    const sets: unknown[] = []
    const invoke = m.fake.client.invoke
    setTerminalClient({
      ...m.fake.client,
      invoke: (async (channel: string, input: unknown) => {
        if (channel !== 'preferences.set') return invoke(channel as never, input as never)
        sets.push(input)
        const app = { ...DEFAULT_APP_PREFERENCES, ...(input as { app: object }).app }
        return { app, profileId: null, profile: DEFAULT_PROFILE_PREFERENCES, legacyImported: false } as PreferencesView
      }) as typeof invoke
    })
    m.fake.emit('market.onCandles', { symbol: 'btcusdt', interval: '15min', candles: [bar(0), bar(1), bar(2)] })
    await flushFrames()
    const last = (): Option => lastOption<Option>()
    expect(last().series.map((s) => s.id)).not.toContain('close')

    await m.wrapper.get('[data-testid="chart-type"]').setValue('line')
    await flushPromises()
    await flushFrames()
    expect(sets).toEqual([{ app: { chartType: 'line' } }])
    expect(last().series.map((s) => s.id)).toContain('close')

    const log = m.wrapper.get('[data-testid="chart-log"]')
    expect(log.attributes('aria-pressed')).toBe('false')
    await log.trigger('click')
    await flushPromises()
    await flushFrames()
    expect(sets.at(-1)).toEqual({ app: { logScale: true } })
    expect(log.attributes('aria-pressed')).toBe('true')
    expect(last().yAxis[0]!.type).toBe('log')
    m.wrapper.unmount()
  })
})
