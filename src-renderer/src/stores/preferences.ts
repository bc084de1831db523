// The user's preferences as main keeps them (preferences.json in the user-data folder: the same in every window and
// every run, in Electron and in the browser host on any port; see src-shared/ipc/schemas/preferences.ts for which
// are app-wide and which per profile, and why). Read before the first paint (main.ts awaits load()), then followed
// (preferences.onChange), so other windows follow at once. A change shows at once and is written through main; a
// key being written is not overwritten by older news meanwhile, and once its write settles main's value is shown:
// a refusal (told as an error) puts main's value back. The per-profile part is the window's profile's: emptied the
// moment the window switches, filled with the new profile's as main answers.
import { defineStore } from 'pinia'
import { computed, ref, watch } from 'vue'
import {
  DEFAULT_APP_PREFERENCES,
  DEFAULT_PROFILE_PREFERENCES,
  type AppPreferences,
  type AppPreferencesPatch,
  type ProfilePreferences,
  type ProfilePreferencesPatch
} from '@shared/ipc/schemas/preferences'
import type { PreferencesView } from '@shared/ipc/views/preferences'
import { t } from '../i18n'
import { liveSubscribe } from '../services/live'
import { terminal } from '../services/terminal'
import { useFeedbackStore } from './feedback'
import { markLegacyImported, readLegacyPreferences } from './legacy-preferences'
import { useProfilesStore } from './profiles'

export type Theme = AppPreferences['theme']

/** How long the first paint waits for main's values before showing the defaults (they follow when main answers). */
const LOAD_WAIT_MS = 3000

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b)

export const usePreferencesStore = defineStore('preferences', () => {
  const app = ref<AppPreferences>(structuredClone(DEFAULT_APP_PREFERENCES))
  const profile = ref<ProfilePreferences>(structuredClone(DEFAULT_PROFILE_PREFERENCES))
  /** The profile `profile` is of; null before main said. */
  const profileId = ref<string | null>(null)
  /** Main's values of `profileId` have arrived (false right after a switch). */
  const profileReady = ref(false)
  const loaded = ref(false)
  /** Main's last word for the window's profile. */
  let truth: PreferencesView | null = null
  /** Writes in flight by key (`app.theme`, `<profileId>.favourites`). */
  const pending = new Map<string, number>()
  let off: (() => void) | null = null

  const slotOf = (scope: 'app' | string, key: string): string => `${scope}.${key}`

  function merge<T extends object>(into: T, from: T, scope: string): void {
    const target = into as Record<string, unknown>
    for (const [k, v] of Object.entries(from))
      if (!pending.has(slotOf(scope, k)) && !same(target[k], v)) target[k] = structuredClone(v)
  }

  function apply(v: PreferencesView): void {
    if (profileId.value !== null && v.profileId !== profileId.value) return // another profile's: the window switched
    truth = v
    profileId.value = v.profileId
    merge(app.value, v.app, 'app')
    if (v.profileId !== null) merge(profile.value, v.profile, String(v.profileId))
    profileReady.value = true
    loaded.value = true
  }

  function write(patch: { app: AppPreferencesPatch } | { profile: ProfilePreferencesPatch }): void {
    // Without a profile known yet, main sets its active profile's (the one this window is served).
    const id = profileId.value
    const scope = 'app' in patch ? 'app' : String(id)
    const values = 'app' in patch ? patch.app : patch.profile
    Object.assign('app' in patch ? app.value : profile.value, structuredClone(values))
    const slots = Object.keys(values).map((k) => slotOf(scope, k))
    for (const s of slots) pending.set(s, (pending.get(s) ?? 0) + 1)
    const settle = (v: PreferencesView | null): void => {
      for (const s of slots) {
        const n = (pending.get(s) ?? 1) - 1
        if (n > 0) pending.set(s, n)
        else pending.delete(s)
      }
      if (v) apply(v)
      else if (truth) apply(truth) // refused: main's value back
    }
    terminal()
      .invoke(
        'preferences.set',
        'app' in patch ? { app: patch.app } : { profile: patch.profile, ...(id ? { profileId: id } : {}) }
      )
      .then(settle, (e: unknown) => {
        useFeedbackStore().error(e, t('app.preferences.notSaved'))
        settle(null)
      })
  }
  const setApp = (patch: AppPreferencesPatch): void => write({ app: patch })
  const setProfile = (patch: ProfilePreferencesPatch): void => write({ profile: patch })

  function follow(): void {
    off?.()
    const id = profileId.value
    off = liveSubscribe('preferences.onChange', id ? { profileId: id } : {}, apply)
  }

  /**
   * Main's values, before the first paint (waiting at most LOAD_WAIT_MS), then followed; an old build's imported once.
   */
  async function load(): Promise<void> {
    let timer: ReturnType<typeof setTimeout> | undefined
    const timeout = new Promise<null>((r) => (timer = setTimeout(() => r(null), LOAD_WAIT_MS)))
    const got = await Promise.race([
      terminal()
        .invoke('preferences.get', {})
        .catch(() => null),
      timeout
    ])
    clearTimeout(timer)
    if (got) {
      apply(got)
      await importLegacy(got)
    }
    follow()
  }

  async function importLegacy(v: PreferencesView): Promise<void> {
    // imported from another window or origin
    if (v.legacyImported) return void (readLegacyPreferences() && markLegacyImported())
    const old = readLegacyPreferences()
    if (!old) return
    try {
      const r = await terminal().invoke('preferences.importLegacy', {
        app: old.app,
        profile: old.profile,
        ...(v.profileId ? { profileId: v.profileId } : {})
      })
      markLegacyImported()
      apply(r.preferences)
      if (r.imported && old.skipped.length)
        useFeedbackStore().warn(t('app.preferences.legacySkipped'), old.skipped.join('; '))
    } catch (e) {
      useFeedbackStore().error(e, t('app.preferences.legacyFailed'))
    }
  }

  // The window's profile changed: its per-profile values are another profile's until main tells them.
  watch(
    () => useProfilesStore().activeId,
    (now) => {
      if (now === null || now === profileId.value || profileId.value === null) return
      profileId.value = now
      profileReady.value = false
      truth = null
      profile.value = structuredClone(DEFAULT_PROFILE_PREFERENCES)
      if (off) follow()
    },
    { flush: 'sync' }
  )

  const setting = <
    K extends
      | 'theme'
      | 'palette'
      | 'language'
      | 'confirmOrders'
      | 'shortcuts'
      | 'notifyFills'
      | 'alertSound'
      | 'priceGuardPct'
      | 'slippageGuard'
  >(
    k: K
  ) => computed<AppPreferences[K]>({ get: () => app.value[k], set: (v) => setApp({ [k]: v } as AppPreferencesPatch) })

  return {
    app,
    profile,
    profileId,
    profileReady,
    loaded,
    load,
    setApp,
    setProfile,
    theme: setting('theme'),
    palette: setting('palette'),
    language: setting('language'),
    confirmOrders: setting('confirmOrders'),
    priceGuardPct: setting('priceGuardPct'),
    slippageGuard: setting('slippageGuard'),
    shortcuts: setting('shortcuts'),
    notifyFills: setting('notifyFills'),
    alertSound: setting('alertSound')
  }
})
