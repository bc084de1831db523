// Futures operations (trigger orders, TP/SL, settings, transfers) on trading.onOrderEvents: one still being checked
// is listed with the open orders; its late verdict (the command had answered "still checking") is told in a toast
// and kept with the order verdicts; a verdict the command itself reported is not told twice.
import { afterEach, describe, expect, it } from 'vitest'
import { mount } from '@vue/test-utils'
import { getActivePinia } from 'pinia'
import type { OrderEventView } from '@shared/ipc/views/trading'
import OrdersPanel from '../../../src-renderer/src/panels/OrdersPanel.vue'
import ToastHost from '../../../src-renderer/src/components/ToastHost.vue'
import { useOrderEventsStore } from '../../../src-renderer/src/stores/order-events'
import { mountPanel } from './setup'

const operation = {
  kind: 'leverage',
  symbol: 'E-BTC-USDT',
  coin: null,
  amount: null,
  detail: 'leverage 20, cross'
} as const
const checking = (queries: number): OrderEventView => ({
  actionId: '7',
  type: 'pending',
  action: 'operation',
  opId: '7',
  operation,
  phase: 'reconciling',
  since: 1_700_000_000_000,
  queries,
  lastError: 'network'
})
const notApplied: OrderEventView = {
  actionId: '7',
  type: 'settled',
  action: 'operation',
  opId: '7',
  operation,
  status: 'not-applied',
  late: true,
  error: {
    code: 'exchange',
    message: 'futures.leverage.edit: not applied: leverage is still 10; sending it again is safe'
  }
}

const mounted: { unmount(): void }[] = []
afterEach(() => mounted.splice(0).forEach((w) => w.unmount()))

async function rig() {
  const r = await mountPanel(OrdersPanel, { module: 'futures' })
  const toasts = mount(ToastHost, { global: { plugins: [getActivePinia()!] }, attachTo: document.body })
  mounted.push(r.wrapper, toasts)
  return { ...r, toasts, rows: () => r.wrapper.findAll('[data-testid="operation-checking"]') }
}

describe('futures operations on the order events stream', () => {
  it('lists an operation being checked with the open orders, then tells its late verdict in a toast', async () => {
    const { fake, toasts, rows } = await rig()
    expect(fake.subscribed('trading.onOrderEvents')).toHaveLength(1)
    await fake.emit('trading.onOrderEvents', checking(1))
    await fake.emit('trading.onOrderEvents', checking(3))
    expect(rows()).toHaveLength(1) // updated in place, not stacked
    expect(rows()[0]!.text()).toContain(
      'Leverage on E-BTC-USDT (leverage 20, cross): outcome unknown: checking with the exchange… (3 reads)'
    )

    await fake.emit('trading.onOrderEvents', notApplied)
    expect(rows()).toHaveLength(0)
    const toast = toasts.get('[data-testid="toast-warn"]')
    expect(toast.text()).toContain('Leverage on E-BTC-USDT (leverage 20, cross): not applied')
    expect(toast.text()).toContain('leverage is still 10; sending it again is safe')
    expect(useOrderEventsStore().verdicts[0]).toMatchObject(notApplied)
  })

  it('says "applied" for an applied late verdict, and nothing for a verdict the command already reported', async () => {
    const { fake, toasts } = await rig()
    await fake.emit('trading.onOrderEvents', { ...notApplied, actionId: '8', opId: '8', late: false })
    expect(toasts.findAll('.toast')).toHaveLength(0)
    expect(useOrderEventsStore().verdicts).toEqual([])
    const transfer = {
      kind: 'transfer',
      symbol: null,
      coin: 'USDT',
      amount: '10',
      detail: '10 USDT spot-to-futures'
    } as const
    await fake.emit('trading.onOrderEvents', {
      ...notApplied,
      actionId: '9',
      opId: '9',
      operation: transfer,
      status: 'applied',
      error: null
    })
    expect(toasts.get('[data-testid="toast-success"]').text()).toContain('Transfer (10 USDT spot-to-futures): applied')
  })
})
