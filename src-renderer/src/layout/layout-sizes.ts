// The workspace's area sizes (market list width, order column width, bottom height), dragged by the user and kept
// by main for the next start (the `layout` preference; its schema holds the same limits). A drag moves the areas at
// once and is saved once it rests, not at every pointer move.
import { onScopeDispose, reactive, watch } from 'vue'
import type { AppPreferences } from '@shared/ipc/schemas/preferences'
import { usePreferencesStore } from '../stores/preferences'

export type Sizes = AppPreferences['layout']
const LIMITS: Record<keyof Sizes, [number, number]> = { side: [200, 460], order: [260, 520], bottom: [120, 600] }
const SAVE_AFTER_MS = 400

export const clampSize = (k: keyof Sizes, v: number): number =>
  Math.round(Math.min(LIMITS[k][1], Math.max(LIMITS[k][0], v)))

const same = (a: Sizes, b: Sizes): boolean => a.side === b.side && a.order === b.order && a.bottom === b.bottom

export function useLayoutSizes(): Sizes {
  const prefs = usePreferencesStore()
  const sizes = reactive<Sizes>({ ...prefs.app.layout })
  let timer: ReturnType<typeof setTimeout> | undefined
  const save = (): void => {
    clearTimeout(timer)
    timer = undefined
    if (!same(sizes, prefs.app.layout)) prefs.setApp({ layout: { ...sizes } })
  }
  // Main's values (loaded late, or changed in another window) unless a drag is waiting to be saved.
  watch(
    () => prefs.app.layout,
    (l) => timer === undefined && Object.assign(sizes, l)
  )
  watch(sizes, () => {
    clearTimeout(timer)
    timer = setTimeout(save, SAVE_AFTER_MS)
  })
  onScopeDispose(() => timer !== undefined && save())
  return sizes
}
