// A ladder click goes down the order form's path (trading-hotkeys ladderLevel): unarmed it always opens the form's
// confirmation and sends only on its yes; armed it asks as one-click in the book does (here: confirmations off, so
// exactly one order at the level's price); another market's ladder is refused in words.
import { flushPromises } from '@vue/test-utils'
import { describe, expect, it } from 'vitest'
import OrderPanel from '../../../src-renderer/src/panels/OrderPanel.vue'
import { useTradingHotkeysStore } from '../../../src-renderer/src/hotkeys/trading-hotkeys'
import { useFeedbackStore } from '../../../src-renderer/src/stores/feedback'
import { useOrderFormStore } from '../../../src-renderer/src/stores/order-form'
import { usePreferencesStore } from '../../../src-renderer/src/stores/preferences'
import { mountPanel } from '../trading/setup'
import { placedAck } from '../trading/fixtures'

const ack = placedAck()

describe('ladder level orders', () => {
  it('unarmed: asks first even with confirmations off, one order on yes; armed: one-click rules', async () => {
    const r = await mountPanel(OrderPanel, { confirm: false }, { 'trading.placeOrder': () => ack })
    usePreferencesStore().profile.hotkeySizes = { 'spot:btcusdt': '0.01' }
    await flushPromises()
    const h = useTradingHotkeysStore()
    await h.ladderLevel('bids', '64980.5', 'spot:btcusdt')
    await flushPromises()
    expect(r.fake.inputs('trading.placeOrder')).toEqual([])
    expect(useOrderFormStore().confirming).not.toBeNull()
    await r.wrapper.get('[data-testid="order-confirm"]').trigger('click')
    await flushPromises()
    expect(r.fake.inputs('trading.placeOrder')).toEqual([
      { module: 'spot', symbol: 'btcusdt', side: 'BUY', type: 'LIMIT', volume: '0.01', price: '64980.5' }
    ])

    h.arm(true)
    await h.ladderLevel('asks', '65020', 'spot:btcusdt')
    await flushPromises()
    expect(useOrderFormStore().confirming).toBeNull()
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
})
