// The one gate every position action passes before it is sent: with confirmations on (Settings) it waits for the
// trader's explicit yes, naming what it sends and the account; on stale prices (futures feed or account poll) it
// waits whatever the setting, naming the staleness too; so it does when it offers a choice (close all: also stop the
// algorithms still running there). Otherwise it runs at once.
import { computed, ref } from 'vue'
import { isStale, useFreshnessStore, worst } from '../../stores/freshness'
import { usePreferencesStore } from '../../stores/preferences'

export interface HeldAction {
  /** What is sent, in words ("Close 20 of 45 contracts of BTC/USDT perpetual at market"). */
  what: string
  /** Lines listed under it (close all: every position it closes). */
  lines: string[]
  /** The staleness label when prices are stale, else null. */
  stale: string | null
  /** A choice the trader makes in the confirmation (close all: also stop the algorithms named); read at the send. */
  choice?: { label: string; on: boolean }
  run: () => Promise<void>
}

export function usePositionConfirm() {
  const freshness = useFreshnessStore()
  const prefs = usePreferencesStore()
  /** Marks come from the futures feed's venue, sizes and margins from the account poll: the worse of the two. */
  const fresh = computed(() => worst(freshness.futures, freshness.account))
  const held = ref<HeldAction | null>(null)

  /**
   * `o.choice` is asked whatever the confirmations setting (the trader's answer decides what is sent), and so is
   * anything with `o.ask` (a line the trader must read first).
   */
  function gate(
    what: string,
    run: () => Promise<void>,
    lines: string[] = [],
    o: { choice?: { label: string; on: boolean }; ask?: boolean } = {}
  ): Promise<void> {
    const stale = isStale(fresh.value) ? fresh.value.label : null
    if (!stale && !prefs.confirmOrders && !o.choice && !o.ask) return run()
    held.value = { what, lines, stale, run, ...(o.choice ? { choice: o.choice } : {}) }
    return Promise.resolve()
  }
  function release(): Promise<void> {
    const h = held.value
    held.value = null
    return h ? h.run() : Promise.resolve()
  }
  return { held, fresh, gate, release }
}

/**
 * Where the confirmation is laid over the page: just above the positions table, its width, so the rows it asks about
 * stay in view (in the bottom area at 1280x720, a bar in the panel's flow pushed the row out of it); below the table
 * when there is no room above; always inside the window.
 */
export function placeConfirm(
  table: { top: number; bottom: number; left: number; width: number },
  height: number,
  win: { width: number; height: number }
): { left: number; top: number; width: number } {
  const above = table.top - 4 - height
  const below = table.bottom + 4
  const top = above >= 4 ? above : below + height <= win.height - 4 ? below : 4
  const left = Math.max(4, table.left)
  return { left, top, width: Math.max(0, Math.min(table.width, win.width - left - 4)) }
}
