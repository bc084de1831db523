// Algorithms on the candle chart: each live algorithm of the shown profile on the shown market draws its levels as
// dashed lines in the algorithm colour, labelled in words (charts/algo-lines.ts), a level a child order stands for left
// to the order's own line, a trailing stop's line following as it trails, every line gone when its algorithm ends or
// the profile switches (in the same tick); and "Algorithm here…" in the price menu (charts/algo-menu.ts), which fills
// the order form's Algo tab and sends nothing. ECharts is the recording fake, its price axis over 1..3.
import { flushPromises, mount } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { CandleView } from '@shared/ipc/views/market'
import type { AlgoView } from '@shared/ipc/views/algos'
import CandlesChart from '../../../src-renderer/src/panels/market/CandlesChart.vue'
import ChartTrading from '../../../src-renderer/src/panels/market/ChartTrading.vue'
import ChartContextMenu from '../../../src-renderer/src/panels/market/ChartContextMenu.vue'
import { algoLevels } from '../../../src-renderer/src/charts/algo-lines'
import { algoMenuActions, algoPrefillAt, trailPercentAt } from '../../../src-renderer/src/charts/algo-menu'
import { ownLines, NO_OWN_STATE, type OwnWords } from '../../../src-renderer/src/charts/own-state-layer'
import { FALLBACK_THEME } from '../../../src-renderer/src/charts/theme'
import { flushFrames } from '../../../src-renderer/src/lib/frame'
import { useAlgosStore } from '../../../src-renderer/src/stores/algos'
import { useAlgoPrefillStore } from '../../../src-renderer/src/stores/algo-prefill'
import { useInstrumentsStore } from '../../../src-renderer/src/stores/instruments'
import { useProfilesStore } from '../../../src-renderer/src/stores/profiles'
import { useSelectionStore } from '../../../src-renderer/src/stores/selection'
import { BTCUSDT } from '../../fixtures/instruments'
import { algoView, childView } from '../algos/algo-view'
import { installFakeClient } from '../trading/fake-client'
import { charts, chartHooks } from './fake-echarts'
import { mountWithFeed } from './setup'

vi.mock('../../../src-renderer/src/charts/echarts', () => import('./fake-echarts'))
chartHooks.onSetOption = (o) => {
  const y = (o as { yAxis?: { min?: unknown; max?: unknown }[] }).yAxis?.[0]
  if (typeof y?.min === 'function') (y.min as (v: object) => number)({ min: 1, max: 3 })
  if (typeof y?.max === 'function') (y.max as (v: object) => number)({ min: 1, max: 3 })
}

const BTC = { gateway: 'spot' as const, symbol: 'btcusdt' }
const ids = (list: AlgoView[]) => algoLevels(list, BTC).map((l) => [l.id, l.part, l.price, l.qty])

describe('algorithm levels', () => {
  it('draws each kind’s own levels, leaves out those a live child order stands for, and none once triggered', () => {
    const oco = algoView({ id: 'o', kind: 'oco', limitPrice: '2.8', triggerPrice: '1.5', stopLimitPrice: null })
    expect(ids([oco])).toEqual([
      ['o:oco-stop', 'oco-stop', '1.5', '0.5'],
      ['o:oco-limit', 'oco-limit', '2.8', '0.5']
    ])
    // The limit leg placed: it is an open order with its own line.
    const placed = { ...oco, children: [childView({ role: 'limit', state: 'open', price: '2.8', filled: '0' })] }
    expect(ids([placed])).toEqual([['o:oco-stop', 'oco-stop', '1.5', '0.5']])
    expect(ids([{ ...placed, triggered: { price: '1.5', at: 1, late: false } }])).toEqual([])

    const trailing = algoView({ id: 't', kind: 'trailing-stop', trailPercent: '1.5', trailingStop: null })
    expect(ids([trailing])).toEqual([]) // no price seen yet: no line made up
    expect(algoLevels([{ ...trailing, trailingStop: '2.3', filled: '0.2' }], BTC)).toEqual([
      { id: 't:trailing', part: 'trailing', side: 'SELL', price: '2.3', qty: '0.3', pct: '1.5', paused: false }
    ])

    const bracket = algoView({
      id: 'b',
      kind: 'bracket',
      side: 'BUY',
      limitPrice: '2',
      takeProfitPrice: '2.6',
      triggerPrice: '1.7',
      stopLimitPrice: null
    })
    expect(ids([bracket]).map((l) => l[1])).toEqual(['bracket-entry', 'bracket-tp', 'bracket-sl'])
    const entered = { ...bracket, children: [childView({ role: 'entry', side: 'BUY', state: 'open', price: '2' })] }
    expect(ids([entered]).map((l) => l[1])).toEqual(['bracket-tp', 'bracket-sl'])
    const covered = {
      ...entered,
      children: [...entered.children, childView({ role: 'take-profit', state: 'open', price: '2.6' })]
    }
    expect(ids([covered]).map((l) => l[1])).toEqual(['bracket-sl'])

    const scaled = algoView({
      id: 's',
      kind: 'scaled',
      levels: [
        { price: '1.9', volume: '0.2' },
        { price: '1.8', volume: '0.3' }
      ]
    })
    expect(ids([scaled])).toEqual([
      ['s:scaled:1', 'scaled', '1.9', '0.2'],
      ['s:scaled:2', 'scaled', '1.8', '0.3']
    ])
    expect(ids([{ ...scaled, children: [childView({ role: 'level', level: 0, state: 'open' })] }])).toEqual([
      ['s:scaled:2', 'scaled', '1.8', '0.3']
    ])
    expect(ids([algoView({ id: 'c', kind: 'chase', chaseBound: '2.2' })])).toEqual([['c:chase', 'chase', '2.2', '0.5']])
    expect(ids([algoView({ id: 'w', kind: 'twap', limitPrice: '2.1', filled: '0.1' })])).toEqual([
      ['w:twap', 'twap', '2.1', '0.4']
    ])
  })

  it('draws only live algorithms of this market, paused ones dotted, all dashed in the algorithm colour', () => {
    const list = [
      algoView({ id: 'a', triggerPrice: '1.5' }),
      algoView({ id: 'b', triggerPrice: '1.6', state: 'stopping' }),
      algoView({ id: 'c', triggerPrice: '1.7', state: 'done' }),
      algoView({ id: 'd', triggerPrice: '1.8', symbol: 'ethusdt' }),
      algoView({ id: 'e', triggerPrice: '1.9', state: 'paused' })
    ]
    const words = { algo: (l: { part: string; price: string }) => `${l.part} ${l.price}` } as unknown as OwnWords
    const lines = ownLines({ ...NO_OWN_STATE, algos: algoLevels(list, BTC) }, words, FALLBACK_THEME, 1, 3)
    expect(lines.map((l) => [l.ownId, l.text, l.dash, l.colour])).toEqual([
      ['algo:a:stop-limit', 'stop-limit 1.5', 'dashed', FALLBACK_THEME.algo],
      ['algo:e:stop-limit', 'stop-limit 1.9', 'dotted', FALLBACK_THEME.algo]
    ])
    expect(FALLBACK_THEME.algo).not.toBe(FALLBACK_THEME.up)
    expect(FALLBACK_THEME.algo).not.toBe(FALLBACK_THEME.down)
  })
})

describe('"Algorithm here…" in the price menu', () => {
  it('takes the price as a stop’s trigger (a sell below the last price, a buy above) or a bracket’s entry', () => {
    expect(algoMenuActions('spot')).toEqual(['stop-limit', 'trailing-stop', 'oco', 'bracket'])
    expect(algoMenuActions('margin')).toEqual([])
    // Futures: the kinds main runs there (all four today); the Algo tab then asks open or close.
    expect(algoMenuActions('futures')).toEqual(['stop-limit', 'trailing-stop', 'oco', 'bracket'])
    expect(algoPrefillAt('stop-limit', '61000', '62000')).toEqual({
      kind: 'stop-limit',
      side: 'SELL',
      fields: { triggerPrice: '61000' }
    })
    expect(algoPrefillAt('oco', '63000', '62000')).toEqual({
      kind: 'oco',
      side: 'BUY',
      fields: { triggerPrice: '63000' }
    })
    expect(algoPrefillAt('bracket', '61000', '62000')).toEqual({
      kind: 'bracket',
      side: 'BUY',
      fields: { limitPrice: '61000' }
    })
    expect(algoPrefillAt('trailing-stop', '61070', '62000')).toEqual({
      kind: 'trailing-stop',
      side: 'SELL',
      fields: { trailPercent: '1.50' }
    })
    expect(trailPercentAt('62000', '62000')).toBeNull()
    expect(trailPercentAt('61000', null)).toBeNull()
    expect(algoPrefillAt('trailing-stop', '61000', null)).toBeNull()
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
type OwnSeries = { id: string; markLine: { data: { name: string; label: { formatter: () => string } }[] } }
const ownUpdates = (calls: unknown[][]): OwnSeries[] =>
  calls.flatMap((c) => ((c[0] as { series?: OwnSeries[] }).series ?? []).filter((s) => s.id === 'own'))

describe('CandlesChart algorithm lines', () => {
  beforeEach(() => {
    charts.made.length = 0
  })

  async function mounted() {
    const m = await mountWithFeed(CandlesChart)
    useProfilesStore().activeId = 'paper'
    m.fake.emit('market.onCandles', { symbol: 'btcusdt', interval: '15min', candles: [bar(60, '1'), bar(120, '3')] })
    await frames()
    return { ...m, chart: charts.made[0]! }
  }
  const frames = async () => {
    await flushPromises()
    await flushFrames()
    await flushPromises()
  }
  const texts = (w: Awaited<ReturnType<typeof mounted>>['wrapper']) =>
    w.findAll('[data-testid="chart-own-lines"] li').map((l) => [l.attributes('data-own-id'), l.text()])

  it('labels each level in words, follows a trailing stop, and lets a line go when its algorithm ends', async () => {
    const { wrapper, chart, fake } = await mounted()
    // The chart follows the profile's algorithms itself (the Algorithms panel need not be open).
    expect(fake.subs.some((s) => s.channel === 'algos.onChange')).toBe(true)
    const algos = useAlgosStore()
    const oco = algoView({ id: 'o', kind: 'oco', limitPrice: '2.8', triggerPrice: '1.5', stopLimitPrice: null })
    const trail = algoView({ id: 't', kind: 'trailing-stop', trailPercent: '1.5', trailingStop: '2.30' })
    algos.list = [oco, trail, algoView({ id: 'x', symbol: 'ethusdt', triggerPrice: '2' })]
    await frames()
    expect(texts(wrapper)).toEqual([
      ['algo:o:oco-stop', 'OCO stop 1.5 · Sell 0.5'],
      ['algo:o:oco-limit', 'OCO limit 2.8 · Sell 0.5'],
      ['algo:t:trailing', 'Trailing stop 2.30 (1.5 %) · Sell 0.5']
    ])
    const own = ownUpdates(chart.setOption.mock.calls).at(-1)!
    expect(own.markLine.data.map((d) => d.label.formatter())).toContain('Trailing stop 2.30 (1.5 %) · Sell 0.5')
    // The last price rose: the stop trails up after it.
    algos.list = [oco, { ...trail, trailingStop: '2.45' }]
    await frames()
    expect(texts(wrapper).at(-1)).toEqual(['algo:t:trailing', 'Trailing stop 2.45 (1.5 %) · Sell 0.5'])
    // The OCO cancelled (stopping, then cancelled): its lines go.
    algos.list = [
      { ...oco, state: 'cancelled' },
      { ...trail, trailingStop: '2.45' }
    ]
    await frames()
    expect(texts(wrapper).map(([id]) => id)).toEqual(['algo:t:trailing'])
  })

  it('empties the algorithm lines on a profile switch before any frame', async () => {
    const { wrapper, chart } = await mounted()
    useAlgosStore().list = [algoView({ id: 'a', triggerPrice: '1.5', stopLimitPrice: '1.4' })]
    await frames()
    expect(texts(wrapper)).toEqual([['algo:a:stop-limit', 'Stop limit 1.5 → 1.4 · Sell 0.5']])
    const before = ownUpdates(chart.setOption.mock.calls).length
    useProfilesStore().activeId = 'remote'
    const last = ownUpdates(chart.setOption.mock.calls)
    expect(last).toHaveLength(before + 1)
    expect(last.at(-1)!.markLine.data).toEqual([])
    expect(useAlgosStore().list).toEqual([])
    await frames()
    expect(texts(wrapper)).toEqual([])
  })
})

describe('ChartTrading "Algorithm here…"', () => {
  let wrapper: ReturnType<typeof mount> | undefined
  afterEach(() => wrapper?.unmount())

  async function menuOn(module: 'spot' | 'margin') {
    const pinia = createPinia()
    setActivePinia(pinia)
    const fake = installFakeClient({ 'market.symbols': () => [BTCUSDT] })
    useProfilesStore().activeId = 'p1'
    await useInstrumentsStore().load('spot')
    useSelectionStore().selectMarket('spot', 'btcusdt')
    if (module === 'margin') useSelectionStore().selectMarket('margin', 'btcusdt')
    const plot = document.createElement('div')
    document.body.append(plot)
    const chart = {
      convertFromPixel: (_f: unknown, y: number) => 1000 - y,
      convertToPixel: (_: unknown, v: number) => 1000 - v
    }
    // The last price 900: a click at 849.80 is below it.
    const feed = {
      gateway: 'spot',
      symbol: 'btcusdt',
      ticker: { value: { close: '900' } },
      candles: { value: { views: [] } }
    }
    wrapper = mount(ChartTrading, {
      props: { feed: feed as never, plot, chart: () => chart as never, overLine: null, drawn: 0 },
      global: { plugins: [pinia] },
      attachTo: document.body
    })
    await flushPromises()
    plot.dispatchEvent(new MouseEvent('contextmenu', { clientX: 50, clientY: 150.2, bubbles: true, cancelable: true }))
    await flushPromises()
    return { fake, menu: wrapper.getComponent(ChartContextMenu) }
  }

  it('offers the algorithms in words at the clicked price and fills the Algo tab; nothing is sent', async () => {
    const { fake, menu } = await menuOn('spot')
    const group = menu.get('[data-testid="chart-menu-algo-group"]')
    expect(group.attributes('role')).toBe('group')
    expect(group.findAll('[role="menuitem"]').map((b) => b.text())).toEqual([
      'Sell stop limit, trigger 849.80…',
      'Sell trailing stop, 5.58 % behind…',
      'Sell OCO, stop 849.80…',
      'Buy bracket, entry 849.80…'
    ])
    await menu.get('[data-testid="chart-menu-algo-oco"]').trigger('click')
    expect(wrapper!.findComponent(ChartContextMenu).exists()).toBe(false)
    expect(useAlgoPrefillStore().asked).toEqual({ kind: 'oco', side: 'SELL', fields: { triggerPrice: '849.80' } })
    expect(fake.inputs('algos.create')).toEqual([])
    // Another account's tab is not asked to show it.
    useProfilesStore().activeId = 'p2'
    expect(useAlgoPrefillStore().asked).toBeNull()
  })

  it('offers no algorithm on margin (the engine runs spot algorithms)', async () => {
    const { menu } = await menuOn('margin')
    expect(menu.find('[data-testid="chart-menu-algo-group"]').exists()).toBe(false)
  })
})
