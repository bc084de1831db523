// A modal dialog's focus (WAI-ARIA dialog): it moves into the dialog when it opens, Tab and Shift+Tab go round
// inside it and never behind it, and when it closes the focus goes back to what had it before (the control
// that opened it).
import { onBeforeUnmount, onMounted, type Ref } from 'vue'

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), ' +
  '[tabindex]:not([tabindex="-1"])'

/** The elements Tab can reach inside `box`, in order. */
export function focusables(box: HTMLElement): HTMLElement[] {
  return [...box.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.getClientRects().length > 0)
}

/** Puts the focus in `box`: on its `[autofocus]` control if it can be pressed, else its first control, else the box. */
export function focusInto(box: HTMLElement): void {
  ;(box.querySelector<HTMLElement>('[autofocus]:not([disabled])') ?? focusables(box)[0] ?? box).focus()
}

/**
 * Wires the dialog element `dialog`: on mount the focus goes to `[autofocus]` inside it, or else its first control;
 * Tab is kept inside; on unmount the focus returns to the element that had it before.
 */
export function useDialogFocus(dialog: Ref<HTMLElement | null>): void {
  let before: HTMLElement | null = null
  const trap = (e: KeyboardEvent): void => {
    const box = dialog.value
    if (e.key !== 'Tab' || !box) return
    const all = focusables(box)
    if (!all.length) return void e.preventDefault()
    const first = all[0]!
    const last = all[all.length - 1]!
    const inside = box.contains(document.activeElement)
    if (e.shiftKey && (document.activeElement === first || !inside || document.activeElement === box)) {
      e.preventDefault()
      last.focus()
    } else if (!e.shiftKey && (document.activeElement === last || !inside)) {
      e.preventDefault()
      first.focus()
    }
  }
  onMounted(() => {
    before = document.activeElement instanceof HTMLElement ? document.activeElement : null
    const box = dialog.value
    if (!box) return
    if (!box.contains(document.activeElement)) focusInto(box)
    document.addEventListener('keydown', trap, true)
  })
  onBeforeUnmount(() => {
    document.removeEventListener('keydown', trap, true)
    const box = dialog.value
    if (before) giveBack(before, (el) => el === document.body || !!box?.contains(el))
  })
}

/**
 * Focuses `el` again; when it is disabled now (the order form's button while its order is in flight, or until the
 * form is filled again), the first control of the section that holds it takes the focus, so it stays in that place.
 */
function giveBack(el: HTMLElement, free: (focused: Element) => boolean): void {
  if (!el.isConnected || (document.activeElement && !free(document.activeElement))) return
  if (!el.matches(':disabled')) return el.focus()
  const place = el.closest<HTMLElement>('section, form, [role="dialog"]')
  if (place) focusables(place)[0]?.focus()
}
