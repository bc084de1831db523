// Feedback: error toasts with code and text (one for a lost connection), loads in progress, and desktop
// notifications of fills found by watching the open orders.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { flushPromises, mount } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { ContractError } from '@shared/ipc/contract-kit'
import type { AccountSnapshotView, BalanceView, OpenOrderView, PositionView, UserTradeView } from '@shared/ipc/views/account'
import ToastHost from '../../../src-renderer/src/components/ToastHost.vue'
import { describeError, useFeedbackStore } from '../../../src-renderer/src/stores/feedback'
import { changedAssets, changedPositions, fillChecks, startFillWatch } from '../../../src-renderer/src/stores/fill-watch'
import { fakeTerminal, type FakeTerminal } from './fake-terminal'
import { PAPER } from './fixtures'

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
    expect(describeError(new ContractError({ code: 'exchange', message: 'Timestamp outside the window', exchange: { code: -1021, httpStatus: 400 } }))).toEqual({ code: 'exchange -1021', text: 'Timestamp outside the window' })
    expect(describeError(new ContractError({ code: 'invalid-input', message: 'must be a decimal', field: 'order.price' }))).toEqual({ code: 'invalid-input order.price', text: 'must be a decimal' })
    expect(describeError(new ContractError({ code: 'exchange', message: 'Bad gateway', exchange: { httpStatus: 502 } })).code).toBe('exchange HTTP 502')
    expect(describeError(new Error('plain'))).toEqual({ code: null, text: 'plain' })
  })

  it('keeps a toast told to stay through a burst of others and past any lifetime, also when it repeats one shown before', () => {
    vi.useFakeTimers()
    const f = useFeedbackStore()
    f.warn('Paper data kept aside', 'once', null) // the same text shown before as an ordinary warning
    f.warn('Paper data kept aside', 'once', null, true)
    for (let i = 0; i < 8; i++) f.error(new Error(`failure ${i}`), `Call ${i} failed`)
    expect(f.toasts.map((t) => t.title)).toEqual(['Paper data kept aside', 'Call 4 failed', 'Call 5 failed', 'Call 6 failed', 'Call 7 failed'])
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
    expect(f.toasts[0]!.text).toContain('run `npm run web` again (or press Enter in the terminal where it runs) and open the link it prints')
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
const snap = (openOrders: OpenOrderView[], profileId = PAPER.id): AccountSnapshotView => ({ profileId, at: 0, balances: null, openOrders, positions: null, futuresAccount: null, errors: [] })
const trade = (t: Partial<UserTradeView>): UserTradeView => ({ module: 'spot', symbol: 'btcusdt', id: '9', side: 'BUY', price: '100', qty: '0.5', fee: '0', feeCoin: 'BTC', isMaker: true, time: 2000, ...t })

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

  it('notifies each new fill once, and nothing for a new profile or a fill before the order', async () => {
    const notify = vi.fn()
    fake.handlers['account.trades'] = () => [trade({ id: '7', time: 500 }), trade({ id: '9', qty: '0.5' })]
    const stop = startFillWatch(notify)
    expect(fake.subscribed('account.onUpdate')).toEqual([{ futures: true }])
    fake.emit('account.onUpdate', snap([order({ orderId: '1' })]))
    fake.emit('account.onUpdate', snap([order({ orderId: '1', executed: '0.5' })]))
    await flushPromises()
    expect(notify).toHaveBeenCalledExactlyOnceWith('Order filled · BTCUSDT', 'Bought 0.5 @ 100 (spot, maker)')
    // The trades are read from the profile whose snapshot showed the fill, named.
    expect(fake.inputs('account.trades')).toEqual([{ profileId: PAPER.id, module: 'spot', symbol: 'btcusdt', limit: 50 }])
    fake.emit('account.onUpdate', snap([])) // the rest filled: same trades known, nothing new
    await flushPromises()
    expect(notify).toHaveBeenCalledOnce()
    // Several fills found together are told as one, at their volume-weighted price.
    fake.handlers['account.trades'] = () => [trade({ id: '10', qty: '1', price: '100.5', time: 3000 }), trade({ id: '11', qty: '3', price: '101', time: 3001 })]
    fake.emit('account.onUpdate', snap([order({ orderId: '6', time: 2500 })]))
    fake.emit('account.onUpdate', snap([]))
    await flushPromises()
    expect(notify).toHaveBeenLastCalledWith('Order filled · BTCUSDT', 'Bought 4 @ 100.9 avg, 2 fills (spot)')
    fake.emit('account.onUpdate', snap([order({ orderId: '5' })], 'other'))
    fake.emit('account.onUpdate', snap([], 'other-2'))
    await flushPromises()
    expect(fake.inputs('account.trades')).toHaveLength(3)
    stop()
  })

  it('sees fills that never rested in the book: balance totals and position sizes that moved', () => {
    const b = (asset: string, free: string, locked = '0'): BalanceView => ({ asset, free, locked })
    expect(changedAssets([b('BTC', '1', '0.5'), b('USDT', '100')], [b('BTC', '0.5', '1'), b('USDT', '100')])).toEqual(new Set()) // only locked
    expect(changedAssets([b('BTC', '1'), b('USDT', '100')], [b('BTC', '1.1'), b('USDT', '93.5')])).toEqual(new Set(['BTC', 'USDT']))
    expect(changedAssets(null, [b('BTC', '1')])).toEqual(new Set())
    const p = (contractName: string, volume: string) => ({ contractName, volume }) as PositionView
    expect(changedPositions([p('E-BTC-USDT', '2'), p('E-ETH-USDT', '1')], [p('E-BTC-USDT', '3'), p('E-ETH-USDT', '1')])).toEqual(['E-BTC-USDT'])
    expect(changedPositions([p('E-BTC-USDT', '2')], [])).toEqual(['E-BTC-USDT'])
  })

  it('notifies a market order’s fill, found through the balances', async () => {
    const notify = vi.fn()
    fake.handlers['account.trades'] = () => [trade({ id: '42', side: 'SELL', qty: '0.1', price: '65000', isMaker: false, time: Date.now() })]
    const stop = startFillWatch(notify, { spotSymbolsOf: (a) => (a.has('BTC') && a.has('USDT') ? ['btcusdt'] : []) })
    const bal = (btc: string, usdt: string) => ({ ...snap([]), balances: [{ asset: 'BTC', free: btc, locked: '0' }, { asset: 'USDT', free: usdt, locked: '0' }] })
    fake.emit('account.onUpdate', bal('1', '0'))
    fake.emit('account.onUpdate', bal('0.9', '6500'))
    await flushPromises()
    expect(fake.inputs('account.trades')).toEqual([{ profileId: PAPER.id, module: 'spot', symbol: 'btcusdt', limit: 50 }])
    expect(notify).toHaveBeenCalledExactlyOnceWith('Order filled · BTCUSDT', 'Sold 0.1 @ 65000 (spot)')
    stop()
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
