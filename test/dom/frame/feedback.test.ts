// Feedback: error toasts with code and text (one for a lost connection), loads in progress, and fills told per
// order in words (main's spot/margin history; the venue's futures history where a position or open order moved).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { flushPromises, mount } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { ContractError } from '@shared/ipc/contract-kit'
import { nextTick, ref } from 'vue'
import type {
  AccountSnapshotView,
  FuturesOrderHistoryView,
  OpenOrderView,
  PositionView
} from '@shared/ipc/views/account'
import type { OrderHistoryEntryView } from '@shared/ipc/views/trading'
import ToastHost from '../../../src-renderer/src/components/ToastHost.vue'
import { describeError, useFeedbackStore } from '../../../src-renderer/src/stores/feedback'
import { changedPositions, fillChecks, startFillWatch } from '../../../src-renderer/src/stores/fill-watch'
import { fakeTerminal, type FakeTerminal } from './fake-terminal'
import { PAPER, SPOT } from './fixtures'

let fake: FakeTerminal
beforeEach(() => {
  localStorage.clear()
  setActivePinia(createPinia())
  fake = fakeTerminal()
})
afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

describe('toasts', () => {
  it('describes a contract error by its code, the venue code and the field', () => {
    expect(
      describeError(
        new ContractError({
          code: 'exchange',
          message: 'Timestamp outside the window',
          exchange: { code: -1021, httpStatus: 400 }
        })
      )
    ).toEqual({
      code: 'exchange -1021',
      text: "The request's time is outside the exchange's window: check this computer's clock (code -1021)"
    })
    expect(
      describeError(new ContractError({ code: 'invalid-input', message: 'must be a decimal', field: 'order.price' }))
    ).toEqual({ code: 'invalid-input order.price', text: 'must be a decimal' })
    expect(
      describeError(new ContractError({ code: 'exchange', message: 'Bad gateway', exchange: { httpStatus: 502 } })).code
    ).toBe('exchange HTTP 502')
    expect(describeError(new Error('plain'))).toEqual({ code: null, text: 'plain' })
  })

  it('keeps a toast told to stay through a burst of others and past any lifetime, also when it repeats one shown before', () => {
    vi.useFakeTimers()
    const f = useFeedbackStore()
    f.warn('Paper data kept aside', 'once', null) // the same text shown before as an ordinary warning
    f.warn('Paper data kept aside', 'once', null, true)
    for (let i = 0; i < 8; i++) f.error(new Error(`failure ${i}`), `Call ${i} failed`)
    expect(f.toasts.map((t) => t.title)).toEqual([
      'Paper data kept aside',
      'Call 4 failed',
      'Call 5 failed',
      'Call 6 failed',
      'Call 7 failed'
    ])
    vi.advanceTimersByTime(60_000)
    expect(f.toasts.map((t) => [t.title, t.count])).toEqual([['Paper data kept aside', 2]])
    f.dismiss(f.toasts[0]!.id)
    expect(f.toasts).toEqual([])
  })

  it('shows an error toast with its code, counts repeats, and dismisses itself', async () => {
    vi.useFakeTimers()
    const w = mount(ToastHost)
    const f = useFeedbackStore()
    const e = new ContractError({ code: 'exchange', message: 'Insufficient balance', exchange: { code: -2010 } })
    f.error(e, 'Could not place the order')
    f.error(e, 'Could not place the order')
    await flushPromises()
    const t = w.get('[data-testid="toast-error"]')
    expect(t.text()).toContain('Could not place the order')
    expect(t.text()).toContain('Insufficient balance')
    expect(t.get('[data-testid="toast-code"]').text()).toBe('exchange -2010')
    expect(t.text()).toContain('×2')
    vi.advanceTimersByTime(10_001)
    await flushPromises()
    expect(f.toasts).toEqual([])
    w.unmount()
  })

  it('reports a lost connection once, whatever the calls that failed', () => {
    const f = useFeedbackStore()
    f.error(new ContractError({ code: 'unauthorized', message: 'no token' }), 'Could not load markets')
    f.error(new ContractError({ code: 'unauthorized', message: 'no token' }), 'Could not load tickers')
    expect(f.toasts).toHaveLength(1)
    expect(f.toasts[0]).toMatchObject({ title: 'Not connected to the terminal', count: 2 })
  })

  it('tells a tab without a credential exactly how to get one, and keeps saying it until dismissed', () => {
    const f = useFeedbackStore()
    f.error(new ContractError({ code: 'unauthorized', message: 'no token' }), 'Could not load markets')
    expect(f.toasts[0]).toMatchObject({ stay: true, code: 'unauthorized' })
    expect(f.toasts[0]!.text).toContain(
      'run `npm run web` again (or press Enter in the terminal where it runs) and open the link it prints'
    )
    expect(f.toasts[0]!.text).not.toContain('open the link the terminal printed') // spent: the old advice could not be followed
  })

  it('runs a toast action and keeps at most five toasts', async () => {
    const f = useFeedbackStore()
    const run = vi.fn()
    for (let i = 0; i < 7; i++) f.info(`t${i}`)
    expect(f.toasts.map((t) => t.title)).toEqual(['t2', 't3', 't4', 't5', 't6'])
    const w = mount(ToastHost)
    f.warn('Blocked', '', { label: 'Reopen', run })
    await flushPromises()
    await w.get('[data-testid="toast-warn"] .btn').trigger('click')
    expect(run).toHaveBeenCalledOnce()
    expect(f.toasts.some((t) => t.title === 'Blocked')).toBe(false)
    w.unmount()
  })

  it("lists an order's own outcome in the notification center as news, the terminal's chatter as read", async () => {
    const f = useFeedbackStore()
    f.orderNews('success', 'Order moved', 'BTCUSDT 65,000')
    f.orderNews('info', 'Order placed on Second venue', 'BTCUSDT', 'second')
    f.success('Layout saved')
    f.info('Now on profile Paper')
    await flushPromises()
    const added = fake.inputs('notices.add').map((n) => ({ title: n.title, news: n.news ?? false }))
    expect(added).toEqual([
      { title: 'Order moved', news: true },
      { title: 'Order placed on Second venue', news: true },
      { title: 'Layout saved', news: false },
      { title: 'Now on profile Paper', news: false }
    ])
    expect(fake.inputs('notices.add')[1]).toMatchObject({ kind: 'info', profileId: 'second' })
    expect(f.toasts.map((t) => [t.kind, t.title])).toContainEqual(['success', 'Order moved'])
  })
  it('tracks slow loads until they settle', async () => {
    const f = useFeedbackStore()
    let done!: () => void
    const p = f.track('Loading candles', new Promise<void>((r) => (done = r)))
    void f.track('Loading book', Promise.reject(new Error('x'))).catch(() => undefined)
    expect(f.busyLabel).toBe('Loading candles (+1)')
    await flushPromises()
    expect(f.busyLabel).toBe('Loading candles')
    done()
    await p
    expect(f.busy).toBe(false)
  })
})

const order = (o: Partial<OpenOrderView>): OpenOrderView => ({
  module: 'spot',
  symbol: 'btcusdt',
  orderId: '1',
  clientOrderId: null,
  side: 'BUY',
  type: 'LIMIT',
  price: '100',
  volume: '2',
  executed: '0',
  avgPrice: '0',
  status: 'NEW',
  time: 1000,
  open: null,
  ...o
})
const snap = (openOrders: OpenOrderView[], profileId = PAPER.id): AccountSnapshotView => ({
  profileId,
  at: 0,
  balances: null,
  openOrders,
  positions: null,
  futuresAccount: null,
  errors: []
})
const hist = (o: Partial<OrderHistoryEntryView>): OrderHistoryEntryView => ({
  module: 'spot',
  symbol: 'btcusdt',
  orderId: '1',
  clientOrderId: null,
  side: 'BUY',
  type: 'LIMIT',
  price: '100',
  volume: '2',
  executed: '2',
  avgPrice: '100',
  status: 'FILLED',
  final: true,
  time: 1,
  updatedAt: 2,
  ...o
})
const fut = (o: Partial<FuturesOrderHistoryView>): FuturesOrderHistoryView =>
  ({
    orderId: '77',
    contractName: 'E-BTC-USDT',
    side: 'BUY',
    openOrClose: 'OPEN',
    positionType: 1,
    type: 1,
    price: '65000.0',
    volume: '45',
    dealVolume: '45',
    dealMoney: '0',
    avgPrice: '65000.0',
    leverageLevel: 10,
    status: 2,
    ctime: '',
    ctimeMs: 1,
    ...o
  }) as FuturesOrderHistoryView
let seq = 0
/** An event as main stamps it (whose data, its place in the stream). */
const stamped = <T extends object>(e: T): never => ({ profileId: PAPER.id, seq: ++seq, ...e }) as never

describe('fills', () => {
  it('looks at symbols whose orders filled more or left the book', () => {
    const prev = new Map([
      ['spot:1', order({ orderId: '1', time: 1000 })],
      ['spot:2', order({ orderId: '2', symbol: 'ethusdt', time: 1500 })],
      ['spot:3', order({ orderId: '3', symbol: 'dogeusdt' })]
    ])
    const next = [order({ orderId: '1', executed: '0.5' }), order({ orderId: '3', symbol: 'dogeusdt' })]
    expect(fillChecks(prev, next)).toEqual([
      { module: 'spot', symbol: 'btcusdt', since: 1000 },
      { module: 'spot', symbol: 'ethusdt', since: 1500 }
    ])
  })

  it('tells a spot order from main’s history once its average is known: partly filled, rest canceled, quote unspent', async () => {
    const told = vi.fn()
    const who = ref<string | null>(PAPER.id)
    const stop = startFillWatch((w, profileId) => told(w.title, w.text, profileId), {
      profileId: () => who.value,
      spotSymbolOf: (s) => SPOT.find((x) => x.symbol === s)
    })
    expect(fake.subscribed('trading.onOrderHistory')).toEqual([{ profileId: PAPER.id }])
    const market = hist({
      type: 'MARKET',
      price: '0',
      volume: '500',
      executed: '0.004',
      avgPrice: null,
      status: 'CANCELED'
    })
    fake.emit('trading.onOrderHistory', stamped({ orders: [market] }))
    expect(told).not.toHaveBeenCalled() // the create answer: no average yet, main reads it back
    fake.emit('trading.onOrderHistory', stamped({ orders: [{ ...market, avgPrice: '35250' }] }))
    fake.emit('trading.onOrderHistory', stamped({ orders: [{ ...market, avgPrice: '35250', updatedAt: 9 }] }))
    expect(told).toHaveBeenCalledExactlyOnceWith(
      'Partially filled · BTC/USDT',
      'Partially filled: bought 0.004 BTC at 35,250.00 (avg) for 141.00 of 500.00 USDT (28%), rest canceled: 359.00 USDT unspent',
      PAPER.id
    )
    // Another profile shown: its history is followed, named, and its fills are told as its own.
    who.value = 'other'
    await nextTick()
    expect(fake.subscribed('trading.onOrderHistory')).toEqual([{ profileId: 'other' }])
    fake.emit('trading.onOrderHistory', stamped({ orders: [hist({ orderId: '3' })] })) // a late one of the old profile: dropped
    fake.emit('trading.onOrderHistory', stamped({ profileId: 'other', orders: [hist({ orderId: '2' })] }))
    expect(told).toHaveBeenLastCalledWith('Filled · BTC/USDT', 'Filled: bought 2 BTC at 100.00 (avg)', 'other')
    expect(told).toHaveBeenCalledTimes(2) // the paper profile's late event was not told as the other's
    stop()
    expect(fake.subscribed('trading.onOrderHistory')).toEqual([])
  })

  it('tells a futures fill from the venue’s order history of the contract whose position moved', async () => {
    const told = vi.fn()
    fake.handlers['account.orderHistory'] = () => [
      fut({ orderId: '5', ctimeMs: 1 }),
      fut({ orderId: '6', ctimeMs: Date.now(), dealVolume: '10', status: 4, type: 2, price: '0' })
    ]
    const stop = startFillWatch((w, profileId) => told(w.title, w.text, profileId), { profileId: () => PAPER.id })
    const pos = (volume: string) =>
      stamped({ ...snap([]), positions: [{ contractName: 'E-BTC-USDT', volume } as PositionView] })
    fake.emit('account.onUpdate', pos('0'))
    fake.emit('account.onUpdate', pos('10'))
    await flushPromises()
    expect(fake.inputs('account.orderHistory')).toEqual([{ profileId: PAPER.id, symbol: 'E-BTC-USDT', limit: 20 }])
    // Order 5 is older than the watch: not news.
    expect(told).toHaveBeenCalledExactlyOnceWith(
      'Partially filled · BTC/USDT perpetual',
      'Partially filled: bought 10 of 45 contracts (22%) at 65,000.0 (avg), rest canceled: 35 contracts not bought',
      PAPER.id
    )
    fake.emit('account.onUpdate', pos('0'))
    await flushPromises()
    expect(told).toHaveBeenCalledOnce()
    stop()
  })

  it('sees futures positions whose size moved', () => {
    const p = (contractName: string, volume: string) => ({ contractName, volume }) as PositionView
    expect(
      changedPositions([p('E-BTC-USDT', '2'), p('E-ETH-USDT', '1')], [p('E-BTC-USDT', '3'), p('E-ETH-USDT', '1')])
    ).toEqual(['E-BTC-USDT'])
    expect(changedPositions([p('E-BTC-USDT', '2')], [])).toEqual(['E-BTC-USDT'])
  })

  it('raises a desktop notification when allowed, and always a toast; the choice is main’s preference', async () => {
    const shown: unknown[] = []
    class FakeNotification {
      static permission = 'granted'
      constructor(title: string, o: NotificationOptions) {
        shown.push([title, o.body])
      }
    }
    vi.stubGlobal('Notification', FakeNotification)
    const f = useFeedbackStore()
    f.notify('Order filled · BTCUSDT', 'Bought 1 @ 2')
    expect(shown).toEqual([['Order filled · BTCUSDT', 'Bought 1 @ 2']])
    expect(f.toasts[0]).toMatchObject({ kind: 'success', title: 'Order filled · BTCUSDT' })
    f.setNotifyFills(false)
    f.notify('Order filled · ETHUSDT', 'Sold 1 @ 2')
    expect(shown).toHaveLength(1)
    await vi.waitFor(() => expect(fake.prefs.view().app.notifyFills).toBe(false))
  })
})
