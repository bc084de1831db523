// A fill told as one message per order: a rest filling in many small steps updates its toast in place (not a new
// one per step), a desktop notification is raised for the first fill and the end only, and a TP/SL leg the venue
// dropped with its closed position is not told as a close that filled nothing.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import type {
  AccountSnapshotView,
  FuturesOrderHistoryView,
  OpenOrderView,
  PositionView
} from '@shared/ipc/views/account'
import type { OrderHistoryEntryView } from '@shared/ipc/views/trading'
import { useFeedbackStore } from '../../../src-renderer/src/stores/feedback'
import { startFillWatch } from '../../../src-renderer/src/stores/fill-watch'
import { fakeTerminal, type FakeTerminal } from './fake-terminal'
import { PAPER, SPOT } from './fixtures'

let fake: FakeTerminal
let desktop: { title: string; body: string | undefined; tag: string | undefined }[]
beforeEach(() => {
  localStorage.clear()
  setActivePinia(createPinia())
  fake = fakeTerminal()
  desktop = []
  vi.stubGlobal(
    'Notification',
    class {
      static permission = 'granted'
      constructor(title: string, o: NotificationOptions) {
        desktop.push({ title, body: o.body, tag: o.tag })
      }
    }
  )
})
afterEach(() => vi.unstubAllGlobals())

let seq = 0
const stamped = <T extends object>(e: T): never => ({ profileId: PAPER.id, seq: ++seq, ...e }) as never

/** The watch wired to the feedback store as the main window wires it (App.vue). */
function watchFills(): () => void {
  const feedback = useFeedbackStore()
  return startFillWatch(
    (w, profileId, listKey, order) =>
      feedback.notify(w.title, w.text, {
        tone: w.tone,
        profileId,
        ...(listKey ? { listKey } : {}),
        ...(order ? { order: order.key, final: order.final } : {})
      }),
    { profileId: () => PAPER.id, spotSymbolOf: (s) => SPOT.find((x) => x.symbol === s) }
  )
}

const sell = (executed: string, status = 'PARTIALLY_FILLED'): OrderHistoryEntryView => ({
  module: 'spot',
  symbol: 'btcusdt',
  orderId: '9',
  clientOrderId: null,
  side: 'SELL',
  type: 'LIMIT',
  price: '64000',
  volume: '10',
  executed,
  avgPrice: '64500',
  status,
  final: status !== 'PARTIALLY_FILLED',
  time: 1,
  updatedAt: 2
})

describe('fills told per order', () => {
  it('updates one toast in place as the order fills more; a desktop notification for the first fill and the end', () => {
    const stop = watchFills()
    const feedback = useFeedbackStore()
    for (const executed of ['0.15', '0.16', '0.55', '0.58'])
      fake.emit('trading.onOrderHistory', stamped({ orders: [sell(executed)] }))
    expect(feedback.toasts).toHaveLength(1)
    expect(feedback.toasts[0]!.text).toContain('0.58')
    expect(feedback.toasts[0]!.count).toBe(1)
    expect(desktop).toHaveLength(1)
    expect(desktop[0]!.body).toContain('0.15')

    fake.emit('trading.onOrderHistory', stamped({ orders: [sell('10', 'FILLED')] }))
    expect(feedback.toasts).toHaveLength(1)
    expect(feedback.toasts[0]!.title).toBe('Filled · BTC/USDT')
    expect(desktop).toHaveLength(2)
    expect(desktop[1]!.title).toBe('Filled · BTC/USDT')
    expect(desktop[1]!.tag).toBe(desktop[0]!.tag) // the system replaces the first one where it can

    // Another order's news is its own toast.
    fake.emit('trading.onOrderHistory', stamped({ orders: [{ ...sell('1'), orderId: '10' }] }))
    expect(feedback.toasts).toHaveLength(2)
    stop()
  })

  it('tells a new toast for an order whose toast has gone, and lists a futures order’s first fill and end only', async () => {
    vi.useFakeTimers()
    try {
      const feedback = useFeedbackStore()
      feedback.notify('Partially filled · X', 'sold 1', { order: 'p:spot:1' })
      vi.advanceTimersByTime(60_000)
      expect(feedback.toasts).toHaveLength(0)
      feedback.notify('Partially filled · X', 'sold 2', { order: 'p:spot:1' })
      expect(feedback.toasts.map((t) => t.text)).toEqual(['sold 2'])
    } finally {
      vi.useRealTimers()
    }

    const row = (dealVolume: string, status: number): FuturesOrderHistoryView =>
      ({
        ...futuresRow({ orderId: '41', openOrClose: 'OPEN', type: 1 }),
        dealVolume,
        status
      }) as FuturesOrderHistoryView
    let rows = [row('5', 3)]
    fake.handlers['account.orderHistory'] = () => rows
    const stop = watchFills()
    const open = (executed: string) =>
      stamped({
        ...snapshot([{ contractName: 'E-BTC-USDT', volume: '5' } as PositionView]),
        openOrders: [{ module: 'futures', symbol: 'E-BTC-USDT', orderId: '41', executed, time: 0 } as OpenOrderView]
      })
    fake.emit('account.onUpdate', open('0'))
    for (const [executed, status] of [
      ['5', 3],
      ['10', 3],
      ['45', 2]
    ] as const) {
      rows = [row(executed, status)]
      fake.emit('account.onUpdate', status === 2 ? stamped(snapshot([])) : open(executed))
      await flushPromises()
    }
    const listed = fake.inputs('notices.add').map((n) => (n as { key?: string }).key)
    expect(listed).toEqual(['fill:futures:41:first', 'fill:futures:41:end'])
    expect(useFeedbackStore().toasts.filter((t) => t.title.includes('perpetual'))).toHaveLength(1)
    stop()
  })

  it('does not tell the TP/SL legs dropped with a closed position as a close that filled nothing', async () => {
    const close = futuresRow({ orderId: '60', side: 'SELL', type: 2, dealVolume: '15', volume: '15' })
    const tp = futuresRow({ orderId: '61', side: 'SELL', type: 2, dealVolume: '0', avgPrice: '0', status: 4 })
    const sl = futuresRow({ orderId: '62', side: 'SELL', type: 2, dealVolume: '0', avgPrice: '0', status: 4 })
    fake.handlers['account.orderHistory'] = () => [close, tp, sl]
    const stop = watchFills()
    fake.emit('account.onUpdate', stamped(snapshot([{ contractName: 'E-BTC-USDT', volume: '15' } as PositionView])))
    fake.emit('account.onUpdate', stamped(snapshot([])))
    await flushPromises()
    const feedback = useFeedbackStore()
    expect(feedback.toasts.map((t) => t.title)).toEqual(['Filled · BTC/USDT perpetual'])
    stop()
  })

  it('still tells a closing market order that filled nothing while the position stays', async () => {
    const close = futuresRow({ orderId: '70', side: 'SELL', type: 2, dealVolume: '0', avgPrice: '0', status: 4 })
    fake.handlers['account.orderHistory'] = () => [close]
    const stop = watchFills()
    const pos = (volume: string) => stamped(snapshot([{ contractName: 'E-BTC-USDT', volume } as PositionView]))
    fake.emit('account.onUpdate', pos('15'))
    fake.emit('account.onUpdate', pos('14'))
    await flushPromises()
    expect(useFeedbackStore().toasts.map((t) => t.title)).toEqual(['Canceled, nothing filled · BTC/USDT perpetual'])
    stop()
  })
})

function futuresRow(o: Partial<FuturesOrderHistoryView>): FuturesOrderHistoryView {
  return {
    orderId: '1',
    contractName: 'E-BTC-USDT',
    side: 'BUY',
    openOrClose: 'CLOSE',
    positionType: 1,
    type: 1,
    price: '0',
    volume: '15',
    dealVolume: '15',
    dealMoney: '0',
    avgPrice: '65000.0',
    leverageLevel: 10,
    status: 2,
    ctime: '',
    ctimeMs: Date.now(),
    ...o
  } as FuturesOrderHistoryView
}

function snapshot(positions: PositionView[]): AccountSnapshotView {
  return { profileId: PAPER.id, at: 0, balances: null, openOrders: [], positions, futuresAccount: null, errors: [] }
}
