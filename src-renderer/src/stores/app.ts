import { defineStore } from 'pinia'
import { ref } from 'vue'

/** Shell-level state: which exchange module the user is looking at. */
export const useAppStore = defineStore('app', () => {
  const modules = ['Spot', 'Margin', 'Futures'] as const
  const activeModule = ref<(typeof modules)[number]>('Spot')
  function select(module: (typeof modules)[number]): void {
    activeModule.value = module
  }
  return { modules, activeModule, select }
})
