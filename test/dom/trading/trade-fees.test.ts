// The Trades tab's fee column: each fee as the venue's fill said it, never rounded, padded with zeros per coin so the
// column lines up (a fill of 0.1 USDT beside one of 0.0064 USDT reads 0.1000 and 0.0064, not 0.1 and 0.0064).
import { describe, expect, it, vi } from 'vitest'
import type { UserTradeView } from '@shared/ipc/views/account'
import OrdersPanel from '../../../src-renderer/src/panels/OrdersPanel.vue'
import { feeCells } from '../../../src-renderer/src/panels/trading/history-rows'
import { click, mountPanel } from './setup'

const fill = (id: string, fee: string, feeCoin: string | null): UserTradeView => ({
  module: 'spot',
  symbol: 'btcusdt',
  id,
  side: 'BUY',
  price: '65000.00',
  qty: '0.01',
  fee,
  feeCoin,
  isMaker: false,
  time: 1_700_000_000_000 + Number(id)
})

describe('Trades tab: fees', () => {
  it('pads each fee to its coin places, or to the most places a fee of that coin has, and never rounds', () => {
    const cells = feeCells([
      fill('1', '0.1', 'USDT'),
      fill('2', '0.0064', 'USDT'),
      fill('3', '1234.5', 'USDT'),
      fill('4', '0.00001', 'BTC'),
      fill('5', '0.000000065', 'BTC'), // finer than the satoshi: said in full, the BTC column padded to it
      fill('6', '0.5', null),
      fill('7', '0.125', null)
    ])
    expect([...cells.values()]).toEqual([
      '0.1000',
      '0.0064',
      '1,234.5000',
      '0.000010000',
      '0.000000065',
      '0.500',
      '0.125'
    ])
  })

  it('pads at the coin places when every fee of the coin is shorter', () => {
    const cells = feeCells([fill('1', '0.1', 'USDT'), fill('2', '2', 'USDT'), fill('3', '0.00001', 'BTC')])
    expect([...cells.values()]).toEqual(['0.10', '2.00', '0.00001000'])
  })

  it('shows the padded fees in the Trades tab, in tabular digits', async () => {
    const { wrapper } = await mountPanel(
      OrdersPanel,
      {},
      { 'account.trades': () => [fill('1', '0.1', 'USDT'), fill('2', '0.0064', 'USDT'), fill('3', '0.00001', 'BTC')] }
    )
    await click(wrapper, 'orders-tab-trades')
    await vi.waitFor(() => expect(wrapper.findAll('[data-testid="trade-fee"]')).toHaveLength(3), { timeout: 5000 })
    // Newest first.
    expect(wrapper.findAll('[data-testid="trade-fee"]').map((c) => c.text())).toEqual([
      '0.00001000 BTC',
      '0.0064 USDT',
      '0.1000 USDT'
    ])
    expect(wrapper.get('[data-testid="trade-fee"]').classes()).toContain('fee')
  })
})
