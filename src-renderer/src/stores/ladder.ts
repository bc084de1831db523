// The price ladder's choices for this window's life (panels/market/PriceLadder.vue): whether the market panel's book
// column shows the order book or the ladder, and the ticks a ladder row spans per market. Not profile data: levels
// and grouping say nothing of an account.
import { defineStore } from 'pinia'
import { ref } from 'vue'

export type BookView = 'book' | 'ladder'

export const useLadderStore = defineStore('ladder', () => {
  const view = ref<BookView>('book')
  /** `spot:btcusdt` -> ticks a row, as the trader picked them. */
  const groups = ref<Record<string, number>>({})
  /**
   * `spot:btcusdt` -> ticks a row picked for the trader from the market's first book (lib/price-ladder.ts
   * defaultLadderGroup), until the trader picks one; kept, so the levels do not regroup as the book moves.
   */
  const defaults = ref<Record<string, number>>({})
  /** The market's grouping: the trader's, else the default, else null (no book seen yet). */
  const groupOf = (key: string): number | null => groups.value[key] ?? defaults.value[key] ?? null
  const picked = (key: string): boolean => groups.value[key] !== undefined
  function setGroup(key: string, n: number): void {
    groups.value = { ...groups.value, [key]: n }
  }
  function setDefault(key: string, n: number): void {
    defaults.value = { ...defaults.value, [key]: n }
  }
  return { view, groups, defaults, groupOf, picked, setGroup, setDefault }
})
