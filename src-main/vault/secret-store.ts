// Where profile secrets live: the OS keychain through keytar, one entry per profile (account = profile id)
// holding JSON {apiKey, apiSecret, rsaPrivateKey?}. There is deliberately no file-based fallback: if the
// keychain cannot be used, every operation fails with KeychainUnavailableError and nothing is written.
import { z } from 'zod'
import type { Words } from '../../src-shared/i18n/words'

export interface ProfileSecrets {
  apiKey: string
  apiSecret: string
  rsaPrivateKey?: string
}

export interface SecretStore {
  /** The profile's secrets, or null when it has none. */
  get(profileId: string): Promise<ProfileSecrets | null>
  /** Replaces the profile's secrets. */
  set(profileId: string, secrets: ProfileSecrets): Promise<void>
  /** Deletes the profile's secrets; true when there were some. */
  delete(profileId: string): Promise<boolean>
}

export const KEYCHAIN_SERVICE = 'io.chtrader.terminal'

const HINT =
  'Secrets are never stored in plain text; start or unlock the system keyring (Secret Service such as ' +
  'gnome-keyring or KWallet on Linux, Keychain on macOS, Credential Manager on Windows) and try again.'

/** The OS keychain cannot be used (native module missing, no D-Bus, no Secret Service, locked, denied). */
export class KeychainUnavailableError extends Error {
  override readonly name = 'KeychainUnavailableError'
  /** The same in catalog words (the reason, the OS's, as it is). */
  readonly words: Words
  constructor(readonly reason: string) {
    super(`The OS keychain is not available: ${reason}. ${HINT}`)
    this.words = { key: 'main.keychain.unavailable', params: { reason } }
  }
}

/** The keychain answered, but the entry is not one we wrote. The message never quotes the entry. */
export class KeychainEntryUnreadableError extends Error {
  override readonly name = 'KeychainEntryUnreadableError'
  readonly words: Words
  constructor(readonly profileId: string) {
    super(`The keychain entry for profile ${profileId} is not readable; set the API keys again to replace it.`)
    this.words = { key: 'main.keychain.entryUnreadable', params: { id: profileId } }
  }
}

const EntrySchema = z.object({
  apiKey: z.string().min(1),
  apiSecret: z.string().min(1),
  rsaPrivateKey: z.string().min(1).optional()
})

function encode(s: ProfileSecrets): string {
  // Only the known fields, so nothing else a caller attached ends up in the keychain.
  const entry: ProfileSecrets = { apiKey: s.apiKey, apiSecret: s.apiSecret }
  if (s.rsaPrivateKey) entry.rsaPrivateKey = s.rsaPrivateKey
  return JSON.stringify(entry)
}

function decode(profileId: string, text: string): ProfileSecrets {
  let raw: unknown
  try {
    raw = JSON.parse(text)
  } catch {
    throw new KeychainEntryUnreadableError(profileId)
  }
  const parsed = EntrySchema.safeParse(raw)
  if (!parsed.success) throw new KeychainEntryUnreadableError(profileId)
  return parsed.data
}

function checkId(profileId: string): void {
  // keytar rejects an empty account itself; catching it here keeps it from passing as "keychain unavailable".
  if (typeof profileId !== 'string' || profileId === '') throw new TypeError('profileId must be a non-empty string')
}

export interface KeytarApi {
  getPassword(service: string, account: string): Promise<string | null>
  setPassword(service: string, account: string, password: string): Promise<void>
  deletePassword(service: string, account: string): Promise<boolean>
}
export type KeytarLoader = () => Promise<KeytarApi>

/** Lazy, so a missing or unbuildable native module surfaces as KeychainUnavailableError, not a crash at startup. */
export const loadKeytar: KeytarLoader = async () => {
  // keytar is CommonJS: under ESM its module.exports is the default export.
  const mod = (await import('keytar')) as unknown as Partial<KeytarApi> & { default?: KeytarApi }
  const api = mod.default ?? (mod as KeytarApi)
  if (typeof api?.getPassword !== 'function') throw new Error('keytar has no getPassword export')
  return api
}

function messageOf(e: unknown): string {
  const m = e instanceof Error ? e.message : String(e)
  return m.trim().replace(/\.$/, '') || 'unknown error'
}

/** Strips any secret value from a native error message: belt and braces, libsecret does not echo them. */
function scrub(message: string, secrets: readonly string[]): string {
  let out = message
  for (const s of secrets) if (s.length >= 4) out = out.split(s).join('[redacted]')
  return out
}

export interface KeytarSecretStoreOptions {
  /** Keychain service name; tests pass a unique one so they never touch real entries. */
  service?: string
  /** Injected in tests to simulate a missing native module. */
  load?: KeytarLoader
}

export class KeytarSecretStore implements SecretStore {
  readonly service: string
  readonly #load: KeytarLoader
  #keytar: KeytarApi | undefined

  constructor(opts: KeytarSecretStoreOptions = {}) {
    this.service = opts.service ?? KEYCHAIN_SERVICE
    this.#load = opts.load ?? loadKeytar
  }

  async get(profileId: string): Promise<ProfileSecrets | null> {
    checkId(profileId)
    const text = await this.#call((k) => k.getPassword(this.service, profileId))
    return text === null ? null : decode(profileId, text)
  }

  async set(profileId: string, secrets: ProfileSecrets): Promise<void> {
    checkId(profileId)
    const values = [secrets.apiKey, secrets.apiSecret, secrets.rsaPrivateKey ?? '']
    await this.#call((k) => k.setPassword(this.service, profileId, encode(secrets)), values)
  }

  async delete(profileId: string): Promise<boolean> {
    checkId(profileId)
    return this.#call((k) => k.deletePassword(this.service, profileId))
  }

  async #call<T>(op: (k: KeytarApi) => Promise<T>, secrets: readonly string[] = []): Promise<T> {
    if (!this.#keytar) {
      try {
        this.#keytar = await this.#load()
      } catch (e) {
        // Not cached: a later call retries, which costs nothing when it keeps failing.
        throw new KeychainUnavailableError(`the keytar native module could not be loaded (${messageOf(e)})`)
      }
    }
    try {
      return await op(this.#keytar)
    } catch (e) {
      // Every keytar rejection is the keychain refusing or missing (no bus, no service, locked, denied).
      throw new KeychainUnavailableError(scrub(messageOf(e), secrets))
    }
  }
}

/** FOR TESTS ONLY: keeps secrets in process memory so other modules' unit tests need no keychain. */
export class MemorySecretStore implements SecretStore {
  // Serialized like the keychain entry, so callers never share an object with the store.
  readonly #entries = new Map<string, string>()
  /** Set to a reason to make every call fail like an unavailable keychain. */
  unavailable: string | null = null

  get size(): number {
    return this.#entries.size
  }

  async get(profileId: string): Promise<ProfileSecrets | null> {
    this.#check(profileId)
    const text = this.#entries.get(profileId)
    return text === undefined ? null : decode(profileId, text)
  }

  async set(profileId: string, secrets: ProfileSecrets): Promise<void> {
    this.#check(profileId)
    this.#entries.set(profileId, encode(secrets))
  }

  async delete(profileId: string): Promise<boolean> {
    this.#check(profileId)
    return this.#entries.delete(profileId)
  }

  #check(profileId: string): void {
    checkId(profileId)
    if (this.unavailable !== null) throw new KeychainUnavailableError(this.unavailable)
  }
}
