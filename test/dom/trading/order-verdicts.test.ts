// An order place or cancel whose command answered "outcome unknown" (the form only says "reconciling"): its
// verdict, when it arrives on trading.onOrderEvents, is told in a toast — also when it arrived before the answer.
// A verdict of an action the command itself reported is kept, not told again. 'Undetermined' (the venue refuses
// the reads that would tell) is told however it comes, in the form too, and stays listed until dismissed.
import { afterEach, describe, expect, it } from 'vitest'
import { flushPromises, mount } from '@vue/test-utils'
import { getActivePinia } from 'pinia'
import type { OrderAckView, OrderEventView } from '@shared/ipc/views/trading'
import OrderPanel from '../../../src-renderer/src/panels/OrderPanel.vue'
import OrdersPanel from '../../../src-renderer/src/panels/OrdersPanel.vue'
import ToastHost from '../../../src-renderer/src/components/ToastHost.vue'
import { useTradingStore } from '../../../src-renderer/src/stores/trading'
import { click, mountPanel, type } from './setup'

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

const cannotTell = (cid: string) => ({
  code: 'unknown-outcome',
  message: `spot.order.place: cannot tell whether order ${cid} was placed: the venue refuses the reads that would tell (spot.order.query: HTTP 403); check the venue before sending it again`,
  exchange: { endpointId: 'spot.order.place', kind: 'unknown-outcome' }
})
const undetermined = (clientOrderId: string): OrderEventView => ({
  type: 'settled',
  action: 'place',
  module: 'spot',
  symbol: 'btcusdt',
  clientOrderId,
  orderId: null,
  status: 'undetermined',
  reconciled: true,
  error: cannotTell(clientOrderId)
})

describe('orders whose outcome the venue would not tell', () => {
  it('an undetermined answer: an error toast with the reason at once, a row in open orders until dismissed, the event not told again', async () => {
    const { fake, toasts, wrapper } = await rig([])
    fake.handlers['trading.placeOrder'] = () => ({ ...ack('c5'), status: 'undetermined', reconciled: true, error: cannotTell('c5') })
    expect((await useTradingStore().place(input)).status).toBe('undetermined')
    await fake.emit('trading.onOrderEvents', undetermined('c5'))
    await flushPromises()
    const toast = toasts.get('[data-testid="toast-error"]')
    expect(toast.text()).toContain('Order c5 on btcusdt: outcome unknown')
    expect(toast.text()).toContain('cannot tell whether order c5 was placed: the venue refuses the reads that would tell (spot.order.query: HTTP 403); check the venue before sending it again')
    expect(toasts.findAll('.toast')).toHaveLength(1)
    const row = wrapper.get('[data-testid="order-undetermined"]')
    expect(row.text()).toContain('cannot tell whether order c5 was placed: check the exchange before sending again')
    await row.get('[data-testid="dismiss-undetermined"]').trigger('click')
    expect(wrapper.find('[data-testid="order-undetermined"]').exists()).toBe(false)
  })

  it('an unknown answer whose verdict comes undetermined: told when it arrives', async () => {
    const { fake, toasts, wrapper } = await rig(['c6'])
    expect((await useTradingStore().place(input)).status).toBe('unknown')
    await fake.emit('trading.onOrderEvents', { type: 'pending', action: 'place', module: 'spot', symbol: 'btcusdt', clientOrderId: 'c6', orderId: null, phase: 'reconciling', since: 1, queries: 1, lastError: null })
    expect(wrapper.text()).toContain('outcome unknown: reconciling with the exchange')
    await fake.emit('trading.onOrderEvents', undetermined('c6'))
    await flushPromises()
    expect(wrapper.text()).not.toContain('reconciling with the exchange')
    expect(toasts.get('[data-testid="toast-error"]').text()).toContain('cannot tell whether order c6 was placed')
    expect(wrapper.get('[data-testid="order-undetermined"]').text()).toContain('order c6')
  })

  it('a cancel by order id: its pending entry leaves the list when the verdict names the client id too', async () => {
    const { fake, wrapper } = await rig([])
    const base = { action: 'cancel', module: 'spot', symbol: 'btcusdt', orderId: '42' } as const
    await fake.emit('trading.onOrderEvents', { ...base, type: 'pending', clientOrderId: null, phase: 'reconciling', since: 1, queries: 1, lastError: null })
    expect(useTradingStore().pending).toHaveLength(1)
    await fake.emit('trading.onOrderEvents', { ...base, type: 'settled', clientOrderId: 'c9', status: 'undetermined', reconciled: true, error: { code: 'unknown-outcome', message: 'spot.order.cancel: cannot tell whether order 42 was canceled' } })
    expect(useTradingStore().pending).toEqual([])
    expect(wrapper.get('[data-testid="order-undetermined"]').text()).toContain('cannot tell whether order 42 was canceled')
  })

  it('the order form says it cannot tell, as a failure, not as placed or rejected', async () => {
    const { wrapper } = await mountPanel(OrderPanel, {}, { 'trading.placeOrder': () => ({ ...ack('c7'), status: 'undetermined', reconciled: true, error: cannotTell('c7') }) })
    mounted.push(wrapper)
    await type(wrapper, 'order-price', '65000.10')
    await type(wrapper, 'order-volume', '0.01')
    await click(wrapper, 'order-submit')
    const result = wrapper.get('[data-testid="order-result"]')
    expect(result.classes()).toContain('op-err')
    expect(result.text()).toBe(cannotTell('c7').message)
  })
})
