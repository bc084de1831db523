// One runtime per exchange profile, built on first use: its exchange client (signing with keys held in main-process
// memory, loaded from the vault), its order gateway, the guard of its other futures operations and a latency meter on
// its transport. The embedded profile's
// placeholder URLs become the running embedded exchange's. A profile whose URLs or keys change is dropped and
// rebuilt on next use, so nothing keeps talking to an old venue or signing with old keys.
import { join } from 'node:path'
import { ExchangeClient, fetchTransport, type ExchangeClientOptions, type Transport } from '../client'
import type { Credentials } from '../client/types'
import type { FeedEndpoint, FeedTarget } from '../feeds'
import { OrderGateway, type OrderGatewayOptions } from '../orders'
import { OperationGuard, type OpEvent } from '../orders/op-guard'
import { fileUndeterminedStore, type UndeterminedStore } from '../orders/undetermined-store'
import type { GatewayEvent } from '../orders/types'
import { asSaid, said, SaidError, wordsOf } from '../orders/said'
import { EMBEDDED_URL, type Profile, type Vault } from '../vault'
import { noActiveProfile } from './errors'

export interface VenueUrls {
  baseUrl: string
  wsSpotUrl: string
  wsFuturesUrl: string
}

/** Round-trip times of the profile's REST requests, for the status bar. */
export class LatencyMeter {
  last: number | null = null
  avg: number | null = null
  lastOkAt: number | null = null
  lastError: string | null = null

  wrap(inner: Transport): Transport {
    return {
      send: async (url, init) => {
        const t0 = performance.now()
        try {
          const res = await inner.send(url, init)
          this.record(performance.now() - t0)
          return res
        } catch (e) {
          this.lastError = e instanceof Error && e.name === 'AbortError' ? 'timeout' : 'network error'
          throw e
        }
      }
    }
  }

  private record(ms: number): void {
    this.last = Math.round(ms)
    this.avg = this.avg === null ? this.last : Math.round(this.avg * 0.8 + ms * 0.2)
    this.lastOkAt = Date.now()
    this.lastError = null
  }
}

export interface ProfileRuntime {
  readonly profile: Profile
  readonly urls: VenueUrls
  readonly client: ExchangeClient
  readonly gateway: OrderGateway
  /** Trigger orders, TP/SL, setting edits and transfers: sent once, reconciled after an unknown outcome. */
  readonly ops: OperationGuard
  readonly latency: LatencyMeter
}

export interface VenuesOptions {
  vault: Vault
  /** Live URLs of the embedded exchange (its profile stores placeholders). */
  embedded: VenueUrls | null
  /** Every secret loaded into memory is announced, so the log and error paths can scrub it. */
  onSecret?: (value: string) => void
  client?: Partial<ExchangeClientOptions>
  /** Also the options of the operation guard (same deadline, window and back-off). */
  gateway?: Omit<OrderGatewayOptions, 'client' | 'onEvent' | 'undetermined' | 'venue'>
  /** Folder of each profile's undetermined order verdicts (`<id>.json`), kept across restarts; none: memory only. */
  undeterminedDir?: string
  /** Told of an undetermined-orders file that cannot be read or written. */
  log?: (line: string) => void
  /** Takes every secret out of what the undetermined-orders files hold (main's secret scrubber). */
  scrubStored?: <T>(value: T) => T
}

/** A profile's undetermined-verdicts file: where a data folder set aside takes it along (terminal-core.ts). */
export const undeterminedFile = (dir: string, profileId: string): string => join(dir, `${profileId}.json`)

export class Venues {
  readonly #o: VenuesOptions
  readonly #runtimes = new Map<string, ProfileRuntime>()
  readonly #creds = new Map<string, Promise<Credentials | null>>()
  readonly #session = new Map<string, Credentials>()
  readonly #dropListeners = new Set<(profileId: string) => void>()
  readonly #orderListeners = new Set<(profileId: string, e: GatewayEvent) => void>()
  readonly #opListeners = new Set<(profileId: string, e: OpEvent) => void>()
  /** One store a profile for the whole run: a rebuilt gateway reads what the last one saved. */
  readonly #stores = new Map<string, UndeterminedStore>()

  #undeterminedStore(profileId: string): UndeterminedStore | null {
    const dir = this.#o.undeterminedDir
    if (!dir) return null
    let store = this.#stores.get(profileId)
    if (!store) {
      store = fileUndeterminedStore(
        undeterminedFile(dir, profileId),
        (line) => this.#o.log?.(line),
        this.#o.scrubStored
      )
      this.#stores.set(profileId, store)
    }
    return store
  }

  /** The profile is gone: its runtime closes and its undetermined-verdicts file is deleted (nothing left to check). */
  async forget(profileId: string): Promise<void> {
    this.drop(profileId)
    // A failed delete is reported by the store, never thrown: the profile is already gone from the vault.
    await this.#undeterminedStore(profileId)?.destroy()
    this.#stores.delete(profileId)
  }

  /**
   * Profiles whose file lists order actions a previous run left in flight: their runtimes start now, so each is
   * reconciled and its verdict told (order-gateway.ts), whether or not the profile is opened.
   */
  resumeInFlight(profileIds: readonly string[]): void {
    for (const id of profileIds) {
      // Only those of the venue the profile now names: others wait, untouched, for the profile to point there again.
      const venue = this.#o.vault.profiles.get(id).baseUrl
      if (
        !this.#undeterminedStore(id)
          ?.load()
          .intents.some((i) => i.venue === venue)
      )
        continue
      try {
        this.get(id)
      } catch (e) {
        this.#o.log?.(`orders: cannot resume the actions in flight of profile ${id}: ${(e as Error).message}`)
      }
    }
  }

  /**
   * Order actions and operations of the profile still without a verdict (being sent, reconciled, or written down by
   * a run that stopped): its exchange must not change under them, or they could never be checked.
   */
  actionsInFlight(profileId: string): number {
    const rt = this.#runtimes.get(profileId)
    const venue = this.#o.vault.profiles.get(profileId).baseUrl
    const written =
      this.#undeterminedStore(profileId)
        ?.load()
        .intents.filter((i) => i.venue === venue && i.phase === 'sending').length ?? 0
    return Math.max(written, rt ? rt.gateway.pending().length : 0) + (rt ? rt.ops.pending().length : 0)
  }

  /** Resolves once every undetermined-verdicts file write asked so far is done. */
  async flushed(): Promise<void> {
    await Promise.all([...this.#stores.values()].map((s) => s.flushed()))
  }

  constructor(o: VenuesOptions) {
    this.#o = o
  }

  get vault(): Vault {
    return this.#o.vault
  }

  activeId(): string | null {
    return this.#o.vault.profiles.activeProfileId
  }

  /** The named or active profile's id; fails when there is none (or it does not exist). */
  resolveId(profileId?: string): string {
    const id = profileId ?? this.activeId()
    if (id === null) throw noActiveProfile()
    return this.#o.vault.profiles.get(id).id
  }

  get(profileId?: string): ProfileRuntime {
    const id = this.resolveId(profileId)
    const known = this.#runtimes.get(id)
    if (known) return known
    const profile = this.#o.vault.profiles.get(id)
    const urls = this.urlsOf(profile)
    const latency = new LatencyMeter()
    const client = new ExchangeClient({
      ...this.#o.client,
      baseUrl: urls.baseUrl,
      transport: latency.wrap(this.#o.client?.transport ?? fetchTransport()),
      credentials: () => this.#credentialsOrFail(id)
    })
    client.start().catch(() => undefined)
    const undetermined = this.#undeterminedStore(id)
    const gateway = new OrderGateway({
      ...this.#o.gateway,
      client,
      onEvent: (e) => this.#orderListeners.forEach((l) => l(id, e)),
      ...(undetermined ? { undetermined, venue: profile.baseUrl } : {})
    })
    const ops = new OperationGuard({
      ...this.#o.gateway,
      client,
      onEvent: (e) => this.#opListeners.forEach((l) => l(id, e))
    })
    const rt: ProfileRuntime = { profile, urls, client, gateway, ops, latency }
    this.#runtimes.set(id, rt)
    return rt
  }

  urlsOf(profile: Profile): VenueUrls {
    if (profile.baseUrl !== EMBEDDED_URL)
      return { baseUrl: profile.baseUrl, wsSpotUrl: profile.wsSpotUrl, wsFuturesUrl: profile.wsFuturesUrl }
    if (!this.#o.embedded)
      throw said({ kind: 'network', endpointId: 'embedded' }, { key: 'main.credentials.embeddedDown' }, null)
    return this.#o.embedded
  }

  /** Where a feed target's WebSocket is, with the profile's client for gap-filling snapshots. */
  feedEndpoint(target: FeedTarget): FeedEndpoint {
    const rt = this.get(target.profileId)
    return { url: target.gateway === 'spot' ? rt.urls.wsSpotUrl : rt.urls.wsFuturesUrl, rest: rt.client }
  }

  /** The profile's keys from memory, loading them from the vault once. Null when it has none. */
  /**
   * Credentials held for this session only, never stored: the embedded exchange's own paper account when the
   * OS keychain is unavailable (the exchange keeps that account's secret in its own data anyway).
   */
  useSessionCredentials(profileId: string, c: Credentials): void {
    for (const v of [c.apiKey, c.secret, c.rsaPrivateKey]) if (typeof v === 'string' && v) this.#o.onSecret?.(v)
    this.#session.set(profileId, c)
    this.#creds.set(profileId, Promise.resolve(c))
  }

  sessionCredentials(profileId: string): Credentials | undefined {
    return this.#session.get(profileId)
  }

  credentials(profileId: string): Promise<Credentials | null> {
    let p = this.#creds.get(profileId)
    if (!p) {
      p = this.#o.vault.credentialsFor(profileId).then((s) => {
        if (!s) return null
        for (const v of [s.apiKey, s.apiSecret, s.rsaPrivateKey]) if (v) this.#o.onSecret?.(v)
        return { apiKey: s.apiKey, secret: s.apiSecret, ...(s.rsaPrivateKey ? { rsaPrivateKey: s.rsaPrivateKey } : {}) }
      })
      p.catch(() => this.#creds.delete(profileId)) // a locked keychain is retried next time
      this.#creds.set(profileId, p)
    }
    return p
  }

  async #credentialsOrFail(profileId: string): Promise<Credentials> {
    let c: Credentials | null
    try {
      c = await this.credentials(profileId)
    } catch (e) {
      // The vault's own messages carry no secret; the keychain's reason helps the user fix it.
      const message = (e as Error).message
      throw new SaidError(
        { kind: 'validation', endpointId: 'credentials', message: `credentials: ${message}` },
        wordsOf(e) ?? asSaid(message)
      )
    }
    if (!c) throw said({ kind: 'validation', endpointId: 'credentials' }, { key: 'main.credentials.none' })
    return c
  }

  /** The profile's keys changed: sign with the new ones from now on. */
  forgetSecrets(profileId: string): void {
    this.#creds.delete(profileId)
  }

  /** The profile changed or is gone: its runtime is closed and rebuilt on next use. */
  drop(profileId: string): void {
    this.forgetSecrets(profileId)
    const rt = this.#runtimes.get(profileId)
    if (!rt) return
    this.#runtimes.delete(profileId)
    rt.client.stop()
    rt.gateway.close()
    rt.ops.close()
    this.#dropListeners.forEach((l) => l(profileId))
  }

  onDrop(fn: (profileId: string) => void): () => void {
    this.#dropListeners.add(fn)
    return () => this.#dropListeners.delete(fn)
  }

  onOrderEvent(fn: (profileId: string, e: GatewayEvent) => void): () => void {
    this.#orderListeners.add(fn)
    return () => this.#orderListeners.delete(fn)
  }

  /** Futures operations (trigger orders, TP/SL, setting edits, transfers) of every profile: pending and settled. */
  onOpEvent(fn: (profileId: string, e: OpEvent) => void): () => void {
    this.#opListeners.add(fn)
    return () => this.#opListeners.delete(fn)
  }

  close(): void {
    for (const id of [...this.#runtimes.keys()]) this.drop(id)
  }
}
