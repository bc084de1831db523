// The price ladder's choices for this window's life (panels/market/PriceLadder.vue): whether the market panel's book
// column shows the order book or the ladder, and the ticks a ladder row spans per market. Not profile data: levels
// and grouping say nothing of an account.
import { defineStore } from 'pinia'
import { ref } from 'vue'

export type BookView = 'book' | 'ladder'

export const useLadderStore = defineStore('ladder', () => {
  const view = ref<BookView>('book')
  /** `spot:btcusdt` -> ticks a row (1 when unset). */
  const groups = ref<Record<string, number>>({})
  const groupOf = (key: string): number => groups.value[key] ?? 1
  function setGroup(key: string, n: number): void {
    groups.value = { ...groups.value, [key]: n }
  }
  return { view, groups, groupOf, setGroup }
})
