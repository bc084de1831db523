// The candle chart's crosshair labels never cover the axis labels: the value on the price, volume or pane axis is the
// component's label inside the grid, flush against the axis line (the axis labels sit in the gutter right of it), and
// ECharts' own value labels are off; the time label sits above the time axis, inside the grid. ECharts is a fake that
// records the option and hands the component its pointer events (its canvas does not draw in happy-dom); the e2e run
// and bench draw the real one.
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { CandleView } from '@shared/ipc/views/market'
import CandlesChart from '../../../src-renderer/src/panels/market/CandlesChart.vue'
import { CANDLE_GRID } from '../../../src-renderer/src/charts/candle-option'
import { frame, mountWithFeed } from './setup'

const fake = vi.hoisted(() => ({
  handlers: new Map<string, (e: unknown) => void>(),
  options: [] as unknown[]
}))
vi.mock('../../../src-renderer/src/charts/echarts', () => ({
  echarts: {
    init: () => ({
      setOption: (o: unknown) => fake.options.push(o),
      on: (name: string, f: (e: unknown) => void) => fake.handlers.set(name, f),
      resize: () => undefined,
      dispose: () => undefined,
      getWidth: () => 600,
      getHeight: () => 300,
      // Price axis: 100 at row 200, 1 px per unit; others: row = 250 - value.
      convertToPixel: (f: { yAxisIndex?: number }, v: number) => (f.yAxisIndex === 0 ? 300 - v : 250 - v),
      convertFromPixel: (f: { yAxisIndex?: number }, y: number) => (f.yAxisIndex === 0 ? 300 - y : 250 - y)
    })
  }
}))

const bars = (n: number): CandleView[] =>
  Array.from({ length: n }, (_, i) => ({
    id: 60 * (i + 1),
    open: '100.00',
    close: '101.00',
    high: '103.00',
    low: '99.00',
    vol: '2',
    amount: null
  }))

type Axis = { axisPointer?: { label?: { show?: boolean; margin?: number } } }
type Option = { xAxis?: Axis[]; yAxis?: Axis[] }

afterEach(() => {
  fake.handlers.clear()
  fake.options.length = 0
})

async function pointerAt(axisIndex: number, value: number): Promise<void> {
  fake.handlers.get('updateAxisPointer')!({
    axesInfo: [
      { axisDim: 'x', axisIndex: 0, value: 40 },
      { axisDim: 'y', axisIndex, value }
    ]
  })
  await frame()
}

describe('CandlesChart crosshair labels', () => {
  it('shows the value under the pointer inside the grid against the axis line, never in the axis labels’ gutter', async () => {
    const { fake: market, wrapper } = await mountWithFeed(CandlesChart)
    market.emit('market.onCandles', { symbol: 'btcusdt', interval: '15min', candles: bars(80) })
    await frame()
    const option = fake.options.find((o) => (o as Option).yAxis) as Option
    // ECharts' value labels (drawn in the gutter, over the axis labels) are off on every value axis.
    expect(option.yAxis!.map((a) => a.axisPointer?.label?.show)).toEqual(option.yAxis!.map(() => false))
    // The time label is moved up into the grid, above the time axis' labels.
    const time = option.xAxis!.find((a) => a.axisPointer?.label?.show)!
    expect(time.axisPointer!.label!.margin).toBeLessThan(0)

    await pointerAt(0, 101.234)
    const label = wrapper.get('[data-testid="chart-cross-label"]')
    const style = (label.element as HTMLElement).style
    expect(style.right).toBe(`${CANDLE_GRID.right + 1}px`)
    expect(parseFloat(style.top)).toBeCloseTo(300 - 101.234, 3)
    // The price snapped to the market's tick (2 decimals for btcusdt in the fake's rules).
    expect(label.text()).toBe('101.23')

    await pointerAt(1, 12_500) // the volume axis
    expect(wrapper.get('[data-testid="chart-cross-label"]').text()).toBe('12.5K')

    // The pointer left the chart: no label.
    fake.handlers.get('updateAxisPointer')!({ axesInfo: [] })
    await frame()
    expect(wrapper.find('[data-testid="chart-cross-label"]').exists()).toBe(false)
    wrapper.unmount()
  })
})
