// Preferences as a window sees them: the app's, and those of one profile (see schemas/preferences.ts for which
// are which, and why).
import type { AppPreferences, ProfilePreferences } from '../schemas/preferences'

export type { AppPreferences, ProfilePreferences } from '../schemas/preferences'

export interface PreferencesView {
  app: AppPreferences
  /** The profile `profile` belongs to (the named or the active one); null when there is no profile. */
  profileId: string | null
  profile: ProfilePreferences
  /** Whether what an older build left in a page's storage was taken (it is taken once). */
  legacyImported: boolean
}

export interface ImportLegacyView {
  /** False when an earlier window (or run) imported already: nothing was changed. */
  imported: boolean
  preferences: PreferencesView
}
