// The ticks a last look asks for before it lets an order or an algorithm go (ConfirmOrder, ConfirmAlgo, an
// algorithm's edit row): one for market data gone stale, one per price guard that wants it. A staleness that appears
// anew, or another set of guards, is a new question: its ticks start unticked.
import { computed, ref, watch, type WatchSource } from 'vue'
import type { Guard } from '../../stores/order-guards'

export function useConfirmAcks(opts: {
  /** The guards that fired. */
  guards: () => Guard[]
  /** Whether the data it was decided on is stale. */
  stale: () => boolean
  /** What starts the guards' ticks over: by default another set of guards. */
  guardsKey?: WatchSource
}) {
  const staleAck = ref(false)
  const acked = ref<boolean[]>([])
  watch(opts.stale, () => (staleAck.value = false))
  watch(opts.guardsKey ?? opts.guards, () => (acked.value = opts.guards().map(() => false)), { immediate: true })
  const guardsOk = computed(() => opts.guards().every((g, n) => !g.ack || acked.value[n]))
  /** Something is still to tick. */
  const blocked = computed(() => (opts.stale() && !staleAck.value) || !guardsOk.value)
  return { staleAck, acked, guardsOk, blocked }
}
