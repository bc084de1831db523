// Cold start: the book of the market the window opens on is asked of main as soon as main's preferences have named
// the market and the profile, while the app's shell and the market panel are still being loaded and mounted (a cold
// start's panel subscribes ~0.5-0.7 s later). Main (which warms that book itself from its start, in its own warm-book
// service) keeps the stream's last book for a late joiner, so the panel's own subscription gets a book
// at once; and the panel's feed starts from the book this stream last brought (warmBookOf), so its first frame need
// not wait for its own subscription's round trip. Let go once the panel has painted its first book, or after WARM_MS.
import type { Gateway } from '@shared/api/types'
import type { BookView } from '@shared/ipc/views/market'
import { gatewayOf, type Module } from '@shared/module'
import { parseRoute } from '../layout/routes'
import { afterFirstBook } from '../panels/market/chart-after-book'
import { DEFAULT_SYMBOL } from '../stores/app'
import type { usePreferencesStore } from '../stores/preferences'
import { terminal } from './terminal'

/** The warm subscription is let go this long after it started at the latest, book or not. */
export const WARM_MS = 10_000

/** The market a window opens on: its route's (a pop-out), else the main window's last one of the profile. */
export function openingMarket(
  hash: string,
  prefs: Pick<ReturnType<typeof usePreferencesStore>, 'profile'>
): { module: Module; symbol: string } | null {
  const r = parseRoute(hash)
  if (r.kind === 'market') return { module: r.module, symbol: r.symbol }
  if (r.kind !== 'main') return null
  const module = prefs.profile.lastMarket.module
  return { module, symbol: prefs.profile.lastMarket.symbols[module] ?? DEFAULT_SYMBOL[module] }
}

/** The warm stream's latest book while it is held, with the stream it came from. */
let latest: { profileId: string | null; gateway: Gateway; book: BookView } | null = null

/**
 * The book the warm stream holds for this profile's market, or null: a market feed starts from it, so the panel's
 * first frame has a book before its own subscription's first event (which replaces it). Only while the warm stream
 * is held (live), and only for the same profile, gateway and symbol.
 */
export function warmBookOf(profileId: string | null, gateway: Gateway, symbol: string): BookView | null {
  const l = latest
  return l && l.profileId === profileId && l.gateway === gateway && l.book.symbol === symbol ? l.book : null
}

/** Subscribes the book of `market` for `profileId` until the first book is painted (or WARM_MS). */
export function warmBook(market: { module: Module; symbol: string }, profileId: string | null): void {
  const gateway = gatewayOf(market.module)
  let held = true
  const off = terminal().subscribe(
    'market.onBook',
    { ...(profileId ? { profileId } : {}), module: gateway, symbol: market.symbol },
    (book) => {
      if (held && book.symbol === market.symbol) latest = { profileId, gateway, book }
    },
    () => {
      // Ended by main (a market the venue does not list, another profile now): the panel tells it, not this.
      held = false
      latest = null
    }
  )
  const done = (): void => {
    clearTimeout(timer)
    held = false
    latest = null
    off()
  }
  const timer = setTimeout(done, WARM_MS)
  void afterFirstBook().then(done)
}
