// Main's preferences for the frame's component tests: one store shared by every window of a test (as main is),
// checking every write with the contract's own schemas (a renderer bug that sends a bad value fails the test the
// way main would refuse it), keeping only the keys set, importing an older build's values once.
import { ContractError } from '@shared/ipc/contract-kit'
import {
  DEFAULT_APP_PREFERENCES,
  DEFAULT_PROFILE_PREFERENCES,
  importLegacyInput,
  setPreferencesInput,
  type AppPreferencesPatch,
  type ProfilePreferencesPatch
} from '@shared/ipc/schemas/preferences'
import type { ImportLegacyView, PreferencesView } from '@shared/ipc/views/preferences'
import { PAPER } from './fixtures'

export function fakePreferences(activeId: string = PAPER.id) {
  const state = {
    app: {} as AppPreferencesPatch,
    profiles: {} as Record<string, ProfilePreferencesPatch>,
    legacyImported: false
  }
  const listeners = new Set<() => void>()
  const view = (profileId: string | null = activeId): PreferencesView => ({
    app: structuredClone({ ...DEFAULT_APP_PREFERENCES, ...state.app }),
    profileId,
    profile: structuredClone({ ...DEFAULT_PROFILE_PREFERENCES, ...(profileId ? state.profiles[profileId] : {}) }),
    legacyImported: state.legacyImported
  })
  const refuse = (e: { issues: { path: PropertyKey[]; message: string }[] }): never => {
    const issue = e.issues[0]!
    throw new ContractError({
      code: 'invalid-input',
      message: `preferences: invalid input field '${issue.path.join('.')}': ${issue.message}`,
      field: issue.path.join('.')
    })
  }
  const tell = (): void => listeners.forEach((l) => l())
  return {
    state,
    /** What main holds now (defaults filled in), of the active profile. */
    view,
    listeners,
    get: (i: { profileId?: string | undefined }): PreferencesView => view(i.profileId ?? activeId),
    set(input: unknown): PreferencesView {
      const r = setPreferencesInput.safeParse(input)
      if (!r.success) return refuse(r.error)
      const id = r.data.profileId ?? activeId
      if (r.data.app) Object.assign(state.app, structuredClone(r.data.app))
      if (r.data.profile) state.profiles[id] = { ...state.profiles[id], ...structuredClone(r.data.profile) }
      tell()
      return view(id)
    },
    importLegacy(input: unknown): ImportLegacyView {
      const r = importLegacyInput.safeParse(input)
      if (!r.success) return refuse(r.error)
      if (state.legacyImported) return { imported: false, preferences: view() }
      state.legacyImported = true
      state.app = { ...r.data.app, ...state.app }
      state.profiles[activeId] = { ...r.data.profile, ...state.profiles[activeId] }
      tell()
      return { imported: true, preferences: view() }
    }
  }
}
export type FakePreferences = ReturnType<typeof fakePreferences>
