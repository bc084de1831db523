// The main window's layouts, kept by main with the other preferences (app.layouts.main, preferences-layouts.ts): the
// arrangement shown now (kept as it changes, so the next start shows it), the named layouts and which one is shown.
// The workspace (layout/Workspace.vue) lays them out with dockview; this store only checks names and keeps them.
// A named layout also keeps its charts' indicators by market (`indicators` beside dockview's fields): while it is
// shown, a chart's indicator change is saved into it at once (the arrangement shown and the saved layout both), as a
// TradingView layout keeps its studies; dockview's snapshots lack them, so keeping or saving one carries them over.
import { defineStore } from 'pinia'
import { computed } from 'vue'
import {
  dockLayout,
  EMPTY_WINDOW_LAYOUTS,
  type DockLayout,
  type WindowLayouts
} from '@shared/ipc/schemas/preferences-layouts'
import type { IndicatorSetting } from '@shared/ipc/schemas/preferences-indicators'
import { checkLayoutName, type NameCheck } from '../layout/layout-name'
import { usePreferencesStore } from './preferences'

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b)
/** What an arrangement places where, without its sizes and shown tabs (a window of another size lays it out anew). */
// The indicators are saved into the layout as they change, so they never make it "changed".
const VOLATILE = new Set(['size', 'width', 'height', 'activeView', 'activeGroup', 'indicators'])
/** Objects' keys in one order: a layout laid out again lists its panels in the order dockview created them. */
const sortedKeys = (v: unknown): unknown =>
  v && typeof v === 'object' && !Array.isArray(v)
    ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
    : v
const placement = (l: unknown): string =>
  JSON.stringify(l, (k, v: unknown) => (VOLATILE.has(k) ? undefined : sortedKeys(v)))
/** The arrangement without indicators of its own. */
const outline = (l: DockLayout): DockLayout => {
  const copy = { ...l }
  delete copy.indicators
  return copy
}

export const useLayoutsStore = defineStore('layouts', () => {
  const prefs = usePreferencesStore()
  const win = computed<WindowLayouts>(() => prefs.app.layouts.main ?? EMPTY_WINDOW_LAYOUTS)
  /** The saved layouts' names, in the window's collation. */
  const names = computed(() => Object.keys(win.value.saved).sort((a, b) => a.localeCompare(b)))
  const active = computed(() => win.value.active)
  /** The arrangement shown places panels otherwise than the saved layout it came from. */
  const changed = computed(
    () => win.value.active !== '' && placement(win.value.saved[win.value.active]) !== placement(win.value.current)
  )
  /** What a reset would lose: a named layout's changes, or the default's own arrangement (never saved). */
  const unsaved = computed(() => (win.value.active === '' ? win.value.current !== null : changed.value))

  // Plain data for main (the preferences are reactive proxies, which cannot be cloned or sent).
  const put = (next: Partial<WindowLayouts>): void =>
    prefs.setApp({ layouts: JSON.parse(JSON.stringify({ ...prefs.app.layouts, main: { ...win.value, ...next } })) })

  /** dockview's snapshot with the indicators of the named layout shown (none while none is: those are the market's). */
  function withIndicators(layout: DockLayout): DockLayout {
    const own = win.value.active !== '' ? win.value.current?.indicators : undefined
    return own ? { ...outline(layout), indicators: own } : outline(layout)
  }

  /** Saves the arrangement under `name` (replacing one of that name only when told to) and shows it as that. */
  function saveAs(name: string, snapshot: DockLayout, replace = false): NameCheck {
    const check = checkLayoutName(name, names.value)
    if (!check.ok && !('exists' in check && replace)) return check
    const layout = withIndicators(snapshot)
    put({ saved: { ...win.value.saved, [name]: layout }, active: name, current: layout })
    return { ok: true }
  }

  /** Gives a saved layout another name (replacing one of that name only when told to). */
  function rename(from: string, to: string, replace = false): NameCheck {
    if (!(from in win.value.saved))
      return { ok: false, words: { key: 'layouts.errors.unknown', params: { name: from } } }
    const check = checkLayoutName(to, names.value, from)
    if (!check.ok && !('exists' in check && replace)) return check
    const saved = Object.fromEntries(
      Object.entries(win.value.saved).flatMap(([n, l]) => (n === to && n !== from ? [] : [[n === from ? to : n, l]]))
    )
    put({ saved, active: win.value.active === from || win.value.active === to ? to : win.value.active })
    return { ok: true }
  }

  function remove(name: string): void {
    if (!(name in win.value.saved)) return
    const saved = { ...win.value.saved }
    delete saved[name]
    if (win.value.active !== name) return put({ saved })
    // The arrangement stays; its indicators went with the layout (the charts show the markets' again).
    put({ saved, active: '', current: win.value.current && outline(win.value.current) })
  }

  /** The saved layout to lay out, now shown as the current one; null when there is none of that name. */
  function choose(name: string): DockLayout | null {
    const layout = win.value.saved[name]
    if (!layout) return null
    put({ active: name, current: layout })
    return layout
  }

  /** Back to the default arrangement (the saved layouts stay). */
  const reset = (): void => put({ active: '', current: null })

  /** The arrangement as the user left it; refused quietly when it is not one main would keep (too large). */
  function keep(snapshot: DockLayout): boolean {
    const layout = withIndicators(snapshot)
    if (same(layout, win.value.current)) return true
    if (!dockLayout.safeParse(layout).success) return false
    put({ current: layout })
    return true
  }

  /** The named layout's own indicators of a market; undefined when none is shown or it has none for the market. */
  const indicatorsOf = (key: string): readonly IndicatorSetting[] | undefined =>
    win.value.active !== '' ? win.value.current?.indicators?.[key] : undefined

  /**
   * Saves a market's indicators into the named layout shown (an empty list too: the layout shows none for it, not the
   * market's); false when no named layout is shown, so they are the market's to keep.
   */
  function setIndicators(key: string, list: readonly IndicatorSetting[]): boolean {
    const { active, current, saved } = win.value
    if (active === '' || !current || !saved[active]) return false
    const add = (l: DockLayout): DockLayout => ({ ...l, indicators: { ...l.indicators, [key]: [...list] } })
    put({ current: add(current), saved: { ...saved, [active]: add(saved[active]) } })
    return true
  }

  return {
    win,
    names,
    active,
    changed,
    unsaved,
    saveAs,
    rename,
    remove,
    choose,
    reset,
    keep,
    indicatorsOf,
    setIndicators
  }
})
