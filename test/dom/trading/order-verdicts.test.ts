// Order verdicts on trading.onOrderEvents as the renderer tells them. Main decides what is news: a verdict its
// command already answered without (`late`: 'unknown' past the deadline, or a listed 'undetermined' answered since
// by a re-check or an order main saw on the venue) is told in a toast, once; a notice ('recovered', 'correction') is
// told once per window however often main tells it; any other verdict was told by its command's answer and is only
// kept. An answer 'undetermined' is told at once, in the form too, and the action stays listed per profile until
// dismissed or a later verdict of the same action arrives. The renderer derives no outcome itself: an order in the
// open orders or the order history does not end a row (main settles the action and sends its verdict).
import { afterEach, describe, expect, it } from 'vitest'
import { flushPromises, mount } from '@vue/test-utils'
import { getActivePinia } from 'pinia'
import type { OrderAckView } from '@shared/ipc/views/trading'
import OrderPanel from '../../../src-renderer/src/panels/OrderPanel.vue'
import OrdersPanel from '../../../src-renderer/src/panels/OrdersPanel.vue'
import ToastHost from '../../../src-renderer/src/components/ToastHost.vue'
import { useProfilesStore } from '../../../src-renderer/src/stores/profiles'
import { useOrderEventsStore } from '../../../src-renderer/src/stores/order-events'
import { useTradingStore } from '../../../src-renderer/src/stores/trading'
import { useFeedbackStore } from '../../../src-renderer/src/stores/feedback'
import { click, currentFake, marketPrices, mountPanel, type } from './setup'
import { cannotTell, type OrderVerdict, undetermined } from './undetermined'

const ack = (clientOrderId: string): OrderAckView => ({
  actionId: `place-${clientOrderId}`,
  status: 'unknown',
  module: 'spot',
  symbol: 'btcusdt',
  clientOrderId,
  orderId: null,
  reconciled: false,
  error: { code: 'unknown-outcome', message: 'spot.order.place: outcome unknown' }
})
/** A place verdict; `late`: its command answered without it (main's mark). */
const verdict = (
  clientOrderId: string,
  status: 'placed' | 'rejected',
  orderId: string | null,
  late = false
): OrderVerdict => ({
  actionId: `place-${clientOrderId}`,
  type: 'settled',
  action: 'place',
  module: 'spot',
  symbol: 'btcusdt',
  clientOrderId,
  orderId,
  status,
  reconciled: true,
  error:
    status === 'rejected' ? { code: 'exchange', message: 'spot.order.query: no such order (venue code -2013)' } : null,
  notice: null,
  late
})
const input = {
  module: 'spot',
  symbol: 'btcusdt',
  side: 'BUY',
  type: 'LIMIT',
  price: '60000',
  volume: '0.001'
} as const

const mounted: { unmount(): void }[] = []
afterEach(() => mounted.splice(0).forEach((w) => w.unmount()))

async function rig(cids: string[]) {
  const r = await mountPanel(OrdersPanel, {}, { 'trading.placeOrder': () => ack(cids.shift()!) })
  const toasts = mount(ToastHost, { global: { plugins: [getActivePinia()!] }, attachTo: document.body })
  mounted.push(r.wrapper, toasts)
  return { ...r, toasts }
}

/** How many times each shown toast was raised (the feedback store counts a repeat instead of stacking it). */
const counts = (): number[] => useFeedbackStore().toasts.map((t) => t.count)

describe('verdicts told as main marks them (late)', () => {
  it('a verdict whose command told it (late: false) is not told; a late one is told once, with its reason', async () => {
    const { fake, toasts } = await rig(['c1'])
    await fake.emit('trading.onOrderEvents', verdict('other', 'placed', '41')) // reported by its own command
    await fake.emit('trading.onOrderEvents', verdict('other2', 'rejected', null)) // a refusal its command reported too
    expect(toasts.findAll('.toast')).toHaveLength(0)

    expect((await useTradingStore().place(input)).status).toBe('unknown') // the form said "reconciling"; no toast
    expect(toasts.findAll('.toast')).toHaveLength(0)
    await fake.emit('trading.onOrderEvents', verdict('c1', 'rejected', null, true))
    const toast = toasts.get('[data-testid="toast-warn"]')
    expect(toast.text()).toContain('Order c1 on btcusdt: not done')
    expect(toast.text()).toContain('no such order (venue code -2013)')
    expect(counts()).toEqual([1])
  })

  it('a late placed verdict is a success toast naming the order', async () => {
    const { fake, toasts } = await rig([])
    await fake.emit('trading.onOrderEvents', verdict('c2', 'placed', '42', true))
    expect(toasts.get('[data-testid="toast-success"]').text()).toContain('Order 42 on btcusdt: placed')
    expect(counts()).toEqual([1])
  })
})

describe('verdicts main tells however they arrive (notice)', () => {
  it('an action the terminal was sending when it last stopped: told with its outcome, and the toast stays', async () => {
    const { fake, toasts } = await rig([])
    await fake.emit('trading.onOrderEvents', { ...verdict('r1', 'placed', '77'), notice: 'recovered' })
    const toast = toasts.get('[data-testid="toast-warn"]')
    expect(toast.text()).toContain('Order 77 on btcusdt, sent before the terminal stopped: placed')
    await fake.emit('trading.onOrderEvents', { ...verdict('r2', 'rejected', null), notice: 'recovered' })
    expect(toasts.text()).toContain('Order r2 on btcusdt, sent before the terminal stopped: not done')
    expect(toasts.text()).toContain('no such order (venue code -2013)')
    // Neither goes away by itself: the trader was not there when they were decided.
    expect(useFeedbackStore().toasts.every((t) => t.stay)).toBe(true)
    // Main tells a notice again to a stream that subscribes soon after: this window tells it once.
    await fake.emit('trading.onOrderEvents', { ...verdict('r1', 'placed', '77'), notice: 'recovered' })
    expect(counts()).toEqual([1, 1])
  })

  it('a correction (late too): one error toast naming both ids, told once, not also as a plain late verdict', async () => {
    const { fake, toasts } = await rig(['c3'])
    expect((await useTradingStore().place(input)).status).toBe('unknown')
    await fake.emit('trading.onOrderEvents', verdict('c3', 'rejected', null, true))
    expect(toasts.text()).toContain('Order c3 on btcusdt: not done')
    const correction: OrderVerdict = { ...verdict('c3', 'placed', '90', true), notice: 'correction' }
    await fake.emit('trading.onOrderEvents', correction)
    const error = toasts.get('[data-testid="toast-error"]')
    expect(error.text()).toContain('Correction: order 90 on btcusdt WAS placed')
    expect(error.text()).toContain('said order c3 was not placed; the exchange now shows it as order 90')
    expect(toasts.find('[data-testid="toast-success"]').exists()).toBe(false)
    await fake.emit('trading.onOrderEvents', correction) // told again to a stream that subscribed since
    expect(counts()).toEqual([1, 1])
  })
})

describe('orders whose outcome the venue would not tell', () => {
  const profile = '0b7e2f4a-3c1d-4e8f-9a6b-5d2c1e0f7a93'
  it('an undetermined answer: an error toast with the reason at once, a row in open orders until dismissed, the event not told again', async () => {
    const { fake, toasts, wrapper } = await rig([])
    useProfilesStore().activeId = profile // as profiles.onChange would
    await flushPromises()
    fake.handlers['trading.placeOrder'] = () => ({
      ...ack('c5'),
      status: 'undetermined',
      reconciled: true,
      error: cannotTell('c5')
    })
    expect((await useTradingStore().place(input)).status).toBe('undetermined')
    await fake.emit('trading.onOrderEvents', undetermined('c5'))
    const toast = toasts.get('[data-testid="toast-error"]')
    expect(toast.text()).toContain('Order c5 on btcusdt: outcome unknown')
    expect(toast.text()).toContain(
      'cannot tell whether order c5 was placed: the venue refuses the reads that would tell (spot.order.query: HTTP 403); check the venue before sending it again'
    )
    expect(counts()).toEqual([1])
    const row = wrapper.get('[data-testid="order-undetermined"]')
    expect(row.text()).toContain('cannot tell whether order c5 was placed: check the exchange before sending it again')
    fake.handlers['trading.dismissUndetermined'] = () => ({ ok: true })
    await row.get('[data-testid="dismiss-undetermined"]').trigger('click')
    expect(wrapper.find('[data-testid="order-undetermined"]').exists()).toBe(false)
    // the terminal is told too: it stops storing and re-checking it (the next start does not list it again)
    expect(fake.inputs('trading.dismissUndetermined')).toEqual([
      { profileId: profile, module: 'spot', symbol: 'btcusdt', action: 'place', clientOrderId: 'c5' }
    ])
  })

  it('dismissed with no active profile yet: the request leaves profileId out (the contract takes a UUID or nothing)', async () => {
    const { fake, wrapper } = await rig([])
    fake.handlers['trading.dismissUndetermined'] = () => ({ ok: true })
    await fake.emit('trading.onOrderEvents', undetermined('c15'))
    await wrapper.get('[data-testid="dismiss-undetermined"]').trigger('click')
    expect(fake.inputs('trading.dismissUndetermined')).toEqual([
      { module: 'spot', symbol: 'btcusdt', action: 'place', clientOrderId: 'c15' }
    ])
  })

  it('an unknown answer whose verdict comes undetermined (late): told when it arrives, listed, the pending entry gone', async () => {
    const { fake, toasts, wrapper } = await rig(['c6'])
    expect((await useTradingStore().place(input)).status).toBe('unknown')
    await fake.emit('trading.onOrderEvents', {
      actionId: 'place-c6',
      type: 'pending',
      action: 'place',
      module: 'spot',
      symbol: 'btcusdt',
      clientOrderId: 'c6',
      orderId: null,
      phase: 'reconciling',
      since: 1,
      queries: 1,
      lastError: null
    })
    expect(wrapper.text()).toContain('outcome unknown: reconciling with the exchange')
    await fake.emit('trading.onOrderEvents', undetermined('c6', 'btcusdt', true))
    expect(wrapper.text()).not.toContain('reconciling with the exchange')
    expect(toasts.get('[data-testid="toast-error"]').text()).toContain('cannot tell whether order c6 was placed')
    expect(wrapper.get('[data-testid="order-undetermined"]').text()).toContain('order c6')
  })

  it("an undetermined verdict that is not late (another window's command, or told again to a later stream) is listed, not told", async () => {
    const { fake, toasts, wrapper } = await rig([])
    await fake.emit('trading.onOrderEvents', undetermined('c16'))
    expect(wrapper.get('[data-testid="order-undetermined"]').text()).toContain('order c16')
    expect(toasts.findAll('.toast')).toHaveLength(0)
  })

  // Main tells its kept undetermined verdicts, `late` as it was, to every stream that subscribes (trading-service.ts
  // onOrderEvents), and liveSubscribe subscribes again after every dropped connection: told once all the same.
  it('a late undetermined verdict told again (a stream resumed) is told once', async () => {
    const { fake, wrapper } = await rig(['c17'])
    expect((await useTradingStore().place(input)).status).toBe('unknown')
    await fake.emit('trading.onOrderEvents', undetermined('c17', 'btcusdt', true))
    expect(counts()).toEqual([1])
    await fake.emit('trading.onOrderEvents', undetermined('c17', 'btcusdt', true)) // the same kept verdict, resent
    expect(wrapper.findAll('[data-testid="order-undetermined"]')).toHaveLength(1)
    expect(counts()).toEqual([1])
  })

  it('a cancel by order id: its pending entry leaves the list when the verdict names the client id too', async () => {
    const { fake, wrapper } = await rig([])
    const base = { actionId: 'cancel-42', action: 'cancel', module: 'spot', symbol: 'btcusdt', orderId: '42' } as const
    await fake.emit('trading.onOrderEvents', {
      ...base,
      type: 'pending',
      clientOrderId: null,
      phase: 'reconciling',
      since: 1,
      queries: 1,
      lastError: null
    })
    expect(useOrderEventsStore().pending).toHaveLength(1)
    await fake.emit('trading.onOrderEvents', {
      ...base,
      type: 'settled',
      clientOrderId: 'c9',
      status: 'undetermined',
      reconciled: true,
      error: { code: 'unknown-outcome', message: 'spot.order.cancel: cannot tell whether order 42 was canceled' },
      notice: null,
      late: false
    })
    expect(useOrderEventsStore().pending).toEqual([])
    expect(wrapper.get('[data-testid="order-undetermined"]').text()).toContain(
      'cannot tell whether order 42 was canceled'
    )
  })

  it('the order form says it cannot tell, as a failure, not as placed or rejected', async () => {
    const { wrapper } = await mountPanel(
      OrderPanel,
      {},
      {
        'trading.placeOrder': () => ({
          ...ack('c7'),
          status: 'undetermined',
          reconciled: true,
          error: cannotTell('c7')
        })
      }
    )
    mounted.push(wrapper)
    await type(wrapper, 'order-price', '65000.10')
    await type(wrapper, 'order-volume', '0.01')
    await click(wrapper, 'order-submit')
    const result = wrapper.get('[data-testid="order-result"]')
    expect(result.classes()).toContain('op-err')
    expect(result.text()).toBe(cannotTell('c7').message)
  })
})

type CancelStatus = 'canceled' | 'rejected' | 'unknown' | 'undetermined'
const cancelAck = (orderId: string, status: CancelStatus, clientOrderId = '') => ({
  status,
  module: 'spot' as const,
  symbol: 'btcusdt',
  orderId,
  clientOrderId,
  reconciled: status !== 'canceled' && status !== 'unknown',
  error: status === 'canceled' ? null : { code: 'unknown-outcome', message: `spot.order.cancel: ${status} ${orderId}` }
})
const cancelVerdict = (
  orderId: string,
  status: 'canceled' | 'rejected' | 'undetermined',
  o: { clientOrderId?: string; reconciled?: boolean; late?: boolean; message?: string } = {}
): OrderVerdict => ({
  actionId: `cancel-${orderId}`,
  type: 'settled',
  action: 'cancel',
  module: 'spot',
  symbol: 'btcusdt',
  clientOrderId: o.clientOrderId ?? '',
  orderId,
  status,
  reconciled: o.reconciled ?? true,
  error:
    status === 'canceled'
      ? null
      : {
          code: status === 'rejected' ? 'exchange' : 'unknown-outcome',
          message: o.message ?? `spot.order.cancel: ${status} ${orderId}`
        },
  notice: null,
  late: o.late ?? false
})
const spotOrder = (orderId: string, clientOrderId: string | null) =>
  ({
    module: 'spot',
    symbol: 'btcusdt',
    orderId,
    clientOrderId,
    side: 'BUY',
    type: 'LIMIT',
    price: '60000',
    volume: '0.001',
    executed: '0',
    avgPrice: '0',
    status: 'NEW',
    time: 1,
    open: null
  }) as const
const historyEntry = (orderId: string, clientOrderId: string | null, status: string) => ({
  ...spotOrder(orderId, clientOrderId),
  module: 'spot' as const,
  avgPrice: null,
  status,
  final: status !== 'NEW',
  updatedAt: 2
})

describe('which row a verdict ends', () => {
  it("a cancel by order id with no client id: another order's verdict with an empty client id does not end its row", async () => {
    const { fake, wrapper, toasts } = await rig([])
    await fake.emit('trading.onOrderEvents', cancelVerdict('42', 'undetermined'))
    await fake.emit('trading.onOrderEvents', cancelVerdict('77', 'canceled', { late: true })) // another order, no client id either
    expect(wrapper.get('[data-testid="order-undetermined"]').text()).toContain('order 42 was canceled')
    expect(toasts.get('[data-testid="toast-success"]').text()).toContain('Cancel of order 77 on btcusdt: canceled')
    await fake.emit(
      'trading.onOrderEvents',
      cancelVerdict('42', 'canceled', { clientOrderId: 'venue-cid', late: true })
    ) // the venue names the client id
    expect(wrapper.find('[data-testid="order-undetermined"]').exists()).toBe(false)
    expect(toasts.text()).toContain('Cancel of order 42 on btcusdt: canceled')
  })

  it('a place and a cancel naming the same client id are different actions', async () => {
    const { fake, wrapper, toasts } = await rig([])
    await fake.emit('trading.onOrderEvents', undetermined('c8'))
    await fake.emit('trading.onOrderEvents', cancelVerdict('43', 'canceled', { clientOrderId: 'c8', late: true }))
    expect(wrapper.get('[data-testid="order-undetermined"]').text()).toContain('order c8')
    expect(toasts.text()).toContain('Cancel of order 43 on btcusdt: canceled')
    await fake.emit('trading.onOrderEvents', verdict('c8', 'placed', '43', true))
    expect(wrapper.find('[data-testid="order-undetermined"]').exists()).toBe(false)
    expect(toasts.text()).toContain('Order 43 on btcusdt: placed')
  })

  it('a cancel again that the exchange answers ends the "cannot tell whether it was canceled" row; its command told it, so no toast', async () => {
    const { fake, wrapper, toasts } = await rig([])
    await fake.emit('trading.onOrderEvents', cancelVerdict('42', 'undetermined'))
    expect(wrapper.get('[data-testid="order-undetermined"]').text()).toContain(
      'cannot tell whether order 42 was canceled: check the exchange (cancelling again is safe)'
    )
    await fake.emit('trading.onOrderEvents', cancelVerdict('42', 'canceled', { reconciled: false }))
    expect(wrapper.find('[data-testid="order-undetermined"]').exists()).toBe(false)
    expect(toasts.findAll('.toast')).toHaveLength(0)
  })

  it('the same verdict told twice (a stream resumed) is one row; a dismissed one does not come back', async () => {
    const { fake, wrapper } = await rig([])
    await fake.emit('trading.onOrderEvents', undetermined('c12'))
    await fake.emit('trading.onOrderEvents', undetermined('c12'))
    expect(wrapper.findAll('[data-testid="order-undetermined"]')).toHaveLength(1)
    fake.handlers['trading.dismissUndetermined'] = () => ({ ok: true })
    await wrapper.get('[data-testid="dismiss-undetermined"]').trigger('click')
    await fake.emit('trading.onOrderEvents', undetermined('c12'))
    expect(wrapper.find('[data-testid="order-undetermined"]').exists()).toBe(false)
  })

  it('a dismissed cancel does not hide the verdict of a new cancel of the same order', async () => {
    const { fake, wrapper } = await rig([])
    fake.handlers['trading.dismissUndetermined'] = () => ({ ok: true })
    await fake.emit('trading.onOrderEvents', cancelVerdict('42', 'undetermined'))
    await wrapper.get('[data-testid="dismiss-undetermined"]').trigger('click')
    await fake.emit('trading.onOrderEvents', {
      actionId: 'cancel-42',
      type: 'pending',
      action: 'cancel',
      module: 'spot',
      symbol: 'btcusdt',
      clientOrderId: null,
      orderId: '42',
      phase: 'sending',
      since: 2,
      queries: 0,
      lastError: null
    })
    await fake.emit('trading.onOrderEvents', cancelVerdict('42', 'undetermined'))
    expect(wrapper.get('[data-testid="order-undetermined"]').text()).toContain('order 42 was canceled')
  })
})

describe('the renderer derives no outcome: main settles the row and sends the verdict', () => {
  it("a place the open orders show with its client id: the row stays, nothing told, until main's late verdict ends it", async () => {
    const { fake, wrapper, toasts, account } = await rig([])
    await fake.emit('trading.onOrderEvents', undetermined('c10'))
    await account({ openOrders: [spotOrder('50', 'other'), spotOrder('51', 'c10')] })
    expect(wrapper.get('[data-testid="order-undetermined"]').text()).toContain('order c10')
    expect(toasts.findAll('.toast')).toHaveLength(0)
    await fake.emit('trading.onOrderEvents', verdict('c10', 'placed', '51', true))
    expect(wrapper.find('[data-testid="order-undetermined"]').exists()).toBe(false)
    expect(toasts.get('[data-testid="toast-success"]').text()).toContain('Order 51 on btcusdt: placed')
  })

  it("a place the order history shows: the row stays until main's verdict", async () => {
    const { fake, wrapper, toasts } = await rig([])
    await fake.emit('trading.onOrderEvents', undetermined('c11'))
    await fake.emit('trading.onOrderHistory', { orders: [historyEntry('52', 'c11', 'FILLED')] })
    expect(wrapper.get('[data-testid="order-undetermined"]').text()).toContain('order c11')
    expect(toasts.findAll('.toast')).toHaveLength(0)
    await fake.emit('trading.onOrderEvents', verdict('c11', 'placed', '52', true))
    expect(wrapper.find('[data-testid="order-undetermined"]').exists()).toBe(false)
  })

  it('a cancel whose order the history shows CANCELED: the row stays until main\'s late "canceled"', async () => {
    const { fake, wrapper, toasts } = await rig([])
    await fake.emit('trading.onOrderEvents', cancelVerdict('42', 'undetermined'))
    await fake.emit('trading.onOrderHistory', { orders: [historyEntry('42', null, 'CANCELED')] })
    expect(wrapper.find('[data-testid="order-undetermined"]').exists()).toBe(true)
    expect(toasts.findAll('.toast')).toHaveLength(0)
    await fake.emit('trading.onOrderEvents', cancelVerdict('42', 'canceled', { late: true }))
    expect(wrapper.find('[data-testid="order-undetermined"]').exists()).toBe(false)
    expect(toasts.get('[data-testid="toast-success"]').text()).toContain('Cancel of order 42 on btcusdt: canceled')
  })

  it('a cancel whose order filled first: main\'s late "rejected" is told as not done, with main\'s reason', async () => {
    const { fake, wrapper, toasts } = await rig([])
    await fake.emit('trading.onOrderEvents', cancelVerdict('42', 'undetermined'))
    await fake.emit('trading.onOrderHistory', { orders: [historyEntry('42', null, 'FILLED')] })
    expect(wrapper.find('[data-testid="order-undetermined"]').exists()).toBe(true)
    await fake.emit(
      'trading.onOrderEvents',
      cancelVerdict('42', 'rejected', { late: true, message: 'spot.order.cancel: not canceled: the order is FILLED' })
    )
    expect(wrapper.find('[data-testid="order-undetermined"]').exists()).toBe(false)
    const toast = toasts.get('[data-testid="toast-warn"]')
    expect(toast.text()).toContain('Cancel of order 42 on btcusdt: not done')
    expect(toast.text()).toContain('not canceled: the order is FILLED')
  })
})

describe('what the open orders say after a cancel', () => {
  it('a cancel answered "unknown" is not counted as canceled and its order stays shown; an undetermined one is said as such', async () => {
    const { fake, wrapper, account } = await rig([])
    fake.handlers['trading.batchCancel'] = () => ({
      results: [
        cancelAck('60', 'canceled'),
        cancelAck('61', 'unknown'),
        cancelAck('62', 'undetermined'),
        cancelAck('63', 'rejected')
      ]
    })
    await account({ openOrders: ['60', '61', '62', '63'].map((id) => spotOrder(id, null)) })
    for (const b of wrapper.findAll('[data-testid="open-orders"] tbody input[type="checkbox"]')) await b.setValue(true)
    await click(wrapper, 'cancel-selected')
    expect(wrapper.get('[data-testid="open-orders-message"]').text()).toBe(
      '1 canceled; 1 outcome unknown, reconciling; 1 cannot tell: spot.order.cancel: undetermined 62; 1 refused: spot.order.cancel: rejected 63'
    )
    const shown = wrapper
      .findAll('[data-testid="open-orders"] tbody tr[data-order-id]')
      .map((r) => r.attributes('data-order-id'))
    expect(shown.sort()).toEqual(['61', '62', '63'])
  })
})

describe('what the order form says of a batch', () => {
  it('counts each outcome as what it is: "unknown" is not placed; only the refused item stays in the builder', async () => {
    const statuses = ['placed', 'unknown', 'undetermined', 'rejected'] as const
    const { wrapper } = await mountPanel(
      OrderPanel,
      {},
      {
        'trading.batchPlace': () => ({
          results: statuses.map((status, n) => ({
            ...ack(`b${n}`),
            status,
            orderId: status === 'placed' ? '70' : null,
            error: status === 'placed' ? null : { code: 'x', message: `item ${n} ${status}` }
          }))
        })
      }
    )
    mounted.push(wrapper)
    await type(wrapper, 'order-price', '60000')
    for (const v of ['0.001', '0.002', '0.003', '0.004']) {
      await type(wrapper, 'order-volume', v)
      await click(wrapper, 'order-batch-add')
    }
    await click(wrapper, 'order-batch-send')
    const result = wrapper.get('[data-testid="order-result"]')
    expect(result.text()).toBe(
      'batch: 1 of 4 placed; 1 outcome unknown, reconciling; 1 cannot tell: item 2 undetermined; 1 refused: item 3 rejected'
    )
    expect(result.classes()).toContain('op-err')
    expect(wrapper.get('[data-testid="order-batch-count"]').text()).toBe('1/10')
  })
})

describe('the order form after an undetermined place', () => {
  it('refuses another order on that symbol (its fresh client id could not stop a duplicate) until the notice is dismissed', async () => {
    const { wrapper, fake } = await mountPanel(
      OrderPanel,
      {},
      { 'trading.placeOrder': () => ({ ...ack('c14'), status: 'placed', orderId: '80', error: null }) }
    )
    mounted.push(wrapper)
    fake.handlers['trading.dismissUndetermined'] = () => ({ ok: true })
    await fake.emit('trading.onOrderEvents', undetermined('c13', 'dogeusdt')) // another symbol: no bar
    await fake.emit('trading.onOrderEvents', undetermined('c13'))
    await type(wrapper, 'order-price', '65000.10')
    await type(wrapper, 'order-volume', '0.01')
    await click(wrapper, 'order-submit')
    expect(wrapper.get('[data-testid="order-refusal"]').text()).toBe(
      'order c13 on btcusdt may have been placed: the exchange would not tell; check it there, then dismiss the notice in Open orders to send another'
    )
    expect(fake.inputs('trading.placeOrder')).toEqual([])
    const store = useOrderEventsStore()
    store.dismissUndetermined(store.undetermined.find((v) => v.symbol === 'btcusdt')!)
    await flushPromises() // the bar lifts (Submit enabled again) once the store drops the notice
    await click(wrapper, 'order-submit')
    expect(fake.inputs('trading.placeOrder')).toHaveLength(1)
  })
})

describe('undetermined and pending lists per profile', () => {
  /** Makes `id` the active profile, as profiles.onChange would. */
  const activate = async (id: string) => {
    useProfilesStore().activeId = id
    await flushPromises()
    await marketPrices(currentFake()) // the new profile's feeds start empty
  }

  it("a notice of one profile bars only that profile's form and rows; switching back shows it again", async () => {
    const { wrapper, fake } = await mountPanel(
      OrderPanel,
      {},
      { 'trading.placeOrder': () => ({ ...ack('c30'), status: 'placed', orderId: '90', error: null }) }
    )
    mounted.push(wrapper)
    const orders = mount(OrdersPanel, { global: { plugins: [getActivePinia()!] }, attachTo: document.body })
    mounted.push(orders)
    await activate('p1')
    expect(fake.subscribed('trading.onOrderEvents')).toEqual([{ profileId: 'p1' }])
    await fake.emit('trading.onOrderEvents', undetermined('c31'), { profileId: 'p1' })
    await fake.emit(
      'trading.onOrderEvents',
      {
        actionId: 'place-c32',
        type: 'pending',
        action: 'place',
        module: 'spot',
        symbol: 'btcusdt',
        clientOrderId: 'c32',
        orderId: null,
        phase: 'reconciling',
        since: 1,
        queries: 1,
        lastError: null
      },
      { profileId: 'p1' }
    )
    expect(orders.find('[data-testid="order-undetermined"]').exists()).toBe(true)

    await activate('p2')
    // A stream names p2 now (p1's stays while it lists a notice); p1's notice and pending entry are not shown.
    expect(fake.subscribed('trading.onOrderEvents')).toEqual([{ profileId: 'p1' }, { profileId: 'p2' }])
    expect(orders.find('[data-testid="order-undetermined"]').exists()).toBe(false)
    expect(useOrderEventsStore().pending).toEqual([])
    await type(wrapper, 'order-price', '65000.10')
    await type(wrapper, 'order-volume', '0.01')
    await click(wrapper, 'order-submit')
    expect(wrapper.find('[data-testid="order-refusal"]').exists()).toBe(false)
    expect(fake.inputs('trading.placeOrder')).toHaveLength(1)

    await activate('p1')
    expect(orders.get('[data-testid="order-undetermined"]').text()).toContain('order c31')
    await type(wrapper, 'order-price', '65000.10')
    await type(wrapper, 'order-volume', '0.01')
    await click(wrapper, 'order-submit')
    expect(wrapper.get('[data-testid="order-refusal"]').text()).toContain('order c31 on btcusdt may have been placed')
    expect(fake.inputs('trading.placeOrder')).toHaveLength(1)
  })

  it('a late verdict reached for a profile not shown ends its row there and is told; its stream then ends', async () => {
    const { wrapper, fake } = await mountPanel(
      OrderPanel,
      {},
      { 'trading.placeOrder': () => ({ ...ack('c36'), status: 'placed', orderId: '92', error: null }) }
    )
    const toasts = mount(ToastHost, { global: { plugins: [getActivePinia()!] }, attachTo: document.body })
    mounted.push(wrapper, toasts)
    await activate('p1')
    await fake.emit('trading.onOrderEvents', undetermined('c35'), { profileId: 'p1' })
    await activate('p2')
    await fake.emit('trading.onOrderEvents', verdict('c35', 'placed', '78', true), { profileId: 'p1' })
    expect(toasts.get('[data-testid="toast-success"]').text()).toContain('Order 78 on btcusdt: placed')
    expect(fake.subscribed('trading.onOrderEvents')).toEqual([{ profileId: 'p2' }])
    await activate('p1')
    expect(useOrderEventsStore().undetermined).toEqual([])
    await type(wrapper, 'order-price', '65000.10')
    await type(wrapper, 'order-volume', '0.01')
    await click(wrapper, 'order-submit')
    expect(fake.inputs('trading.placeOrder')).toHaveLength(1)
  })

  it('a profile deleted while it lists a notice: its stream ends and its rows are dropped', async () => {
    const { wrapper, fake } = await mountPanel(OrderPanel, {}, {})
    mounted.push(wrapper)
    const profiles = useProfilesStore()
    const view = (id: string) =>
      ({
        id,
        name: id,
        kind: 'remote',
        baseUrl: 'https://x',
        wsSpotUrl: 'wss://x',
        wsFuturesUrl: 'wss://x'
      }) as unknown as (typeof profiles.list)[number]
    profiles.list = [view('p1'), view('p2')]
    profiles.loaded = true
    await activate('p1')
    await fake.emit('trading.onOrderEvents', undetermined('c37'), { profileId: 'p1' })
    await activate('p2')
    expect(fake.subscribed('trading.onOrderEvents')).toEqual([{ profileId: 'p1' }, { profileId: 'p2' }])
    profiles.list = [view('p2')] // p1 deleted (profiles.onChange)
    await flushPromises()
    expect(fake.subscribed('trading.onOrderEvents')).toEqual([{ profileId: 'p2' }])
    // were its id back (the list is the main process's word), nothing of the deleted profile would show
    await activate('p1')
    expect(useOrderEventsStore().undetermined).toEqual([])
  })

  it('a late verdict main reached (a re-check, or an order it saw) replaces the row, is told once, and frees the form', async () => {
    const { wrapper, fake } = await mountPanel(
      OrderPanel,
      {},
      { 'trading.placeOrder': () => ({ ...ack('c34'), status: 'placed', orderId: '91', error: null }) }
    )
    const toasts = mount(ToastHost, { global: { plugins: [getActivePinia()!] }, attachTo: document.body })
    const orders = mount(OrdersPanel, { global: { plugins: [getActivePinia()!] }, attachTo: document.body })
    mounted.push(wrapper, toasts, orders)
    await fake.emit('trading.onOrderEvents', undetermined('c33'))
    expect(orders.find('[data-testid="order-undetermined"]').exists()).toBe(true)
    await fake.emit('trading.onOrderEvents', verdict('c33', 'placed', '77', true))
    expect(orders.find('[data-testid="order-undetermined"]').exists()).toBe(false)
    expect(toasts.get('[data-testid="toast-success"]').text()).toContain('Order 77 on btcusdt: placed')
    expect(counts()).toEqual([1])
    await type(wrapper, 'order-price', '65000.10')
    await type(wrapper, 'order-volume', '0.01')
    await click(wrapper, 'order-submit')
    expect(fake.inputs('trading.placeOrder')).toHaveLength(1)
  })
})
