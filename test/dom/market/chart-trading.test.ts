// Trading from the candle chart (ChartTrading.vue over a plot, ECharts a fake whose price axis is 1000 - y): a press
// on an order's line starts a drag that shows the pointer's price snapped to the tick, Esc ends it with nothing
// sent, a drop sends one trading.moveOrder of the shown profile and shows "moving" until main answers, and the
// outcome is told (a refused replacement as an error toast naming the reason). A right-click opens the price menu
// (role=menu; stops only on futures), whose buy limit fills the order form and opens its confirmation; Esc closes. A
// position's TP/SL line dragged replaces its leg through the positions table's path.
import { flushPromises, mount } from '@vue/test-utils'
import { createPinia, setActivePinia, type Pinia } from 'pinia'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { OpenOrderView } from '@shared/ipc/views/account'
import type { MoveOrderView } from '@shared/ipc/views/trading'
import ChartTrading from '../../../src-renderer/src/panels/market/ChartTrading.vue'
import ChartContextMenu from '../../../src-renderer/src/panels/market/ChartContextMenu.vue'
import { dropOf, menuActions, snapPrice } from '../../../src-renderer/src/charts/order-drag'
import { useAccountStore } from '../../../src-renderer/src/stores/account'
import { useFeedbackStore } from '../../../src-renderer/src/stores/feedback'
import { useInstrumentsStore } from '../../../src-renderer/src/stores/instruments'
import { useOrderFormStore } from '../../../src-renderer/src/stores/order-form'
import { useProfilesStore } from '../../../src-renderer/src/stores/profiles'
import { useSelectionStore } from '../../../src-renderer/src/stores/selection'
import { usePreferencesStore } from '../../../src-renderer/src/stores/preferences'
import { BTCUSDT, EBTC } from '../../fixtures/instruments'
import { usePositionLegsStore } from '../../../src-renderer/src/stores/position-legs'
import { position } from '../trading/fixtures'
import { installFakeClient } from '../trading/fake-client'

const ORDER: OpenOrderView = {
  module: 'spot',
  symbol: 'btcusdt',
  orderId: '7',
  clientOrderId: null,
  side: 'BUY',
  type: 'LIMIT',
  price: '900.00',
  volume: '0.01',
  executed: '0',
  avgPrice: '0',
  status: 'NEW',
  time: 0,
  open: null
}

const moved = (o: Partial<MoveOrderView> = {}): MoveOrderView => ({
  moveId: 'm1',
  outcome: 'moved',
  module: 'spot',
  symbol: 'btcusdt',
  orderId: '7',
  price: '879.70',
  filled: '0',
  volume: '0.01',
  cancel: {
    actionId: 'a1',
    status: 'canceled',
    module: 'spot',
    symbol: 'btcusdt',
    orderId: '7',
    clientOrderId: 'c1',
    reconciled: false,
    error: null
  },
  place: null,
  words: { key: 'chartTrading.move.outcome.moved', params: { order: '7', price: '879.70' } },
  error: null,
  ...o
})

let wrapper: ReturnType<typeof mount> | undefined
afterEach(() => wrapper?.unmount())

/** ChartTrading over a fresh plot whose price axis is 1000 - y, with `overLine` named under the pointer. */
async function mountOnPlot(
  pinia: Pinia,
  feed: { gateway: string; symbol: string },
  overLine: string | null
): Promise<HTMLElement> {
  const plot = document.createElement('div')
  document.body.append(plot)
  const chart = {
    convertFromPixel: (_f: unknown, y: number) => 1000 - y,
    convertToPixel: (_f: unknown, v: number) => 1000 - v
  }
  wrapper = mount(ChartTrading, {
    // No last price yet (no ticker, no bar): the algorithm items' sides are the defaults, no trailing stop.
    props: {
      feed: { ticker: { value: null }, candles: { value: { views: [] } }, ...feed } as never,
      plot,
      chart: () => chart as never,
      overLine,
      drawn: 0
    },
    global: { plugins: [pinia] },
    attachTo: document.body
  })
  await flushPromises()
  return plot
}

async function setup(answer: () => Promise<MoveOrderView>) {
  const pinia = createPinia()
  setActivePinia(pinia)
  const fake = installFakeClient({
    'market.symbols': () => [BTCUSDT],
    'trading.moveOrder': () => answer()
  })
  useProfilesStore().activeId = 'p1'
  await useInstrumentsStore().load('spot')
  useSelectionStore().selectMarket('spot', 'btcusdt')
  useAccountStore().openOrders = [ORDER]
  const plot = await mountOnPlot(pinia, { gateway: 'spot', symbol: 'btcusdt' }, 'order:7')
  return { fake, plot }
}
const press = (plot: HTMLElement, y: number) =>
  plot.dispatchEvent(new PointerEvent('pointerdown', { button: 0, clientY: y, bubbles: true, cancelable: true }))
const moveTo = (y: number) => window.dispatchEvent(new PointerEvent('pointermove', { clientY: y }))
const release = () => window.dispatchEvent(new PointerEvent('pointerup', {}))
const preview = () => wrapper!.find('[data-testid="chart-drag-preview"]')

describe('trading from the chart', () => {
  it('snaps axis values to the tick, drops only to a new price, offers stops only on futures', () => {
    expect(snapPrice(879.7049999, 2)).toBe('879.70')
    expect(snapPrice(0.000123456, 6)).toBe('0.000123')
    expect(snapPrice(-3, 2)).toBeNull()
    expect(snapPrice(Number.NaN, 2)).toBeNull()
    expect(dropOf({ orderId: '7', from: '900.00', to: '900' })).toBeNull()
    expect(dropOf({ orderId: '7', from: '900.00', to: null })).toBeNull()
    expect(dropOf({ orderId: '7', from: '900.00', to: '899.50' })).toEqual({ orderId: '7', price: '899.50' })
    expect(menuActions('spot')).toEqual(['buy-limit', 'sell-limit'])
    expect(menuActions('margin')).toEqual(['buy-limit', 'sell-limit'])
    expect(menuActions('futures')).toEqual(['buy-limit', 'sell-limit', 'buy-stop', 'sell-stop'])
  })

  it('a drag shows the snapped target, grabbed anywhere on the line or its label; Esc cancels, nothing sent', async () => {
    const { fake, plot } = await setup(async () => moved())
    // Grabbed by its label, 15 px above the line (900.00 is row 100): the line follows the pointer's moves.
    press(plot, 85)
    moveTo(105.3)
    await flushPromises()
    expect(preview().attributes('data-price')).toBe('879.70')
    expect(preview().text()).toBe('Move to 879.70')
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }))
    await flushPromises()
    expect(preview().exists()).toBe(false)
    release()
    await flushPromises()
    expect(fake.inputs('trading.moveOrder')).toEqual([])
  })

  it('a profile switch during a drag ends it: nothing is sent for the account no longer shown', async () => {
    const { fake, plot } = await setup(async () => moved())
    press(plot, 100)
    moveTo(120.3)
    await flushPromises()
    expect(preview().exists()).toBe(true)
    useProfilesStore().activeId = 'p2'
    await flushPromises()
    expect(preview().exists()).toBe(false)
    release()
    await flushPromises()
    expect(fake.inputs('trading.moveOrder')).toEqual([])
  })

  it('a drop off the price axis leaves the order where it is', async () => {
    const { fake, plot } = await setup(async () => moved())
    press(plot, 100)
    moveTo(1200) // the fake axis gives -200 there: no price
    await flushPromises()
    expect(preview().text()).toBe('Off the price axis: release to leave the order where it is')
    release()
    await flushPromises()
    expect(fake.inputs('trading.moveOrder')).toEqual([])
  })

  it('a drop moves the order of the shown profile, shows "moving" until the answer, then tells it', async () => {
    let answer: (v: MoveOrderView) => void = () => undefined
    const { fake, plot } = await setup(() => new Promise((r) => (answer = r)))
    press(plot, 100)
    moveTo(120.3)
    release()
    await flushPromises()
    expect(fake.inputs('trading.moveOrder')).toEqual([
      { profileId: 'p1', module: 'spot', symbol: 'btcusdt', orderId: '7', price: '879.70' }
    ])
    const moving = wrapper!.get('[data-testid="chart-order-moving"]')
    expect(moving.text()).toBe('Moving to 879.70…')
    expect(moving.attributes('style')).toContain('top: 120.3')
    // A second press on the line while it moves starts no drag.
    press(plot, 120)
    await flushPromises()
    expect(preview().exists()).toBe(false)
    answer(moved())
    await flushPromises()
    expect(wrapper!.find('[data-testid="chart-order-moving"]').exists()).toBe(false)
    expect(useFeedbackStore().toasts.map((t) => [t.kind, t.title])).toEqual([['success', 'Order moved to 879.70']])
  })

  it('a replacement refused after the cancel is told at once with the reason', async () => {
    const { plot } = await setup(async () =>
      moved({
        outcome: 'place-rejected',
        words: { key: 'chartTrading.move.outcome.place-rejected', params: { order: '7', price: '879.70' } },
        error: {
          code: 'exchange',
          message: 'insufficient balance',
          exchange: { endpointId: 'spot.order.place', kind: 'api', code: -2017 }
        }
      })
    )
    press(plot, 100)
    moveTo(120.3)
    release()
    await flushPromises()
    const [toast] = useFeedbackStore().toasts
    expect(toast).toMatchObject({
      kind: 'error',
      title: 'Order 7 was cancelled, but the new order at 879.70 was refused: no order is live',
      code: 'exchange -2017'
    })
  })

  it('right-click: a menu of limits at the price (no stops on spot) that opens the order form confirmation', async () => {
    const { fake, plot } = await setup(async () => moved())
    usePreferencesStore().app.confirmOrders = true
    useOrderFormStore().setVolume('0.01')
    plot.dispatchEvent(new MouseEvent('contextmenu', { clientX: 50, clientY: 150.2, bubbles: true, cancelable: true }))
    await flushPromises()
    const menu = wrapper!.getComponent(ChartContextMenu)
    expect(menu.attributes('role')).toBe('menu')
    expect(menu.findAll('[role="menuitem"]').map((b) => b.text())).toEqual([
      'Buy limit at 849.80',
      'Sell limit at 849.80',
      // "Algorithm here…" (chart-algos.test.ts): with no last price, no distance for a trailing stop.
      'Sell stop limit, trigger 849.80…',
      'Sell OCO, stop 849.80…',
      'Buy bracket, entry 849.80…'
    ])
    await menu.trigger('keydown', { key: 'Escape' })
    expect(wrapper!.findComponent(ChartContextMenu).exists()).toBe(false)
    plot.dispatchEvent(new MouseEvent('contextmenu', { clientX: 50, clientY: 150.2, bubbles: true, cancelable: true }))
    await flushPromises()
    await wrapper!.getComponent(ChartContextMenu).get('[data-testid="chart-menu-buy-limit"]').trigger('click')
    const form = useOrderFormStore()
    expect(form.price).toBe('849.80')
    expect(form.side).toBe('BUY')
    expect(form.confirming).toMatchObject({ kind: 'order', input: { price: '849.80', side: 'BUY', type: 'LIMIT' } })
    expect(fake.inputs('trading.placeOrder')).toEqual([]) // only the confirmation sends
  })

  it("a position's stop-loss line dragged: its leg replaced through the positions' path at the new trigger", async () => {
    const pinia = createPinia()
    setActivePinia(pinia)
    installFakeClient({
      'market.contracts': () => [EBTC],
      'account.triggerOrders': () => ({ count: 0, orders: [] }) as never
    })
    await useInstrumentsStore().load('futures')
    const p = position({ contractName: 'E-BTC-USDT', side: 'BUY', volume: '2' })
    useAccountStore().positions = [p]
    const legs = usePositionLegsStore()
    const leg = {
      id: '55',
      kind: 'stop-loss' as const,
      triggerPrice: '900',
      price: null,
      volume: '2',
      oversized: false
    }
    vi.spyOn(legs, 'legsOf').mockReturnValue([leg])
    const replace = vi.spyOn(legs, 'replace').mockResolvedValue()
    const plot = await mountOnPlot(pinia, { gateway: 'futures', symbol: 'E-BTC-USDT' }, 'trigger:55')
    press(plot, 100)
    moveTo(110.04)
    release()
    await flushPromises()
    expect(replace.mock.calls).toEqual([[p, leg, { triggerPrice: '890.0', volume: '2' }]])
    expect(useFeedbackStore().toasts.map((t) => t.title)).toEqual(['Stop-loss moved to 890.0'])
  })

  it('right-click on a futures chart: stops too; a sell stop fills the form as a stop-loss trigger at the price', async () => {
    const pinia = createPinia()
    setActivePinia(pinia)
    installFakeClient({ 'market.contracts': () => [EBTC] })
    useProfilesStore().activeId = 'p1'
    await useInstrumentsStore().load('futures')
    useSelectionStore().selectMarket('futures', 'E-BTC-USDT')
    usePreferencesStore().app.confirmOrders = true
    const form = useOrderFormStore()
    // A stop sends a market order when triggered: a futures market open is sized in what it is worth (USDT).
    form.setVolume('1000')
    const plot = await mountOnPlot(pinia, { gateway: 'futures', symbol: 'E-BTC-USDT' }, null)
    plot.dispatchEvent(new MouseEvent('contextmenu', { clientX: 50, clientY: 150.2, bubbles: true, cancelable: true }))
    await flushPromises()
    expect(
      wrapper!
        .getComponent(ChartContextMenu)
        .findAll('[role="menuitem"]')
        .map((b) => b.text())
    ).toEqual([
      'Buy limit at 849.8',
      'Sell limit at 849.8',
      'Buy stop at 849.8',
      'Sell stop at 849.8',
      // "Algorithm here…" on futures too: the Algo tab then asks open or close.
      'Sell stop limit, trigger 849.8…',
      'Sell OCO, stop 849.8…',
      'Buy bracket, entry 849.8…'
    ])
    await wrapper!.getComponent(ChartContextMenu).get('[data-testid="chart-menu-sell-stop"]').trigger('click')
    expect([form.side, form.type, form.trigger, form.triggerPrice, form.price]).toEqual([
      'SELL',
      'MARKET',
      'stop-loss',
      '849.8',
      ''
    ])
    expect(useFeedbackStore().toasts).toEqual([])
    expect(form.confirming).toMatchObject({
      kind: 'conditional',
      input: { kind: 'stop-loss', triggerPrice: '849.8', side: 'SELL', type: 'MARKET', volume: '1000' }
    })
  })
})
