// The TP/SL legs of each open position, shown and edited in its row. The venue lists waiting trigger orders; a
// leg is a waiting CLOSE stop-loss or take-profit on the position's contract and closing side (the list does not
// name a position, and a one-way account holds one per contract and side). Read when the positions change size or
// a TP/SL operation of this profile settles. A leg larger than its position is being resized by main (tpsl-keeper.ts):
// while the row shows one, the list is read again on each account poll until main has replaced it.
import { defineStore } from 'pinia'
import { computed, ref, watch } from 'vue'
import { compare } from '@shared/decimal'
import type { PositionView, TriggerOrderView } from '@shared/ipc/views/account'
import { useAccountStore } from './account'
import { useOrderEventsStore } from './order-events'
import { usePositionsStore, type TpSlLeg } from './positions'
import { onProfileSwitch } from './profile-scope'
import { ProfileSwitchedError, useRecordsStore } from './records'

export interface PositionLeg {
  id: string
  kind: 'stop-loss' | 'take-profit'
  triggerPrice: string
  /** The order price when triggered; null: a market order. */
  price: string | null
  volume: string
  /** Larger than the position: main is replacing it by one of the position's size. */
  oversized: boolean
}

const kindOf = (t: number): PositionLeg['kind'] | null =>
  t === 3 || t === 1 ? 'stop-loss' : t === 4 || t === 2 ? 'take-profit' : null
const closingSide = (p: Pick<PositionView, 'side'>) => (p.side === 'BUY' ? 'SELL' : 'BUY')

export const usePositionLegsStore = defineStore('position-legs', () => {
  const account = useAccountStore()
  const positions = usePositionsStore()
  const records = useRecordsStore()
  const triggers = ref<TriggerOrderView[] | null>(null)
  const error = ref<string | null>(null)
  let reading: Promise<void> | null = null
  let again = false

  async function reload(): Promise<void> {
    if (reading) {
      again = true
      return reading
    }
    reading = (async () => {
      do {
        again = false
        try {
          triggers.value = (await records.read('account.triggerOrders', { page: 1, limit: 1000 })).orders
          error.value = null
        } catch (e) {
          if (e instanceof ProfileSwitchedError) return
          error.value = e instanceof Error ? e.message : String(e)
        }
      } while (again)
    })().finally(() => (reading = null))
    return reading
  }

  /** Legs of a position, stop-losses first, nearest trigger first. */
  function legsOf(p: PositionView): PositionLeg[] {
    const side = closingSide(p)
    return (triggers.value ?? [])
      .filter(
        (t) =>
          t.status === 1 &&
          t.open === 'CLOSE' &&
          t.side === side &&
          t.contractName === p.contractName &&
          kindOf(t.triggerType)
      )
      .map((t) => ({
        id: t.triggerOrderId,
        kind: kindOf(t.triggerType)!,
        triggerPrice: t.triggerPrice,
        price: compare(t.price, '0') > 0 ? t.price : null,
        volume: t.volume,
        oversized: compare(t.volume, p.volume) > 0
      }))
      .sort((a, b) =>
        a.kind === b.kind
          ? compare(a.triggerPrice, b.triggerPrice) * ((a.kind === 'stop-loss') === (p.side === 'BUY') ? -1 : 1)
          : a.kind === 'stop-loss'
            ? -1
            : 1
      )
  }

  const anyOversized = computed(() => positions.open.some((p) => legsOf(p).some((l) => l.oversized)))

  // Sizes moved (a close, a fired leg): the legs are read again. While one is too large, every poll reads again.
  watch(
    () => positions.open.map((p) => `${p.id}:${p.volume}`).join(),
    (key) => void (key ? reload() : (triggers.value = [])),
    { immediate: true }
  )
  watch(
    () => account.updatedAt,
    () => void (anyOversized.value && reload())
  )
  // A TP/SL placement or trigger cancel settled (main's keeper resizing a leg, or another window): read again.
  const ops = useOrderEventsStore()
  watch(
    () =>
      ops.pending.flatMap((e) =>
        e.action === 'operation' && (e.operation.kind === 'tp-sl' || e.operation.kind === 'trigger-cancel')
          ? [e.opId]
          : []
      ),
    (now, before) => void (before?.some((id) => !now.includes(id)) && reload())
  )

  /** New legs for the position (each the whole of it or a part); the list is read again once they are placed. */
  async function add(p: PositionView, l: { stopLoss?: TpSlLeg; takeProfit?: TpSlLeg }): Promise<unknown> {
    const r = await positions.attachTpSl(p, l)
    await reload()
    return r
  }

  /** Edits a leg: the new one is placed first, then the old one cancelled, so the position is never unprotected. */
  async function replace(p: PositionView, old: PositionLeg, leg: TpSlLeg & { volume: string }): Promise<void> {
    await positions.attachTpSl(p, old.kind === 'stop-loss' ? { stopLoss: leg } : { takeProfit: leg })
    try {
      await positions.cancelTrigger({ contractName: p.contractName, triggerOrderId: old.id })
    } finally {
      await reload()
    }
  }

  async function remove(p: PositionView, leg: PositionLeg): Promise<void> {
    try {
      await positions.cancelTrigger({ contractName: p.contractName, triggerOrderId: leg.id })
    } finally {
      await reload()
    }
  }

  onProfileSwitch(() => {
    triggers.value = null
    error.value = null
  })

  return { triggers, error, reload, legsOf, anyOversized, add, replace, remove }
})
