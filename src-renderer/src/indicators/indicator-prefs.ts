// The indicators of a market's chart as the user set them: a per-profile preference main keeps (preferences.json,
// `indicators` by market key), so they are the same in every window and come back after a restart.
import { computed, type ComputedRef } from 'vue'
import { usePreferencesStore } from '../stores/preferences'
import type { IndicatorSetting } from './catalog'

export interface MarketIndicators {
  /** The market's indicators in the order they were added; none until set. */
  settings: ComputedRef<readonly IndicatorSetting[]>
  /** Saves the whole list (an empty one forgets the market's entry). */
  set(list: readonly IndicatorSetting[]): void
}

const NONE: readonly IndicatorSetting[] = Object.freeze([])

export function useMarketIndicators(key: () => string): MarketIndicators {
  const prefs = usePreferencesStore()
  const settings = computed(() => prefs.profile.indicators[key()] ?? NONE)
  function set(list: readonly IndicatorSetting[]): void {
    // Plain copies: the store's values are reactive proxies, which the write's structuredClone cannot take.
    const plain = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T
    const next = plain(prefs.profile.indicators)
    if (list.length) next[key()] = plain([...list])
    else delete next[key()]
    prefs.setProfile({ indicators: next })
  }
  return { settings, set }
}
