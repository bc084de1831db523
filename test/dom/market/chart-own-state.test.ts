// The trader's own state on the candle chart: the own series' lines and labels (orders, triggers, entry and
// liquidation, alerts), fill markers on their bars, a pointer event naming its line, and the chart component's
// use of it: drawn from the account's open orders, set only when it changed, emptied on a profile switch in the
// same tick (before any frame), and hidden by the toolbar's toggle. ECharts is a recording fake (as in
// candles-chart.test.ts) that asks the price axis for its range like the real one.
import { flushPromises } from '@vue/test-utils'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { CandleView } from '@shared/ipc/views/market'
import type { OpenOrderView } from '@shared/ipc/views/account'
import type { AlertView } from '@shared/ipc/views/alerts'
import CandlesChart from '../../../src-renderer/src/panels/market/CandlesChart.vue'
import {
  NO_OWN_STATE,
  barOf,
  labelShifts,
  ownLineOf,
  ownLines,
  ownMarkers,
  ownStateSeries,
  type OwnState,
  type OwnWords
} from '../../../src-renderer/src/charts/own-state-layer'
import { candleData } from '../../../src-renderer/src/charts/candles'
import { FALLBACK_THEME } from '../../../src-renderer/src/charts/theme'
import { setLocale } from '../../../src-renderer/src/i18n'
import { flushFrames } from '../../../src-renderer/src/lib/frame'
import { useAccountStore } from '../../../src-renderer/src/stores/account'
import { useAlertsStore } from '../../../src-renderer/src/stores/alerts'
import { usePreferencesStore } from '../../../src-renderer/src/stores/preferences'
import { useProfilesStore } from '../../../src-renderer/src/stores/profiles'
import { charts, chartHooks } from './fake-echarts'
import { mountWithFeed } from './setup'

vi.mock('../../../src-renderer/src/charts/echarts', () => import('./fake-echarts'))
// The real chart asks the price axis' callbacks for its range on each draw: over a data range of 1..3 here.
chartHooks.onSetOption = (o) => {
  const y = (o as { yAxis?: { min?: unknown; max?: unknown }[] }).yAxis?.[0]
  if (typeof y?.min === 'function') (y.min as (v: object) => number)({ min: 1, max: 3 })
  if (typeof y?.max === 'function') (y.max as (v: object) => number)({ min: 1, max: 3 })
}

const WORDS: OwnWords = {
  order: (s, q, p) => `${s} ${q} @ ${p}`,
  trigger: (k, s, q, p) => `${k} ${s} ${q} @ ${p}`,
  entry: (s, q, p) => `entry ${s} ${q} @ ${p}`,
  liquidation: (p) => `liq ${p}`,
  alert: (part, p, paused) => `alert ${part} ${p}${paused ? ' paused' : ''}`,
  algo: (a) => `algo ${a.part} ${a.price}`,
  fillLetter: (s) => (s === 'BUY' ? 'B' : 'S')
}
const state = (s: Partial<OwnState>): OwnState => ({ ...NO_OWN_STATE, ...s })

describe('own-state layer', () => {
  it('draws orders with side, remaining quantity and the exact price text, inside the drawn range only', () => {
    const lines = ownLines(
      state({
        orders: [
          { id: '11', side: 'BUY', price: '1.50', volume: '2', executed: '0.5' },
          { id: '12', side: 'SELL', price: '2.8', volume: '1', executed: '0' },
          { id: '13', side: 'SELL', price: '9', volume: '1', executed: '0' }, // above the range
          { id: '14', side: 'BUY', price: '0', volume: '1', executed: '0' } // a market order
        ]
      }),
      WORDS,
      FALLBACK_THEME,
      1,
      3
    )
    expect(lines.map((l) => [l.ownId, l.text, l.yAxis])).toEqual([
      ['order:11', 'BUY 1.5 @ 1.50', 1.5],
      ['order:12', 'SELL 1 @ 2.8', 2.8]
    ])
  })

  it('draws triggers by kind, entry and liquidation only where the venue gives one, alerts with paused told', () => {
    const lines = ownLines(
      state({
        triggers: [{ id: 't1', side: 'SELL', kind: 'stop-loss', triggerPrice: '1.2', volume: '3' }],
        positions: [
          { id: 'p1', side: 'BUY', volume: '3', entry: '2.00', liquidation: '1.1' },
          { id: 'p2', side: 'SELL', volume: '1', entry: '2.5', liquidation: null }
        ],
        alerts: [
          { id: 'a1', part: 'level', price: '2.9', paused: false },
          { id: 'a2', part: 'low', price: '1.3', paused: true },
          { id: 'a2', part: 'high', price: '2.7', paused: true }
        ]
      }),
      WORDS,
      FALLBACK_THEME,
      1,
      3
    )
    expect(lines.map((l) => [l.ownId, l.text, l.dash])).toEqual([
      ['trigger:t1', 'stop-loss SELL 3 @ 1.2', 'dashed'],
      ['entry:p1', 'entry BUY 3 @ 2.00', 'solid'],
      ['liquidation:p1', 'liq 1.1', 'dashed'],
      ['entry:p2', 'entry SELL 1 @ 2.5', 'solid'],
      ['alert:a1:level', 'alert level 2.9', 'dashed'],
      ['alert:a2:low', 'alert low 1.3 paused', 'dotted'],
      ['alert:a2:high', 'alert high 2.7 paused', 'dotted']
    ])
  })

  it('marks a fill on the bar it falls in, by shape and letter, and none outside the drawn slice', () => {
    const data = candleData(
      [60, 120, 180].map((id) => ({ id, open: '2', close: '2', high: '2', low: '2', vol: '1', amount: null }))
    )
    expect(barOf(data, 125_000, 60)).toBe(1)
    expect(barOf(data, 59_000, 60)).toBe(-1)
    expect(barOf(data, 240_000, 60)).toBe(-1) // after the last bar's end
    const s = state({
      fills: [
        { id: 'f1', side: 'BUY', price: '2.1', qty: '1', time: 130_000 },
        { id: 'f2', side: 'SELL', price: '2.2', qty: '1', time: 61_000 }
      ]
    })
    // The whole of three bars drawn: 77 empty slots on the left (MIN_SLOTS), the right padding after them.
    const axes = { data, slice: { from: 0, to: 3 }, drawnTotal: 3, barSeconds: 60, min: 1, max: 3 }
    const marks = ownMarkers(s, WORDS, axes)
    expect(marks.map((m) => [m.ownId, m.side, m.letter])).toEqual([
      ['fill:f1', 'BUY', 'B'],
      ['fill:f2', 'SELL', 'S']
    ])
    expect(marks[0]!.coord[0] - marks[1]!.coord[0]).toBe(1)
    expect(marks[0]!.coord[1]).toBe(2.1)
    const series = ownStateSeries(s, WORDS, FALLBACK_THEME, axes).series as {
      markPoint: { data: { symbolRotate: number; label: { formatter: () => string } }[] }
    }
    expect(series.markPoint.data.map((d) => [d.symbolRotate, d.label.formatter()])).toEqual([
      [0, 'B'],
      [180, 'S']
    ])
    expect(ownMarkers(s, WORDS, { ...axes, slice: { from: 2, to: 3 } })).toEqual([])
  })

  it('sets the labels of lines closer than a label’s height side by side, within the chart’s width', () => {
    const lines = ownLines(
      state({
        orders: [
          { id: '1', side: 'BUY', price: '2.00', volume: '1', executed: '0' },
          { id: '2', side: 'BUY', price: '2.01', volume: '1', executed: '0' },
          { id: '3', side: 'BUY', price: '2.02', volume: '1', executed: '0' },
          { id: '4', side: 'SELL', price: '2.9', volume: '1', executed: '0' }
        ]
      }),
      WORDS,
      FALLBACK_THEME,
      1,
      3
    )
    const px = (v: number): number => 300 - v * 100 // 1 px a cent: the first three within a label's height
    const shifts = labelShifts(lines, px)
    expect(shifts[0]).toBe(0)
    expect(shifts[1]).toBeGreaterThan(0)
    expect(shifts[2]).toBeGreaterThan(shifts[1]!)
    expect(shifts[3]).toBe(0)
    // Too narrow a chart for the third beside the others: it shows under the pointer only, never over the axis.
    expect(labelShifts(lines, px, shifts[2]! + 20)).toEqual([0, shifts[1], null, 0])
  })

  it('keeps its key while nothing it draws changed, and names a line from a pointer event', () => {
    const data = candleData([])
    const axes = { data, slice: { from: 0, to: 0 }, drawnTotal: 0, barSeconds: 60, min: 1, max: 3 }
    expect(ownStateSeries(NO_OWN_STATE, WORDS, FALLBACK_THEME, axes).key).toBe('')
    const one = state({ orders: [{ id: '7', side: 'BUY', price: '2', volume: '1', executed: '0' }] })
    const a = ownStateSeries(one, WORDS, FALLBACK_THEME, axes)
    expect(ownStateSeries(state({ orders: [...one.orders] }), WORDS, FALLBACK_THEME, axes).key).toBe(a.key)
    const partly = state({ orders: [{ ...one.orders[0]!, executed: '0.4' }] })
    expect(ownStateSeries(partly, WORDS, FALLBACK_THEME, axes).key).not.toBe(a.key)
    // ECharts names the item of a markLine event by its name, which is the line's identity.
    const item = (a.series as { markLine: { data: { name: string }[] } }).markLine.data[0]!
    expect(ownLineOf({ componentType: 'markLine', seriesId: 'own', name: item.name })).toEqual({
      kind: 'order',
      id: '7'
    })
    expect(ownLineOf({ componentType: 'series', seriesId: 'own', name: item.name })).toBeNull()
    expect(ownLineOf({ componentType: 'markLine', seriesId: 'k', name: item.name })).toBeNull() // the last-price line
  })
})

const bar = (id: number, close: string): CandleView => ({
  id,
  open: close,
  close,
  high: close,
  low: close,
  vol: '1',
  amount: null
})
const order = (orderId: string, side: 'BUY' | 'SELL', price: string): OpenOrderView => ({
  module: 'spot',
  symbol: 'btcusdt',
  orderId,
  clientOrderId: null,
  side,
  type: 'LIMIT',
  price,
  volume: '0.5',
  executed: '0',
  avgPrice: '0',
  status: 'NEW',
  time: 1,
  open: null
})
type OwnSeries = { id: string; markLine: { data: { name: string; label: { formatter: () => string } }[] } }
/** The own series of each setOption call that set it. */
const ownUpdates = (calls: unknown[][]): OwnSeries[] =>
  calls.flatMap((c) => ((c[0] as { series?: OwnSeries[] }).series ?? []).filter((s) => s.id === 'own'))

describe('CandlesChart own state', () => {
  beforeEach(() => {
    charts.made.length = 0
  })
  afterEach(() => setLocale('en'))

  async function mounted() {
    const m = await mountWithFeed(CandlesChart)
    useProfilesStore().activeId = 'paper'
    m.fake.emit('market.onCandles', { symbol: 'btcusdt', interval: '15min', candles: [bar(60, '1'), bar(120, '3')] })
    await flushPromises()
    await flushFrames()
    return { ...m, chart: charts.made[0]! }
  }
  const lineTexts = (w: Awaited<ReturnType<typeof mounted>>['wrapper']) =>
    w.findAll('[data-testid="chart-own-lines"] li').map((l) => [l.attributes('data-own-id'), l.text()])

  it('draws the market’s open orders as one series update, and redraws nothing when they did not change', async () => {
    const { wrapper, chart } = await mounted()
    expect(ownUpdates(chart.setOption.mock.calls)).toEqual([]) // nothing of its own yet: no update
    const account = useAccountStore()
    account.openOrders = [
      order('101', 'BUY', '1.50'),
      order('102', 'SELL', '2.75'),
      { ...order('103', 'BUY', '2'), symbol: 'ethusdt' } // another market's
    ]
    await flushPromises()
    await flushFrames()
    const [own, ...more] = ownUpdates(chart.setOption.mock.calls)
    expect(more).toEqual([])
    expect(own!.markLine.data.map((d) => [d.name, d.label.formatter()])).toEqual([
      ['order:101', 'Buy 0.5 @ 1.50'],
      ['order:102', 'Sell 0.5 @ 2.75']
    ])
    await flushPromises()
    expect(lineTexts(wrapper)).toEqual([
      ['order:101', 'Buy 0.5 @ 1.50'],
      ['order:102', 'Sell 0.5 @ 2.75']
    ])
    // The same orders again (the next poll): no update.
    account.openOrders = [order('101', 'BUY', '1.50'), order('102', 'SELL', '2.75')]
    await flushPromises()
    await flushFrames()
    expect(ownUpdates(chart.setOption.mock.calls)).toHaveLength(1)
    // Another language: the labels are worded again at once (they stayed English before), then back.
    setLocale('zh-CN')
    await flushPromises()
    await flushFrames()
    await flushPromises()
    expect(ownUpdates(chart.setOption.mock.calls)).toHaveLength(2)
    expect(lineTexts(wrapper).map(([, text]) => text)).not.toEqual(['Buy 0.5 @ 1.50', 'Sell 0.5 @ 2.75'])
    expect(lineTexts(wrapper)[0]![1]).toContain('1.50')
    setLocale('en')
    await flushPromises()
    await flushFrames()
    await flushPromises()
    expect(ownUpdates(chart.setOption.mock.calls)).toHaveLength(3)
    // One cancelled: one update without it.
    account.openOrders = [order('102', 'SELL', '2.75')]
    await flushPromises()
    await flushFrames()
    expect(
      ownUpdates(chart.setOption.mock.calls)
        .at(-1)!
        .markLine.data.map((d) => d.name)
    ).toEqual(['order:102'])
  })

  it('draws the market’s active alerts, and empties everything on a profile switch before any frame', async () => {
    const { wrapper, chart } = await mounted()
    useAccountStore().openOrders = [order('101', 'BUY', '1.50')]
    const alert = (id: string, state: AlertView['state'], rule: AlertView['rule']): AlertView => ({
      id,
      profileId: 'paper',
      module: 'spot',
      symbol: 'btcusdt',
      source: 'last',
      rule,
      repeat: 'once',
      state,
      createdAt: 1,
      firedAt: null,
      firedPrice: null,
      fires: 0
    })
    useAlertsStore().list = [
      alert('a1', 'armed', { kind: 'cross', level: '2.5', direction: 'up' }),
      alert('a2', 'paused', { kind: 'channel', low: '1.2', high: '2.9', on: 'either' }),
      alert('a3', 'fired', { kind: 'cross', level: '2.2', direction: 'up' })
    ]
    await flushPromises()
    await flushFrames()
    await flushPromises()
    expect(lineTexts(wrapper)).toEqual([
      ['order:101', 'Buy 0.5 @ 1.50'],
      ['alert:a1:level', 'Alert @ 2.5'],
      ['alert:a2:low', 'Alert low @ 1.2 (paused)'],
      ['alert:a2:high', 'Alert high @ 2.9 (paused)']
    ])
    const before = ownUpdates(chart.setOption.mock.calls).length
    useProfilesStore().activeId = 'remote'
    // In the same tick, no frame run: the chart already holds no line of the old profile.
    const last = ownUpdates(chart.setOption.mock.calls)
    expect(last).toHaveLength(before + 1)
    expect(last.at(-1)!.markLine.data).toEqual([])
    await flushPromises()
    expect(lineTexts(wrapper)).toEqual([])
  })

  it('marks the profile’s own fills on their bars, and reads the new profile’s at once after a switch', async () => {
    const m = await mountWithFeed(CandlesChart)
    const reads: unknown[] = []
    const invoke = m.fake.client.invoke
    vi.spyOn(m.fake.client, 'invoke').mockImplementation((async (channel: string, input: { profileId?: string }) => {
      if (channel !== 'account.trades') return invoke(channel as never, input as never)
      reads.push(input.profileId)
      if (input.profileId !== 'paper') return []
      const fill = { module: 'spot', symbol: 'btcusdt', side: 'BUY', qty: '1', fee: '0', feeCoin: null, isMaker: true }
      return [{ ...fill, id: 'f1', price: '2.5', time: 130_000 }]
    }) as typeof invoke)
    useProfilesStore().activeId = 'paper'
    m.fake.emit('market.onCandles', { symbol: 'btcusdt', interval: '15min', candles: [bar(60, '1'), bar(120, '3')] })
    // The layer turned off and on again: the fills are read again, now for paper.
    const prefs = usePreferencesStore()
    prefs.profile.chartOwnHidden = { 'spot:btcusdt': true }
    await flushPromises()
    prefs.profile.chartOwnHidden = {}
    await flushPromises()
    await flushFrames()
    await flushPromises()
    await flushFrames()
    const chart = charts.made[0]!
    type Marks = { markPoint: { data: { name: string; coord: [number, number] }[] } }
    const marks = () => (ownUpdates(chart.setOption.mock.calls).at(-1) as unknown as Marks).markPoint.data
    expect(marks().map((d) => [d.name, d.coord[1]])).toEqual([['fill:f1', 2.5]])
    useProfilesStore().activeId = 'remote'
    expect(marks()).toEqual([])
    await flushPromises()
    // Nothing else changed (no order, no position): the switch itself reads the new profile's fills.
    expect(reads.at(-1)).toBe('remote')
  })

  it('hides the own state with the toolbar toggle, kept as the market’s preference of the profile', async () => {
    const { wrapper, chart } = await mounted()
    const prefs = usePreferencesStore()
    const set = vi.spyOn(prefs, 'setProfile').mockImplementation(() => Promise.resolve())
    useAccountStore().openOrders = [order('101', 'BUY', '1.50')]
    await flushPromises()
    await flushFrames()
    const toggle = wrapper.get('[data-testid="chart-own"]')
    expect(toggle.attributes('aria-pressed')).toBe('true')
    await toggle.trigger('click')
    expect(set).toHaveBeenCalledWith({ chartOwnHidden: { 'spot:btcusdt': true } })
    prefs.profile.chartOwnHidden = { 'spot:btcusdt': true }
    await flushPromises()
    await flushFrames()
    await flushPromises()
    expect(ownUpdates(chart.setOption.mock.calls).at(-1)!.markLine.data).toEqual([])
    expect(wrapper.get('[data-testid="chart-own"]').attributes('aria-pressed')).toBe('false')
    expect(lineTexts(wrapper)).toEqual([])
  })
})
