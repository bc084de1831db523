// The Algo tab's guards on an edit of a running algorithm (AlgoEditRow.vue): a changed price beyond the price guard
// from its market's last (spot) or mark (futures) price, or any changed price while none is seen, is named with its
// distance and wants its own tick; stale market data is named and ticked; a market with an undetermined place is
// barred. The order form's priceGuard is reused on the algorithm's own market (it need not be the one shown).
import { computed, onMounted, onUnmounted, ref, type ComputedRef } from 'vue'
import { gatewayOf } from '@shared/module'
import type { AlgoView } from '@shared/ipc/views/algos'
import { algoPriceGuards } from './algo-guards'
import { isStale, useFreshnessStore } from './freshness'
import { useInstrumentsStore } from './instruments'
import { useOrderEventsStore } from './order-events'
import { useOrderGuards } from './order-guards'
import { usePositionsStore } from './positions'
import { undeterminedPlace } from './undetermined-bar'

export function useAlgoEditGuards(algo: () => AlgoView, changed: ComputedRef<Record<string, unknown> | null>) {
  const instruments = useInstrumentsStore()
  const positions = usePositionsStore()
  const freshness = useFreshnessStore()
  const module = computed(() => algo().module)
  const symbol = computed(() => algo().symbol)
  const futures = computed(() => module.value === 'futures')
  if (futures.value) positions.followMark(symbol.value)
  const guards = useOrderGuards({
    module,
    symbol,
    spot: computed(() => (futures.value ? undefined : instruments.symbolOf(symbol.value))),
    contract: computed(() => (futures.value ? instruments.contractOf(symbol.value) : undefined)),
    side: ref(algo().side),
    type: ref('LIMIT'),
    open: ref(algo().open ?? 'OPEN'),
    conditional: computed(() => false),
    priceValue: computed(() => ''),
    volumeValue: computed(() => ''),
    mark: computed(() => (futures.value ? positions.marks[symbol.value] : undefined)),
    timeInForce: ref('GTC')
  })
  // The last price is the market feed's: held while the row shows.
  onMounted(() => guards.showing(true))
  onUnmounted(() => guards.showing(false))

  /** The price guards of the changed prices (an unchanged one was passed when it started). */
  const priceGuards = computed(() =>
    changed.value ? algoPriceGuards({ kind: algo().kind, ...changed.value }, guards.priceGuard) : []
  )
  const fresh = computed(() => freshness.market(gatewayOf(module.value)))
  const stale = computed(() => (isStale(fresh.value) ? { label: fresh.value.label, detail: fresh.value.detail } : null))
  useOrderEventsStore().watchOrderEvents() // the bar's verdicts, also in a layout without the order form
  const barred = computed(() => undeterminedPlace(module.value, symbol.value))
  return { priceGuards, stale, barred }
}
