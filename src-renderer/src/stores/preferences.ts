import { defineStore } from 'pinia'
import { ref, watch } from 'vue'

export type Theme = 'dark' | 'light'
const KEY = 'chtrader.preferences'

interface Saved {
  theme: Theme
  confirmOrders: boolean
  shortcuts: boolean
}

function load(): Saved {
  const fallback: Saved = { theme: 'dark', confirmOrders: true, shortcuts: true }
  try {
    const raw = globalThis.localStorage?.getItem(KEY)
    return raw ? { ...fallback, ...(JSON.parse(raw) as Partial<Saved>) } : fallback
  } catch {
    return fallback
  }
}

/** The user's display and safety preferences, kept in this browser profile's storage (nothing secret). */
export const usePreferencesStore = defineStore('preferences', () => {
  const saved = load()
  const theme = ref<Theme>(saved.theme)
  const confirmOrders = ref(saved.confirmOrders)
  const shortcuts = ref(saved.shortcuts)
  watch([theme, confirmOrders, shortcuts], () => {
    globalThis.localStorage?.setItem(KEY, JSON.stringify({ theme: theme.value, confirmOrders: confirmOrders.value, shortcuts: shortcuts.value }))
  })
  return { theme, confirmOrders, shortcuts }
})
