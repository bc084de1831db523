// The order form's Algo tab asked to show an algorithm (the chart's "Algorithm here…", charts/algo-menu.ts): its kind,
// side and fields as text. The order form opens its Algo tab for it (EntryTabs.vue), the tab takes it once
// (AlgoForm.vue) and reads it as typed: nothing is sent before the tab's own review and confirmation. An ask not yet
// taken is dropped at a profile switch (it was about the account shown before) and when the selected market changes
// (its price was a price of the market the chart showed: never to fill another market's form).
import { defineStore } from 'pinia'
import { shallowRef, watch } from 'vue'
import type { AlgoKindInput } from '@shared/ipc/schemas/algos'
import type { AlgoField } from './algo-reading'
import { onProfileSwitch } from './profile-scope'
import { useSelectionStore } from './selection'

export interface AlgoPrefill {
  kind: AlgoKindInput
  side: 'BUY' | 'SELL'
  fields: Partial<Record<AlgoField, string>>
}

export const useAlgoPrefillStore = defineStore('algo-prefill', () => {
  const asked = shallowRef<AlgoPrefill | null>(null)
  const ask = (p: AlgoPrefill): void => void (asked.value = p)
  /** The ask, once: it is cleared as it is taken. */
  function take(): AlgoPrefill | null {
    const p = asked.value
    asked.value = null
    return p
  }
  onProfileSwitch(() => (asked.value = null))
  const selection = useSelectionStore()
  watch([() => selection.module, () => selection.symbol], () => (asked.value = null), { flush: 'sync' })
  return { asked, ask, take }
})
