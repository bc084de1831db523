// Which levels the ladder shows: as many rows as its body holds, around a centre price. The centre follows the market
// on demand (Centre, C) or by itself while auto-centre is on, once the market wanders a quarter of the rows away, but
// never while the pointer is over the rows or the caller holds it still (an order being dragged): a level must not
// move from under a click. A new grouping is a new set of levels, centred afresh.
import { computed, onBeforeUnmount, onMounted, ref, watch, type Ref } from 'vue'
import { sub } from '@shared/decimal'
import { shiftCentre } from '../../../lib/price-ladder'

/** A row's height in pixels (the stylesheet's). */
export const LADDER_ROW_PX = 18

export function useLadderCentre(o: {
  /** The market's level (lib/price-ladder.ts marketCentre), or null before a price. */
  market: Ref<string | null>
  step: Ref<string | null>
  /** True while something else holds the view still. */
  held: () => boolean
}) {
  const body = ref<HTMLElement | null>(null)
  const rowCount = ref(21)
  let resize: ResizeObserver | undefined
  const fit = (h: number): void => {
    if (h > 0) rowCount.value = Math.max(5, Math.min(80, Math.floor(h / LADDER_ROW_PX)))
  }
  onMounted(() => {
    if (!body.value) return
    fit(body.value.clientHeight) // now, not on the observer's first call: the default grouping is picked for it
    if (typeof ResizeObserver === 'undefined') return
    resize = new ResizeObserver(([e]) => fit(e?.contentRect.height ?? 0))
    resize.observe(body.value)
  })
  onBeforeUnmount(() => resize?.disconnect())

  const centre = ref<string | null>(null)
  const auto = ref(true)
  const hovering = ref(false)
  /** Rows from the centre the market may wander before auto-centre follows it. */
  const band = computed(() => Math.max(1, Math.floor(rowCount.value / 4)))

  function recentre(): void {
    if (o.market.value) centre.value = o.market.value
  }
  /** Moves the view `rows` rows up (positive) or down. */
  function scroll(rows: number): void {
    if (centre.value !== null && o.step.value) centre.value = shiftCentre(centre.value, o.step.value, rows)
  }
  // The old centre need not be a multiple of a new step.
  watch(o.step, () => {
    centre.value = null
    recentre()
  })
  watch(
    o.market,
    (m) => {
      if (!m || !o.step.value) return
      if (centre.value === null) return void (centre.value = m)
      if (!auto.value || hovering.value || o.held()) return
      // How many rows off, as a float: it only decides when the view follows, never a price.
      if (Math.abs(Number(sub(m, centre.value)) / Number(o.step.value)) > band.value) centre.value = m
    },
    { immediate: true }
  )
  watch(auto, (on) => on && !hovering.value && recentre())

  return { body, rowCount, centre, auto, hovering, recentre, scroll }
}
