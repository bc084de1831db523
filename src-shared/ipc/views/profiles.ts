// Profiles as the UI sees them: metadata and the masked key status, never a key.
import type { Words } from '../../i18n/words'
import type { Millis } from './common'

export interface ProfileView {
  id: string
  name: string
  kind: 'embedded' | 'remote'
  /** The embedded profile shows `embedded://local`: its port is chosen at each start. */
  baseUrl: string
  wsSpotUrl: string
  wsFuturesUrl: string
  /** Plain http/ws to another machine, allowed by the user's explicit override: the badge says UNENCRYPTED. */
  allowUnencrypted: boolean
  /** ISO 8601 */
  createdAt: string
}

export interface SecretStatusView {
  hasKeys: boolean
  /** 'abcd…wxyz' (at most 8 characters of the key), null without keys. */
  apiKeyMasked: string | null
  hasRsaKey: boolean
  /**
   * Where the keys are kept, so the UI says only what is true: the OS keychain, or main's memory for this session
   * (the paper profile when no keychain is available); null without keys.
   */
  keptIn: 'keychain' | 'session' | null
}

export interface ProfilesView {
  profiles: ProfileView[]
  activeProfileId: string | null
  /** A corrupt profiles.json moved aside at start, for the UI to report. */
  recovery: { backupPath: string; reason: string } | null
}

export interface ProfileAddedView {
  profile: ProfileView
  secretStatus: SecretStatusView
}

export interface AppInfoView {
  name: string
  version: string
  /** Loopback URL of the embedded exchange of this session. */
  embeddedExchangeUrl: string
  startedAt: Millis
  /** What the user must be told about how this session started (shown once, by the main window). */
  notices: StartupNoticeView[]
}

export interface StartupNoticeView {
  /** Unique to the event (it names the time), so a window reloaded in the same session does not tell it again. */
  id: string
  title: string
  text: string
  /** A folder or file the text names (kept data), for a copy action; null if none. */
  path: string | null
  /** Title and text in catalog words, for the UI to tell in its language (`title` and `text` are main's English). */
  words?: { title: Words; text: Words }
}
