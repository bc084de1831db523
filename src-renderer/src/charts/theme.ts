// Chart colours. Canvas cannot read CSS variables, so the components resolve the frame's palette once (and again
// on a theme switch) through `read`, and the option builders take plain colours.

export interface ChartTheme {
  up: string
  down: string
  fg: string
  muted: string
  border: string
  bg: string
  /** An algorithm's levels on the candle chart: apart from the sides' colours and the averages'. */
  algo: string
  /** MA5, MA10, MA30. */
  ma: readonly [string, string, string]
  font: string
}

export const FALLBACK_THEME: ChartTheme = {
  up: '#0ecb81',
  down: '#f6465d',
  fg: '#e6e8ea',
  muted: '#8b94a1',
  border: '#252a31',
  bg: '#15191e',
  algo: '#ff8a3d',
  ma: ['#f0b90b', '#c86ee6', '#3d8bfd'],
  font: 'system-ui, sans-serif'
}

/** Colours from CSS custom properties (the panel's aliases of the frame palette); blanks fall back. */
export function chartTheme(read: (name: string) => string): ChartTheme {
  const get = (name: string, fallback: string): string => read(name).trim() || fallback
  const f = FALLBACK_THEME
  return {
    up: get('--m-up', f.up),
    down: get('--m-down', f.down),
    fg: get('--m-fg', f.fg),
    muted: get('--m-muted', f.muted),
    border: get('--m-border', f.border),
    bg: get('--m-panel', f.bg),
    algo: get('--m-algo', f.algo),
    ma: [get('--m-ma5', f.ma[0]), get('--m-ma10', f.ma[1]), get('--m-ma30', f.ma[2])],
    font: get('--m-font', f.font)
  }
}

/** The palette as `el` sees it (the fallback without an element). */
export function themeOf(el: Element | null): ChartTheme {
  const style = el ? getComputedStyle(el) : null
  return style ? chartTheme((n) => style.getPropertyValue(n)) : FALLBACK_THEME
}

/**
 * Calls `onChange` when the frame switches theme or palette (attributes of <html>: the colour-blind-safe palette
 * recolours the canvases too); returns the stop.
 */
export function onThemeChange(onChange: () => void): () => void {
  const watch = new MutationObserver(onChange)
  const attributeFilter = ['data-theme', 'data-palette', 'class', 'style']
  watch.observe(document.documentElement, { attributes: true, attributeFilter })
  return () => watch.disconnect()
}
