// The user's preferences, owned by main: one small JSON file in the user-data folder (preferences.json), replaced
// atomically, so every window of every run (Electron, or the browser host on any port) reads the same values.
// Only keys the user set are stored (the rest are defaults), so an import of what an older build left in a page's
// storage fills only what was never set since. Changes are applied one after another: each is on disk before it is
// answered and told to the windows following it (preferences.onChange), so other windows follow at once.
// A file that cannot be read whole is kept aside as `<file>.unreadable-<time>`, what could be read is kept, and the
// user is told (a startup notice): nothing is reset without a word.
import { existsSync, readFileSync, renameSync } from 'node:fs'
import type { z } from 'zod'
import type { LanguageChoice } from '@shared/i18n/locales'
import {
  appPreferencesShape,
  DEFAULT_APP_PREFERENCES,
  DEFAULT_PROFILE_PREFERENCES,
  profilePreferencesShape,
  type AppPreferencesPatch,
  type ProfilePreferencesPatch
} from '@shared/ipc/schemas/preferences'
import type * as S from '@shared/ipc/schemas/preferences'
import type { ImportLegacyView, PreferencesView } from '@shared/ipc/views/preferences'
import { writeFileAtomic } from '../vault/atomic-file'
import { ServiceError } from './errors'

interface Stored {
  version: 1
  legacyImported: boolean
  app: AppPreferencesPatch
  profiles: Record<string, ProfilePreferencesPatch>
}

export interface PreferencesServiceOptions {
  /** `<userData>/preferences.json` */
  file: string
  log: (line: string) => void
  /** Every profile's id (an import fills each: an older build had one set for all of them). */
  profileIds(): string[]
  /** The named profile's id, or the active one's; throws when there is none or it does not exist. */
  resolveId(named?: string): string
  activeId(): string | null
  /** Told whenever the profiles or the active one may have changed; returns its remover. */
  onProfilesChange(listener: () => void): () => void
  /** Takes every secret out of what is written (a value typed by the user could hold one). */
  scrub?: <T>(value: T) => T
}

/** What was kept aside at start, for the user's notice. */
export interface PreferencesRecovery {
  keptAt: string
  /** `app.theme: must be dark or light`, ... (what could not be read; everything else was kept). */
  dropped: string[]
}

type Listener = { profileId: string | null; emit: (v: PreferencesView) => void }

export class PreferencesService {
  readonly #o: PreferencesServiceOptions
  #state: Stored
  readonly recovery: PreferencesRecovery | null
  readonly #listeners = new Set<Listener>()
  readonly #languageListeners = new Set<(choice: LanguageChoice) => void>()
  #queue: Promise<unknown> = Promise.resolve()

  constructor(o: PreferencesServiceOptions) {
    this.#o = o
    const { state, recovery } = load(o.file, o.log)
    this.#state = state
    this.recovery = recovery
    if (recovery) this.#enqueue(async () => this.#write(this.#state)).catch(() => undefined) // keep what was readable
  }

  get(i: z.output<typeof S.preferencesRef>): PreferencesView {
    return this.#view(i.profileId !== undefined ? this.#o.resolveId(i.profileId) : this.#o.activeId())
  }

  /** Sets the given keys (app-wide and/or of the named or active profile); answers once they are on disk. */
  set(i: z.output<typeof S.setPreferencesInput>): Promise<PreferencesView> {
    const profileId =
      i.profile !== undefined || i.profileId !== undefined ? this.#o.resolveId(i.profileId) : this.#o.activeId()
    return this.#enqueue(async () => {
      const next = structuredClone(this.#state)
      if (i.app) Object.assign(next.app, i.app)
      if (i.profile && profileId !== null) next.profiles[profileId] = { ...next.profiles[profileId], ...i.profile }
      await this.#commit(next, i.app ? null : profileId)
      return this.#view(profileId)
    })
  }

  /**
   * Takes an older build's values once: each fills only a key never set here (app-wide, and of every profile), so
   * nothing the user chose since is overwritten. A second import (another window, another old origin) changes nothing.
   */
  importLegacy(i: z.output<typeof S.importLegacyInput>): Promise<ImportLegacyView> {
    return this.#enqueue(async () => {
      const profileId = i.profileId !== undefined ? this.#o.resolveId(i.profileId) : this.#o.activeId()
      if (this.#state.legacyImported) return { imported: false, preferences: this.#view(profileId) }
      const next = structuredClone(this.#state)
      next.legacyImported = true
      next.app = { ...i.app, ...next.app }
      for (const id of this.#o.profileIds()) next.profiles[id] = { ...i.profile, ...next.profiles[id] }
      await this.#commit(next, null)
      this.#o.log(
        `preferences: imported what an older build kept in the page's storage (${[...Object.keys(i.app), ...Object.keys(i.profile)].join(', ') || 'nothing'})`
      )
      return { imported: true, preferences: this.#view(profileId) }
    })
  }

  /** The view now and after every change; for the named profile, or the active one (following it when it changes). */
  onChange(named: string | undefined, emit: (v: PreferencesView) => void): () => void {
    const l: Listener = { profileId: named !== undefined ? this.#o.resolveId(named) : this.#o.activeId(), emit }
    this.#listeners.add(l)
    emit(this.#view(l.profileId))
    if (named !== undefined) return () => this.#listeners.delete(l)
    const off = this.#o.onProfilesChange(() => {
      const now = this.#o.activeId()
      if (now === l.profileId || !this.#listeners.has(l)) return
      l.profileId = now
      emit(this.#view(now))
    })
    return () => {
      off()
      this.#listeners.delete(l)
    }
  }

  /** The user's language choice (app.language): what main's own words on screen follow (the desktop menu). */
  language(): LanguageChoice {
    return this.#state.app.language ?? DEFAULT_APP_PREFERENCES.language
  }

  /** Told the language choice whenever it changes; returns its remover. */
  onLanguage(listener: (choice: LanguageChoice) => void): () => void {
    this.#languageListeners.add(listener)
    return () => this.#languageListeners.delete(listener)
  }

  /** A removed profile's preferences go with it. */
  forgetProfile(profileId: string): Promise<void> {
    return this.#enqueue(async () => {
      if (!(profileId in this.#state.profiles)) return
      const next = structuredClone(this.#state)
      delete next.profiles[profileId]
      await this.#commit(next, undefined)
    })
  }

  /** Resolves once every change asked so far is on disk (or failed). */
  flushed(): Promise<void> {
    return this.#queue.then(
      () => undefined,
      () => undefined
    )
  }

  #view(profileId: string | null): PreferencesView {
    const own = profileId !== null ? this.#state.profiles[profileId] : undefined
    return {
      app: { ...structuredClone(DEFAULT_APP_PREFERENCES), ...structuredClone(this.#state.app) },
      profileId,
      profile: { ...structuredClone(DEFAULT_PROFILE_PREFERENCES), ...structuredClone(own ?? {}) },
      legacyImported: this.#state.legacyImported
    }
  }

  /** Writes `next`, then makes it the state and tells the windows it concerns: all (null), one profile's, or none. */
  async #commit(next: Stored, concerns: string | null | undefined): Promise<void> {
    await this.#write(next)
    const language = this.language()
    this.#state = next
    if (this.language() !== language)
      for (const l of [...this.#languageListeners]) {
        try {
          l(this.language())
        } catch (e) {
          this.#o.log(`preferences: a language listener failed: ${(e as Error).message}`)
        }
      }
    if (concerns === undefined) return
    for (const l of [...this.#listeners])
      if (concerns === null || l.profileId === concerns) l.emit(this.#view(l.profileId))
  }

  async #write(s: Stored): Promise<void> {
    try {
      await writeFileAtomic(this.#o.file, `${JSON.stringify(this.#o.scrub ? this.#o.scrub(s) : s, null, 1)}\n`)
    } catch (e) {
      this.#o.log(`preferences: could not write ${this.#o.file}: ${(e as Error).message}`)
      const code = (e as NodeJS.ErrnoException).code
      throw new ServiceError(
        'preferences-file',
        code === undefined
          ? { key: 'main.preferences.notSavedUnknown' }
          : { key: 'main.preferences.notSaved', params: { error: code } }
      )
    }
  }

  /** One change at a time, each from the state the last one left. */
  #enqueue<T>(work: () => Promise<T>): Promise<T> {
    const run = this.#queue.then(work, work)
    this.#queue = run.catch(() => undefined)
    return run
  }
}

/**
 * The language choice in a preferences file, read on its own (the desktop shell's words when the terminal could not
 * start); 'auto' when the file is missing or does not say.
 */
export function readLanguageChoice(file: string): LanguageChoice {
  try {
    const raw = JSON.parse(readFileSync(file, 'utf8')) as unknown
    const app = isObject(raw) && isObject(raw['app']) ? raw['app'] : {}
    const r = appPreferencesShape.language.safeParse(app['language'])
    return r.success ? r.data : 'auto'
  } catch {
    return 'auto'
  }
}

function load(file: string, log: (line: string) => void): { state: Stored; recovery: PreferencesRecovery | null } {
  const state: Stored = { version: 1, legacyImported: false, app: {}, profiles: {} }
  if (!existsSync(file)) return { state, recovery: null }
  const dropped: string[] = []
  try {
    const raw = JSON.parse(readFileSync(file, 'utf8')) as unknown
    if (!isObject(raw) || raw['version'] !== 1) throw new Error(`not a version 1 preferences file`)
    state.legacyImported = raw['legacyImported'] === true
    state.app = readKeys(raw['app'], appPreferencesShape, 'app', dropped)
    const profiles = isObject(raw['profiles']) ? raw['profiles'] : {}
    for (const [id, v] of Object.entries(profiles))
      state.profiles[id] = readKeys(v, profilePreferencesShape, `profiles.${id}`, dropped)
  } catch (e) {
    dropped.push(`the whole file: ${(e as Error).message}`)
  }
  if (!dropped.length) return { state, recovery: null }
  const keptAt = `${file}.unreadable-${new Date().toISOString().replace(/[:.]/g, '-')}`
  try {
    renameSync(file, keptAt)
  } catch (e) {
    log(`preferences: could not keep ${file} aside: ${(e as Error).message}`)
  }
  log(`preferences: ${file} was kept aside as ${keptAt}; not read: ${dropped.join('; ')}`)
  return { state, recovery: { keptAt, dropped } }
}

/** Each key checked on its own: a bad or unknown one is dropped (and named), the others kept. */
function readKeys<T extends Record<string, z.ZodType>>(
  raw: unknown,
  shape: T,
  where: string,
  dropped: string[]
): Partial<{ [K in keyof T]: z.output<T[K]> }> {
  const out: Record<string, unknown> = {}
  if (!isObject(raw)) {
    if (raw !== undefined) dropped.push(`${where}: must be an object`)
    return out as never
  }
  for (const [k, v] of Object.entries(raw)) {
    const rule = Object.prototype.hasOwnProperty.call(shape, k) ? shape[k] : undefined
    const r = rule?.safeParse(v)
    if (r?.success) out[k] = r.data
    else dropped.push(`${where}.${k}: ${r ? (r.error.issues[0]?.message ?? 'invalid') : 'unknown preference'}`)
  }
  return out as never
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v)
