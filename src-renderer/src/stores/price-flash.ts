// The market list's price flashes: a changed last price is tinted up or down for FLASH_MS, then plain again. A tint
// switched on and off costs the page two small repaints; the fade it replaces (an animation per change, ~6 a second
// with one live market) kept Chromium producing a frame every 16 ms: most of the idle renderer's CPU
// (bench/ui/README.md, idle section). One timer for the whole list, set for the earliest end and only while
// something is tinted: nothing ticks when no price moves.
//
// A tint ends in a frame the list draws anyway when one comes: its next tickers (`settle`, called from the list's
// frame) end every tint FLASH_MS old; the timer ends one by itself only FLASH_GRACE_MS later. A live market's
// tickers come every ~250 ms, so a tint lasts 450-550 ms and its end costs no frame of its own.

export const FLASH_MS = 450
/** How long past FLASH_MS a tint waits for the list's next frame before the timer ends it. */
export const FLASH_GRACE_MS = 100
/** Tints due within this much of the one ending now end with it: one frame (tickers of a round land a few ms apart)
 *  instead of a timer and a frame each. A frame early is not visible. */
export const FLASH_GROUP_MS = 16

export type FlashDir = 'up' | 'down'

export interface PriceFlashes {
  /** Tints `key` for FLASH_MS from now (a new change restarts it, in its own direction). */
  start(key: string, dir: FlashDir): void
  /** The tint `key` shows now, if any. */
  of(key: string): FlashDir | undefined
  /** Ends (through `ended`) the tints FLASH_MS old: call it from a frame that renders the list anyway. */
  settle(): void
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

  /** Ends the tints whose end is at or before `cutoff`. */
  const end = (cutoff: number): void => {
    const done: string[] = []
    for (const [key, f] of lit) {
      if (f.until > cutoff) break
      lit.delete(key)
      done.push(key)
    }
    if (!done.length) return
    if (timer !== null) clearTimeout(timer)
    timer = null
    arm()
    ended(done)
  }
  const expire = (): void => {
    timer = null
    end(now() - FLASH_GRACE_MS + FLASH_GROUP_MS)
    arm()
  }
  const arm = (): void => {
    if (timer !== null) return
    const first = lit.values().next()
    if (!first.done) timer = setTimeout(expire, Math.max(0, first.value.until + FLASH_GRACE_MS - now()))
  }

  return {
    start(key, dir) {
      lit.delete(key)
      lit.set(key, { dir, until: now() + FLASH_MS })
      arm()
    },
    of: (key) => lit.get(key)?.dir,
    settle: () => end(now() + FLASH_GROUP_MS),
    clear() {
      lit.clear()
      if (timer !== null) clearTimeout(timer)
      timer = null
    }
  }
}
