// Finds the text a user cannot read whole on the page as it is drawn: an element that holds text (a label, a button,
// a header, a tab, a column header, a field's value or placeholder, a select's choice) whose text is cut by its own
// box (hidden overflow or an ellipsis with more text than room) or sticks out of the box of an ancestor that hides its
// overflow (or of the window, sideways). A scrolling ancestor ends the search: what lies past it is reached by
// scrolling, not lost. Below a box, only a row cut across counts: a list shows the whole rows that fit. Allowed: an
// ellipsis on long user data where a `title` on the element or an ancestor holds the whole text, so it is a hover
// away: today the funds history's address and transaction id (FundsHistory.vue) and the profile tag's name, whose
// title names the profile and its venue (ProfileTag.vue). A market's pair (MarketRow.vue) has no such title: cut, it
// fails.
import type { Page } from 'playwright-core'

export interface ClippedText {
  /** A short path to the element: the nearest `data-testid` and the tags and classes under it. */
  selector: string
  text: string
  why: string
}

/** Every clipped text inside `scope` (the whole page by default) that is on screen now. */
export function clippedTexts(page: Page, scope = 'body'): Promise<ClippedText[]> {
  // One self-contained function: playwright sends its source to the page.
  return page.evaluate((scopeSelector) => {
    const SLACK = 1 // px: sub-pixel layout rounding
    const found: { selector: string; text: string; why: string }[] = []
    const root = document.querySelector(scopeSelector) ?? document.body
    const canvas = document.createElement('canvas').getContext('2d')!
    const clean = (s: string | null | undefined): string => (s ?? '').replace(/\s+/g, ' ').trim()
    const pathOf = (el: Element): string => {
      const parts: string[] = []
      for (let e: Element | null = el; e && e !== document.body && parts.length < 4; e = e.parentElement) {
        const id = e.getAttribute('data-testid')
        if (id && e !== el) {
          parts.unshift(`[data-testid="${id}"]`)
          break
        }
        const cls = [...e.classList].slice(0, 2).map((c) => `.${c}`)
        parts.unshift(`${e.tagName.toLowerCase()}${id ? `[data-testid="${id}"]` : ''}${cls.join('')}`)
      }
      return parts.join(' > ')
    }
    const clips = (v: string): boolean => v === 'hidden' || v === 'clip'
    const scrolls = (v: string): boolean => v === 'auto' || v === 'scroll'
    for (const el of root.querySelectorAll('*')) {
      if (!(el instanceof HTMLElement) || el.closest('[hidden], [aria-hidden="true"]')) continue
      const box = el.getBoundingClientRect()
      // Not drawn, or drawn 1 px wide on purpose (text only for a screen reader).
      if (box.width <= 2 || box.height <= 2) continue
      const cs = getComputedStyle(el)
      if (cs.visibility === 'hidden' || cs.opacity === '0') continue
      const textNodes = [...el.childNodes].filter((n) => n.nodeType === Node.TEXT_NODE && clean(n.textContent))
      const field = el instanceof HTMLInputElement || el instanceof HTMLSelectElement
      const text =
        el instanceof HTMLSelectElement
          ? clean(el.selectedOptions[0]?.textContent)
          : el instanceof HTMLInputElement
            ? ['text', 'search', 'number', 'password', 'email', 'url', ''].includes(el.type)
              ? clean(el.value || el.placeholder)
              : ''
            : clean(textNodes.map((n) => n.textContent).join(' '))
      if (!text) continue
      const ellipsis = cs.textOverflow === 'ellipsis'
      if (ellipsis && (el.closest('[title]')?.getAttribute('title') ?? '').includes(text)) continue
      const report = (why: string): void => {
        found.push({ selector: pathOf(el), text, why })
      }
      if (field) {
        // A field's text scrolls inside it: measure the words against the room between the paddings (and a select's
        // arrow).
        canvas.font = cs.font
        const room =
          el.clientWidth -
          parseFloat(cs.paddingLeft) -
          parseFloat(cs.paddingRight) -
          (el instanceof HTMLSelectElement ? 14 : 0)
        const need = canvas.measureText(text).width
        if (need > room + SLACK) report(`the field is ${Math.round(room)} px wide for ${Math.round(need)} px of text`)
        continue
      }
      const cutsItself =
        cs.display !== 'inline' && (clips(cs.overflowX) || clips(cs.overflowY) || ellipsis) && !scrolls(cs.overflowX)
      if (cutsItself && el.scrollWidth > el.clientWidth + SLACK) {
        report(`cut sideways: ${el.scrollWidth} px of content in ${el.clientWidth} px`)
        continue
      }
      if (cutsItself && !scrolls(cs.overflowY) && el.scrollHeight > el.clientHeight + SLACK) {
        report(`cut below: ${el.scrollHeight} px of content in ${el.clientHeight} px`)
        continue
      }
      // The text's own extent (an ellipsis only paints over it), against each clipping ancestor up to a scroller.
      const range = document.createRange()
      let left = Infinity
      let right = -Infinity
      let top = Infinity
      let bottom = -Infinity
      for (const n of textNodes) {
        range.selectNodeContents(n)
        for (const r of range.getClientRects()) {
          if (!r.width) continue
          left = Math.min(left, r.left)
          right = Math.max(right, r.right)
          top = Math.min(top, r.top)
          bottom = Math.max(bottom, r.bottom)
        }
      }
      if (left === Infinity) continue
      let scrolled = false
      for (let a = el.parentElement; a && a !== document.documentElement; a = a.parentElement) {
        const acs = getComputedStyle(a)
        if (scrolls(acs.overflowX) || scrolls(acs.overflowY)) {
          scrolled = true
          break
        }
        const [cx, cy] = [clips(acs.overflowX), clips(acs.overflowY)]
        if (!cx && !cy) continue
        const r = a.getBoundingClientRect()
        const inner = {
          left: r.left + a.clientLeft,
          right: r.left + a.clientLeft + a.clientWidth,
          top: r.top + a.clientTop,
          bottom: r.top + a.clientTop + a.clientHeight
        }
        // Sideways, text pushed out wholly counts too (a stat shoved out of its row); below, only a row cut across:
        // a list shows as many whole rows as fit (the trades tape), and the rows past it are not cut words.
        const outX = cx && (left < inner.left - SLACK || right > inner.right + SLACK)
        const cutY = top < inner.bottom - SLACK && bottom > inner.top + SLACK
        const outY = cy && cutY && (top < inner.top - SLACK || bottom > inner.bottom + SLACK)
        if (outX || outY) {
          report(`sticks out of ${pathOf(a)}${outX ? ' sideways' : ' below'}`)
          break
        }
      }
      if (!scrolled && right > window.innerWidth + SLACK) report('sticks out of the window sideways')
    }
    return found
  }, scope)
}

/** The clipped texts, one readable line each. */
export const describeClipped = (where: string, list: readonly ClippedText[]): string[] =>
  list.map((c) => `${where}: ${c.selector} "${c.text}" (${c.why})`)
