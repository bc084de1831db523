// A profile switch in the renderer: each store names the window's profile in every request and stream, drops what
// belongs to another profile (a snapshot, a late answer, an old stream's event), and empties itself the moment the
// profile changes, before the new one's data comes; the order form forgets what was typed for the old account.
import { flushPromises } from '@vue/test-utils'
import { describe, expect, it } from 'vitest'
import type { SpotSymbolView } from '@shared/ipc/views/market'
import OrderPanel from '../../../src-renderer/src/panels/OrderPanel.vue'
import OrdersPanel from '../../../src-renderer/src/panels/OrdersPanel.vue'
import { useSelectionStore } from '../../../src-renderer/src/stores/selection'
import { useAccountStore } from '../../../src-renderer/src/stores/account'
import { useInstrumentsStore } from '../../../src-renderer/src/stores/instruments'
import { useMarketPanelsStore } from '../../../src-renderer/src/stores/market-panels'
import { useProfilesStore } from '../../../src-renderer/src/stores/profiles'
import { ProfileSwitchedError, useRecordsStore } from '../../../src-renderer/src/stores/records'
import { BTCUSDT, DOGEUSDT } from '../../fixtures/instruments'
import { PAPER, profilesView, REMOTE } from '../frame/fixtures'
import { refuse } from './fake-client'
import { placedAck, snapshot } from './fixtures'
import { click, marketPrices, mountPanel, type } from './setup'

const nextFrame = (): Promise<void> => new Promise((r) => requestAnimationFrame(() => r()))
const ack = placedAck({ orderId: '77' })

/** The order panel on the paper profile, with the remote one listed. */
async function rig(handlers: Parameters<typeof mountPanel>[2] = {}, confirm = false) {
  const r = await mountPanel(
    OrderPanel,
    { confirm },
    { 'profiles.setActive': () => ({ ok: true }), 'trading.placeOrder': () => ack, ...handlers }
  )
  const profiles = useProfilesStore()
  profiles.start()
  await r.fake.emit('profiles.onChange', profilesView([PAPER, REMOTE], PAPER.id))
  await marketPrices(r.fake)
  return { ...r, profiles, switchTo: async (id: string) => profiles.setActive(id) }
}

describe('a profile switch in the renderer', () => {
  it('the account: a snapshot of another profile is dropped, and the switch empties it before the new one comes', async () => {
    const { fake, switchTo } = await rig()
    const account = useAccountStore()
    account.start()
    await fake.emit(
      'account.onUpdate',
      snapshot({ profileId: PAPER.id, balances: [{ asset: 'USDT', free: '111', locked: '0' }] })
    )
    expect(account.free('USDT')).toBe('111')

    await fake.emit(
      'account.onUpdate',
      snapshot({ profileId: REMOTE.id, balances: [{ asset: 'USDT', free: '999', locked: '0' }] })
    )
    expect(account.free('USDT')).toBe('111') // not this window's profile

    const switching = switchTo(REMOTE.id)
    await Promise.resolve() // setActive answered: the window now shows the remote profile
    await switching
    expect(account.balances).toBeNull()
    expect(account.positions).toBeNull()
    expect(account.openOrders).toEqual([])
    // Only a stream of the remote profile is open now; a stray paper snapshot on it is dropped.
    expect(
      fake
        .subscribed('account.onUpdate')
        .map((p) => (p as { profileId?: string }).profileId)
        .filter((id) => id !== undefined)
    ).toEqual([REMOTE.id])
    await fake.emit('account.onUpdate', snapshot({ profileId: PAPER.id }))
    expect(account.balances).toBeNull()
    await fake.emit(
      'account.onUpdate',
      snapshot({ profileId: REMOTE.id, balances: [{ asset: 'USDT', free: '999', locked: '0' }] })
    )
    expect(account.free('USDT')).toBe('999')
  })

  it('a market feed: the switch stops and empties it, and the next one names the new profile', async () => {
    const { fake, switchTo } = await rig()
    const market = useMarketPanelsStore()
    const paper = market.acquire('spot', 'btcusdt')
    expect(paper.profileId).toBe(PAPER.id)
    expect(fake.subscribed('market.onBook')).toEqual([{ profileId: PAPER.id, module: 'spot', symbol: 'btcusdt' }])
    await fake.emit('market.onBook', { symbol: 'btcusdt', bids: [['65000', '1']], asks: [['65001', '1']], ts: 1 })
    await nextFrame()
    expect(paper.book.value?.bids[0]).toEqual(['65000', '1'])

    await switchTo(REMOTE.id)
    expect(paper.book.value).toBeNull() // emptied at the switch, not at the next event
    expect(paper.trades.value).toEqual([])
    // the paper stream is gone (the order form on screen holds the new profile's at once)
    expect(fake.subscribed('market.onBook')).toEqual([{ profileId: REMOTE.id, module: 'spot', symbol: 'btcusdt' }])
    const remote = market.acquire('spot', 'btcusdt')
    expect(remote).not.toBe(paper)
    expect(fake.subscribed('market.onBook')).toEqual([{ profileId: REMOTE.id, module: 'spot', symbol: 'btcusdt' }])
    market.release(paper) // a panel letting go of the old feed late does not touch the new one
    await fake.emit('market.onBook', { symbol: 'btcusdt', bids: [['40000', '2']], asks: [], ts: 2 })
    await nextFrame()
    expect(remote.book.value?.bids[0]).toEqual(['40000', '2'])
  })

  it('instruments: an answer for the profile left is dropped; the new profile loads its own', async () => {
    const answers: { profileId?: string; resolve: (l: SpotSymbolView[]) => void }[] = []
    const { switchTo } = await rig({
      'market.symbols': (i) => new Promise((resolve) => answers.push({ ...i, resolve }))
    })
    const venue = useInstrumentsStore()
    await flushPromises()
    // Asked when the panel mounted, before the profile list came: main answers for its active profile, the paper one.
    const paperAsk = answers[0]!
    expect(paperAsk.profileId).toBeUndefined()
    await switchTo(REMOTE.id)
    paperAsk.resolve([BTCUSDT, DOGEUSDT]) // late: the window left the paper profile
    await flushPromises()
    expect(venue.spot).toBeNull()
    const remoteAsk = answers.find((a) => a.profileId === REMOTE.id)!
    expect(remoteAsk).toBeDefined() // asked again by itself, naming the new profile
    remoteAsk.resolve([BTCUSDT])
    await flushPromises()
    expect(venue.spot?.map((s) => s.symbol)).toEqual(['btcusdt'])
  })

  it('the order form: a switch clears what was typed and closes the confirmation; orders name their account', async () => {
    const { wrapper, fake, switchTo } = await rig({}, true)
    expect(wrapper.get('[data-testid="profile-tag"]').text()).toContain(PAPER.name)
    await type(wrapper, 'order-price', '65000')
    await type(wrapper, 'order-volume', '0.01')
    await click(wrapper, 'order-submit')
    expect(wrapper.get('[data-testid="order-confirm-profile"]').text()).toContain(PAPER.name)

    await switchTo(REMOTE.id)
    await flushPromises()
    expect(wrapper.find('[data-testid="order-confirm-dialog"]').exists()).toBe(false)
    expect((wrapper.get('[data-testid="order-price"]').element as HTMLInputElement).value).toBe('')
    expect((wrapper.get('[data-testid="order-volume"]').element as HTMLInputElement).value).toBe('')
    expect(fake.inputs('trading.placeOrder')).toEqual([]) // the paper order was never sent
    expect(wrapper.get('[data-testid="profile-tag"]').text()).toContain(REMOTE.name)

    // The new account's market: no price yet, so the price guard cannot pass a limit without the trader's tick...
    await type(wrapper, 'order-price', '40000')
    await type(wrapper, 'order-volume', '0.01')
    await click(wrapper, 'order-submit')
    expect(wrapper.get('[data-testid="order-confirm-guard-deviation"]').text()).toContain(
      'no last price yet to check price 40,000 USDT against'
    )
    await click(wrapper, 'order-confirm-cancel')
    await marketPrices(fake) // ...until its streams give one
    await type(wrapper, 'order-price', '40000')
    await type(wrapper, 'order-volume', '0.01')
    await click(wrapper, 'order-submit')
    expect(wrapper.get('[data-testid="order-confirm-profile"]').text()).toContain(REMOTE.name)
    await click(wrapper, 'order-confirm')
    expect(fake.inputs('trading.placeOrder')).toEqual([
      {
        profileId: REMOTE.id,
        module: 'spot',
        symbol: 'btcusdt',
        side: 'BUY',
        type: 'LIMIT',
        volume: '0.01',
        price: '40000'
      }
    ])
  })

  it('an order answered after the switch is told as a toast naming its account, not in the new account form', async () => {
    let answer: (v: typeof ack) => void = () => undefined
    const { wrapper, switchTo, fake } = await rig({ 'trading.placeOrder': () => new Promise((r) => (answer = r)) })
    await type(wrapper, 'order-price', '65000')
    await type(wrapper, 'order-volume', '0.01')
    await click(wrapper, 'order-submit')
    await switchTo(REMOTE.id)
    answer(ack)
    await flushPromises()
    expect(wrapper.find('[data-testid="order-result"]').exists()).toBe(false)
    const { useFeedbackStore } = await import('../../../src-renderer/src/stores/feedback')
    expect(useFeedbackStore().toasts.map((t) => `${t.title}: ${t.text}`)).toContain(
      `Order on ${PAPER.name}: Buy order placed: 0.01 BTC at 65,000 USDT on BTC/USDT`
    )
    // Listed in the order's account's notification center, not the one shown now.
    expect(fake.inputs('notices.add')).toEqual([expect.objectContaining({ profileId: PAPER.id, kind: 'info' })])
  })

  it('an order refused by the venue after the switch is listed under its account, the toast naming it', async () => {
    let fail: (e: unknown) => void = () => undefined
    const { wrapper, switchTo, fake } = await rig({
      'trading.placeOrder': () => new Promise((_, reject) => (fail = reject))
    })
    await type(wrapper, 'order-price', '65000')
    await type(wrapper, 'order-volume', '0.01')
    await click(wrapper, 'order-submit')
    await switchTo(REMOTE.id)
    try {
      refuse({ code: 'exchange', message: 'Insufficient balance', exchange: { code: -2017 } })
    } catch (e) {
      fail(e)
    }
    await flushPromises()
    const { useFeedbackStore } = await import('../../../src-renderer/src/stores/feedback')
    expect(useFeedbackStore().toasts.map((t) => t.title)).toContain(`Order on ${PAPER.name} not placed`)
    expect(fake.inputs('notices.add')).toEqual([
      expect.objectContaining({ profileId: PAPER.id, kind: 'error', title: `Order on ${PAPER.name} not placed` })
    ])
  })

  it('what the open orders said of a cancel stays with its module and account ("1 canceled" of margin is not futures news)', async () => {
    const cancelAck = {
      status: 'canceled' as const,
      module: 'margin' as const,
      symbol: 'btcusdt',
      orderId: '42',
      clientOrderId: 'c',
      reconciled: false,
      error: null
    }
    const r = await mountPanel(
      OrdersPanel,
      { module: 'margin' },
      { 'trading.cancelOrder': () => cancelAck, 'profiles.setActive': () => ({ ok: true }) }
    )
    const profiles = useProfilesStore()
    profiles.start()
    await r.fake.emit('profiles.onChange', profilesView([PAPER, REMOTE], PAPER.id))
    const open = {
      module: 'margin' as const,
      symbol: 'btcusdt',
      orderId: '42',
      clientOrderId: null,
      side: 'BUY' as const,
      type: 'LIMIT',
      price: '60000.00',
      volume: '0.01',
      executed: '0',
      avgPrice: '0',
      status: 'NEW',
      time: 1,
      open: null
    }
    await r.account({ profileId: PAPER.id, openOrders: [open] })
    await click(r.wrapper, 'cancel-order')
    expect(r.wrapper.get('[data-testid="open-orders-message"]').text()).toBe('1 canceled')
    useSelectionStore().selectMarket('futures', 'E-BTC-USDT')
    await flushPromises()
    expect(r.wrapper.find('[data-testid="open-orders-message"]').exists()).toBe(false)
    useSelectionStore().selectMarket('margin', 'btcusdt')
    await flushPromises()
    await click(r.wrapper, 'cancel-order')
    expect(r.wrapper.get('[data-testid="open-orders-message"]').text()).toBe('1 canceled')
    await profiles.setActive(REMOTE.id)
    await flushPromises()
    expect(r.wrapper.find('[data-testid="open-orders-message"]').exists()).toBe(false)
    expect(r.wrapper.get('[data-testid="open-orders"]').text()).toContain('Loading open orders…') // the new account's, not yet polled
  })

  it('records: a read the switch overtook is refused, never handed to the table', async () => {
    let answer: (v: []) => void = () => undefined
    const { fake, switchTo } = await rig({ 'account.pnlHistory': () => new Promise((r) => (answer = r)) })
    const records = useRecordsStore()
    const read = records.read('account.pnlHistory', { limit: 5 })
    expect(fake.inputs('account.pnlHistory')).toEqual([{ profileId: PAPER.id, limit: 5 }])
    await switchTo(REMOTE.id)
    answer([])
    await expect(read).rejects.toBeInstanceOf(ProfileSwitchedError)
  })
})
