// One-click trading in the order book: while armed a click on a level goes to the trading hotkeys (a bid buys, an ask
// sells, at the level's price) instead of filling the form; the tooltip of each side says what a click does.
import { describe, expect, it, vi } from 'vitest'
import OrderBook from '../../../src-renderer/src/panels/market/OrderBook.vue'
import { useTradingHotkeysStore } from '../../../src-renderer/src/hotkeys/trading-hotkeys'
import { usePreferencesStore } from '../../../src-renderer/src/stores/preferences'
import { useSelectionStore } from '../../../src-renderer/src/stores/selection'
import { BOOK } from '../market/fake-market'
import { frame, mountWithFeed } from '../market/setup'

describe('OrderBook one-click trading', () => {
  it('fills the form while unarmed, and places through the hotkeys while armed, saying so on hover', async () => {
    const { fake, wrapper } = await mountWithFeed(OrderBook)
    const selection = useSelectionStore()
    selection.selectMarket('spot', 'btcusdt')
    const hotkeys = useTradingHotkeysStore()
    const click = vi.spyOn(hotkeys, 'clickLevel').mockResolvedValue()
    fake.emit('market.onBook', BOOK)
    await frame()
    const side = (s: 'bids' | 'asks') => wrapper.get(`[data-testid="orderbook-${s}"]`)
    expect(side('bids').attributes('title')).toBe('Click a level to put its price in the order form')
    await wrapper.findAll('[data-testid="orderbook-bid"]')[0]!.trigger('click')
    expect(selection.pickedPrice?.price).toBe('64999.90')
    expect(click).not.toHaveBeenCalled()

    usePreferencesStore().profile.hotkeySizes = { 'spot:btcusdt': '0.02' }
    hotkeys.arm(true)
    await frame()
    expect(side('bids').attributes('title')).toBe(
      'One-click trading ARMED: a click on a bid places a BUY limit at its price, size 0.02 BTC'
    )
    expect(side('asks').attributes('title')).toBe(
      'One-click trading ARMED: a click on an ask places a SELL limit at its price, size 0.02 BTC'
    )
    await wrapper.findAll('[data-testid="orderbook-bid"]')[1]!.trigger('click')
    await wrapper.findAll('[data-testid="orderbook-ask"]')[3]!.trigger('click')
    expect(click.mock.calls).toEqual([
      ['bids', '64999.20', 'spot:btcusdt'],
      ['asks', '65000.10', 'spot:btcusdt']
    ])
    expect(selection.pickedPrice?.seq).toBe(1) // the form was not touched
  })
})
