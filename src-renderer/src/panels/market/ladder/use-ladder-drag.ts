// Dragging an own order's cell to another level of the ladder. Pressed and released on the same level it is a click;
// released on another level, a move to that level's price; released off the ladder or stopped with Esc, nothing. The
// level under the pointer is read from the row's data-ladder-price, so a drop names the price the screen showed.
import { onBeforeUnmount, ref } from 'vue'
import type { OwnSide } from '../../../lib/price-ladder'

export interface LadderDrag {
  side: OwnSide
  /** The level pressed and the level under the pointer now. */
  from: string
  to: string
  orderIds: readonly string[]
}

export function useLadderDrag(on: {
  /** The pointer is over another level now. */
  over(price: string): void
  /** Released where it was pressed. */
  click(d: LadderDrag): void
  /** Released on another level. */
  drop(d: LadderDrag, to: string): void
  /** Released off the ladder or stopped with Esc: nothing happens. */
  stopped(): void
}) {
  const drag = ref<LadderDrag | null>(null)

  function priceUnder(x: number, y: number): string | null {
    const el = document.elementFromPoint(x, y)?.closest<HTMLElement>('[data-ladder-price]')
    return el?.dataset.ladderPrice ?? null
  }
  function start(e: PointerEvent, side: OwnSide, price: string, orderIds: readonly string[]): void {
    if (e.button !== 0) return
    e.preventDefault()
    drag.value = { side, from: price, to: price, orderIds }
    window.addEventListener('pointermove', onMove)
    window.addEventListener('pointerup', onUp)
    window.addEventListener('keydown', onKey, true)
  }
  function onMove(e: PointerEvent): void {
    const d = drag.value
    const p = priceUnder(e.clientX, e.clientY)
    if (d && p && p !== d.to) {
      drag.value = { ...d, to: p }
      on.over(p)
    }
  }
  function end(): void {
    window.removeEventListener('pointermove', onMove)
    window.removeEventListener('pointerup', onUp)
    window.removeEventListener('keydown', onKey, true)
    drag.value = null
  }
  function onKey(e: KeyboardEvent): void {
    if (e.key !== 'Escape') return
    e.stopPropagation()
    end()
    on.stopped()
  }
  function onUp(e: PointerEvent): void {
    const d = drag.value
    const dropped = priceUnder(e.clientX, e.clientY)
    end()
    if (!d) return
    if (!dropped) on.stopped()
    else if (dropped === d.from) on.click(d)
    else on.drop(d, dropped)
  }
  onBeforeUnmount(end)

  return { drag, start }
}
