// A ladder click is drafted by the order form's rules and guards (trading-hotkeys ladderLevel) and asked in the
// form's confirmation (shown by the top bar's ArmSwitch): unarmed it always asks and sends only on its yes; armed it
// asks as one-click in the book does (here: confirmations off). The trader's draft in the order form is never touched
// (a trader's typed 60000.5 / 0.25 was left at 65066 / 0.001). One order at a time: a second click while the first
// is on its way is refused in words (a double click sent two identical orders). Another market's ladder is refused.
import { flushPromises, mount } from '@vue/test-utils'
import { getActivePinia } from 'pinia'
import { describe, expect, it } from 'vitest'
import ArmSwitch from '../../../src-renderer/src/hotkeys/ArmSwitch.vue'
import OrderPanel from '../../../src-renderer/src/panels/OrderPanel.vue'
import { useTradingHotkeysStore } from '../../../src-renderer/src/hotkeys/trading-hotkeys'
import { useFeedbackStore } from '../../../src-renderer/src/stores/feedback'
import { useOrderFormStore } from '../../../src-renderer/src/stores/order-form'
import { usePreferencesStore } from '../../../src-renderer/src/stores/preferences'
import { mountPanel, type } from '../trading/setup'
import { placedAck } from '../trading/fixtures'

const ack = placedAck()

async function rig(handlers = {}) {
  const r = await mountPanel(OrderPanel, { confirm: false }, { 'trading.placeOrder': () => ack, ...handlers })
  const top = mount(ArmSwitch, { global: { plugins: [getActivePinia()!] }, attachTo: document.body })
  usePreferencesStore().profile.hotkeySizes = { 'spot:btcusdt': '0.01' }
  await flushPromises()
  return { ...r, top }
}
const formFields = () => {
  const f = useOrderFormStore()
  return { side: f.side, type: f.type, price: f.price, volume: f.volume }
}

describe('ladder level orders', () => {
  it('unarmed: asks first even with confirmations off, one order on yes; armed: one-click rules', async () => {
    const r = await rig()
    const h = useTradingHotkeysStore()
    await h.ladderLevel('bids', '64980.5', 'spot:btcusdt')
    await flushPromises()
    expect(r.fake.inputs('trading.placeOrder')).toEqual([])
    expect(h.ordering).not.toBeNull()
    await r.top.get('[data-testid="order-confirm"]').trigger('click')
    await flushPromises()
    expect(r.fake.inputs('trading.placeOrder')).toEqual([
      { module: 'spot', symbol: 'btcusdt', side: 'BUY', type: 'LIMIT', volume: '0.01', price: '64980.5' }
    ])

    h.arm(true)
    await h.ladderLevel('asks', '65020', 'spot:btcusdt')
    await flushPromises()
    expect(useFeedbackStore().toasts.filter((x) => x.kind === 'warn')).toEqual([])
    expect(h.ordering).toBeNull()
    expect(r.fake.inputs('trading.placeOrder')).toHaveLength(2)
    expect(r.fake.inputs('trading.placeOrder')[1]).toMatchObject({ side: 'SELL', price: '65020', volume: '0.01' })

    await h.ladderLevel('bids', '3000', 'spot:ethusdt')
    await flushPromises()
    expect(r.fake.inputs('trading.placeOrder')).toHaveLength(2)
    expect(useFeedbackStore().toasts.at(-1)).toMatchObject({
      title: 'Ladder order: nothing sent',
      text: 'This book is not the selected market: select its market first.'
    })
  })

  it("leaves the order form's draft as typed: a click asked then cancelled, a click sent, a market hotkey", async () => {
    const r = await rig()
    await type(r.wrapper, 'order-price', '60000.5')
    await type(r.wrapper, 'order-volume', '0.25')
    const typed = formFields()
    expect(typed).toEqual({ side: 'BUY', type: 'LIMIT', price: '60000.5', volume: '0.25' })
    const h = useTradingHotkeysStore()

    await h.ladderLevel('asks', '65066', 'spot:btcusdt')
    await flushPromises()
    expect(r.top.find('[data-testid="order-confirm-dialog"]').exists()).toBe(true)
    expect(formFields()).toEqual(typed)
    expect(useOrderFormStore().confirming).toBeNull() // the form's own confirmation is not taken
    await r.top.get('[data-testid="order-confirm-cancel"]').trigger('click')
    await flushPromises()
    expect(formFields()).toEqual(typed)

    h.arm(true)
    await h.ladderLevel('asks', '65066', 'spot:btcusdt')
    await flushPromises()
    expect(r.fake.inputs('trading.placeOrder')).toEqual([
      { module: 'spot', symbol: 'btcusdt', side: 'SELL', type: 'LIMIT', volume: '0.01', price: '65066' }
    ])
    expect(formFields()).toEqual(typed)
    expect((r.wrapper.get('[data-testid="order-price"]').element as HTMLInputElement).value).toBe('60000.5')
    expect((r.wrapper.get('[data-testid="order-volume"]').element as HTMLInputElement).value).toBe('0.25')
  })

  it('one order at a time: a second click while the first is on its way is refused in words, sends nothing', async () => {
    let answer: (v: typeof ack) => void = () => {}
    const r = await rig({ 'trading.placeOrder': () => new Promise((res) => (answer = res)) })
    const h = useTradingHotkeysStore()
    h.arm(true)
    const first = h.ladderLevel('bids', '64980.5', 'spot:btcusdt')
    await flushPromises()
    await h.ladderLevel('bids', '64980.5', 'spot:btcusdt')
    await flushPromises()
    expect(r.fake.inputs('trading.placeOrder')).toHaveLength(1)
    expect(useFeedbackStore().toasts.at(-1)).toMatchObject({
      title: 'Ladder order: nothing sent',
      text: 'The last order (buy at 64,980.5) is still on its way: nothing sent until its answer comes.'
    })
    answer(ack)
    await first
    await flushPromises()
    expect(h.sending).toBeNull()
    const again = h.ladderLevel('bids', '64980.5', 'spot:btcusdt')
    await flushPromises()
    expect(r.fake.inputs('trading.placeOrder')).toHaveLength(2) // a deliberate click after the answer goes
    answer(ack)
    await again
  })
})
