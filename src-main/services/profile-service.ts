// Profiles and their keys. Keys go from the contract straight into the vault (OS keychain) and main-process
// memory; the only thing that ever comes back is the masked SecretStatus. A profile whose URLs or keys change
// has its runtime (client, gateway, feeds) rebuilt, so nothing keeps using the old ones.
import type { z } from 'zod'
import type * as S from '@shared/ipc/schemas/profiles'
import type { OkView } from '@shared/ipc/views/common'
import type { ProfileAddedView, ProfilesView, ProfileView, SecretStatusView } from '@shared/ipc/views/profiles'
import { validateSecrets, type Profile, type SecretStatus, type Vault } from '../vault'
import type { Venues } from './venues'
import { ServiceError } from './errors'
import { maskApiKey } from '../vault/secret-input'

type In<T extends z.ZodType> = z.output<T>

export class ProfileService {
  readonly #listeners = new Set<(v: ProfilesView) => void>()

  constructor(
    private readonly vault: Vault,
    private readonly venues: Venues,
    /** Told every secret the user types, before it is stored, so no log line or error can carry it. */
    private readonly onSecret: (value: string) => void = () => undefined
  ) {}

  list(): ProfilesView {
    return {
      profiles: this.vault.profiles.list().map(view),
      activeProfileId: this.vault.profiles.activeProfileId,
      recovery: this.vault.recovery
    }
  }

  /** The profile is written only once its keys (if any) passed validation; a keychain failure undoes it. */
  async add(i: In<typeof S.addProfileInput>): Promise<ProfileAddedView> {
    if (i.secrets) {
      this.#announce(i.secrets)
      validateSecrets(i.secrets)
    }
    // Plain http/ws to another machine is refused by the vault unless allowUnencrypted (profile-transport.ts).
    const fields = {
      name: i.name,
      kind: 'remote' as const,
      baseUrl: i.baseUrl,
      wsSpotUrl: i.wsSpotUrl,
      wsFuturesUrl: i.wsFuturesUrl,
      allowUnencrypted: i.allowUnencrypted ?? false
    }
    let profile
    let status: SecretStatus = { hasKeys: false, apiKeyMasked: null, hasRsaKey: false }
    if (i.secrets) ({ profile, status } = await this.vault.addProfileWithSecrets(fields, i.secrets))
    else profile = await this.vault.profiles.add(fields)
    this.#changed()
    return { profile: view(profile), secretStatus: inKeychain(status) }
  }

  async update(i: In<typeof S.updateProfileInput>): Promise<ProfileView> {
    const before = this.vault.profiles.get(i.profileId)
    if (i.patch.baseUrl !== undefined && i.patch.baseUrl !== before.baseUrl)
      this.#refuseWhileInFlight(i.profileId, 'main.profiles.inFlightAddress', 'baseUrl')
    const p = await this.vault.profiles.update(i.profileId, i.patch)
    // A rename keeps the connections; a new URL must not be served by the old ones.
    if (p.baseUrl !== before.baseUrl || p.wsSpotUrl !== before.wsSpotUrl || p.wsFuturesUrl !== before.wsFuturesUrl)
      this.venues.drop(p.id)
    this.#changed()
    return view(p)
  }

  async remove(i: In<typeof S.profileRef>): Promise<OkView> {
    this.#refuseWhileInFlight(i.profileId, 'main.profiles.inFlightRemove')
    await this.vault.profiles.remove(i.profileId)
    await this.venues.forget(i.profileId)
    this.#changed()
    return { ok: true }
  }

  async setActive(i: In<typeof S.profileRef>): Promise<OkView> {
    await this.vault.profiles.setActive(i.profileId)
    this.#changed()
    return { ok: true }
  }

  async setSecrets(i: In<typeof S.setSecretsInput>): Promise<SecretStatusView> {
    const { profileId, ...secrets } = i
    this.#announce(secrets)
    const status = await this.vault.setSecrets(profileId, secrets)
    this.venues.forgetSecrets(profileId)
    this.#changed()
    return inKeychain(status)
  }

  async deleteSecrets(i: In<typeof S.profileRef>): Promise<SecretStatusView> {
    await this.vault.deleteSecrets(i.profileId)
    this.venues.forgetSecrets(i.profileId)
    this.#changed()
    return inKeychain(await this.vault.secretStatus(i.profileId))
  }

  /** Session keys (the paper profile without a keychain) are said to be such, never "in the OS keychain". */
  async secretStatus(i: In<typeof S.profileRef>): Promise<SecretStatusView> {
    const session = this.venues.sessionCredentials(i.profileId)
    if (session)
      return {
        hasKeys: true,
        apiKeyMasked: maskApiKey(session.apiKey),
        hasRsaKey: Boolean(session.rsaPrivateKey),
        keptIn: 'session'
      }
    return inKeychain(await this.vault.secretStatus(i.profileId))
  }

  /** The list now and after every change (several windows stay in step). */
  onChange(emit: (v: ProfilesView) => void): () => void {
    this.#listeners.add(emit)
    emit(this.list())
    return () => this.#listeners.delete(emit)
  }

  #announce(s: { apiKey: string; apiSecret: string; rsaPrivateKey?: string | null | undefined }): void {
    for (const v of [s.apiKey, s.apiSecret, s.rsaPrivateKey])
      if (typeof v === 'string' && v.trim() !== '') this.onSecret(v)
  }

  /** Orders still being sent or checked on this profile's exchange would never be checked after the change. */
  #refuseWhileInFlight(
    profileId: string,
    key: 'main.profiles.inFlightAddress' | 'main.profiles.inFlightRemove',
    field?: string
  ): void {
    const count = this.venues.actionsInFlight(profileId)
    if (count === 0) return
    throw new ServiceError('in-flight', { key, params: { count } }, field)
  }

  #changed(): void {
    const v = this.list()
    for (const l of [...this.#listeners]) l(v)
  }
}

/** What the vault answers is what its keychain holds. */
const inKeychain = (s: SecretStatus): SecretStatusView => ({ ...s, keptIn: s.hasKeys ? 'keychain' : null })

function view(p: Profile): ProfileView {
  return {
    id: p.id,
    name: p.name,
    kind: p.kind,
    baseUrl: p.baseUrl,
    wsSpotUrl: p.wsSpotUrl,
    wsFuturesUrl: p.wsFuturesUrl,
    allowUnencrypted: p.allowUnencrypted,
    createdAt: p.createdAt
  }
}
