// An order on its way in the Orders panel's open orders: its row says which order it is (side, type, price and
// amount as asked, in the market's units) beside "sending…", not only that one is on its way; an action main names
// no order for (a cancel, an old build's event) keeps the one-cell row.
import { afterEach, describe, expect, it } from 'vitest'
import type { OrderEventView } from '@shared/ipc/views/trading'
import OrdersPanel from '../../../src-renderer/src/panels/OrdersPanel.vue'
import { mountPanel } from './setup'

type Pending = Extract<OrderEventView, { type: 'pending'; action: 'place' | 'cancel' }>
const pending = (o: Partial<Pending> = {}): Pending => ({
  actionId: 'place-c1',
  type: 'pending',
  action: 'place',
  module: 'spot',
  symbol: 'btcusdt',
  clientOrderId: 'c1',
  orderId: null,
  phase: 'sending',
  since: 1,
  queries: 0,
  lastError: null,
  ...o
})

const mounted: { unmount(): void }[] = []
afterEach(() => mounted.splice(0).forEach((w) => w.unmount()))

describe('an order on its way in the open orders', () => {
  it('shows its side, type, price and amount beside "sending…"', async () => {
    const { fake, wrapper } = await mountPanel(OrdersPanel)
    mounted.push(wrapper)
    await fake.emit(
      'trading.onOrderEvents',
      pending({ order: { side: 'SELL', type: 'LIMIT', volume: '0.0015', price: '70000.5' } })
    )
    const row = wrapper.get('[data-testid="order-pending"]')
    expect(row.get('[data-testid="pending-side"]').text()).toBe('Sell')
    expect(row.get('[data-testid="pending-side"]').classes()).toContain('t-down')
    expect(row.get('[data-testid="pending-price"]').text()).toBe('70,000.5 USDT')
    expect(row.get('[data-testid="pending-amount"]').text()).toBe('0.0015 BTC')
    expect(row.text()).toContain('Limit')
    expect(row.text()).toContain('sending…')
    // Reconciling: the same order, said so.
    await fake.emit(
      'trading.onOrderEvents',
      pending({ phase: 'reconciling', order: { side: 'SELL', type: 'LIMIT', volume: '0.0015', price: '70000.5' } })
    )
    expect(wrapper.get('[data-testid="order-pending"]').text()).toMatch(/Sell.*0\.0015 BTC.*reconciling/)
  })

  it('writes a market order without a price, and an order main names none for in one cell', async () => {
    const { fake, wrapper } = await mountPanel(OrdersPanel)
    mounted.push(wrapper)
    await fake.emit(
      'trading.onOrderEvents',
      pending({ order: { side: 'BUY', type: 'MARKET', volume: '0.002', price: null } })
    )
    expect(wrapper.get('[data-testid="pending-price"]').text()).toBe('–') // the type says Market
    await fake.emit('trading.onOrderEvents', pending({ actionId: 'place-c2', clientOrderId: 'c2' }))
    const rows = wrapper.findAll('[data-testid="order-pending"]')
    expect(rows).toHaveLength(2)
    expect(rows[1]!.findAll('td').map((td) => td.attributes('colspan') ?? '')).toContain('6')
    expect(rows[1]!.text()).toContain('sending…')
  })
})
