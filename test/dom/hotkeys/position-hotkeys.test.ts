// The position hotkeys on futures, armed: close and flatten ask first (unless turned off) and go through the positions
// stores, as the Positions table's buttons do; a market holding both sides is not reversed by a key.
import { flushPromises } from '@vue/test-utils'
import { describe, expect, it } from 'vitest'
import OrderPanel from '../../../src-renderer/src/panels/OrderPanel.vue'
import { useTradingHotkeysStore } from '../../../src-renderer/src/hotkeys/trading-hotkeys'
import { usePositionsStore } from '../../../src-renderer/src/stores/positions'
import { usePreferencesStore } from '../../../src-renderer/src/stores/preferences'
import { useFeedbackStore } from '../../../src-renderer/src/stores/feedback'
import { mountPanel } from '../trading/setup'
import { placedAck, position } from '../trading/fixtures'

const ack = (volume: string) =>
  placedAck({ module: 'futures', symbol: 'E-BTC-USDT', clientOrderId: `c${volume}`, orderId: '7' })

async function futures(positions: ReturnType<typeof position>[]) {
  const r = await mountPanel(
    OrderPanel,
    { module: 'futures' },
    {
      'trading.placeOrder': (i) => ack(i.volume),
      'account.triggerOrders': () => ({ count: 0, orders: [] }),
      'algos.list': () => []
    }
  )
  usePositionsStore()
  await r.account({ positions })
  const h = useTradingHotkeysStore()
  h.arm(true)
  await flushPromises()
  return { ...r, h }
}
const closeOf = (volume: string, side: 'BUY' | 'SELL' = 'SELL') => ({
  module: 'futures',
  symbol: 'E-BTC-USDT',
  positionType: 1,
  side,
  type: 'MARKET',
  volume,
  open: 'CLOSE'
})

describe('position hotkeys', () => {
  it('closes the market position at market after its question, and at once with the question turned off', async () => {
    const { fake, h } = await futures([position({ volume: '45' })])
    await h.run('closePosition')
    expect(h.asking?.words).toBe('Close the BTC/USDT perpetual position (45 contracts) at market?')
    await h.answer(false)
    expect(fake.inputs('trading.placeOrder')).toEqual([])
    usePreferencesStore().app.hotkeys = { keys: {}, ask: { closePosition: false } }
    await h.run('closePosition')
    await flushPromises()
    expect(fake.inputs('trading.placeOrder')).toEqual([closeOf('45')])
  })

  it('flattens every position one after the other; a market holding both sides is not reversed', async () => {
    const both = [position({ volume: '45' }), position({ id: '8', side: 'SELL', volume: '7' })]
    const { fake, h } = await futures(both)
    await h.run('reversePosition')
    expect(useFeedbackStore().toasts.at(-1)?.text).toBe(
      'BTC/USDT perpetual holds a long and a short: reverse one from the Positions table.'
    )
    await h.run('flatten')
    expect(h.asking?.words).toBe('Close all 2 open positions at market?')
    await h.answer(true)
    await flushPromises()
    expect(fake.inputs('trading.placeOrder')).toEqual([closeOf('45'), closeOf('7', 'BUY')])
  })
})
