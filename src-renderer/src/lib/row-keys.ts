// Rows a click picks (a book side, the trades tape) made operable by keyboard: the list is one tab stop, the arrow
// keys (Home, End, Page Up/Down) move a cursor over its rows as drawn, the row under it is highlighted and told by
// the live region, and Enter or Space picks it as a click would, saying what it picked. The cursor is a position in
// the list (the third row), not a row: the rows under it change as the market moves, and the highlight shows which
// one it is now.
import { computed, ref, watch, type ComputedRef, type Ref } from 'vue'
import { t } from '../i18n'
import { useAnnouncerStore } from '../stores/announcer'

export interface RowKeysOptions<T> {
  rows: () => readonly T[]
  /** Where the cursor starts when the list takes the focus (the book's best level). */
  start: (count: number) => number
  /** What Enter picks. */
  pick: (row: T) => void
  /** The row in words, for the live region. */
  words: (row: T) => string
  /** Highlights the row at `index` of the drawn rows (null: none). */
  highlight: (index: number | null) => void
  /** The list's name for assistive tools: what it is and how the keys work. */
  label: () => string
}

export function useRowKeys<T>(o: RowKeysOptions<T>): {
  cursor: Ref<number | null>
  focus: () => void
  blur: () => void
  keydown: (e: KeyboardEvent) => void
  /** The list element's attributes and listeners (`v-bind`): a tab stop named `label`, its cursor in `data-cursor`. */
  attrs: ComputedRef<Record<string, unknown>>
} {
  const cursor = ref<number | null>(null)
  const announcer = useAnnouncerStore()
  const clamp = (i: number): number => Math.max(0, Math.min(o.rows().length - 1, i))

  function keydown(e: KeyboardEvent): void {
    const n = o.rows().length
    const c = cursor.value ?? o.start(n)
    const to = { ArrowUp: c - 1, ArrowDown: c + 1, Home: 0, End: n - 1, PageUp: c - 5, PageDown: c + 5 }[e.key]
    if (to !== undefined) {
      e.preventDefault()
      if (n) cursor.value = clamp(to)
    } else if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault()
      const row = cursor.value === null ? undefined : o.rows()[cursor.value]
      if (!row) return
      o.pick(row)
      // The rows move with the market: what went into the form is said, not left to the row last read out.
      announcer.say(t('a11y.picked', { row: o.words(row) }))
    }
  }
  // Highlighted on every change of the cursor or the rows (the book's frames); cleared once when the cursor goes, so
  // the pointer's hover, drawn the same way, is left alone while the keyboard is elsewhere. Told only when the
  // cursor moves, not every frame.
  watch(
    [cursor, o.rows],
    ([c], [was]) => {
      if (c !== null) o.highlight(c)
      else if (was !== null) o.highlight(null)
    },
    { flush: 'post' }
  )
  watch(cursor, (c) => {
    const row = c === null ? undefined : o.rows()[c]
    if (row) announcer.say(o.words(row))
  })
  const focus = (): void => {
    const n = o.rows().length
    if (cursor.value === null && n) cursor.value = clamp(o.start(n))
  }
  const blur = (): void => {
    cursor.value = null
  }
  const attrs = computed(() => ({
    tabindex: 0,
    role: 'group',
    'aria-label': o.label(),
    'data-cursor': cursor.value ?? undefined,
    onFocus: focus,
    onBlur: blur,
    onKeydown: keydown
  }))
  return { cursor, focus, blur, keydown, attrs }
}
