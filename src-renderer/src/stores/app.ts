// The shell: which window this is (its route), the module tabs, the settings dialog, and the market the main window
// showed last (restored at the next start, and when the window switches to another profile). The module and symbol
// themselves live in the selection store, which every panel reads; switching module returns to the market last seen
// in that module. The last market is kept by main per profile (a preference): another venue lists other markets.
import { defineStore } from 'pinia'
import { computed, ref, watch } from 'vue'
import { parseRoute, type Route } from '../layout/routes'
import { usePreferencesStore } from './preferences'
import { useProfilesStore } from './profiles'
import { MODULES, type Module } from '@shared/module'
import { useSelectionStore } from './selection'

export type SettingsTab = 'profiles' | 'appearance' | 'trading' | 'notifications' | 'shortcuts'

export const DEFAULT_SYMBOL: Record<Module, string> = { spot: 'btcusdt', margin: 'btcusdt', futures: 'E-BTC-USDT' }

export const useAppStore = defineStore('app', () => {
  const selection = useSelectionStore()
  const modules = MODULES
  const route = ref<Route>(parseRoute(globalThis.location?.hash ?? ''))
  const settings = ref<{ tab: SettingsTab; addProfile: boolean } | null>(null)
  const prefs = usePreferencesStore()
  /** The market last seen in a module, by the window's profile. */
  const lastOf = (m: Module): string => prefs.profile.lastMarket.symbols[m] ?? DEFAULT_SYMBOL[m]

  const activeModule = computed(() => selection.module)
  function select(module: Module): void {
    if (module === selection.module) return
    selection.selectMarket(module, lastOf(module))
  }

  /** Sets the selection for this window: the route's market in a pop-out, the last one seen in the main window. */
  function init(): void {
    const r = route.value
    if (r.kind === 'market') return selection.selectMarket(r.module, r.symbol)
    if (r.kind !== 'main') return
    const restore = (): void =>
      selection.selectMarket(prefs.profile.lastMarket.module, lastOf(prefs.profile.lastMarket.module))
    restore()
    // Another profile shown (or main's values come late): its last market, once main told it.
    watch(
      () => (prefs.profileReady ? prefs.profileId : null),
      (id) => id !== null && restore()
    )
    // Only the main window's choice is remembered (a pop-out showing another market must not change it), and only
    // for the profile it shows, once known: a switch in progress must not give the old profile the new one's market.
    watch([() => selection.module, () => selection.symbol], ([m, s]) => {
      if (!prefs.profileReady || prefs.profileId !== useProfilesStore().activeId) return
      const last = prefs.profile.lastMarket
      if (last.module !== m || last.symbols[m] !== s)
        prefs.setProfile({ lastMarket: { module: m, symbols: { ...last.symbols, [m]: s } } })
    })
  }

  /** Follows the fragment; another kind of window is another set of services, so that reloads. Returns stop. */
  function followHash(): () => void {
    const on = (): void => {
      const next = parseRoute(location.hash)
      if (next.kind !== route.value.kind) location.reload()
      else route.value = next
    }
    globalThis.addEventListener?.('hashchange', on)
    return () => globalThis.removeEventListener?.('hashchange', on)
  }

  const openSettings = (tab: SettingsTab = 'profiles', addProfile = false): void =>
    void (settings.value = { tab, addProfile })
  const closeSettings = (): void => void (settings.value = null)

  return { modules, route, activeModule, select, init, followHash, settings, openSettings, closeSettings }
})
