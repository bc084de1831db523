// The market panel's charts load after the first order book is on screen: their code (ECharts above all, most of
// the panel's chunk) would otherwise be fetched, parsed and run while the book and the order form are still coming.
// Meanwhile a placeholder of the same size holds their place (the book, in its own column, never moves).
import { defineAsyncComponent, h, type AsyncComponentLoader, type Component } from 'vue'
import PanelLoading from '../../components/PanelLoading.vue'
import { t, type MessageKey } from '../../i18n'

/** The charts load at the latest this long after their placeholder shows, book or not (e.g. a market with none). */
export const CHARTS_AT_LATEST_MS = 3000

let shown: () => void = () => undefined
const firstBook = new Promise<void>((resolve) => (shown = resolve))
let asked = false

/**
 * A panel's book has data: once that frame is painted (the next frame, then a task after it), the charts load.
 * A hidden tab paints no frame, so its charts wait until it is shown.
 */
export function firstBookShown(): void {
  // Once per page: every later book (a few a second) would ask for a frame and a task that settle nothing.
  if (asked) return
  asked = true
  if (typeof requestAnimationFrame !== 'function') return shown()
  requestAnimationFrame(() => setTimeout(shown, 0))
}

/** Settles once a panel's first book has been painted (as the charts wait for it; services/warm-book.ts too). */
export const afterFirstBook = (): Promise<void> => firstBook

/** `load`'s component, loaded once a book has been painted, with a placeholder saying `label` until then. */
export function chartAfterFirstBook(load: AsyncComponentLoader, label: MessageKey): Component {
  return defineAsyncComponent({
    loader: () => Promise.race([firstBook, new Promise<void>((r) => setTimeout(r, CHARTS_AT_LATEST_MS))]).then(load),
    loadingComponent: { render: () => h(PanelLoading, { label: t(label), rows: 3 }) },
    delay: 0
  })
}
