// The market panels' store (useMarketPanelsStore): live feeds of the markets on screen (reference counted, so two
// panels on one market share one set of streams), the instrument rules they are displayed with, and the user's candle
// interval and book grouping. The hot data itself lives in each feed (stores/market-feed.ts), outside deep reactivity.
// Feeds are the window's profile's: a switch stops and empties every one at once; panels acquire the new profile's.
import { defineStore } from 'pinia'
import { computed } from 'vue'
import type { Gateway } from '@shared/api/types'
import type { ContractView, SpotSymbolView } from '@shared/ipc/views/market'
import type { CandleInterval } from '../charts/candle-option'
import { t } from '../i18n'
import { useInstrumentsStore } from './instruments'
import { usePreferencesStore } from './preferences'
import { createMarketFeed, type MarketFeed } from './market-feed'
import { onProfileSwitch, shownProfileId } from './profile-scope'

export type { MarketFeed } from './market-feed'

export interface MarketRules {
  pricePrecision: number
  /** Futures sizes are whole contracts. */
  quantityPrecision: number
  base: string
  quote: string
  /** Unit of sizes: the base asset, or `Cont` for futures (CONTRACTS: shown through sizeUnitText). */
  sizeUnit: string
}

/** The size unit of futures: whole contracts. */
export const CONTRACTS = 'Cont'

/** A market's size unit as the screen names it: the base asset, or contracts in the window's language. */
export const sizeUnitText = (r: Pick<MarketRules, 'sizeUnit'>): string =>
  r.sizeUnit === CONTRACTS ? t('market.units.contracts') : r.sizeUnit

export function spotRules(s: SpotSymbolView): MarketRules {
  const base = s.baseAsset.toUpperCase()
  return {
    pricePrecision: s.pricePrecision,
    quantityPrecision: s.quantityPrecision,
    base,
    quote: s.quoteAsset.toUpperCase(),
    sizeUnit: base
  }
}

export function contractRules(c: ContractView): MarketRules {
  // E-BTC-USDT: the venue's prefix, then base and quote.
  const parts = c.symbol.split('-')
  if (parts.length > 2 && parts[0]!.length <= 2) parts.shift()
  return {
    pricePrecision: c.pricePrecision,
    quantityPrecision: 0,
    base: parts[0] ?? c.symbol,
    quote: parts.slice(1).join('-') || c.multiplierCoin,
    sizeUnit: CONTRACTS
  }
}

export const useMarketPanelsStore = defineStore('marketPanels', () => {
  // The chart interval (app-wide) and the book's grouping steps (the window's profile's) are preferences main keeps.
  const prefs = usePreferencesStore()
  const interval = computed<CandleInterval>(() => prefs.app.interval)
  const steps = computed(() => prefs.profile.bookSteps)
  const instruments = useInstrumentsStore()
  /** `spot:btcusdt` -> rules of the window's profile's venue; filled per gateway on first use. */
  const rules = computed<Record<string, MarketRules>>(() => ({
    ...Object.fromEntries((instruments.spot ?? []).map((s) => [`spot:${s.symbol}`, spotRules(s)])),
    ...Object.fromEntries((instruments.futures ?? []).map((c) => [`futures:${c.symbol}`, contractRules(c)]))
  }))
  // Plain map, by profile and market: feeds are handed out, not rendered from here.
  const feeds = new Map<string, { feed: MarketFeed; users: number }>()
  const slot = (feed: MarketFeed): string => `${feed.profileId ?? ''}|${feed.key}`

  /** The market's feed of the window's profile (shared while held); panels acquire again after a switch. */
  function acquire(gateway: Gateway, symbol: string): MarketFeed {
    const profileId = shownProfileId()
    const key = `${profileId ?? ''}|${gateway}:${symbol}`
    const held = feeds.get(key)
    if (held) {
      held.users++
      return held.feed
    }
    const feed = createMarketFeed(gateway, symbol, interval.value, profileId)
    feeds.set(key, { feed, users: 1 })
    void loadRules(gateway)
    return feed
  }

  function release(feed: MarketFeed): void {
    const held = feeds.get(slot(feed))
    if (!held || held.feed !== feed || --held.users > 0) return
    feeds.delete(slot(feed))
    feed.stop()
  }

  const loadRules = (gateway: Gateway): Promise<void> => instruments.ensure(gateway)

  // Every feed is the old profile's: stopped and emptied now, before a frame of the new profile is drawn.
  onProfileSwitch((now) => {
    for (const [k, { feed }] of feeds) {
      if (feed.profileId === now) continue // a panel that re-acquired before this ran
      feed.stop()
      feeds.delete(k)
    }
  })

  function setInterval(feed: MarketFeed, i: CandleInterval): void {
    if (i !== interval.value) prefs.setApp({ interval: i })
    feed.setInterval(i)
  }

  /** Grouping step of a market; null shows the book as it is. */
  function stepOf(key: string): string | null {
    return steps.value[key] ?? null
  }

  function setStep(key: string, step: string | null): void {
    const next = { ...steps.value }
    if (step === null) delete next[key]
    else next[key] = step
    prefs.setProfile({ bookSteps: next })
  }

  return { interval, rules, acquire, release, loadRules, setInterval, stepOf, setStep }
})
