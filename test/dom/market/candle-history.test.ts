// Older history from the chart's side: scrolled to the oldest bar, the feed asks main for the page before it
// (`market.candles` with `before`), merges it in front without a bar twice, and once the venue has nothing older
// says so in the chart's header and asks no more. ECharts is a recording fake (no canvas in happy-dom).
import { flushPromises } from '@vue/test-utils'
import { describe, expect, it, vi } from 'vitest'
import type { CandleView } from '@shared/ipc/views/market'
import CandlesChart from '../../../src-renderer/src/panels/market/CandlesChart.vue'
import { flushFrames } from '../../../src-renderer/src/lib/frame'
import { setTerminalClient } from '../../../src-renderer/src/services/terminal'
import { mountWithFeed } from './setup'

const zoom = vi.hoisted(() => ({ handler: null as ((e: unknown) => void) | null, shown: [] as number[] }))
vi.mock('../../../src-renderer/src/charts/echarts', () => ({
  echarts: {
    init: () => ({
      // The open time of the first bar in view at each draw: where the user is looking.
      setOption: (o: { xAxis: { data: number[] }[]; dataZoom: { startValue: number }[] }) =>
        zoom.shown.push(o.xAxis[0]!.data[o.dataZoom[0]!.startValue]!),
      on: (name: string, fn: (e: unknown) => void) => {
        if (name === 'datazoom') zoom.handler = fn
      },
      resize: () => undefined,
      dispose: () => undefined,
      getWidth: () => 600,
      getHeight: () => 300,
      convertToPixel: () => 0
    })
  }
}))

const bar = (i: number): CandleView => {
  const c = String(100 + (i % 9))
  return { id: i * 60, open: c, close: c, high: c, low: c, vol: '1', amount: null }
}
/** The venue's bars: 1000..1799 (800 of them). */
const VENUE = Array.from({ length: 800 }, (_, i) => bar(1000 + i))

async function mounted() {
  const m = await mountWithFeed(CandlesChart)
  const asked: (number | undefined)[] = []
  const invoke = m.fake.client.invoke
  setTerminalClient({
    ...m.fake.client,
    invoke: (async (channel: string, input: { before?: number; limit?: number }) => {
      if (channel !== 'market.candles') return invoke(channel as never, input as never)
      asked.push(input.before)
      // As main answers: the `limit` bars up to `before` (a bar at `before` included here, as a venue may).
      const upTo = VENUE.filter((c) => input.before === undefined || c.id <= input.before)
      return upTo.slice(-(input.limit ?? 300))
    }) as typeof invoke
  })
  // The stream's first event: the latest 150 bars.
  m.fake.emit('market.onCandles', { symbol: 'btcusdt', interval: '15min', candles: VENUE.slice(-150) })
  await flushFrames()
  await flushPromises()
  return { ...m, asked }
}

/**
 * The user drags the chart left until it asks for older bars (or up to 10 drags): inside zoom reports percents of the
 * slots ECharts holds, a slice around the view, so each drag to its left edge moves the view back by a slice.
 */
async function toLeftEdge(asked: unknown[]): Promise<void> {
  const n = asked.length
  for (let k = 0; k < 10 && asked.length === n; k++) {
    zoom.handler!({ start: 0, end: 20 })
    await flushPromises()
    await flushFrames()
    await flushPromises()
  }
}

describe('CandlesChart older history', () => {
  it('pages back at the left edge: no bar twice, no gap, and the end said once the venue has no more', async () => {
    const { wrapper, feed, asked } = await mounted()
    const ids = () => feed.candles.value.time
    const contiguous = () => ids().every((t, i) => i === 0 || t - ids()[i - 1]! === 60)
    // Pages of 300: each overlaps the seam by one bar (the venue includes the bar at `before`), not kept twice.
    for (const [oldest, held] of <[number, number][]>[
      [650, 449],
      [351, 748],
      [52, 800]
    ]) {
      await toLeftEdge(asked)
      expect(asked.at(-1)).toBe(VENUE[oldest]!.id) // before the oldest bar held
      // Drawn again with the page in front, the view stays on the bars it showed: from the one that was oldest.
      expect(zoom.shown.at(-1)).toBe(VENUE[oldest]!.id)
      expect(ids()).toHaveLength(held)
      expect(contiguous()).toBe(true)
    }
    expect(wrapper.find('[data-testid="history-state"]').exists()).toBe(false)

    await toLeftEdge(asked) // the venue has nothing before its first bar
    expect(asked.at(-1)).toBe(VENUE[0]!.id)
    expect(feed.older.value).toBe('end')
    expect(wrapper.get('[data-testid="history-state"]').text()).toBe('The venue has no older bars')
    const n = asked.length
    await toLeftEdge(asked) // ten more drags to the edge
    expect(asked).toHaveLength(n) // not asked again
    expect(ids()).toHaveLength(800)
    wrapper.unmount()
  })

  it('a new interval starts the paging over', async () => {
    const { wrapper, feed, market, asked } = await mounted()
    for (let k = 0; k < 6 && feed.older.value !== 'end'; k++) await toLeftEdge(asked)
    expect(feed.older.value).toBe('end')
    market.setInterval(feed, '1day')
    await flushPromises()
    expect(feed.older.value).toBe('idle')
    wrapper.unmount()
  })
})
