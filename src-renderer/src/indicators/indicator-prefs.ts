// The indicators of a market's chart as the user set them, kept by main (preferences.json) so they are the same in
// every window and come back after a restart. Two places keep them:
// - the profile, by market key (`indicators`): the market's set, shown wherever no layout has one of its own;
// - the named layout shown in the main window's workspace (stores/layouts.ts): its own set for a market, saved into
//   the layout as it changes, so switching layouts shows each layout's sets. A market the layout has no set for shows
//   the market's, and the first change there copies it into the layout (the market's set stays as it was).
// Only charts inside the workspace (which provides WORKSPACE_CHARTS) take the layout's; a pop-out or monitor window
// has no layout and shows the market's.
import { computed, inject, type ComputedRef, type InjectionKey } from 'vue'
import { useLayoutsStore } from '../stores/layouts'
import { usePreferencesStore } from '../stores/preferences'
import type { IndicatorSetting } from './catalog'

/** Provided by the main window's workspace (layout/Workspace.vue) to the charts it lays out. */
export const WORKSPACE_CHARTS: InjectionKey<boolean> = Symbol('workspace-charts')

/** The layouts, for a chart in the workspace (in setup); null elsewhere (no layout keeps its indicators). */
export const workspaceLayouts = (): ReturnType<typeof useLayoutsStore> | null =>
  inject(WORKSPACE_CHARTS, false) ? useLayoutsStore() : null

export interface MarketIndicators {
  /** The market's indicators in the order they were added; none until set. */
  settings: ComputedRef<readonly IndicatorSetting[]>
  /** Saves the whole list (into the layout shown, or the market's: there an empty one forgets the entry). */
  set(list: readonly IndicatorSetting[]): void
}

const NONE: readonly IndicatorSetting[] = Object.freeze([])

export function useMarketIndicators(key: () => string): MarketIndicators {
  const prefs = usePreferencesStore()
  const layouts = workspaceLayouts()
  const settings = computed(() => layouts?.indicatorsOf(key()) ?? prefs.profile.indicators[key()] ?? NONE)
  function set(list: readonly IndicatorSetting[]): void {
    if (layouts?.setIndicators(key(), list)) return
    // Plain copies: the store's values are reactive proxies, which the write's structuredClone cannot take.
    const plain = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T
    const next = plain(prefs.profile.indicators)
    if (list.length) next[key()] = plain([...list])
    else delete next[key()]
    prefs.setProfile({ indicators: next })
  }
  return { settings, set }
}
