// An order place or cancel whose command answered "outcome unknown" (the form only says "reconciling"): its
// verdict, when it arrives on trading.onOrderEvents, is told in a toast — also when it arrived before the answer.
// A verdict of an action the command itself reported is kept, not told again.
import { afterEach, describe, expect, it } from 'vitest'
import { flushPromises, mount } from '@vue/test-utils'
import { getActivePinia } from 'pinia'
import type { OrderAckView, OrderEventView } from '@shared/ipc/views/trading'
import OrdersPanel from '../../../src-renderer/src/panels/OrdersPanel.vue'
import ToastHost from '../../../src-renderer/src/components/ToastHost.vue'
import { useTradingStore } from '../../../src-renderer/src/stores/trading'
import { mountPanel } from './setup'

const ack = (clientOrderId: string): OrderAckView => ({ status: 'unknown', module: 'spot', symbol: 'btcusdt', clientOrderId, orderId: null, reconciled: false, error: { code: 'unknown-outcome', message: 'spot.order.place: outcome unknown' } })
const verdict = (clientOrderId: string, status: 'placed' | 'rejected', orderId: string | null): OrderEventView => ({
  type: 'settled',
  action: 'place',
  module: 'spot',
  symbol: 'btcusdt',
  clientOrderId,
  orderId,
  status,
  reconciled: true,
  error: status === 'rejected' ? { code: 'exchange', message: 'spot.order.query: no such order (venue code -2013)' } : null
})
const input = { module: 'spot', symbol: 'btcusdt', side: 'BUY', type: 'LIMIT', price: '60000', volume: '0.001' } as const

const mounted: { unmount(): void }[] = []
afterEach(() => mounted.splice(0).forEach((w) => w.unmount()))

async function rig(cids: string[]) {
  const r = await mountPanel(OrdersPanel, {}, { 'trading.placeOrder': () => ack(cids.shift()!) })
  const toasts = mount(ToastHost, { global: { plugins: [getActivePinia()!] }, attachTo: document.body })
  mounted.push(r.wrapper, toasts)
  return { ...r, toasts }
}

describe('verdicts of order actions answered "unknown"', () => {
  it('tells the verdict of an unknown place when it arrives, and only that one', async () => {
    const { fake, toasts } = await rig(['c1'])
    await fake.emit('trading.onOrderEvents', verdict('other', 'placed', '41')) // reported by its own command
    expect(toasts.findAll('.toast')).toHaveLength(0)

    expect((await useTradingStore().place(input)).status).toBe('unknown')
    await fake.emit('trading.onOrderEvents', verdict('c1', 'rejected', null))
    await flushPromises()
    const toast = toasts.get('[data-testid="toast-warn"]')
    expect(toast.text()).toContain('Order c1 on btcusdt: not done')
    expect(toast.text()).toContain('no such order (venue code -2013)')
    await fake.emit('trading.onOrderEvents', verdict('c1', 'rejected', null)) // told once
    expect(toasts.findAll('.toast')).toHaveLength(1)
  })

  it('tells a verdict that arrived before the command answered', async () => {
    const { fake, toasts } = await rig(['c2'])
    await fake.emit('trading.onOrderEvents', verdict('c2', 'placed', '42'))
    expect(toasts.findAll('.toast')).toHaveLength(0)
    await useTradingStore().place(input)
    await flushPromises()
    expect(toasts.get('[data-testid="toast-success"]').text()).toContain('Order 42 on btcusdt: placed')
  })
})
