// CandlesChart's full ECharts redraws: one that only follows the stream runs in a task of its own after the frame
// (lib/own-task.ts), so the frame that applied the stream shows first; a new series redraws at once, in the frame;
// a chart unmounted before its task runs draws nothing. ECharts is a recording fake here (its canvas renderer does
// not draw in happy-dom); the real chart is drawn in the e2e run and the render bench.
import { flushPromises } from '@vue/test-utils'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { nextTick } from 'vue'
import type { CandleView } from '@shared/ipc/views/market'
import CandlesChart from '../../../src-renderer/src/panels/market/CandlesChart.vue'
import { setLocale } from '../../../src-renderer/src/i18n'
import { flushFrames } from '../../../src-renderer/src/lib/frame'
import { mountWithFeed } from './setup'
import { charts } from './fake-echarts'

vi.mock('../../../src-renderer/src/charts/echarts', () => import('./fake-echarts'))

const bar = (id: number, close: string): CandleView => ({
  id,
  open: close,
  close,
  high: close,
  low: close,
  vol: '1',
  amount: null
})
const nextTask = (): Promise<void> => new Promise((r) => setTimeout(r, 0))

beforeEach(() => {
  charts.made.length = 0
})

type Option = { yAxis: { max: (v: { min: number; max: number }) => number }[] }
/** The top of the price axis an option asks for over a drawn range of 1..3: above the live bar's high when it is in. */
const axisTop = (o: unknown): number => (o as Option).yAxis[0]!.max({ min: 1, max: 3 })

/** Mounted with 3 bars drawn; `inFrame`: setOption calls made within the frames, before any other task ran. */
async function mounted() {
  const m = await mountWithFeed(CandlesChart)
  m.fake.emit('market.onCandles', {
    symbol: 'btcusdt',
    interval: '15min',
    candles: [bar(60, '1'), bar(120, '2'), bar(180, '3')]
  })
  await flushFrames()
  const chart = charts.made[0]!
  const inFrame = chart.setOption.mock.calls.length
  await flushPromises()
  await flushFrames()
  return { ...m, chart, inFrame }
}

/** A bar far above the drawn price range: the live layer cannot show it, ECharts must redraw. */
const farBar = (fake: Awaited<ReturnType<typeof mounted>>['fake'], close: string) =>
  fake.emit('market.onCandles', { symbol: 'btcusdt', interval: '15min', candles: [bar(180, close)] })

describe('CandlesChart words', () => {
  afterEach(() => setLocale('en'))

  it('names the intervals and the legend in the chosen language, says it is loading, and says when there is no bar', async () => {
    setLocale('zh-CN')
    const empty = await mountWithFeed(CandlesChart)
    expect(empty.wrapper.text()).toContain('正在加载K线…')
    // The stream answered with no bars (a market with no trade yet): said so, not "loading" for ever.
    empty.fake.emit('market.onCandles', { symbol: 'btcusdt', interval: '15min', candles: [] })
    await flushFrames()
    await flushPromises()
    expect(empty.wrapper.get('[data-testid="candles-empty"]').text()).toBe('此周期暂无成交：首笔成交后开始绘制K线')
    empty.wrapper.unmount()
    const { wrapper } = await mounted()
    const intervals = () => wrapper.findAll('[data-testid^="interval-"]').map((b) => b.text())
    expect(intervals()).toEqual(['1分', '5分', '15分', '30分', '1小时', '日线', '周线', '月线'])
    const legend = wrapper.get('[data-testid="candle-legend"]').text()
    for (const w of ['开 ', '高 ', '低 ', '收 ', '量 ', 'MA5 ']) expect(legend).toContain(w)
    setLocale('zh-TW')
    await flushPromises()
    expect(intervals()).toContain('週線')
    setLocale('en')
    await flushPromises()
    expect(intervals()).toEqual(['1m', '5m', '15m', '30m', '1H', '1D', '1W', '1M'])
    expect(wrapper.get('[data-testid="candle-legend"]').text()).toContain('O ')
    // The chosen interval is told as pressed, not by its colour alone; a click moves it.
    const pressed = () =>
      wrapper.findAll('[data-testid^="interval-"]').filter((b) => b.attributes('aria-pressed') === 'true')
    expect(pressed().map((b) => b.text())).toHaveLength(1)
    const other = wrapper.findAll('[data-testid^="interval-"]').find((b) => b.attributes('aria-pressed') === 'false')!
    await other.trigger('click')
    await flushPromises()
    expect(pressed().map((b) => b.text())).toEqual([other.text()])
  })
})

describe('CandlesChart full redraws', () => {
  it('draws a new series in the frame, and a redraw that follows the stream in a task of its own after it', async () => {
    const { fake, chart, inFrame } = await mounted()
    expect(inFrame).toBeGreaterThan(0) // the series, at once: no other task ran yet
    const drawn = chart.setOption.mock.calls.length
    farBar(fake, '300')
    await flushFrames()
    expect(chart.setOption.mock.calls.length).toBe(drawn) // not inside the frame
    await nextTask()
    await nextTask()
    expect(chart.setOption.mock.calls.length).toBe(drawn + 1)
    expect(axisTop(chart.setOption.mock.calls[drawn]![0])).toBeGreaterThan(300)
  })

  it('draws once, with the latest data, when more of the stream comes while its task waits', async () => {
    const { fake, chart } = await mounted()
    const drawn = chart.setOption.mock.calls.length
    farBar(fake, '300')
    await flushFrames()
    farBar(fake, '400')
    await flushFrames() // a frame while the task waits: it draws nothing
    expect(chart.setOption.mock.calls.length).toBe(drawn)
    await nextTask()
    await nextTask()
    expect(chart.setOption.mock.calls.length).toBe(drawn + 1)
    expect(axisTop(chart.setOption.mock.calls[drawn]![0])).toBeGreaterThan(400)
  })

  it('redraws a new series in the frame even while a stream redraw waits, which then draws nothing', async () => {
    const { fake, chart, feed, market } = await mounted()
    farBar(fake, '300')
    await flushFrames()
    const drawn = chart.setOption.mock.calls.length
    market.setInterval(feed, '1day') // a new series: the user's action
    await nextTick()
    await flushFrames()
    const afterFrame = chart.setOption.mock.calls.length
    expect(afterFrame).toBeGreaterThan(drawn)
    await nextTask()
    await nextTask()
    expect(chart.setOption.mock.calls.length).toBe(afterFrame)
  })

  it('draws nothing once unmounted before its task runs', async () => {
    const { fake, chart, wrapper } = await mounted()
    const drawn = chart.setOption.mock.calls.length
    farBar(fake, '300')
    await flushFrames()
    wrapper.unmount()
    await nextTask()
    await nextTask()
    expect(chart.disposed).toBe(true)
    expect(chart.setOption.mock.calls.length).toBe(drawn)
  })
})
