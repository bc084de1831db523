// The market panel's store: live feeds of the markets on screen (reference counted, so two panels on one market
// share one set of streams), the instrument rules they are displayed with, and the user's candle interval and
// book grouping. The hot data itself lives in each feed (stores/market-feed.ts), outside deep reactivity.
import { defineStore } from 'pinia'
import { computed, shallowRef } from 'vue'
import type { ContractView, SpotSymbolView } from '@shared/ipc/views/market'
import type { CandleInterval } from '../charts/candle-option'
import { terminal } from '../services/terminal'
import { usePreferencesStore } from './preferences'
import { createMarketFeed, type DataModule, type MarketFeed } from './market-feed'

export type { DataModule, MarketFeed } from './market-feed'

export interface MarketRules {
  pricePrecision: number
  /** Futures sizes are whole contracts. */
  quantityPrecision: number
  base: string
  quote: string
  /** Unit of sizes: the base asset, or `Cont` for futures. */
  sizeUnit: string
}

export function spotRules(s: SpotSymbolView): MarketRules {
  const base = s.baseAsset.toUpperCase()
  return { pricePrecision: s.pricePrecision, quantityPrecision: s.quantityPrecision, base, quote: s.quoteAsset.toUpperCase(), sizeUnit: base }
}

export function contractRules(c: ContractView): MarketRules {
  // E-BTC-USDT: the venue's prefix, then base and quote.
  const parts = c.symbol.split('-')
  if (parts.length > 2 && parts[0]!.length <= 2) parts.shift()
  return { pricePrecision: c.pricePrecision, quantityPrecision: 0, base: parts[0] ?? c.symbol, quote: parts.slice(1).join('-') || c.multiplierCoin, sizeUnit: 'Cont' }
}

export const useMarketStore = defineStore('market', () => {
  // The chart interval (app-wide) and the book's grouping steps (the window's profile's) are preferences main keeps.
  const prefs = usePreferencesStore()
  const interval = computed<CandleInterval>(() => prefs.app.interval)
  const steps = computed(() => prefs.profile.bookSteps)
  /** `spot:btcusdt` -> rules; filled per module on first use. */
  const rules = shallowRef<Record<string, MarketRules>>({})
  const loading = new Map<DataModule, Promise<void>>()
  // Plain map: feeds are handed out, not rendered from here.
  const feeds = new Map<string, { feed: MarketFeed; users: number }>()

  function acquire(module: DataModule, symbol: string): MarketFeed {
    const key = `${module}:${symbol}`
    const held = feeds.get(key)
    if (held) {
      held.users++
      return held.feed
    }
    const feed = createMarketFeed(module, symbol, interval.value)
    feeds.set(key, { feed, users: 1 })
    void loadRules(module)
    return feed
  }

  function release(feed: MarketFeed): void {
    const held = feeds.get(feed.key)
    if (!held || --held.users > 0) return
    feeds.delete(feed.key)
    feed.stop()
  }

  function loadRules(module: DataModule): Promise<void> {
    let p = loading.get(module)
    if (!p) {
      p = (module === 'spot' ? terminal().invoke('market.symbols', {}).then((l) => l.map((s) => [`spot:${s.symbol}`, spotRules(s)] as const)) : terminal().invoke('market.contracts', {}).then((l) => l.map((c) => [`futures:${c.symbol}`, contractRules(c)] as const)))
        .then((entries) => {
          rules.value = { ...rules.value, ...Object.fromEntries(entries) }
        })
        .catch(() => {
          loading.delete(module) // asked again by the next feed
        })
      loading.set(module, p)
    }
    return p
  }

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
