// The workspace's area sizes (market list width, order column width, bottom height), dragged by the user and
// kept for the next start.
import { reactive, watch } from 'vue'

const KEY = 'chtrader.layout'
export interface Sizes {
  side: number
  order: number
  bottom: number
}
const DEFAULTS: Sizes = { side: 268, order: 308, bottom: 250 }
const LIMITS: Record<keyof Sizes, [number, number]> = { side: [200, 460], order: [260, 520], bottom: [120, 600] }

export const clampSize = (k: keyof Sizes, v: number): number => Math.round(Math.min(LIMITS[k][1], Math.max(LIMITS[k][0], v)))

function load(): Sizes {
  try {
    const v = JSON.parse(globalThis.localStorage?.getItem(KEY) ?? '{}') as Partial<Sizes>
    const out = { ...DEFAULTS }
    for (const k of Object.keys(DEFAULTS) as (keyof Sizes)[]) if (Number.isFinite(v[k])) out[k] = clampSize(k, v[k]!)
    return out
  } catch {
    return { ...DEFAULTS }
  }
}

export function useLayoutSizes(): Sizes {
  const sizes = reactive(load())
  watch(sizes, () => globalThis.localStorage?.setItem(KEY, JSON.stringify(sizes)))
  return sizes
}
