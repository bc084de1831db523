// PnL analytics of the shown profile: main's report of its own fills (pnl.report) and its equity curve
// (pnl.equity), read when the panel opens and on Refresh. Nothing of another profile is kept or shown: a switch
// empties both at once and reads the new profile's; an answer that arrives after a switch is dropped.
import { defineStore } from 'pinia'
import { computed, ref, shallowRef } from 'vue'
import type { EquityView, PnlReportView } from '@shared/ipc/views/pnl'
import { terminal } from '../services/terminal'
import { onProfileSwitch, profileParam, shownProfileId } from './profile-scope'
import { errorText } from './trading'

export const usePnlStore = defineStore('pnl', () => {
  const report = shallowRef<PnlReportView | null>(null)
  const equity = shallowRef<EquityView | null>(null)
  const loading = ref(false)
  const error = ref<string | null>(null)
  /** The asset the panel shows figures in (PnL of different assets is never added together). */
  const chosenAsset = ref<string | null>(null)
  let started = false
  let reading = 0

  /** Assets with any figure, USDT first. */
  const assets = computed(() => {
    const r = report.value
    if (!r) return []
    const set = new Set([...r.stats.map((s) => s.asset), ...r.days.map((d) => d.asset)])
    return [...set].sort((a, b) => (a === 'USDT' ? -1 : b === 'USDT' ? 1 : a < b ? -1 : 1))
  })
  const asset = computed(() =>
    chosenAsset.value && assets.value.includes(chosenAsset.value) ? chosenAsset.value : (assets.value[0] ?? 'USDT')
  )

  async function load(): Promise<void> {
    started = true
    const profileId = shownProfileId()
    const mine = ++reading
    loading.value = true
    error.value = null
    try {
      const [r, e] = await Promise.all([
        terminal().invoke('pnl.report', profileParam(profileId)),
        terminal().invoke('pnl.equity', profileParam(profileId))
      ])
      if (mine !== reading || profileId !== shownProfileId()) return // another profile's, or an older read
      report.value = r
      equity.value = e
    } catch (e) {
      if (mine === reading && profileId === shownProfileId()) error.value = errorText(e)
    } finally {
      if (mine === reading) loading.value = false
    }
  }

  onProfileSwitch(() => {
    reading++
    report.value = null
    equity.value = null
    error.value = null
    chosenAsset.value = null
    loading.value = false
    if (started) void load()
  })

  return { report, equity, loading, error, assets, asset, chosenAsset, load }
})
