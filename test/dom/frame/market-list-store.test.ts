// The market list's store: instruments and the first ticker snapshot, search, favourites, sort, reference-counted
// live tickers, at most one reactive update per frame, and a fresh start on another profile.
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { watch } from 'vue'
import { flushPromises } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import {
  contractInfo,
  filterMarkets,
  sortMarkets,
  spotInfo,
  useMarketListStore
} from '../../../src-renderer/src/stores/market-list'
import { usePreferencesStore } from '../../../src-renderer/src/stores/preferences'
import { useProfilesStore } from '../../../src-renderer/src/stores/profiles'
import { useSelectionStore } from '../../../src-renderer/src/stores/selection'
import { fakeTerminal, nextFrame, type FakeTerminal } from './fake-terminal'
import { FUTURES, PAPER, profilesView, REMOTE, SPOT, ticker } from './fixtures'

let fake: FakeTerminal
beforeEach(() => {
  localStorage.clear()
  setActivePinia(createPinia())
  fake = fakeTerminal({
    'market.symbols': () => SPOT,
    'market.contracts': () => FUTURES,
    'market.tickers': (i) =>
      i.module === 'spot' ? i.symbols.map((s) => ticker(s, '100')) : FUTURES.map((c) => ticker(c.symbol, '200')),
    'profiles.setActive': () => ({ ok: true })
  })
})

describe('market info', () => {
  it('labels spot symbols and futures contracts as BASE/QUOTE', () => {
    expect(spotInfo(SPOT[0]!)).toMatchObject({ key: 'spot:btcusdt', label: 'BTC/USDT', pricePrecision: 2 })
    expect(contractInfo(FUTURES[0]!)).toMatchObject({
      key: 'futures:E-BTC-USDT',
      base: 'BTC',
      quote: 'USDT',
      label: 'BTC/USDT',
      pricePrecision: 1
    })
  })

  it('searches by base, quote or symbol, with or without a separator', () => {
    const list = SPOT.map(spotInfo)
    expect(filterMarkets(list, 'eth', false, new Set()).map((m) => m.symbol)).toEqual(['ethusdt'])
    expect(filterMarkets(list, 'btc/usdt', false, new Set()).map((m) => m.symbol)).toEqual(['btcusdt'])
    expect(filterMarkets(list, 'usdt', false, new Set())).toHaveLength(3)
    expect(filterMarkets(list, '', true, new Set(['spot:dogeusdt'])).map((m) => m.symbol)).toEqual(['dogeusdt'])
  })

  it('sorts by exact decimal value, markets without a ticker last', () => {
    const list = SPOT.map(spotInfo)
    const t = new Map([
      ['spot:btcusdt', ticker('btcusdt', '9.5', '-0.01')],
      ['spot:ethusdt', ticker('ethusdt', '10.25', '0.02')]
    ])
    expect(sortMarkets(list, 'price', -1, (k) => t.get(k)).map((m) => m.symbol)).toEqual([
      'ethusdt',
      'btcusdt',
      'dogeusdt'
    ])
    expect(sortMarkets(list, 'price', 1, (k) => t.get(k)).map((m) => m.symbol)).toEqual([
      'btcusdt',
      'ethusdt',
      'dogeusdt'
    ])
    expect(sortMarkets(list, 'symbol', 1, () => undefined).map((m) => m.label)).toEqual([
      'BTC/USDT',
      'DOGE/USDT',
      'ETH/USDT'
    ])
  })
})

describe('useMarketListStore', () => {
  it('loads the instruments and a first ticker snapshot of the module', async () => {
    const m = useMarketListStore()
    m.ensure('spot')
    expect(m.loading.spot).toBe(true)
    await flushPromises()
    expect(m.instruments.spot?.map((x) => x.symbol)).toEqual(['btcusdt', 'ethusdt', 'dogeusdt'])
    expect(fake.inputs('market.tickers')).toEqual([{ module: 'spot', symbols: ['btcusdt', 'ethusdt', 'dogeusdt'] }])
    await nextFrame()
    expect(m.ticker('spot:ethusdt')?.close).toBe('100')
    expect(m.rows.map((r) => r.symbol)).toEqual(['btcusdt', 'ethusdt', 'dogeusdt'])
  })

  it('says why instruments failed to load', async () => {
    fake.handlers['market.symbols'] = () => Promise.reject(new Error('venue down'))
    const m = useMarketListStore()
    m.ensure('spot')
    await flushPromises()
    expect(m.errors.spot).toBe('venue down')
    expect(m.instruments.spot).toBeNull()
  })

  it('streams each leased market once, however many hold it, and stops when the last lets go', async () => {
    const m = useMarketListStore()
    const a = m.acquire('spot:btcusdt')
    const b = m.acquire('spot:btcusdt')
    m.lease('list', ['spot:btcusdt', 'futures:E-BTC-USDT'])
    expect(fake.subscribed('market.onTicker')).toEqual([
      { module: 'spot', symbol: 'btcusdt' },
      { module: 'futures', symbol: 'E-BTC-USDT' }
    ])
    a()
    a() // a second release is a no-op
    m.lease('list', [])
    expect(fake.subscribed('market.onTicker')).toEqual([{ module: 'spot', symbol: 'btcusdt' }])
    b()
    expect(fake.subscribed('market.onTicker')).toEqual([])
  })

  it('applies any number of ticker events in one reactive update per frame, and remembers the move', async () => {
    const m = useMarketListStore()
    m.acquire('spot:btcusdt')
    const before = m.tick
    fake.emit('market.onTicker', ticker('btcusdt', '100'))
    fake.emit('market.onTicker', ticker('btcusdt', '101'))
    fake.emit('market.onTicker', ticker('btcusdt', '100.5'))
    expect(m.tick).toBe(before) // nothing rendered yet
    await nextFrame()
    expect(m.tick).toBe(before + 1)
    expect(m.ticker('spot:btcusdt')?.close).toBe('100.5')
    expect(m.move('spot:btcusdt')).toBe('down')
  })

  it('re-renders a market only when its own ticker changed', async () => {
    const m = useMarketListStore()
    m.acquire('spot:btcusdt')
    m.acquire('spot:ethusdt')
    const eth = vi.fn()
    watch(() => m.ticker('spot:ethusdt'), eth)
    fake.emit('market.onTicker', ticker('btcusdt', '1'), (p) => (p as { symbol: string }).symbol === 'btcusdt')
    await nextFrame()
    expect(eth).not.toHaveBeenCalled()
    fake.emit('market.onTicker', ticker('ethusdt', '2'), (p) => (p as { symbol: string }).symbol === 'ethusdt')
    fake.emit('market.onTicker', ticker('ethusdt', '3'), (p) => (p as { symbol: string }).symbol === 'ethusdt')
    await nextFrame()
    expect(eth).toHaveBeenCalledOnce()
  })

  it('keeps favourites in main, for the profile, across restarts, and filters to them', async () => {
    const m = useMarketListStore()
    m.ensure('spot')
    await flushPromises()
    m.toggleFavourite('spot:dogeusdt')
    m.onlyFavourites = true
    expect(m.rows.map((r) => r.symbol)).toEqual(['dogeusdt'])
    await flushPromises()
    expect(fake.prefs.view(PAPER.id).profile.favourites).toEqual(['spot:dogeusdt'])
    expect(fake.prefs.view(REMOTE.id).profile.favourites).toEqual([]) // another venue's list is its own
    setActivePinia(createPinia()) // a restart (any port): main's values are read first
    await usePreferencesStore().load()
    expect(useMarketListStore().favourites).toEqual(['spot:dogeusdt'])
  })

  it('cycles a sort: high to low, low to high, then the venue order', async () => {
    const m = useMarketListStore()
    m.ensure('spot')
    await flushPromises()
    m.acquire('spot:btcusdt')
    fake.emit('market.onTicker', ticker('btcusdt', '300'))
    await nextFrame()
    m.cycleSort('price')
    expect(m.rows[0]!.symbol).toBe('btcusdt')
    m.cycleSort('price')
    expect(m.rows.at(-1)!.symbol).toBe('btcusdt')
    m.cycleSort('price')
    expect(m.sort).toBeNull()
  })

  it('follows the selected module and falls back to a listed market', async () => {
    const m = useMarketListStore()
    const sel = useSelectionStore()
    sel.selectMarket('futures', 'E-XRP-USDT')
    m.ensure('futures')
    await flushPromises()
    expect(m.activeGateway).toBe('futures')
    expect(sel.symbol).toBe('E-BTC-USDT')
  })

  it('starts again on another profile: new instruments, new streams', async () => {
    const profiles = useProfilesStore()
    profiles.start()
    fake.emit('profiles.onChange', profilesView([PAPER, REMOTE]))
    const m = useMarketListStore()
    m.ensure('spot')
    await flushPromises()
    m.acquire('spot:btcusdt')
    await profiles.setActive(REMOTE.id)
    await flushPromises()
    // Every request names the new profile; the old stream was closed and one opened naming the new profile.
    expect(fake.inputs('market.symbols')).toEqual([{ profileId: PAPER.id }, { profileId: REMOTE.id }])
    expect(fake.subscribed('market.onTicker')).toEqual([{ profileId: REMOTE.id, module: 'spot', symbol: 'btcusdt' }])
    expect(fake.calls.filter((c) => c.channel === 'market.tickers')).toHaveLength(2)
  })
})
