// The market list's price flashes: a changed last price is tinted up or down for FLASH_MS, then plain again. A tint
// switched on and off costs the page two small repaints; the fade it replaces (an animation per change, ~6 a second
// with one live market) kept Chromium producing a frame every 16 ms: most of the idle renderer's CPU
// (bench/ui/README.md, idle section). One timer for the whole list, set for the earliest end and only while
// something is tinted: nothing ticks when no price moves.

export const FLASH_MS = 450

export type FlashDir = 'up' | 'down'

export interface PriceFlashes {
  /** Tints `key` for FLASH_MS from now (a new change restarts it, in its own direction). */
  start(key: string, dir: FlashDir): void
  /** The tint `key` shows now, if any. */
  of(key: string): FlashDir | undefined
  /** Drops every tint at once (no `ended` call). */
  clear(): void
}

/** `ended` is told the keys whose tint just ended (so their rows render again). */
export function createPriceFlashes(
  ended: (keys: string[]) => void,
  now = (): number => performance.now()
): PriceFlashes {
  // Insertion order is end order: every tint lasts FLASH_MS, and a restarted one is moved to the end.
  const lit = new Map<string, { dir: FlashDir; until: number }>()
  let timer: ReturnType<typeof setTimeout> | null = null

  const expire = (): void => {
    timer = null
    const t = now()
    const done: string[] = []
    for (const [key, f] of lit) {
      if (f.until > t) break
      lit.delete(key)
      done.push(key)
    }
    arm()
    if (done.length) ended(done)
  }
  const arm = (): void => {
    if (timer !== null) return
    const first = lit.values().next()
    if (!first.done) timer = setTimeout(expire, Math.max(0, first.value.until - now()))
  }

  return {
    start(key, dir) {
      lit.delete(key)
      lit.set(key, { dir, until: now() + FLASH_MS })
      arm()
    },
    of: (key) => lit.get(key)?.dir,
    clear() {
      lit.clear()
      if (timer !== null) clearTimeout(timer)
      timer = null
    }
  }
}
