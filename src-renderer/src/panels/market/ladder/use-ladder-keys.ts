// The ladder's keyboard: the grid is one tab stop with an active cell (aria-activedescendant). Arrows move the cell
// (the view scrolls with it past an edge), Page Up/Down scroll half a window, plain C centres (Shift+C stays the
// cancel-all hotkey), Enter or Space acts on the cell. A cell taken by the pointer is the keyboard's cell too. Keys
// the grid handles stop there; others go on to the window's hotkeys.
import { computed, ref, type Ref } from 'vue'
import { compare } from '@shared/decimal'
import { LADDER_COLS, shiftCentre, type LadderCol, type LadderRow } from '../../../lib/price-ladder'

export function useLadderKeys(o: {
  rows: Ref<LadderRow[]>
  step: Ref<string | null>
  centre: Ref<string | null>
  rowCount: Ref<number>
  recentre(): void
  act(row: LadderRow, col: LadderCol): void
  /** The cell the keyboard is on now, to be announced. */
  say(row: LadderRow, col: LadderCol): void
}) {
  const focusPrice = ref<string | null>(null)
  const focusCol = ref<LadderCol>('bid')
  const gridId = `ladder-${Math.random().toString(36).slice(2, 8)}`
  const cellId = (price: string, col: LadderCol): string => `${gridId}-${col}-${price.replace('.', '_')}`
  const rowAt = (p: string): LadderRow | undefined => o.rows.value.find((r) => r.price === p)
  /** The focused level, while it is on screen. */
  const focused = computed(() => {
    const p = focusPrice.value
    return p !== null && rowAt(p) ? p : null
  })
  const activeId = computed(() => (focused.value ? cellId(focused.value, focusCol.value) : undefined))

  function onFocus(): void {
    if (focused.value === null && o.centre.value !== null) focusPrice.value = o.centre.value
  }
  function pointAt(row: LadderRow, col: LadderCol): void {
    focusPrice.value = row.price
    focusCol.value = col
  }
  function say(p: string): void {
    const row = rowAt(p)
    if (row) o.say(row, focusCol.value)
  }

  function onKey(e: KeyboardEvent): void {
    const [s, centre] = [o.step.value, o.centre.value]
    if (!s || centre === null) return
    const at = focused.value ?? centre
    const half = Math.floor(o.rowCount.value / 2)
    const moveTo = (p: string): void => {
      if (compare(p, '0') <= 0) return
      focusPrice.value = p
      // Off the window: the ladder scrolls with the focus.
      if (compare(p, shiftCentre(centre, s, half)) > 0) o.centre.value = shiftCentre(centre, s, 1)
      else if (compare(p, shiftCentre(centre, s, -(o.rowCount.value - 1 - half))) < 0)
        o.centre.value = shiftCentre(centre, s, -1)
      say(p)
    }
    const col = LADDER_COLS.indexOf(focusCol.value)
    switch (e.key) {
      case 'ArrowUp':
      case 'ArrowDown':
        moveTo(shiftCentre(at, s, e.key === 'ArrowUp' ? 1 : -1))
        break
      case 'ArrowLeft':
      case 'ArrowRight': {
        const next = Math.max(0, Math.min(LADDER_COLS.length - 1, col + (e.key === 'ArrowLeft' ? -1 : 1)))
        focusCol.value = LADDER_COLS[next]!
        focusPrice.value = at
        say(at)
        break
      }
      case 'PageUp':
      case 'PageDown': {
        const by = (e.key === 'PageUp' ? 1 : -1) * Math.max(1, half)
        o.centre.value = shiftCentre(centre, s, by)
        focusPrice.value = shiftCentre(at, s, by)
        break
      }
      case 'c':
        if (e.shiftKey || e.ctrlKey || e.altKey || e.metaKey) return
        o.recentre()
        focusPrice.value = o.centre.value
        break
      case 'Enter':
      case ' ': {
        const row = rowAt(at)
        if (row) o.act(row, focusCol.value)
        break
      }
      default:
        return
    }
    e.preventDefault()
    e.stopPropagation()
  }

  return { focusCol, focused, activeId, cellId, onFocus, onKey, pointAt }
}
