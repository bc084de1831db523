// Cold start: the book of the market the window opens on is asked of main as soon as main's preferences have named
// the market and the profile, while the app's shell and the market panel are still being loaded and mounted (a cold
// start's panel subscribes ~0.5-0.7 s later). Main then subscribes the venue's depth and fetches its snapshot
// meanwhile, and keeps the stream's last book for a late joiner, so the panel's own subscription gets a book at
// once. This subscription shows nothing: it is let go once the panel has painted its first book, or after WARM_MS.
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

/** Subscribes the book of `market` for `profileId` until the first book is painted (or WARM_MS). */
export function warmBook(market: { module: Module; symbol: string }, profileId: string | null): void {
  const off = terminal().subscribe(
    'market.onBook',
    { ...(profileId ? { profileId } : {}), module: gatewayOf(market.module), symbol: market.symbol },
    () => undefined,
    () => undefined // ended by main (a market the venue does not list): the panel tells it, not this
  )
  const done = (): void => {
    clearTimeout(timer)
    off()
  }
  const timer = setTimeout(done, WARM_MS)
  void afterFirstBook().then(done)
}
