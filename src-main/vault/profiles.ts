// Profile metadata (no secrets) in <userData>/profiles.json, versioned and written atomically.
// Secrets of a profile live in the SecretStore under the same id; removing a profile removes both.
import { randomUUID } from 'node:crypto'
import { readFile, rename } from 'node:fs/promises'
import { join } from 'node:path'
import { z } from 'zod'
import type { Words } from '../../src-shared/i18n/words'
import { unencryptedProblem } from '../../src-shared/ipc/schemas/profile-transport'
import { writeFileAtomic } from './atomic-file'
import type { SecretStore } from './secret-store'

export const PROFILES_FILE = 'profiles.json'
export const PROFILES_FILE_VERSION = 1
/** The embedded exchange listens on a free port chosen at each start, so its profile stores this placeholder
 *  for all three URLs and the main process substitutes the live ones when it starts the exchange. */
export const EMBEDDED_URL = 'embedded://local'

export type ProfileKind = 'embedded' | 'remote'

export interface Profile {
  readonly id: string
  readonly name: string
  readonly kind: ProfileKind
  readonly baseUrl: string
  readonly wsSpotUrl: string
  readonly wsFuturesUrl: string
  /** The user's explicit override of the rule that a remote exchange on another machine is reached over TLS. */
  readonly allowUnencrypted: boolean
  /** ISO 8601 */
  readonly createdAt: string
}

export interface NewProfile {
  name: string
  kind: ProfileKind
  baseUrl: string
  wsSpotUrl: string
  wsFuturesUrl: string
  allowUnencrypted?: boolean
  /** Normally generated; the vault passes one to store secrets before the profile is written. */
  id?: string
}

export type ProfilePatch = Partial<
  Pick<Profile, 'name' | 'baseUrl' | 'wsSpotUrl' | 'wsFuturesUrl' | 'allowUnencrypted'>
>
const PATCHABLE = new Set(['name', 'baseUrl', 'wsSpotUrl', 'wsFuturesUrl', 'allowUnencrypted'])

/**
 * A profile field is invalid; `field` names it so the UI can point at the input. `words`: the problem in catalog
 * words, where the vault has them (a schema's field rule is told in English).
 */
export class ProfileValidationError extends Error {
  override readonly name = 'ProfileValidationError'
  constructor(
    readonly field: string,
    problem: string,
    readonly words?: Words
  ) {
    super(`${field}: ${problem}`)
  }
}

export class ProfileNotFoundError extends Error {
  override readonly name = 'ProfileNotFoundError'
  readonly words: Words
  constructor(readonly profileId: string) {
    super(`No profile with id ${profileId}`)
    this.words = { key: 'main.profiles.notFound', params: { id: profileId } }
  }
}

/** profiles.json cannot be used as is and was left untouched (e.g. written by a newer version). */
export class ProfilesFileError extends Error {
  override readonly name = 'ProfilesFileError'
  constructor(
    message: string,
    readonly words?: Words
  ) {
    super(message)
  }
}

/** What happened to a corrupt profiles.json: moved aside, never silently dropped. */
export interface CorruptFileReport {
  backupPath: string
  reason: string
}

const CONTROL = /\p{Cc}/u

function urlOf(protocols: readonly string[], label: string) {
  return z
    .string()
    .trim()
    .max(2048, 'must be at most 2048 characters')
    .refine((v) => {
      try {
        const u = new URL(v)
        return protocols.includes(u.protocol) && u.hostname !== ''
      } catch {
        return false
      }
    }, `must be an absolute ${label} URL`)
}

const embeddedUrl = z.literal(
  EMBEDDED_URL,
  `must be ${EMBEDDED_URL} (the embedded exchange's address is set at runtime)`
)

const common = {
  id: z.uuid('must be a UUID'),
  name: z
    .string()
    .trim()
    .min(1, 'must not be empty')
    .max(64, 'must be at most 64 characters')
    .refine((v) => !CONTROL.test(v), 'must not contain control characters'),
  // Files written before the override existed have none: off.
  allowUnencrypted: z.boolean('must be true or false').default(false),
  createdAt: z.iso.datetime('must be an ISO 8601 date-time')
}

const ProfileSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({
      ...common,
      kind: z.literal('remote'),
      baseUrl: urlOf(['http:', 'https:'], 'http(s)'),
      wsSpotUrl: urlOf(['ws:', 'wss:'], 'ws(s)'),
      wsFuturesUrl: urlOf(['ws:', 'wss:'], 'ws(s)')
    }),
    z.object({
      ...common,
      kind: z.literal('embedded'),
      baseUrl: embeddedUrl,
      wsSpotUrl: embeddedUrl,
      wsFuturesUrl: embeddedUrl
    })
  ],
  "must be 'embedded' or 'remote'"
)

const FileSchema = z.object({
  version: z.literal(PROFILES_FILE_VERSION),
  profiles: z.array(ProfileSchema),
  activeProfileId: z.uuid().nullable()
})

interface State {
  profiles: Profile[]
  activeProfileId: string | null
}

function firstIssue(error: z.ZodError): ProfileValidationError {
  const issue = error.issues[0]!
  return new ProfileValidationError(issue.path.join('.') || 'profile', issue.message)
}

/** A profile being added or changed (a file is loaded as it is: a profile from before the rule keeps working). */
function parseProfile(input: unknown): Profile {
  const r = ProfileSchema.safeParse(input)
  if (!r.success) throw firstIssue(r.error)
  if (r.data.kind === 'remote' && !r.data.allowUnencrypted) {
    for (const field of ['baseUrl', 'wsSpotUrl', 'wsFuturesUrl'] as const) {
      const problem = unencryptedProblem(r.data[field])
      if (problem) throw new ProfileValidationError(field, problem)
    }
  }
  return Object.freeze(r.data)
}

const sameName = (a: string, b: string): boolean => a.localeCompare(b, undefined, { sensitivity: 'accent' }) === 0

/** The invariants the schema cannot see, checked on load and before every write. */
function checkState(s: State): void {
  const ids = new Set<string>()
  s.profiles.forEach((p, i) => {
    if (ids.has(p.id)) throw new ProfileValidationError(`profiles.${i}.id`, `duplicate id ${p.id}`)
    ids.add(p.id)
    if (s.profiles.some((q, j) => j < i && sameName(q.name, p.name)))
      throw new ProfileValidationError('name', `a profile named "${p.name}" already exists`, {
        key: 'main.profiles.nameTaken',
        params: { name: p.name }
      })
  })
  if (s.profiles.filter((p) => p.kind === 'embedded').length > 1)
    throw new ProfileValidationError('kind', 'there is already an embedded exchange profile', {
      key: 'main.profiles.embeddedExists'
    })
  if (s.activeProfileId !== null && !ids.has(s.activeProfileId))
    throw new ProfileValidationError('activeProfileId', `no profile with id ${s.activeProfileId}`, {
      key: 'main.profiles.notFound',
      params: { id: s.activeProfileId }
    })
}

export class ProfileStore {
  readonly path: string
  /** Set when open() found a corrupt file and moved it aside; the UI should tell the user. */
  readonly recovery: CorruptFileReport | null
  readonly #secrets: SecretStore
  #state: State
  #queue: Promise<unknown> = Promise.resolve()

  private constructor(path: string, state: State, recovery: CorruptFileReport | null, secrets: SecretStore) {
    this.path = path
    this.#state = state
    this.recovery = recovery
    this.#secrets = secrets
  }

  static async open(userDataDir: string, secrets: SecretStore): Promise<ProfileStore> {
    const path = join(userDataDir, PROFILES_FILE)
    let text: string
    try {
      text = await readFile(path, 'utf8')
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return new ProfileStore(path, emptyState(), null, secrets)
      throw e // unreadable (permissions, I/O): not corrupt, so not ours to move
    }
    const parsed = parseFile(text)
    if ('state' in parsed) return new ProfileStore(path, parsed.state, null, secrets)
    const backupPath = `${path}.corrupt-${new Date().toISOString().replace(/[:.]/g, '-')}`
    await rename(path, backupPath)
    return new ProfileStore(path, emptyState(), { backupPath, reason: parsed.reason }, secrets)
  }

  list(): Profile[] {
    return [...this.#state.profiles]
  }

  find(profileId: string): Profile | undefined {
    return this.#state.profiles.find((p) => p.id === profileId)
  }

  get(profileId: string): Profile {
    const p = this.find(profileId)
    if (!p) throw new ProfileNotFoundError(profileId)
    return p
  }

  get activeProfileId(): string | null {
    return this.#state.activeProfileId
  }

  /** Adds a profile; the first profile becomes the active one. */
  add(input: NewProfile): Promise<Profile> {
    return this.#mutate((s) => {
      const p = parseProfile({
        ...pick(input),
        kind: input.kind,
        id: input.id ?? randomUUID(),
        createdAt: new Date().toISOString()
      })
      return [{ profiles: [...s.profiles, p], activeProfileId: s.activeProfileId ?? p.id }, p]
    })
  }

  /** Changes name or URLs; id, kind and createdAt are fixed. */
  update(profileId: string, patch: ProfilePatch): Promise<Profile> {
    return this.#mutate((s) => {
      for (const key of Object.keys(patch))
        if (!PATCHABLE.has(key)) throw new ProfileValidationError(key, 'cannot be changed')
      const old = s.profiles.find((p) => p.id === profileId)
      if (!old) throw new ProfileNotFoundError(profileId)
      const p = parseProfile({ ...old, ...pick(patch) })
      return [{ ...s, profiles: s.profiles.map((q) => (q.id === profileId ? p : q)) }, p]
    })
  }

  /** Deletes the keychain entry first: if the keychain is unavailable the profile stays, so no secret is
   *  ever orphaned where the UI can no longer reach it. */
  remove(profileId: string): Promise<void> {
    return this.#mutate(async (s) => {
      if (!s.profiles.some((p) => p.id === profileId)) throw new ProfileNotFoundError(profileId)
      await this.#secrets.delete(profileId)
      const profiles = s.profiles.filter((p) => p.id !== profileId)
      const activeProfileId = s.activeProfileId === profileId ? (profiles[0]?.id ?? null) : s.activeProfileId
      return [{ profiles, activeProfileId }, undefined]
    })
  }

  setActive(profileId: string | null): Promise<void> {
    return this.#mutate((s) => {
      if (profileId !== null && !s.profiles.some((p) => p.id === profileId)) throw new ProfileNotFoundError(profileId)
      return [{ ...s, activeProfileId: profileId }, undefined]
    })
  }

  /** One mutation at a time; memory changes only after the file is safely written. */
  #mutate<T>(change: (s: State) => [State, T] | Promise<[State, T]>): Promise<T> {
    const run = this.#queue.then(async () => {
      const [next, result] = await change(this.#state)
      checkState(next)
      await writeFileAtomic(this.path, `${JSON.stringify({ version: PROFILES_FILE_VERSION, ...next }, null, 2)}\n`)
      this.#state = next
      return result
    })
    this.#queue = run.catch(() => {})
    return run
  }
}

function emptyState(): State {
  return { profiles: [], activeProfileId: null }
}

/** Only the user-settable fields, so stray keys from IPC never reach the file. */
function pick(input: Partial<NewProfile>): Partial<NewProfile> {
  const out: Partial<NewProfile> = {}
  for (const k of ['name', 'baseUrl', 'wsSpotUrl', 'wsFuturesUrl'] as const)
    if (input[k] !== undefined) out[k] = input[k]
  if (input.allowUnencrypted !== undefined) out.allowUnencrypted = input.allowUnencrypted
  return out
}

function parseFile(text: string): { state: State } | { reason: string } {
  let raw: unknown
  try {
    raw = JSON.parse(text)
  } catch (e) {
    return { reason: `not valid JSON (${(e as Error).message})` }
  }
  const version = (raw as { version?: unknown } | null)?.version
  if (typeof version === 'number' && version > PROFILES_FILE_VERSION)
    throw new ProfilesFileError(
      `${PROFILES_FILE} has format version ${version}, newer than this app understands (${PROFILES_FILE_VERSION}); ` +
        'update the app. The file was left untouched.',
      {
        key: 'main.profiles.newerFile',
        params: { file: PROFILES_FILE, version, supported: PROFILES_FILE_VERSION }
      }
    )
  const r = FileSchema.safeParse(raw)
  if (!r.success) return { reason: firstIssue(r.error).message }
  const state: State = {
    profiles: r.data.profiles.map((p) => Object.freeze(p)),
    activeProfileId: r.data.activeProfileId
  }
  try {
    checkState(state)
  } catch (e) {
    return { reason: (e as Error).message }
  }
  return { state }
}
