// Cold start: the book of the market the main window will open on is subscribed as soon as the core is up, before
// any window asks (a window's first subscription comes 1-2 s later: its page loads, connects and reads the
// preferences first). The venue's socket, the `sub` and the REST snapshot then run while the page loads, and the
// stream keeps its last book for a late joiner (src-main/feeds/stream.ts), so a window's own subscription gets the
// book at once. This subscription shows nothing to anyone: it is let go as soon as a window's own subscription of
// that book is in (MarketStreams tells), or after `holdMs` (no window asked for it; the feed's idle close follows).
import type { Module } from '@shared/module'
import { gatewayOf } from '@shared/module'
import type { MarketFeeds } from '../feeds'
import type { FeedTarget, StreamSpec } from '../feeds/types'

/** The market a module opens on when the profile has none stored: the renderer's DEFAULT_SYMBOL (a test pins it). */
export const OPENING_SYMBOL: Record<Module, string> = { spot: 'btcusdt', margin: 'btcusdt', futures: 'E-BTC-USDT' }

export interface WarmBookOptions {
  feeds: Pick<MarketFeeds, 'depth'>
  /** The active profile's id, or null (no profile: nothing to warm). */
  activeId(): string | null
  /** The profile's stored last market (its preferences' `lastMarket`). */
  lastMarket(profileId: string): { module: Module; symbols: Partial<Record<Module, string>> }
  /** Default 30 s: a window opened within it finds the book in main. */
  holdMs?: number
  log?: (line: string) => void
}

export interface WarmBook {
  /** A window subscribed a stream (MarketStreams tells every one): the warm one is let go if it is this one. */
  joined(target: FeedTarget, stream: StreamSpec): void
  /** Lets go now (idempotent). */
  release(): void
}

const NONE: WarmBook = { joined: () => undefined, release: () => undefined }

/** Subscribes the active profile's opening book until a window holds it, or for `holdMs`. */
export function warmOpeningBook(o: WarmBookOptions): WarmBook {
  let off: (() => void) | undefined
  let target: FeedTarget
  let symbol: string
  try {
    const profileId = o.activeId()
    if (profileId === null) return NONE
    const last = o.lastMarket(profileId)
    symbol = last.symbols[last.module] ?? OPENING_SYMBOL[last.module]
    target = { profileId, gateway: gatewayOf(last.module) }
    off = o.feeds.depth(target, symbol, () => undefined)
  } catch (e) {
    // Only a head start: a window subscribes the book itself and tells what fails.
    o.log?.(`warm book: not started (${e instanceof Error ? e.message : String(e)})`)
    return NONE
  }
  const release = (): void => {
    clearTimeout(timer)
    off?.()
    off = undefined
  }
  const timer = setTimeout(release, o.holdMs ?? 30_000)
  timer.unref?.()
  return {
    // Called after the window's subscription is in: the stream never drops to no listener between the two.
    joined: (t, stream) => {
      const same = t.profileId === target.profileId && t.gateway === target.gateway
      if (same && stream.kind === 'depth' && stream.symbol === symbol) release()
    },
    release
  }
}
