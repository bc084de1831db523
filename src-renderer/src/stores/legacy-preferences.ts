// What an older build kept in the page's localStorage (before main owned the preferences), read once for
// preferences.importLegacy. Each value is checked by the contract's own rule for its key; one that fails is named
// (skipped), never sent. Afterwards this origin is marked imported, so it is never read again; the old keys are
// left as they were.
import type { z } from 'zod'
import {
  appPreferencesShape,
  DEFAULT_APP_PREFERENCES,
  profilePreferencesShape,
  type AppPreferencesPatch,
  type ProfilePreferencesPatch
} from '@shared/ipc/schemas/preferences'
import { t } from '../i18n'

export const LEGACY_IMPORTED_KEY = 'chtrader.preferencesImported'
const MONITOR_PREFIX = 'chtrader.monitor.'

export interface LegacyPreferences {
  app: AppPreferencesPatch
  profile: ProfilePreferencesPatch
  /** `favourites: must list …`: what could not be taken, and why. */
  skipped: string[]
}

const storage = (): Storage | undefined => globalThis.localStorage

const field = (v: unknown, k: string): unknown =>
  v !== null && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined

/** The old values, or null when this origin holds none or was imported already. */
export function readLegacyPreferences(): LegacyPreferences | null {
  const s = storage()
  if (!s || s.getItem(LEGACY_IMPORTED_KEY) !== null) return null
  const app: Record<string, unknown> = {}
  const profile: Record<string, unknown> = {}
  const skipped: string[] = []
  const json = (key: string): unknown => {
    const raw = s.getItem(key)
    if (raw === null) return undefined
    try {
      return JSON.parse(raw) as unknown
    } catch {
      skipped.push(t('app.preferences.legacyNotJson', { key }))
      return undefined
    }
  }
  const take = (into: Record<string, unknown>, shape: Record<string, z.ZodType>, key: string, value: unknown): void => {
    if (value === undefined) return
    const r = shape[key]!.safeParse(value)
    if (r.success) into[key] = r.data
    // The rule's own words (the schema's, in English) name what is wrong.
    else skipped.push(t('app.preferences.legacyInvalid', { key, problem: r.error.issues[0]?.message ?? 'invalid' }))
  }
  const prefs = json('chtrader.preferences')
  for (const k of ['theme', 'confirmOrders', 'shortcuts'] as const) take(app, appPreferencesShape, k, field(prefs, k))
  const notify = s.getItem('chtrader.notifications')
  if (notify !== null)
    take(app, appPreferencesShape, 'notifyFills', notify === 'on' ? true : notify === 'off' ? false : notify)
  const layout = json('chtrader.layout')
  if (layout !== undefined)
    take(app, appPreferencesShape, 'layout', {
      ...DEFAULT_APP_PREFERENCES.layout,
      ...(typeof layout === 'object' ? layout : {})
    })
  const tab = s.getItem('chtrader.bottomTab')
  if (tab !== null) take(app, appPreferencesShape, 'bottomTab', tab)
  const market = json('chtrader.market')
  take(app, appPreferencesShape, 'interval', field(market, 'interval'))
  take(profile, profilePreferencesShape, 'bookSteps', field(market, 'steps'))
  take(app, appPreferencesShape, 'openWindows', field(json('chtrader.windows'), 'routes'))
  take(app, appPreferencesShape, 'toldNotices', json('chtrader.startupNoticesTold'))
  take(profile, profilePreferencesShape, 'favourites', json('chtrader.favourites'))
  const last = json('chtrader.lastMarket')
  if (last !== undefined)
    take(profile, profilePreferencesShape, 'lastMarket', {
      module: field(last, 'module'),
      symbols: field(last, 'symbols') ?? {}
    })
  const monitors: Record<string, unknown> = {}
  for (let i = 0; i < s.length; i++) {
    const k = s.key(i)
    if (k?.startsWith(MONITOR_PREFIX)) monitors[k.slice(MONITOR_PREFIX.length)] = json(k)
  }
  if (Object.keys(monitors).length) take(profile, profilePreferencesShape, 'monitors', monitors)
  if (!Object.keys(app).length && !Object.keys(profile).length && !skipped.length) return null
  return { app: app as AppPreferencesPatch, profile: profile as ProfilePreferencesPatch, skipped }
}

export function markLegacyImported(): void {
  storage()?.setItem(LEGACY_IMPORTED_KEY, new Date().toISOString())
}
