// Main's per-profile streams through the real stores and the orders panel: an event of another profile, or not newer
// than the last one applied of its profile and stream, changes nothing on screen (stores/stream-order.ts); a new
// subscription's first event (main's numbers never restart in a run) is shown, a late one of an ended subscription not.
import { afterEach, describe, expect, it } from 'vitest'
import type { OpenOrderView } from '@shared/ipc/views/account'
import type { OrderEventView } from '@shared/ipc/views/trading'
import OrdersPanel from '../../../src-renderer/src/panels/OrdersPanel.vue'
import { useAccountStore } from '../../../src-renderer/src/stores/account'
import { useOrderEventsStore } from '../../../src-renderer/src/stores/order-events'
import { useProfilesStore } from '../../../src-renderer/src/stores/profiles'
import { streamOrder } from '../../../src-renderer/src/stores/stream-order'
import { useTradingStore } from '../../../src-renderer/src/stores/trading'
import { PAPER, profilesView, REMOTE } from '../frame/fixtures'
import { snapshot } from './fixtures'
import { mountPanel } from './setup'

const order = (orderId: string): OpenOrderView => ({
  module: 'spot',
  symbol: 'btcusdt',
  orderId,
  clientOrderId: null,
  side: 'BUY',
  type: 'LIMIT',
  price: '60000.00',
  volume: '0.010000',
  executed: '0',
  avgPrice: '0',
  status: 'NEW',
  time: 1_700_000_000_000,
  open: null
})
/** A snapshot as main stamps it. */
const snap = (profileId: string, seq: number, openOrders: OpenOrderView[]) => ({
  ...snapshot({ profileId, openOrders }),
  seq
})
const pending = (cid: string): OrderEventView => ({
  actionId: `a-${cid}`,
  type: 'pending',
  action: 'place',
  module: 'spot',
  symbol: 'btcusdt',
  clientOrderId: cid,
  orderId: null,
  phase: 'reconciling',
  since: 1_700_000_000_000,
  queries: 1,
  lastError: null
})

const mounted: { unmount(): void }[] = []
afterEach(() => mounted.splice(0).forEach((w) => w.unmount()))

/** The orders panel on the paper profile, the remote one listed. */
async function rig() {
  const r = await mountPanel(
    OrdersPanel,
    {},
    { 'account.trades': () => [], 'profiles.setActive': () => ({ ok: true }) }
  )
  mounted.push(r.wrapper)
  const profiles = useProfilesStore()
  profiles.start()
  await r.fake.emit('profiles.onChange', profilesView([PAPER, REMOTE], PAPER.id))
  const shownOrders = (): string[] =>
    r.wrapper
      .findAll('[data-testid="open-orders"] tbody tr[data-order-id]')
      .map((tr) => tr.attributes('data-order-id')!)
  return { ...r, profiles, shownOrders }
}

describe('the stream order rule', () => {
  it('keeps, per profile, the last number applied and drops the older, the equal and the foreign', () => {
    const o = streamOrder()
    expect(o.accept({ profileId: 'a', seq: 2 }, 'a')).toBe(true)
    expect(o.accept({ profileId: 'a', seq: 2 }, 'a')).toBe(false)
    expect(o.accept({ profileId: 'a', seq: 1 }, 'a')).toBe(false)
    expect(o.accept({ profileId: 'b', seq: 9 }, 'a')).toBe(false)
    expect(o.accept({ profileId: 'b', seq: 1 }, null)).toBe(true) // a subscription that named no profile: any
    expect(o.accept({ profileId: 'a', seq: 3 }, 'a')).toBe(true)
  })
})

describe('account.onUpdate in the account store and the open orders shown', () => {
  it('drops a snapshot of another profile and one older than the last shown', async () => {
    const { fake, shownOrders } = await rig()
    const account = useAccountStore()
    await fake.emit('account.onUpdate', snap(PAPER.id, 10, [order('1')]))
    expect(shownOrders()).toEqual(['1'])
    await fake.emit('account.onUpdate', snap(REMOTE.id, 11, [order('666')]))
    expect(shownOrders()).toEqual(['1'])
    await fake.emit('account.onUpdate', snap(PAPER.id, 9, [])) // overtaken by #10
    expect(shownOrders()).toEqual(['1'])
    await fake.emit('account.onUpdate', snap(PAPER.id, 10, [])) // the same one again
    expect(shownOrders()).toEqual(['1'])
    await fake.emit('account.onUpdate', snap(PAPER.id, 12, [order('2')]))
    expect(shownOrders()).toEqual(['2'])
    expect(account.updatedAt).not.toBeNull()
  })

  it('after a switch away and back, shows the new subscription first snapshot and not a late one of the old', async () => {
    const { fake, profiles, shownOrders } = await rig()
    await fake.emit('account.onUpdate', snap(PAPER.id, 20, [order('1')]))
    await profiles.setActive(REMOTE.id)
    await fake.emit('account.onUpdate', snap(REMOTE.id, 3, [order('7')]))
    expect(shownOrders()).toEqual(['7'])
    await profiles.setActive(PAPER.id)
    expect(shownOrders()).toEqual([])
    // The paper stream again: its snapshot is numbered above everything main sent of paper before.
    await fake.emit('account.onUpdate', snap(PAPER.id, 25, [order('3')]))
    expect(shownOrders()).toEqual(['3'])
    await fake.emit('account.onUpdate', snap(PAPER.id, 21, [order('1')])) // late, of the first
    expect(shownOrders()).toEqual(['3'])
  })
})

describe('trading.onOrderEvents in the order-events store and the pending rows shown', () => {
  it('drops an event of another profile, and a pending event that arrives after its newer verdict', async () => {
    const { fake, wrapper } = await rig()
    const events = useOrderEventsStore()
    expect(fake.subscribed('trading.onOrderEvents')).toEqual([{ profileId: PAPER.id }])
    const reconciling = () =>
      wrapper.findAll('[data-testid="open-orders"] tbody tr').filter((tr) => tr.text().includes('reconciling'))

    await fake.emit('trading.onOrderEvents', { ...pending('c1'), profileId: REMOTE.id, seq: 5 })
    expect(events.pending).toEqual([])
    expect(reconciling()).toHaveLength(0)

    await fake.emit('trading.onOrderEvents', { ...pending('c1'), profileId: PAPER.id, seq: 5 })
    expect(reconciling()).toHaveLength(1)
    const settled: OrderEventView = {
      actionId: 'a-c1',
      type: 'settled',
      action: 'place',
      module: 'spot',
      symbol: 'btcusdt',
      clientOrderId: 'c1',
      orderId: '9',
      status: 'placed',
      reconciled: true,
      error: null,
      notice: null,
      late: false
    }
    await fake.emit('trading.onOrderEvents', { ...settled, profileId: PAPER.id, seq: 7 })
    expect(reconciling()).toHaveLength(0)
    await fake.emit('trading.onOrderEvents', { ...pending('c1'), profileId: PAPER.id, seq: 6 }) // overtaken by the verdict
    expect(events.pending).toEqual([])
    expect(reconciling()).toHaveLength(0)
  })
})

/** A spot order as main's order history tells it, half filled. */
const historyEntry = (orderId: string, symbol: string) => ({
  module: 'spot' as const,
  symbol,
  orderId,
  clientOrderId: null,
  side: 'BUY' as const,
  type: 'LIMIT' as const,
  price: '1',
  volume: '1',
  executed: '0.5',
  avgPrice: null,
  status: 'PARTIALLY_FILLED',
  final: false,
  time: 1,
  updatedAt: 1
})

describe('trading.onOrderHistory in the trading store', () => {
  it('reloads views only on a newer change of the window profile, and names the new profile after a switch', async () => {
    const { fake, profiles } = await rig()
    const trading = useTradingStore()
    trading.watchOrderHistory()
    // Subscribed when the panel mounted, before the profile list came: main's active one, whose id each event names.
    expect(fake.subscribed('trading.onOrderHistory')).toEqual([{}])
    const entry = historyEntry('1', 'btcusdt')
    const v0 = trading.historyVersion
    await fake.emit('trading.onOrderHistory', { orders: [entry], profileId: PAPER.id, seq: 4 })
    expect(trading.historyVersion).toBe(v0 + 1)
    expect(trading.fillVersion('spot', 'btcusdt')).toBe(1)
    await fake.emit('trading.onOrderHistory', { orders: [{ ...entry, executed: '0.7' }], profileId: REMOTE.id, seq: 5 })
    await fake.emit('trading.onOrderHistory', { orders: [{ ...entry, executed: '0.9' }], profileId: PAPER.id, seq: 3 })
    expect(trading.historyVersion).toBe(v0 + 1)
    expect(trading.fillVersion('spot', 'btcusdt')).toBe(1)

    await profiles.setActive(REMOTE.id)
    expect(fake.subscribed('trading.onOrderHistory')).toEqual([{ profileId: REMOTE.id }])
    expect(trading.fillVersion('spot', 'btcusdt')).toBe(0)
  })

  it('remembers the executed quantity of the latest 5,000 orders only (a window open for days stays bounded)', async () => {
    const { fake } = await rig()
    const trading = useTradingStore()
    trading.watchOrderHistory()
    // A bot's 6,000 orders on another market, after the first one here.
    await fake.emit('trading.onOrderHistory', {
      orders: [historyEntry('first', 'btcusdt')],
      profileId: PAPER.id,
      seq: 1
    })
    const bot = Array.from({ length: 6000 }, (_, i) => historyEntry(`bot-${i}`, 'ethusdt'))
    await fake.emit('trading.onOrderHistory', { orders: bot, profileId: PAPER.id, seq: 2 })
    expect(trading.fillVersion('spot', 'btcusdt')).toBe(1)
    // A recent order heard again unchanged is no new fill; the first, forgotten, reads as news (a reload, no more).
    await fake.emit('trading.onOrderHistory', { orders: [bot[5999]!], profileId: PAPER.id, seq: 3 })
    expect(trading.fillVersion('spot', 'ethusdt')).toBe(1)
    await fake.emit('trading.onOrderHistory', {
      orders: [historyEntry('first', 'btcusdt')],
      profileId: PAPER.id,
      seq: 4
    })
    expect(trading.fillVersion('spot', 'btcusdt')).toBe(2)
  })
})
