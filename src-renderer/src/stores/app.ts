// The shell: which window this is (its route), the module tabs, the settings dialog, and the market the main window
// showed last (restored at the next start). The module and symbol themselves live in the selection store, which
// every panel reads; switching module returns to the market last seen in that module.
import { defineStore } from 'pinia'
import { computed, ref, watch } from 'vue'
import { parseRoute, type Route } from '../layout/routes'
import { useSelectionStore, type UiModule } from './selection'

export type SettingsTab = 'profiles' | 'appearance' | 'trading' | 'notifications' | 'shortcuts'

const LAST_KEY = 'chtrader.lastMarket'
const DEFAULT_SYMBOL: Record<UiModule, string> = { Spot: 'btcusdt', Margin: 'btcusdt', Futures: 'E-BTC-USDT' }

interface LastMarket {
  module: UiModule
  symbols: Record<UiModule, string>
}

function readLast(): LastMarket {
  const fallback: LastMarket = { module: 'Spot', symbols: { ...DEFAULT_SYMBOL } }
  try {
    const v = JSON.parse(globalThis.localStorage?.getItem(LAST_KEY) ?? 'null') as Partial<LastMarket> | null
    if (!v || !['Spot', 'Margin', 'Futures'].includes(v.module as string)) return fallback
    return { module: v.module!, symbols: { ...DEFAULT_SYMBOL, ...v.symbols } }
  } catch {
    return fallback
  }
}

export const useAppStore = defineStore('app', () => {
  const selection = useSelectionStore()
  const modules = ['Spot', 'Margin', 'Futures'] as const
  const route = ref<Route>(parseRoute(globalThis.location?.hash ?? ''))
  const settings = ref<{ tab: SettingsTab; addProfile: boolean } | null>(null)
  const last = readLast()

  const activeModule = computed(() => selection.module)
  function select(module: UiModule): void {
    if (module === selection.module) return
    last.symbols[selection.module] = selection.symbol
    selection.selectMarket(module, last.symbols[module])
  }

  /** Sets the selection for this window: the route's market in a pop-out, the last one seen in the main window. */
  function init(): void {
    const r = route.value
    if (r.kind === 'market') return selection.selectMarket(r.module, r.symbol)
    if (r.kind !== 'main') return
    selection.selectMarket(last.module, last.symbols[last.module])
    // Only the main window's choice is remembered: a pop-out showing another market must not change it.
    watch([() => selection.module, () => selection.symbol], ([m, s]) => {
      last.module = m
      last.symbols[m] = s
      globalThis.localStorage?.setItem(LAST_KEY, JSON.stringify(last))
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

  const openSettings = (tab: SettingsTab = 'profiles', addProfile = false): void => void (settings.value = { tab, addProfile })
  const closeSettings = (): void => void (settings.value = null)

  return { modules, route, activeModule, select, init, followHash, settings, openSettings, closeSettings }
})
