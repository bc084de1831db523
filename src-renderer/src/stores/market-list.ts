// The market list (useMarketListStore): the venue's spot symbols and futures contracts, their 24 h tickers, search and
// favourites. Tickers are hot data: kept in a plain Map outside Vue's reactivity; once per animation frame, each market
// that changed gets one reactive bump, so only its row re-renders, at most once a frame however many updates arrived.
// Live ticker streams are leased by whoever shows a market (the visible rows, a pop-out, a monitor tile) and reference
// counted, so a market shown twice is subscribed once and nothing off screen is streamed. Everything is the window's
// profile's: instruments come from the instruments store, each stream names the profile, and a switch drops every
// ticker and stream at once and starts over for the new profile.
import { defineStore } from 'pinia'
import { computed, ref, shallowReactive, watch } from 'vue'
import { compare } from '@shared/decimal'
import type { Gateway } from '@shared/api/types'
import type { ContractView, SpotSymbolView, TickerView } from '@shared/ipc/views/market'
import { gatewayOf } from '@shared/module'
import { t } from '../i18n'
import { frameBatch, liveSubscribe } from '../services/live'
import { terminal } from '../services/terminal'
import { useFeedbackStore } from './feedback'
import { usePreferencesStore } from './preferences'
import { createPriceFlashes } from './price-flash'
import { useInstrumentsStore } from './instruments'
import { onProfileSwitch, profileParam } from './profile-scope'
import { useSelectionStore } from './selection'

export type SortKey = 'symbol' | 'price' | 'change' | 'volume'

export interface MarketInfo {
  /** `spot:btcusdt`, `futures:E-BTC-USDT` */
  key: string
  gateway: Gateway
  symbol: string
  base: string
  quote: string
  /** BTC/USDT */
  label: string
  pricePrecision: number
}

export const marketKey = (gateway: Gateway, symbol: string): string => `${gateway}:${symbol}`

export function spotInfo(s: SpotSymbolView): MarketInfo {
  const base = s.baseAsset.toUpperCase()
  const quote = s.quoteAsset.toUpperCase()
  return {
    key: marketKey('spot', s.symbol),
    gateway: 'spot',
    symbol: s.symbol,
    base,
    quote,
    label: `${base}/${quote}`,
    pricePrecision: s.pricePrecision
  }
}

export function contractInfo(c: ContractView): MarketInfo {
  // E-BTC-USDT: the venue's prefix, then base and quote.
  const parts = c.symbol.split('-')
  if (parts.length > 2 && parts[0]!.length <= 2) parts.shift()
  const base = parts[0] ?? c.symbol
  const quote = parts.slice(1).join('-') || c.multiplierCoin
  return {
    key: marketKey('futures', c.symbol),
    gateway: 'futures',
    symbol: c.symbol,
    base,
    quote,
    label: `${base}/${quote}`,
    pricePrecision: c.pricePrecision
  }
}

export function filterMarkets(
  list: readonly MarketInfo[],
  query: string,
  onlyFavourites: boolean,
  favourites: ReadonlySet<string>
): MarketInfo[] {
  const q = query
    .trim()
    .toUpperCase()
    .replace(/[\s/_-]/g, '')
  return list.filter(
    (m) =>
      (!onlyFavourites || favourites.has(m.key)) &&
      (!q || `${m.base}${m.quote}`.includes(q) || m.symbol.toUpperCase().replace(/-/g, '').includes(q))
  )
}

const field: Record<Exclude<SortKey, 'symbol'>, (t: TickerView) => string | null> = {
  price: (t) => t.close,
  change: (t) => t.rose,
  volume: (t) => t.amount ?? t.vol
}

export function sortMarkets(
  list: readonly MarketInfo[],
  key: SortKey,
  dir: 1 | -1,
  ticker: (k: string) => TickerView | undefined
): MarketInfo[] {
  if (key === 'symbol') return [...list].sort((a, b) => dir * a.label.localeCompare(b.label))
  const v = (m: MarketInfo): string | null => {
    const t = ticker(m.key)
    return t ? field[key](t) : null
  }
  // Markets without a value yet go last, whatever the direction.
  return [...list].sort((a, b) => {
    const x = v(a)
    const y = v(b)
    if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1
    return dir * compare(x, y)
  })
}

const SNAPSHOT_SPOT = 40 // spot has no all-tickers endpoint: one request per symbol, so only the first rows

export const useMarketListStore = defineStore('marketList', () => {
  const feedback = useFeedbackStore()
  const selection = useSelectionStore()
  const instrumentsStore = useInstrumentsStore()

  const instruments = computed<Record<Gateway, MarketInfo[] | null>>(() => ({
    spot: instrumentsStore.spot?.map(spotInfo) ?? null,
    futures: instrumentsStore.futures?.map(contractInfo) ?? null
  }))
  const loading = computed(() => instrumentsStore.loading)
  const errors = computed(() => instrumentsStore.errors)
  const query = ref('')
  const onlyFavourites = ref(false)
  const sort = ref<{ key: SortKey; dir: 1 | -1 } | null>(null)
  // Favourites are the window's profile's, kept by main (a preference: another venue lists other markets).
  const prefs = usePreferencesStore()
  const favourites = computed(() => prefs.profile.favourites)
  const favouriteSet = computed(() => new Set(favourites.value))

  // ---- hot: tickers outside reactivity; per frame, one reactive bump per changed market ----
  const tickers = new Map<string, TickerView>()
  const moves = new Map<string, 'up' | 'down'>()
  /** Per-market version: a row re-renders only when its own ticker changed, at most once a frame. */
  const versions = shallowReactive(new Map<string, number>())
  const dirty = new Set<string>()
  /** Bumped once per frame with any change: for what depends on all tickers (a sort by price). */
  const tick = ref(0)
  const batch = frameBatch(() => {
    flashes.settle() // tints ending now end in this frame, not in one of their own
    for (const k of dirty) versions.set(k, (versions.get(k) ?? 0) + 1)
    dirty.clear()
    tick.value++
  })
  // A row's tint ends with the list's next frame, or out of frame by its timer: its version is bumped so that row
  // alone renders again.
  const flashes = createPriceFlashes((keys) => {
    for (const k of keys) versions.set(k, (versions.get(k) ?? 0) + 1)
  })
  function putTicker(key: string, t: TickerView): void {
    const before = tickers.get(key)
    if (before && before.close !== t.close) {
      const dir = compare(t.close, before.close) > 0 ? 'up' : 'down'
      moves.set(key, dir)
      flashes.start(key, dir)
    }
    tickers.set(key, t)
    dirty.add(key)
    batch.schedule()
  }
  /** Reads the market's version, so a render showing this ticker re-runs when (and only when) it changes. */
  function ticker(key: string): TickerView | undefined {
    void versions.get(key)
    return tickers.get(key)
  }
  /** The last price's last move (the monitor tiles and the pop-out replay an animation on it). */
  const move = (key: string): 'up' | 'down' | undefined => (void versions.get(key), moves.get(key))
  /** The last price's tint while it flashes (the list's rows), else undefined. */
  const flash = (key: string): 'up' | 'down' | undefined => (void versions.get(key), flashes.of(key))

  // ---- instruments (the instruments store's) and the first ticker snapshot of each list that arrives ----
  let generation = 0
  const load = (m: Gateway): Promise<void> => instrumentsStore.load(m)
  async function snapshot(m: Gateway, list: readonly MarketInfo[], gen: number): Promise<void> {
    const profile = profileParam()
    try {
      const chunks: string[][] = []
      const names = list.map((x) => x.symbol)
      if (m === 'spot')
        for (let i = 0; i < Math.min(names.length, SNAPSHOT_SPOT); i += 20) chunks.push(names.slice(i, i + 20))
      const got = await feedback.track(
        t('market.list.loadingTickers'),
        m === 'spot'
          ? Promise.all(
              chunks.map((symbols) => terminal().invoke('market.tickers', { ...profile, module: 'spot', symbols }))
            ).then((r) => r.flat())
          : terminal().invoke('market.tickers', { ...profile, module: 'futures' })
      )
      // A streamed ticker is newer than a snapshot that raced it.
      if (gen === generation)
        for (const t of got) if (!tickers.has(marketKey(m, t.symbol))) putTicker(marketKey(m, t.symbol), t)
    } catch (e) {
      if (gen === generation) feedback.error(e, t('market.list.tickersFailed'))
    }
  }
  for (const m of ['spot', 'futures'] as const) {
    watch(
      () => instruments.value[m],
      (list) => {
        if (list) void snapshot(m, list, generation)
      }
    )
  }
  function ensure(m: Gateway): void {
    void instrumentsStore.ensure(m)
  }
  const info = (key: string): MarketInfo | undefined => {
    const [m] = key.split(':') as [Gateway]
    return instruments.value[m]?.find((x) => x.key === key)
  }

  // ---- live tickers, reference counted ----
  const live = new Map<string, { count: number; off: () => void }>()
  const subscribe = (key: string): (() => void) => {
    const [gateway, symbol] = key.split(/:(.*)/s) as [Gateway, string]
    const gen = generation
    return liveSubscribe(
      'market.onTicker',
      { ...profileParam(), module: gateway, symbol },
      (t) => gen === generation && putTicker(key, t),
      { pauseWhileHidden: true } // a hidden window's list costs nothing (services/hidden-pause.ts)
    )
  }
  function acquire(key: string): () => void {
    const entry = live.get(key)
    if (entry) entry.count++
    else live.set(key, { count: 1, off: subscribe(key) })
    let released = false
    return () => {
      if (released) return
      released = true
      const e = live.get(key)
      if (e && --e.count === 0) {
        e.off()
        live.delete(key)
      }
    }
  }
  const leases = new Map<string, Map<string, () => void>>()
  /** Holds exactly `keys` live for `group` (e.g. the list's visible rows): new ones acquired, dropped ones released. */
  function lease(group: string, keys: readonly string[]): void {
    const held = leases.get(group) ?? new Map<string, () => void>()
    leases.set(group, held)
    const want = new Set(keys)
    for (const [k, release] of held)
      if (!want.has(k)) {
        release()
        held.delete(k)
      }
    for (const k of want) if (!held.has(k)) held.set(k, acquire(k))
  }
  const liveCount = (): number => live.size

  // ---- the list of the selected module ----
  const activeGateway = computed(() => gatewayOf(selection.module))
  const rows = computed(() => {
    const list = filterMarkets(
      instruments.value[activeGateway.value] ?? [],
      query.value,
      onlyFavourites.value,
      favouriteSet.value
    )
    if (!sort.value) return list
    if (sort.value.key !== 'symbol') void tick.value
    return sortMarkets(list, sort.value.key, sort.value.dir, (k) => tickers.get(k))
  })

  function toggleFavourite(key: string): void {
    prefs.setProfile({
      favourites: favouriteSet.value.has(key) ? favourites.value.filter((k) => k !== key) : [...favourites.value, key]
    })
  }
  function cycleSort(key: SortKey): void {
    const s = sort.value
    // Numbers start high-to-low (what traders look for first); names A-Z; a third click restores the venue's order.
    const first: 1 | -1 = key === 'symbol' ? 1 : -1
    sort.value = !s || s.key !== key ? { key, dir: first } : s.dir === first ? { key, dir: -first as 1 | -1 } : null
  }

  // A market the venue does not list (another profile, a stale saved choice) gives way to the first it lists.
  watch([instruments, () => selection.module], () => {
    const list = instruments.value[activeGateway.value]
    if (list?.length && !list.some((m) => m.symbol === selection.symbol))
      selection.selectMarket(selection.module, list[0]!.symbol)
  })

  // Another profile is another venue: its tickers only, from streams that name it (the instruments store reloads
  // the lists). Cleared before anything renders, so no row shows the old venue's price under the new name.
  onProfileSwitch(() => {
    generation++
    tickers.clear()
    moves.clear()
    flashes.clear()
    for (const k of versions.keys()) versions.set(k, (versions.get(k) ?? 0) + 1)
    for (const [key, e] of live) {
      e.off()
      e.off = subscribe(key)
    }
    tick.value++
  })

  return {
    instruments,
    loading,
    errors,
    query,
    onlyFavourites,
    sort,
    favourites,
    favouriteSet,
    rows,
    activeGateway,
    tick,
    ticker,
    move,
    flash,
    load,
    ensure,
    info,
    acquire,
    lease,
    liveCount,
    toggleFavourite,
    cycleSort
  }
})
