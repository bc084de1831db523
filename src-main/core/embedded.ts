// The embedded exchange of a session and its paper account. The exchange keeps its state under the user's data
// folder (paper balances and orders survive restarts) and listens on a free loopback port. On first run the
// 'Embedded exchange (paper)' profile is created with a funded account issued through the exchange's control API:
// spot funds, margin collateral, futures wallet funds, and an RSA key pair so wallet transfers work too. A data
// folder this build cannot open (another format version, damage) is kept aside and a fresh exchange started.
import { createPublicKey, generateKeyPair } from 'node:crypto'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { controlAuthHeader, startExchange, type RunningExchange } from '../../src-sim'
import type { VenueUrls } from '../services/venues'
import { EMBEDDED_PROFILE_NAME, KeychainUnavailableError, type Profile, type Vault } from '../vault'
import { EMBEDDED_URL } from '../vault/profiles'
import type { Venues } from '../services/venues'
import { folderIdentity, isUnopenableData, setAsideDataDir, type SetAsideData } from './embedded-data-dir'
import type { Log } from './redactor'

export interface EmbeddedOptions {
  /** Default <userDataDir>/embedded-exchange. */
  dataDir?: string
  seed?: number
  /** Market activity (bots keeping books and trades alive). Default true. */
  activity?: boolean
  /** The time that names a folder kept aside (tests). Default now. */
  now?: () => Date
}

/** Futures wallet funds of a new paper account (spot and margin funds come with the control API's account). */
const PAPER_FUTURES = [
  { asset: 'USDT', amount: '10000' },
  { asset: 'BTC', amount: '1' }
]

export interface StartedEmbedded {
  exchange: RunningExchange
  /** Set when the data folder could not be opened by this build and was kept aside for a fresh one. */
  setAside: SetAsideData | null
}

/**
 * Starts the exchange on its data folder; one this build cannot open is kept aside with the `keepWith` files (the
 * paper order history) and a fresh one started. A folder another starter replaced meanwhile is opened again.
 */
export async function startEmbeddedExchange(
  userDataDir: string,
  o: EmbeddedOptions,
  log: Log,
  keepWith: string[] = []
): Promise<StartedEmbedded> {
  const dataDir = o.dataDir ?? join(userDataDir, 'embedded-exchange')
  const start = (): Promise<RunningExchange> =>
    startExchange({
      port: 0,
      host: '127.0.0.1',
      dataDir,
      control: true,
      activity: o.activity ?? true,
      seed: o.seed,
      log: (line) => log(`embedded exchange: ${line}`)
    })
  for (let attempt = 1; ; attempt++) {
    const seen = await folderIdentity(dataDir)
    try {
      return { exchange: await start(), setAside: null }
    } catch (e) {
      if (!isUnopenableData(e)) throw e
      const setAside =
        seen === null ? 'replaced' : await setAsideDataDir(dataDir, e, { seen, keepWith, now: o.now?.() })
      if (setAside === 'replaced') {
        if (attempt < 3) continue
        throw e
      }
      log(`embedded exchange: ${setAside.message}`)
      for (const file of setAside.keptWith) log(`embedded exchange: kept with it: ${file}`)
      return { exchange: await start(), setAside }
    }
  }
}

export function embeddedUrls(ex: RunningExchange): VenueUrls {
  return {
    baseUrl: ex.url,
    wsSpotUrl: `ws://127.0.0.1:${ex.port}/spot/ws`,
    wsFuturesUrl: `ws://127.0.0.1:${ex.port}/futures/ws`
  }
}

/** The control API, with this run's token; its answers (which carry the new keys) are returned, never logged. */
async function control(
  ex: RunningExchange,
  path: string,
  body: Record<string, unknown>
): Promise<Record<string, unknown>> {
  const res = await fetch(`${ex.url}/sim/v1/${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...controlAuthHeader(ex.controlToken) },
    body: JSON.stringify(body)
  })
  const answer = (await res.json()) as Record<string, unknown>
  if (res.status !== 200)
    throw new Error(`embedded exchange control ${path} failed: ${String(answer['msg'] ?? res.status)}`)
  return answer
}

async function openPaperAccount(
  ex: RunningExchange,
  keys: { apiKey?: string; apiSecret?: string; rsaPublicKey: string }
): Promise<{ apiKey: string; apiSecret: string }> {
  const a = await control(ex, 'accounts', keys)
  const apiKey = String(a['apiKey'])
  for (const f of PAPER_FUTURES) await control(ex, 'credit', { apiKey, wallet: 'futures', ...f })
  return { apiKey, apiSecret: String(a['apiSecret']) }
}

/** A PEM RSA key pair for wallet transfers' signatures. */
export interface RsaKeyPair {
  publicKey: string
  privateKey: string
}

/**
 * A new RSA key pair, made on libuv's thread pool: the prime search takes 0.1-0.5 s of CPU on a quiet machine
 * (1.6 s seen under load), which the synchronous call spent on the event loop on the way to the core's start.
 */
export function rsaKeyPair(): Promise<RsaKeyPair> {
  return promisify(generateKeyPair)('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' }
  })
}

/** The keychain's probe, and the RSA key pair the paper profile needs for this session when there is no keychain. */
export interface KeychainProbe {
  /** Rejects with KeychainUnavailableError when the OS keychain cannot be used. */
  probed: Promise<void>
  /** Without a keychain, a key pair for `sessionPaperProfile`; null (none made) when the keychain answers. */
  sessionKey: Promise<RsaKeyPair | null>
}

/**
 * Probes the keychain once and, without one, makes the session's key pair at once: begun before the exchange
 * starts, it is made while the exchange starts rather than after it, on the path to the first book.
 */
export function probeKeychain(vault: Vault): KeychainProbe {
  const probed = vault.probeKeychain()
  const sessionKey = probed.then(
    () => null,
    (e: unknown) => (e instanceof KeychainUnavailableError ? rsaKeyPair() : null)
  )
  sessionKey.catch(() => undefined) // unawaited when the keychain answers; its awaiter sees a failure
  return { probed, sessionKey }
}

/**
 * Ensures the paper profile and an account for its keys on the exchange. Keys in the keychain whose account the
 * exchange no longer knows (its data folder was reset) get the same account made again.
 */
export async function ensurePaperProfile(
  vault: Vault,
  ex: RunningExchange,
  log: Log,
  probe: KeychainProbe = probeKeychain(vault)
): Promise<Profile> {
  await probe.probed // before any account is made for keys that could not be kept
  const profile = await vault.ensureEmbeddedProfile(async () => {
    const pair = await rsaKeyPair()
    const keys = await openPaperAccount(ex, { rsaPublicKey: pair.publicKey })
    log('embedded exchange: funded paper account created')
    return { ...keys, rsaPrivateKey: pair.privateKey }
  })
  const creds = await vault.credentialsFor(profile.id)
  if (creds && !ex.spot.byApiKey.has(creds.apiKey)) {
    const rsaPublicKey = creds.rsaPrivateKey
      ? createPublicKey(creds.rsaPrivateKey).export({ type: 'spki', format: 'pem' }).toString()
      : ''
    await openPaperAccount(ex, { apiKey: creds.apiKey, apiSecret: creds.apiSecret, rsaPublicKey })
    log('embedded exchange: paper account re-created for the stored keys (the exchange data was reset)')
  }
  return profile
}

/**
 * The paper profile when the OS keychain is unavailable: its metadata is written as usual, and its keys are the
 * embedded exchange's own paper account (made when the exchange first started), held in memory for this
 * session. Nothing secret is written anywhere by the terminal; an RSA key pair is minted for the session (`key`, begun
 * by `probeKeychain` before the exchange started; made here when not given) and its public half registered with the
 * exchange so wallet transfers work.
 */
export async function sessionPaperProfile(
  vault: Vault,
  ex: RunningExchange,
  venues: Venues,
  log: Log,
  key: Promise<RsaKeyPair | null> = Promise.resolve(null)
): Promise<Profile | null> {
  const account = ex.accounts[0]
  if (!account) return null
  const profile =
    vault.profiles.list().find((p) => p.kind === 'embedded') ??
    (await vault.profiles.add({
      name: EMBEDDED_PROFILE_NAME,
      kind: 'embedded',
      baseUrl: EMBEDDED_URL,
      wsSpotUrl: EMBEDDED_URL,
      wsFuturesUrl: EMBEDDED_URL
    }))
  const pair = (await key) ?? (await rsaKeyPair())
  await control(ex, 'rsa-key', { apiKey: account.apiKey, publicKey: pair.publicKey })
  venues.useSessionCredentials(profile.id, {
    apiKey: account.apiKey,
    secret: account.apiSecret,
    rsaPrivateKey: pair.privateKey
  })
  log('paper profile: the OS keychain is unavailable, so the paper account keys are held for this session only')
  return profile
}
