// CandlesChart's full ECharts redraws: one that only follows the stream runs in a task of its own after the frame
// (lib/own-task.ts), so the frame that applied the stream shows first; a new series redraws at once, in the frame;
// a chart unmounted before its task runs draws nothing. ECharts is a recording fake here (its canvas renderer does
// not draw in happy-dom); the real chart is drawn in the e2e run and the render bench.
import { flushPromises } from '@vue/test-utils'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { CandleView } from '@shared/ipc/views/market'
import CandlesChart from '../../../src-renderer/src/panels/market/CandlesChart.vue'
import { flushFrames } from '../../../src-renderer/src/lib/frame'
import { mountWithFeed } from './setup'

const charts = vi.hoisted(() => {
  const made: { setOption: ReturnType<typeof vi.fn>; disposed: boolean }[] = []
  return { made }
})
vi.mock('../../../src-renderer/src/charts/echarts', () => ({
  echarts: {
    init: () => {
      const rec = { setOption: vi.fn(), disposed: false }
      charts.made.push(rec)
      return {
        setOption: rec.setOption,
        on: () => undefined,
        resize: () => undefined,
        dispose: () => {
          rec.disposed = true
        },
        getWidth: () => 600,
        getHeight: () => 300,
        convertToPixel: () => 0
      }
    }
  }
}))

const bar = (id: number, close: string): CandleView => ({ id, open: close, close, high: close, low: close, vol: '1', amount: null })
const nextTask = (): Promise<void> => new Promise((r) => setTimeout(r, 0))

beforeEach(() => {
  charts.made.length = 0
})

async function mounted() {
  const m = await mountWithFeed(CandlesChart)
  m.fake.emit('market.onCandles', { symbol: 'btcusdt', interval: '15min', candles: [bar(60, '1'), bar(120, '2'), bar(180, '3')] })
  await flushPromises()
  await flushFrames()
  await flushPromises()
  const chart = charts.made[0]!
  return { ...m, chart }
}

describe('CandlesChart full redraws', () => {
  it('draws a new series in the frame, and a redraw that follows the stream in a task of its own after it', async () => {
    const { fake, chart } = await mounted()
    const drawn = chart.setOption.mock.calls.length
    expect(drawn).toBeGreaterThan(0) // the series, at once
    // A bar far above the drawn price range: the live layer cannot show it, ECharts must redraw.
    fake.emit('market.onCandles', { symbol: 'btcusdt', interval: '15min', candles: [bar(180, '300')] })
    await flushFrames()
    expect(chart.setOption.mock.calls.length).toBe(drawn) // not inside the frame
    await nextTask()
    await nextTask()
    expect(chart.setOption.mock.calls.length).toBe(drawn + 1)
    const option = chart.setOption.mock.calls[drawn]![0] as { series: { id: string; data: unknown[] }[] }
    expect(option.series.find((s) => s.id === 'k')!.data.length).toBeGreaterThan(0)
  })

  it('draws nothing once unmounted before its task runs', async () => {
    const { fake, chart, wrapper } = await mounted()
    const drawn = chart.setOption.mock.calls.length
    fake.emit('market.onCandles', { symbol: 'btcusdt', interval: '15min', candles: [bar(180, '300')] })
    await flushFrames()
    wrapper.unmount()
    await nextTask()
    await nextTask()
    expect(chart.disposed).toBe(true)
    expect(chart.setOption.mock.calls.length).toBe(drawn)
  })
})
