// Arrow keys within a composite widget (WAI-ARIA tabs and menus): the arrows, Home and End move the focus to another
// item of the widget; a tab list also activates the tab it lands on (its click), as a strip of tabs does.

export interface RovingOptions {
  /** The items of the widget, within the element that has the handler (`[role="tab"]`, `[role="menuitem"]`…). */
  items: string
  /** Which arrows move: left/right (a tab strip), up/down (a menu, a vertical tab list), or both. */
  axis: 'x' | 'y' | 'both'
  /** Click the item focused (a tab list's automatic activation). */
  activate?: boolean
}

const NEXT = { x: ['ArrowRight'], y: ['ArrowDown'], both: ['ArrowRight', 'ArrowDown'] }
const PREV = { x: ['ArrowLeft'], y: ['ArrowUp'], both: ['ArrowLeft', 'ArrowUp'] }

/** A keydown handler for the widget's element. */
export function rovingKeys(o: RovingOptions): (e: KeyboardEvent) => void {
  return (e) => {
    const box = e.currentTarget as HTMLElement | null
    if (!box) return
    const items = [...box.querySelectorAll<HTMLElement>(o.items)].filter((el) => !el.hasAttribute('disabled'))
    if (!items.length) return
    const at = items.findIndex((el) => el === document.activeElement || el.contains(document.activeElement))
    let to: number
    if (NEXT[o.axis].includes(e.key)) to = (at + 1) % items.length
    else if (PREV[o.axis].includes(e.key)) to = (at - 1 + items.length) % items.length
    else if (e.key === 'Home') to = 0
    else if (e.key === 'End') to = items.length - 1
    else return
    e.preventDefault()
    const el = items[to]!
    el.focus()
    if (o.activate) el.click()
  }
}
