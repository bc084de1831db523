// The vault: profile metadata (file) + profile secrets (OS keychain) behind one facade.
// Only SecretStatus may leave it for the UI; credentialsFor() is for the main-process exchange client alone.
import type { NewProfile } from './profiles'
import { randomUUID } from 'node:crypto'
import { EMBEDDED_URL, ProfileStore, type CorruptFileReport, type Profile } from './profiles'
import { maskApiKey, validateSecrets, type SecretsInput } from './secret-input'
import { KeytarSecretStore, type ProfileSecrets, type SecretStore } from './secret-store'

export const EMBEDDED_PROFILE_NAME = 'Embedded exchange (paper)'

/** What the UI may know about a profile's secrets. */
export interface SecretStatus {
  hasKeys: boolean
  /** maskApiKey() of the API key, null when there are no keys. */
  apiKeyMasked: string | null
  hasRsaKey: boolean
}

export interface VaultOptions {
  /** The app's user-data folder (Electron's app.getPath('userData'), injected so this stays plain Node). */
  userDataDir: string
  /** Defaults to the OS keychain; tests inject MemorySecretStore or a keytar store with its own service. */
  secrets?: SecretStore
}

/** Issues a funded paper account on the embedded exchange and returns its API credentials. */
export type MakeEmbeddedAccount = () => Promise<{ apiKey: string; apiSecret: string }>

export class Vault {
  /** Profile CRUD; its remove() deletes the profile's keychain entry too. */
  readonly profiles: ProfileStore
  // Private so that credentialsFor() stays the one, documented way to full secrets.
  readonly #secrets: SecretStore
  #embedded: Promise<Profile> | undefined

  private constructor(profiles: ProfileStore, secrets: SecretStore) {
    this.profiles = profiles
    this.#secrets = secrets
  }

  static async open(opts: VaultOptions): Promise<Vault> {
    const secrets = opts.secrets ?? new KeytarSecretStore()
    return new Vault(await ProfileStore.open(opts.userDataDir, secrets), secrets)
  }

  /** A corrupt profiles.json that open() moved aside, for the UI to report. */
  get recovery(): CorruptFileReport | null {
    return this.profiles.recovery
  }

  /** Validates and replaces the profile's secrets; returns the masked view. */
  async setSecrets(profileId: string, input: SecretsInput): Promise<SecretStatus> {
    this.profiles.get(profileId) // no keychain entry without a profile to own it
    const secrets = validateSecrets(input)
    await this.#secrets.set(profileId, secrets)
    return statusOf(secrets)
  }

  /**
   * A new profile with its keys: the keys go into the keychain first, so a keychain that is unavailable leaves
   * nothing behind; a profile that then fails validation takes its keychain entry with it.
   */
  async addProfileWithSecrets(
    p: Omit<NewProfile, 'id'>,
    input: SecretsInput
  ): Promise<{ profile: Profile; status: SecretStatus }> {
    const secrets = validateSecrets(input)
    const id = randomUUID()
    await this.#secrets.set(id, secrets)
    try {
      return { profile: await this.profiles.add({ ...p, id }), status: statusOf(secrets) }
    } catch (e) {
      await this.#secrets.delete(id).catch(() => {})
      throw e
    }
  }

  async deleteSecrets(profileId: string): Promise<void> {
    this.profiles.get(profileId)
    await this.#secrets.delete(profileId)
  }

  /** The ONLY view of secrets that may cross IPC to the UI. */
  async secretStatus(profileId: string): Promise<SecretStatus> {
    this.profiles.get(profileId)
    return statusOf(await this.#secrets.get(profileId))
  }

  /**
   * Full secrets, for the main-process exchange client that signs requests. MUST NEVER cross IPC, reach the
   * renderer, a log line or a file (docs/ARCHITECTURE.md: "Main owns every secret"). Null when the profile has no keys.
   */
  async credentialsFor(profileId: string): Promise<ProfileSecrets | null> {
    this.profiles.get(profileId)
    return this.#secrets.get(profileId)
  }

  /**
   * First run: creates the embedded paper profile with a funded account's keys in the keychain. Idempotent;
   * a profile whose keys went missing (keychain reset) gets a fresh account. Its URLs are EMBEDDED_URL
   * placeholders: the embedded exchange picks a free port at each start and main substitutes the live ones.
   */
  /** Resolves when the keychain answers; rejects with KeychainUnavailableError when it cannot be used. */
  async probeKeychain(): Promise<void> {
    await this.#secrets.get('io.chtrader.probe')
  }

  ensureEmbeddedProfile(makeAccount: MakeEmbeddedAccount): Promise<Profile> {
    // Concurrent callers share one run, so only one account is ever provisioned.
    this.#embedded ??= this.#ensureEmbedded(makeAccount).finally(() => (this.#embedded = undefined))
    return this.#embedded
  }

  async #ensureEmbedded(makeAccount: MakeEmbeddedAccount): Promise<Profile> {
    const existing = this.profiles.list().find((p) => p.kind === 'embedded')
    if (existing && (await this.#secrets.get(existing.id))) return existing
    const id = existing?.id ?? randomUUID()
    // Keys first: if the keychain is unavailable nothing is written and the next start tries again.
    await this.#secrets.set(id, validateSecrets(await makeAccount()))
    if (existing) return existing
    try {
      return await this.profiles.add({
        id,
        name: EMBEDDED_PROFILE_NAME,
        kind: 'embedded',
        baseUrl: EMBEDDED_URL,
        wsSpotUrl: EMBEDDED_URL,
        wsFuturesUrl: EMBEDDED_URL
      })
    } catch (e) {
      await this.#secrets.delete(id).catch(() => {}) // no orphan entry for a profile that was never written
      throw e
    }
  }
}

function statusOf(s: ProfileSecrets | null): SecretStatus {
  if (!s) return { hasKeys: false, apiKeyMasked: null, hasRsaKey: false }
  return { hasKeys: true, apiKeyMasked: maskApiKey(s.apiKey), hasRsaKey: Boolean(s.rsaPrivateKey) }
}
