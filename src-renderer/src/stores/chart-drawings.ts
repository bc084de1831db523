// The drawings of a market's candle chart: an app-wide preference main keeps (preferences.json, `drawings` by market
// key; src-shared/ipc/schemas/preferences-drawings.ts), so they are the same in every window and for every profile
// (they are the trader's marks on the market, not an account's) and come back after a restart. A save beyond the
// bound per market is refused here in words and changes nothing; main checks every drawing again.
import { computed, type ComputedRef } from 'vue'
import { MAX_DRAWINGS, type Drawing } from '@shared/ipc/schemas/preferences-drawings'
import { t } from '../i18n'
import { useFeedbackStore } from './feedback'
import { usePreferencesStore } from './preferences'

export interface MarketDrawings {
  /** The market's drawings in the order they were drawn (the last on top). */
  list: ComputedRef<readonly Drawing[]>
  /** Saves the whole list (an empty one forgets the market's entry); false when refused (too many). */
  set(list: readonly Drawing[]): boolean
}

const NONE: readonly Drawing[] = Object.freeze([])

export function useMarketDrawings(key: () => string): MarketDrawings {
  const prefs = usePreferencesStore()
  const list = computed(() => prefs.app.drawings?.[key()] ?? NONE)
  function set(next: readonly Drawing[]): boolean {
    if (next.length > MAX_DRAWINGS) {
      useFeedbackStore().warn(t('drawings.notSaved'), t('drawings.tooMany', { max: MAX_DRAWINGS }))
      return false
    }
    // Plain copies: the store's values are reactive proxies, which the write's structuredClone cannot take.
    const all = JSON.parse(JSON.stringify(prefs.app.drawings ?? {})) as Record<string, Drawing[]>
    if (next.length) all[key()] = JSON.parse(JSON.stringify(next)) as Drawing[]
    else delete all[key()]
    prefs.setApp({ drawings: all })
    return true
  }
  return { list, set }
}
