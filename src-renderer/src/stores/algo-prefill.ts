// The order form's Algo tab asked to show an algorithm (the chart's "Algorithm here…", charts/algo-menu.ts): its kind,
// side and fields as text. The order form opens its Algo tab for it (EntryTabs.vue), the tab takes it once
// (AlgoForm.vue) and reads it as typed: nothing is sent before the tab's own review and confirmation. An ask not yet
// taken is dropped at a profile switch (it was about the account shown before).
import { defineStore } from 'pinia'
import { shallowRef } from 'vue'
import type { AlgoKindInput } from '@shared/ipc/schemas/algos'
import type { AlgoField } from './algo-reading'
import { onProfileSwitch } from './profile-scope'

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
  return { asked, ask, take }
})
