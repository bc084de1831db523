// How old the data on screen is. Main judges the market feeds (a socket silent past its deadline is stale and torn
// down; a lost one reconnects) and reports them about once a second on app.onStatus; this store turns that, the
// link to main and the account poll's failures into one state per view: live, loading, "stale 12 s" or
// "disconnected". Views dim their prices and say it; the order form asks for a second, explicit confirmation.
import { defineStore } from 'pinia'
import { computed } from 'vue'
import type { Gateway } from '@shared/api/types'
import type { StatusView } from '@shared/ipc/views/status'
import { t } from '../i18n'
import { useAccountStore } from './account'
import { useProfilesStore } from './profiles'
import { useStatusStore, type ConnectionState } from './status'

export type FreshState = 'loading' | 'live' | 'stale' | 'disconnected'

export interface Freshness {
  state: FreshState
  /** Age of the newest data in ms, when known. */
  ageMs: number | null
  /** What the view says: '' when live or loading, else "stale 12 s" or "disconnected" (in the window's language). */
  label: string
  /** The longer story, for a tooltip and the confirmation. */
  detail: string
}
// Words are read when a state is worked out: the stores' computeds run again on a language switch (t reads the
// locale), so a view shows them in the new language at once.

/** No status for this long means main is not answering: whatever is on screen is getting old. */
export const STATUS_STALL_MS = 4000

const live = (ageMs: number | null = null): Freshness => ({
  state: 'live',
  ageMs,
  label: '',
  detail: t('market.fresh.live')
})
const loading = (detail: string): Freshness => ({ state: 'loading', ageMs: null, label: '', detail })
const secs = (ms: number): number => Math.max(0, Math.round(ms / 1000))
const stale = (ageMs: number | null, detail: string): Freshness => ({
  state: 'stale',
  ageMs,
  label: ageMs === null ? t('market.fresh.stale') : t('market.fresh.staleFor', { seconds: secs(ageMs) }),
  detail
})
const down = (ageMs: number | null, detail: string): Freshness => ({
  state: 'disconnected',
  ageMs,
  label: t('market.fresh.disconnected'),
  detail
})
/** A part of the account poll (`balances`, `openOrders:spot:btcusdt`) in words; an unknown one as main named it. */
function partWords(part: string): string {
  const [kind, , symbol] = part.split(':')
  if (kind === 'openOrders' && symbol) return t('market.fresh.parts.openOrders', { symbol: symbol.toUpperCase() })
  if (kind === 'balances' || kind === 'futuresOpenOrders' || kind === 'futuresAccount')
    return t(`market.fresh.parts.${kind}`)
  return part
}
const LINK_DOWN = new Set<ConnectionState>(['offline', 'unauthorized', 'reconnecting'])

/** The market data of one module of `profileId`, from the link state and main's last status. */
export function marketFreshness(
  link: ConnectionState,
  s: StatusView | null,
  profileId: string | null,
  module: Gateway,
  now: number
): Freshness {
  const f = s?.feeds.find((x) => x.module === module)
  const age = f?.lastFrameAt ? now - f.lastFrameAt : null
  if (LINK_DOWN.has(link)) return down(age, t('market.fresh.linkDown'))
  // Nothing yet, or the status of the profile this window just left.
  if (!s || (profileId !== null && s.profileId !== profileId)) return loading(t('market.fresh.loading'))
  if (now - s.at > STATUS_STALL_MS)
    return stale(age ?? now - s.at, t('market.fresh.noWord', { seconds: secs(now - s.at) }))
  if (!f || f.state === 'idle' || (f.state === 'connecting' && f.reconnects === 0 && !f.lastError))
    return loading(t('market.fresh.connecting'))
  if (f.state === 'open') return live(age)
  const feed = t(`market.fresh.feeds.${module}`)
  // The feed's last error is main's (its words, in English).
  if (f.state === 'stale' || f.lastError?.startsWith('stale'))
    return stale(age, t('market.fresh.feedSilent', { feed, error: f.lastError ?? t('market.fresh.stale') }))
  const state = t(`status.feedStates.${f.state}`)
  return down(
    age,
    f.lastError
      ? t('market.fresh.feedDownError', { feed, state, error: f.lastError })
      : t('market.fresh.feedDown', { feed, state })
  )
}

/**
 * The polled account (balances, orders, positions): stale while a part's poll fails, disconnected when REST is down.
 */
export function accountFreshness(
  link: ConnectionState,
  s: StatusView | null,
  profileId: string | null,
  failing: readonly string[],
  now: number
): Freshness {
  const lastOk = s?.rest.lastOkAt ?? null
  const age = lastOk === null ? null : now - lastOk
  if (LINK_DOWN.has(link)) return down(age, t('market.fresh.linkDown'))
  if (!failing.length) return live()
  const what = t('market.fresh.polling', { parts: failing.map(partWords).join(t('market.fresh.partsJoin')) })
  if (
    s &&
    (profileId === null || s.profileId === profileId) &&
    (s.rest.lastError === 'network error' || s.rest.lastError === 'timeout')
  )
    return down(age, t('market.fresh.exchangeDown', { what, error: s.rest.lastError }))
  return stale(age, what)
}

/** The worse of two: disconnected, then stale, then loading, then live. */
export function worst(a: Freshness, b: Freshness): Freshness {
  const rank: Record<FreshState, number> = { live: 0, loading: 1, stale: 2, disconnected: 3 }
  return rank[b.state] > rank[a.state] ? b : a
}

export const isStale = (f: Freshness): boolean => f.state === 'stale' || f.state === 'disconnected'

export const useFreshnessStore = defineStore('freshness', () => {
  const status = useStatusStore()
  const profiles = useProfilesStore()
  const account = useAccountStore()
  const spot = computed(() => marketFreshness(status.link, status.last, profiles.activeId, 'spot', status.now))
  const futures = computed(() => marketFreshness(status.link, status.last, profiles.activeId, 'futures', status.now))
  const private_ = computed(() =>
    accountFreshness(
      status.link,
      status.last,
      profiles.activeId,
      account.errors.map((e) => e.part),
      status.now
    )
  )
  /** The venue answers (REST or a feed), as of the last status of the window's profile: what stores retry on. */
  const venueUp = computed(() => {
    const s = status.last
    if (!s || status.link !== 'connected' || (profiles.activeId !== null && s.profileId !== profiles.activeId))
      return false
    return s.feeds.some((f) => f.state === 'open') || (s.rest.lastOkAt !== null && !s.rest.lastError)
  })
  const market = (module: Gateway): Freshness => (module === 'futures' ? futures.value : spot.value)
  return { spot, futures, account: private_, venueUp, market }
})
