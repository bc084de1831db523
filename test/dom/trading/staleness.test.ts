// Stale prices: what main says of the feeds (and of the link to it, and of the account poll) becomes "stale 12 s"
// or "disconnected"; the order form then refuses market orders that open or add to a position, and every other
// order waits for a second, explicit confirmation naming the staleness, whatever the confirmation setting says.
import { flushPromises } from '@vue/test-utils'
import { describe, expect, it } from 'vitest'
import type { Component } from 'vue'
import type { Gateway } from '@shared/api/types'
import type { StatusView } from '@shared/ipc/views/status'
import OrderPanel from '../../../src-renderer/src/panels/OrderPanel.vue'
import PositionPanel from '../../../src-renderer/src/panels/PositionPanel.vue'
import { accountFreshness, marketFreshness, STATUS_STALL_MS } from '../../../src-renderer/src/stores/freshness'
import { useProfilesStore } from '../../../src-renderer/src/stores/profiles'
import { useStatusStore } from '../../../src-renderer/src/stores/status'
import { PAPER, profilesView, status } from '../frame/fixtures'
import { placedAck, position } from './fixtures'
import { click, marketPrices, mountPanel, ticker, type } from './setup'

const NOW = 1_700_000_100_000
type Feed = StatusView['feeds'][number]
const feed = (module: Gateway, f: Partial<Feed>): Feed => ({
  module,
  state: 'open',
  lastFrameAt: NOW - 200,
  reconnects: 0,
  lastError: null,
  channels: 2,
  ...f
})
const at = (feeds: Feed[], patch: Partial<StatusView> = {}): StatusView => status({ at: NOW - 300, feeds, ...patch })

describe('freshness', () => {
  it('is live on an open feed, stale past its deadline, disconnected when its socket is lost or main is gone', () => {
    expect(marketFreshness('connected', at([feed('spot', {})]), PAPER.id, 'spot', NOW)).toMatchObject({
      state: 'live',
      label: ''
    })
    const silent = at([
      feed('spot', {
        state: 'reconnecting',
        lastFrameAt: NOW - 12_400,
        lastError: 'stale: no frame for 30012 ms',
        reconnects: 1
      })
    ])
    expect(marketFreshness('connected', silent, PAPER.id, 'spot', NOW)).toMatchObject({
      state: 'stale',
      label: 'stale 12 s',
      ageMs: 12_400
    })
    const lost = at([
      feed('futures', {
        state: 'reconnecting',
        lastFrameAt: NOW - 3000,
        lastError: 'closed by server (1006)',
        reconnects: 2
      })
    ])
    expect(marketFreshness('connected', lost, PAPER.id, 'futures', NOW)).toMatchObject({
      state: 'disconnected',
      label: 'disconnected'
    })
    expect(marketFreshness('connected', lost, PAPER.id, 'futures', NOW).detail).toContain('closed by server')
    // The link to main down: whatever the last status said.
    expect(marketFreshness('reconnecting', at([feed('spot', {})]), PAPER.id, 'spot', NOW)).toMatchObject({
      state: 'disconnected'
    })
    // Main silent past its own deadline: the data on screen is getting old.
    expect(
      marketFreshness('connected', at([feed('spot', {})], { at: NOW - STATUS_STALL_MS - 1000 }), PAPER.id, 'spot', NOW)
        .state
    ).toBe('stale')
  })

  it('is loading before the first connect and while the status is still the profile just left', () => {
    expect(marketFreshness('connecting', null, PAPER.id, 'spot', NOW).state).toBe('loading')
    expect(
      marketFreshness(
        'connected',
        at([feed('spot', { state: 'connecting', lastFrameAt: null })]),
        PAPER.id,
        'spot',
        NOW
      ).state
    ).toBe('loading')
    expect(
      marketFreshness(
        'connected',
        at([feed('spot', { state: 'reconnecting', lastError: 'stale: x' })]),
        'another-profile',
        'spot',
        NOW
      ).state
    ).toBe('loading')
    // A venue that never answered is down, not loading.
    expect(
      marketFreshness(
        'connected',
        at([
          feed('spot', {
            state: 'reconnecting',
            lastFrameAt: null,
            lastError: 'connect ECONNREFUSED 127.0.0.1:9',
            reconnects: 1
          })
        ]),
        PAPER.id,
        'spot',
        NOW
      ).state
    ).toBe('disconnected')
  })

  it('the account: stale while a part of the poll fails, disconnected when the exchange does not answer', () => {
    const s = at([], {
      rest: { lastLatencyMs: null, avgLatencyMs: null, lastOkAt: NOW - 8000, lastError: 'network error' }
    })
    expect(accountFreshness('connected', s, PAPER.id, [], NOW).state).toBe('live')
    expect(accountFreshness('connected', s, PAPER.id, ['balances'], NOW)).toMatchObject({
      state: 'disconnected',
      ageMs: 8000
    })
    const refused = { ...s, rest: { ...s.rest, lastError: null } }
    expect(accountFreshness('connected', refused, PAPER.id, ['futuresAccount'], NOW)).toMatchObject({
      state: 'stale',
      label: 'stale 8 s'
    })
  })
})

/** Main says every feed is open again, a frame just in. */
function goLive(): void {
  const st = useStatusStore()
  const now = Date.now()
  st.now = now
  st.last = {
    ...st.last!,
    at: now,
    feeds: st.last!.feeds.map((f) => ({ ...f, state: 'open' as const, lastFrameAt: now, lastError: null }))
  }
}

/** The order panel on the paper profile with main's status as given (spot feed stale unless told otherwise). */
async function staleRig(o: Parameters<typeof mountPanel>[1] = {}, feeds?: Feed[], panel?: Component) {
  const ack = placedAck()
  const r = await mountPanel(panel ?? (o.module === 'futures' ? PositionPanel : OrderPanel), o, {
    'trading.placeOrder': () => ack
  })
  useProfilesStore().start()
  await r.fake.emit('profiles.onChange', profilesView([PAPER], PAPER.id))
  await marketPrices(r.fake)
  const st = useStatusStore()
  const now = Date.now()
  st.link = 'connected'
  st.now = now
  st.last = status({
    at: now,
    feeds: feeds ?? [
      {
        module: 'spot',
        state: 'reconnecting',
        lastFrameAt: now - 12_000,
        reconnects: 1,
        lastError: 'stale: depth channel silent',
        channels: 2
      },
      {
        module: 'futures',
        state: 'reconnecting',
        lastFrameAt: now - 5000,
        reconnects: 3,
        lastError: 'connect ECONNREFUSED',
        channels: 2
      }
    ]
  })
  await flushPromises()
  return r
}

describe('the order form on stale prices', () => {
  it('says so, and asks a second time for a limit order, naming the staleness, even with confirmations off', async () => {
    const { wrapper, fake } = await staleRig({ confirm: false })
    expect(wrapper.get('[data-testid="stale-badge"]').text()).toBe('stale 12 s')
    await type(wrapper, 'order-price', '65000')
    await type(wrapper, 'order-volume', '0.01')
    await click(wrapper, 'order-submit')
    expect(fake.inputs('trading.placeOrder')).toEqual([])
    expect(wrapper.get('[data-testid="order-confirm-stale"]').text()).toContain('Market data stale 12 s')
    // Confirm waits for the explicit tick; "don't ask again" is not offered for it.
    expect(wrapper.get('[data-testid="order-confirm"]').attributes('disabled')).toBeDefined()
    expect(wrapper.find('[data-testid="order-confirm-dont-ask"]').exists()).toBe(false)
    await wrapper.get('[data-testid="order-confirm-stale-ack"]').setValue(true)
    await click(wrapper, 'order-confirm')
    expect(fake.inputs('trading.placeOrder')).toEqual([
      {
        profileId: PAPER.id,
        module: 'spot',
        symbol: 'btcusdt',
        side: 'BUY',
        type: 'LIMIT',
        volume: '0.01',
        price: '65000'
      }
    ])
  })

  it('refuses a market order outright, naming the rule and the staleness', async () => {
    const { wrapper, fake } = await staleRig()
    await wrapper.get('[data-testid="order-type"]').setValue('MARKET')
    await type(wrapper, 'order-volume', '100')
    await click(wrapper, 'order-submit')
    expect(wrapper.get('[data-testid="order-refusal"]').text()).toMatch(
      /^market orders are refused while market data is stale 12 s .*wait for live prices$/
    )
    expect(wrapper.find('[data-testid="order-confirm-dialog"]').exists()).toBe(false)
    expect(fake.inputs('trading.placeOrder')).toEqual([])
  })

  it('asks again when prices go stale while the confirmation is open', async () => {
    const live = [
      {
        module: 'spot' as const,
        state: 'open' as const,
        lastFrameAt: Date.now(),
        reconnects: 0,
        lastError: null,
        channels: 2
      }
    ]
    const { wrapper, fake } = await staleRig({ confirm: true }, live)
    await type(wrapper, 'order-price', '65000')
    await type(wrapper, 'order-volume', '0.01')
    await click(wrapper, 'order-submit')
    expect(wrapper.find('[data-testid="order-confirm-stale"]').exists()).toBe(false)
    const st = useStatusStore()
    st.last = { ...st.last!, feeds: [{ ...live[0]!, state: 'reconnecting', lastError: 'closed by server (1006)' }] }
    await flushPromises()
    // The open dialog says so at once, and Confirm waits for its tick (no press needed to find out).
    expect(wrapper.get('[data-testid="order-confirm-stale"]').text()).toContain('Market data disconnected')
    expect(wrapper.get('[data-testid="order-confirm"]').attributes('disabled')).toBeDefined()
    await click(wrapper, 'order-confirm')
    expect(fake.inputs('trading.placeOrder')).toEqual([]) // not sent
    // Live again: drafted anew on live prices, and said so.
    st.last = { ...st.last!, at: Date.now(), feeds: [{ ...live[0]!, lastFrameAt: Date.now() }] }
    await flushPromises()
    expect(wrapper.find('[data-testid="order-confirm-stale"]').exists()).toBe(false)
    expect(wrapper.find('[data-testid="order-confirm-recovered"]').exists()).toBe(true)
  })

  it('drafts the order again on live prices when they come back while the confirmation is open', async () => {
    const { wrapper, fake } = await staleRig({ confirm: true, priceGuard: '5' })
    await type(wrapper, 'order-price', '50000') // 23% below the stale last price, 65000: the price guard fires
    await type(wrapper, 'order-volume', '0.01')
    await click(wrapper, 'order-submit')
    expect(wrapper.get('[data-testid="order-confirm-stale"]').text()).toContain('Market data stale 12 s')
    expect(wrapper.find('[data-testid="order-confirm-guard-deviation"]').exists()).toBe(true)
    expect(wrapper.find('[data-testid="order-confirm-recovered"]').exists()).toBe(false)
    // Live again, the last price near 50000: no staleness, no price guard, and the dialog says why it changed.
    await fake.emit('market.onTicker', ticker('50010', 2))
    goLive()
    await flushPromises()
    expect(wrapper.find('[data-testid="order-confirm-stale"]').exists()).toBe(false)
    expect(wrapper.find('[data-testid="order-confirm-guard-deviation"]').exists()).toBe(false)
    expect(wrapper.get('[data-testid="order-confirm-recovered"]').text()).toBe(
      'Prices are live again: the order and its checks below are now worked out on live prices'
    )
    // The tick that had the focus is gone: the focus stays in the dialog, on Confirm.
    expect(document.activeElement?.getAttribute('data-testid')).toBe('order-confirm')
    await click(wrapper, 'order-confirm')
    expect(fake.inputs('trading.placeOrder')).toEqual([
      {
        profileId: PAPER.id,
        module: 'spot',
        symbol: 'btcusdt',
        side: 'BUY',
        type: 'LIMIT',
        volume: '0.01',
        price: '50000'
      }
    ])
  })
})

describe('a confirmation on stale prices when they come back', () => {
  it('closes, naming the rule, when the form breaks one on live prices: a protected close has no bid to bound it', async () => {
    const { wrapper, fake, account } = await staleRig({ module: 'futures', confirm: false }, undefined, OrderPanel)
    await account({ profileId: PAPER.id, positions: [position({ volume: '5' })] })
    const book = (bids: [string, string][]) =>
      fake.emit('market.onBook', { symbol: 'E-BTC-USDT', asks: [['65010.0', '40']], bids, ts: Date.now() })
    await book([['64990.0', '40']])
    await flushPromises()
    await click(wrapper, 'order-close')
    await click(wrapper, 'order-side-sell')
    await wrapper.get('[data-testid="order-type"]').setValue('MARKET')
    await type(wrapper, 'order-volume', '2')
    await click(wrapper, 'order-submit') // a close at market is allowed on stale prices, with the tick
    expect(wrapper.get('[data-testid="order-confirm-stale"]').text()).toContain('Market data disconnected')
    // Live again, but the book has no bid left: a protected sell cannot be bounded, so it is not re-drafted as is.
    await book([])
    goLive()
    await flushPromises()
    expect(wrapper.find('[data-testid="order-confirm-dialog"]').exists()).toBe(false)
    expect(wrapper.get('[data-testid="order-refusal"]').text()).toMatch(/^no order book for BTC\/USDT perpetual yet/)
    expect(fake.inputs('trading.placeOrder')).toEqual([])
  })
})

describe('positions on stale prices', () => {
  it('dims the marks and holds a close at market for an explicit "anyway" naming the account', async () => {
    const { wrapper, fake, account } = await staleRig({ module: 'futures' })
    await account({ profileId: PAPER.id, positions: [position()] })
    expect(wrapper.get('[data-testid="position-mark"]').classes()).toContain('stale-data')
    await click(wrapper, 'position-close-market')
    expect(fake.inputs('trading.placeOrder')).toEqual([])
    expect(wrapper.get('[data-testid="position-stale-confirm"]').text()).toContain(
      `Market data disconnected. Close all 300 contracts of the long BTC/USDT perpetual at market on ${PAPER.name} anyway?`
    )
    await click(wrapper, 'position-stale-send')
    expect(fake.inputs('trading.placeOrder')).toEqual([
      {
        profileId: PAPER.id,
        module: 'futures',
        symbol: 'E-BTC-USDT',
        positionType: 1,
        side: 'SELL',
        type: 'MARKET',
        volume: '300',
        open: 'CLOSE'
      }
    ])
  })
})
