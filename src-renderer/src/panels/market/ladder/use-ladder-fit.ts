// How many characters each size column of the ladder holds now: the column headers' content widths (they share the
// rows' columns) over a digit's width in the cells' font, followed as the panel is resized. Until measured (or where
// nothing can be measured: no layout, no canvas), there is room for any size. A change of the columns (`layout`) is
// measured as soon as the DOM has it, in the same flush: no frame shows a size in a column not measured for it.
import { onBeforeUnmount, onMounted, ref, watch, type Ref, type WatchSource } from 'vue'
import type { LadderCol } from '../../../lib/price-ladder'

export type SizeCol = Exclude<LadderCol, 'price'>
const SIZE_COLS: readonly SizeCol[] = ['buys', 'bid', 'ask', 'sells']

/** `layout`: the columns as set (read from mount on). */
export function useLadderFit(head: Ref<HTMLElement | null>, layout: WatchSource<unknown>) {
  const rooms = ref<Record<SizeCol, number>>({ buys: Infinity, bid: Infinity, ask: Infinity, sells: Infinity })
  let resize: ResizeObserver | undefined
  /** A digit's width by column: own orders are in bold. */
  const digits = new Map<SizeCol, number>()

  function measure(): void {
    const el = head.value
    if (!el) return
    const next = { ...rooms.value }
    for (const c of SIZE_COLS) {
      const cell = el.querySelector<HTMLElement>(`[data-col="${c}"]`)
      if (!cell) continue
      const digit = digits.get(c) ?? digitWidth(cell, c === 'buys' || c === 'sells')
      if (!digit) return
      digits.set(c, digit)
      const cs = getComputedStyle(cell)
      const width = cell.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight)
      next[c] = width > 0 ? Math.max(1, Math.floor(width / digit)) : Infinity
    }
    if ((Object.keys(next) as SizeCol[]).some((c) => next[c] !== rooms.value[c])) rooms.value = next
  }
  let stop: (() => void) | undefined
  onMounted(() => {
    measure()
    stop = watch(layout, measure, { flush: 'post' })
    if (typeof ResizeObserver === 'undefined' || !head.value) return
    resize = new ResizeObserver(() => measure())
    for (const c of head.value.children) resize.observe(c)
  })
  onBeforeUnmount(() => {
    stop?.()
    resize?.disconnect()
  })

  return { rooms }
}

/** The widest digit in `el`'s font (bold: as the own-order cells write), or 0 where it cannot be measured. */
function digitWidth(el: HTMLElement, bold: boolean): number {
  const ctx = typeof document !== 'undefined' ? document.createElement('canvas').getContext?.('2d') : null
  if (!ctx) return 0
  const cs = getComputedStyle(el)
  ctx.font = `${bold ? '600' : cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`
  return Math.max(...[...'0123456789'].map((d) => ctx.measureText(d).width))
}
