// Trading hotkeys and one-click trading through the order form's path: nothing while unarmed (said why), exactly one
// order while armed, refusals in words (no size preset, no best price, a form rule), the form's confirmation unless
// the action's own is turned off, and cancel all behind the hotkey's question.
import { flushPromises, mount } from '@vue/test-utils'
import { getActivePinia } from 'pinia'
import { describe, expect, it } from 'vitest'
import ArmSwitch from '../../../src-renderer/src/hotkeys/ArmSwitch.vue'
import OrderPanel from '../../../src-renderer/src/panels/OrderPanel.vue'
import { useTradingHotkeysStore } from '../../../src-renderer/src/hotkeys/trading-hotkeys'
import { installShortcuts } from '../../../src-renderer/src/layout/shortcuts'
import { useFeedbackStore } from '../../../src-renderer/src/stores/feedback'
import { useOrderFormStore } from '../../../src-renderer/src/stores/order-form'
import { usePreferencesStore } from '../../../src-renderer/src/stores/preferences'
import { marketPrices, mountPanel, type, type Rig } from '../trading/setup'
import { placedAck } from '../trading/fixtures'
import { refuse } from '../trading/fake-client'
import { useProfilesStore } from '../../../src-renderer/src/stores/profiles'
import { PAPER, profilesView, REMOTE } from '../frame/fixtures'

const ack = placedAck()
const handlers = {
  'trading.placeOrder': () => ack,
  'trading.cancelAll': () => ({ results: [] })
}
const nextFrame = (): Promise<void> => new Promise((r) => requestAnimationFrame(() => r()))

async function rig(o: { confirm?: boolean; size?: string | null } = {}): Promise<Rig> {
  const r = await mountPanel(OrderPanel, { confirm: o.confirm ?? false }, handlers)
  // The top bar's switch shows a hotkey order's confirmation (the form's ConfirmOrder, the form's fields untouched).
  mount(ArmSwitch, { global: { plugins: [getActivePinia()!] }, attachTo: document.body })
  if (o.size !== null) usePreferencesStore().profile.hotkeySizes = { 'spot:btcusdt': o.size ?? '0.01' }
  return r
}
type Levels = [string, string][]
const BOOK: { asks: Levels; bids: Levels } = { asks: [['65010', '1']], bids: [['64990', '1']] }
async function armWithBook(r: Rig, book = BOOK): Promise<void> {
  useTradingHotkeysStore().arm(true)
  await flushPromises()
  await r.fake.emit('market.onBook', { symbol: 'btcusdt', ...book, ts: 1 })
  await nextFrame()
  await flushPromises()
}
const lastWarning = () => useFeedbackStore().toasts.at(-1)

describe('trading hotkeys', () => {
  it('places nothing while unarmed and says why', async () => {
    const r = await rig()
    await useTradingHotkeysStore().run('buyBid')
    await flushPromises()
    expect(r.fake.inputs('trading.placeOrder')).toEqual([])
    expect(lastWarning()?.text).toBe('Trading hotkeys are not armed. Arm them with the switch in the top bar.')
  })

  it('armed, a pressed key places exactly one limit at the best bid with the preset size, through the form', async () => {
    const r = await rig()
    await armWithBook(r)
    const stop = installShortcuts({
      enabled: () => true,
      focusSearch: () => {},
      module: () => {},
      popOut: () => {},
      monitor: () => {},
      toggleTheme: () => {},
      settings: () => {}
    })
    try {
      window.dispatchEvent(new KeyboardEvent('keydown', { key: 'B', code: 'KeyB', shiftKey: true }))
      await flushPromises()
    } finally {
      stop()
    }
    expect(r.fake.inputs('trading.placeOrder')).toEqual([
      { module: 'spot', symbol: 'btcusdt', side: 'BUY', type: 'LIMIT', volume: '0.01', price: '64990' }
    ])
  })

  it('an order failing after a switch is told naming its account and listed under it, not the shown one', async () => {
    let fail: (e: unknown) => void = () => undefined
    const r = await mountPanel(
      OrderPanel,
      { confirm: false },
      {
        ...handlers,
        'profiles.setActive': () => ({ ok: true }),
        'trading.placeOrder': () => new Promise((_, reject) => (fail = reject))
      }
    )
    usePreferencesStore().profile.hotkeySizes = { 'spot:btcusdt': '0.01' }
    const profiles = useProfilesStore()
    profiles.start()
    await r.fake.emit('profiles.onChange', profilesView([PAPER, REMOTE], PAPER.id))
    await r.account()
    await marketPrices(r.fake)
    await armWithBook(r)
    const sent = useTradingHotkeysStore().run('buyBid')
    await flushPromises()
    expect(useFeedbackStore().toasts.map((t) => t.text)).toEqual([])
    expect(r.fake.inputs('trading.placeOrder')).toHaveLength(1)
    await profiles.setActive(REMOTE.id)
    try {
      refuse({ code: 'exchange', message: 'Insufficient balance', exchange: { code: -2017 } })
    } catch (e) {
      fail(e)
    }
    await sent
    await flushPromises()
    expect(useFeedbackStore().toasts.map((t) => t.title)).toContain(`Order on ${PAPER.name} not placed`)
    expect(r.fake.inputs('notices.add')).toEqual([
      expect.objectContaining({ profileId: PAPER.id, kind: 'error', title: `Order on ${PAPER.name} not placed` })
    ])
  })

  it('refuses without a size preset, without a best price, and on a form rule, sending nothing', async () => {
    const r = await rig({ size: null })
    await armWithBook(r)
    const h = useTradingHotkeysStore()
    await h.run('sellAsk')
    expect(lastWarning()?.text).toBe('No size preset for BTC/USDT. Set one in Settings › Shortcuts.')
    usePreferencesStore().profile.hotkeySizes = { 'spot:btcusdt': '0.00001' }
    await h.run('sellAsk')
    expect(lastWarning()?.text).toContain('below the minimum 0.0001 BTC')
    usePreferencesStore().profile.hotkeySizes = { 'spot:btcusdt': '0.01' }
    await r.fake.emit('market.onBook', { symbol: 'btcusdt', asks: [], bids: [], ts: 2 })
    await nextFrame()
    await h.run('sellAsk')
    await h.run('buyMarket')
    expect(lastWarning()?.text).toBe('No best price on BTC/USDT yet: the order book has not arrived.')
    expect(r.fake.inputs('trading.placeOrder')).toEqual([])
  })

  it('a market buy is the form protected limit of the preset size; the form keeps its own type and fields', async () => {
    const r = await rig()
    await armWithBook(r)
    await type(r.wrapper, 'order-price', '60000.5')
    await type(r.wrapper, 'order-volume', '0.25')
    await useTradingHotkeysStore().run('buyMarket')
    const f = useOrderFormStore()
    expect([f.side, f.type, f.price, f.volume]).toEqual(['BUY', 'LIMIT', '60000.5', '0.25'])
    await flushPromises()
    // Best ask 65010, protection 1%: a limit at 65660.10 for the preset 0.01 BTC, written as the form writes it.
    expect(r.fake.inputs('trading.placeOrder')).toEqual([
      { module: 'spot', symbol: 'btcusdt', side: 'BUY', type: 'LIMIT', volume: '0.010000', price: '65660.10' }
    ])
  })

  it('asks in the form confirmation while confirmations are on, unless the action own is turned off', async () => {
    const r = await rig({ confirm: true })
    await armWithBook(r)
    const h = useTradingHotkeysStore()
    await h.run('sellAsk')
    await flushPromises()
    expect(document.querySelector('[data-testid="order-confirm-dialog"]')).not.toBeNull()
    expect(r.fake.inputs('trading.placeOrder')).toEqual([])
    document.querySelector<HTMLElement>('[data-testid="order-confirm-cancel"]')!.click()
    await flushPromises()
    usePreferencesStore().app.hotkeys = { keys: {}, ask: { sellAsk: false } }
    await h.run('sellAsk')
    await flushPromises()
    expect(document.querySelector('[data-testid="order-confirm-dialog"]')).toBeNull()
    expect(r.fake.inputs('trading.placeOrder')).toEqual([
      { module: 'spot', symbol: 'btcusdt', side: 'SELL', type: 'LIMIT', volume: '0.01', price: '65010' }
    ])
  })

  it('one-click on a level places a limit there: a bid buys, an ask sells; another market book is refused', async () => {
    const r = await rig()
    await armWithBook(r)
    const h = useTradingHotkeysStore()
    await h.clickLevel('asks', '65020', 'spot:btcusdt')
    await h.clickLevel('bids', '64980', 'spot:btcusdt')
    await h.clickLevel('bids', '3000', 'spot:ethusdt')
    await flushPromises()
    expect(r.fake.inputs('trading.placeOrder')).toEqual([
      { module: 'spot', symbol: 'btcusdt', side: 'SELL', type: 'LIMIT', volume: '0.01', price: '65020' },
      { module: 'spot', symbol: 'btcusdt', side: 'BUY', type: 'LIMIT', volume: '0.01', price: '64980' }
    ])
    expect(lastWarning()?.text).toBe('This book is not the selected market: select its market first.')
  })

  it('cancels all on this market only after its question is answered yes; spot has no position to close', async () => {
    const r = await rig()
    await armWithBook(r)
    const h = useTradingHotkeysStore()
    await h.run('cancelAll')
    expect(h.asking?.words).toBe('Cancel every open order on BTC/USDT?')
    await h.answer(false)
    expect(r.fake.inputs('trading.cancelAll')).toEqual([])
    await h.run('cancelAll')
    await h.answer(true)
    expect(r.fake.inputs('trading.cancelAll')).toEqual([{ module: 'spot', symbol: 'btcusdt' }])
    await h.run('closePosition')
    expect(lastWarning()?.text).toBe('Spot and margin hold balances, not positions: nothing to close on BTC/USDT.')
  })
})
