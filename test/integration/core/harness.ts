// Starts the terminal core against a temp user-data folder with an in-memory keychain, and talks to it the way a
// window does: through server.connect, every message through a JSON round trip, every message and log line kept.
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TerminalContract } from '@shared/ipc/contract'
import { createContractClient, type ContractClient } from '@shared/ipc/contract-client'
import type { ClientMessage, ServerMessage } from '@shared/ipc/contract-kit'
import type { OrderEventView } from '@shared/ipc/views/trading'
import { startTerminalCore, type TerminalCore, type TerminalCoreOptions } from '../../../src-main/core/terminal-core'
import { MemorySecretStore } from '../../../src-main/vault/secret-store'
import { newAccount } from '../sim-control'

/** A keychain that is not there (as on a desktop without a Secret Service): the terminal must run on session keys. */
export function noKeychain(why = 'no Secret Service on the bus'): MemorySecretStore {
  const secrets = new MemorySecretStore()
  secrets.unavailable = why
  return secrets
}

export interface Rig {
  core: TerminalCore
  client: ContractClient<TerminalContract>
  conn: { receive(raw: unknown): void; close(): void }
  secrets: MemorySecretStore
  dir: string
  /** Every message both ways, as the JSON text that crossed. */
  wire: { dir: 'in' | 'out'; text: string }[]
  logs: string[]
  close(): Promise<void>
}

export async function startRig(
  o: Partial<TerminalCoreOptions> & { dir?: string; secrets?: MemorySecretStore } = {}
): Promise<Rig> {
  const dir = o.dir ?? mkdtempSync(join(tmpdir(), 'core-'))
  const secrets = o.secrets ?? new MemorySecretStore()
  const logs: string[] = []
  const wire: Rig['wire'] = []
  const core = await startTerminalCore({
    userDataDir: dir,
    secrets,
    embedded: { seed: 7, ...o.embedded },
    log: (l) => logs.push(l),
    tuning: { pollBaseMs: 300, client: { clockSamples: 1 }, ...o.tuning }
  })
  let toClient: (m: ServerMessage) => void = () => undefined
  const conn = core.server.connect(
    (m) => {
      const text = JSON.stringify(m)
      wire.push({ dir: 'out', text })
      toClient(JSON.parse(text) as ServerMessage)
    },
    { connectionId: 'test' }
  )
  const client = createContractClient<TerminalContract>({
    send: (m: ClientMessage) => {
      const text = JSON.stringify(m)
      wire.push({ dir: 'in', text })
      conn.receive(JSON.parse(text))
    },
    onMessage: (h) => (toClient = h)
  })
  return {
    core,
    client,
    conn,
    secrets,
    dir,
    wire,
    logs,
    close: async () => {
      conn.close()
      await core.close()
    }
  }
}

/** The next event of a stream that satisfies `pred`, or a timeout error. */
export function nextEvent<E>(
  subscribe: (listener: (e: E) => void, onEnd: (e?: Error) => void) => () => void,
  pred: (e: E) => boolean = () => true,
  timeoutMs = 8000
): Promise<E> {
  return new Promise((resolve, reject) => {
    let off: () => void = () => undefined
    const timer = setTimeout(() => {
      off()
      reject(new Error('timed out waiting for a stream event'))
    }, timeoutMs)
    off = subscribe(
      (e) => {
        if (!pred(e)) return
        clearTimeout(timer)
        queueMicrotask(() => off())
        resolve(e)
      },
      (err) => {
        clearTimeout(timer)
        reject(err ?? new Error('stream ended'))
      }
    )
  })
}

export async function waitFor<T>(
  probe: () => Promise<T | undefined> | T | undefined,
  timeoutMs = 20_000,
  what = 'condition'
): Promise<T> {
  const end = Date.now() + timeoutMs
  for (;;) {
    const v = await probe()
    if (v !== undefined) return v
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 50))
  }
}

/** Whether the embedded exchange serves the futures endpoints (checked at test time). */
export async function futuresServed(rig: Rig): Promise<boolean> {
  try {
    const list = await rig.client.invoke('market.contracts', {})
    return list.length > 0
  } catch {
    return false
  }
}

/**
 * Timings for tests that make an order's outcome unknown on purpose: the gateway settles and backs off quickly, its
 * re-check rounds and the account polls are an hour / a minute off, so only what the test does settles an order.
 */
export const settleQuickly = {
  pollBaseMs: 60_000,
  client: { clockSamples: 1 },
  gateway: {
    timeWindowMs: 300,
    settleMarginMs: 300,
    backoff: { baseMs: 20, maxMs: 100 },
    recheck: { periodMs: 3_600_000, minGapMs: 3_600_000, maxGapMs: 3_600_000 }
  }
} satisfies TerminalCoreOptions['tuning']

/**
 * Adds a remote profile whose REST goes to `baseUrl` (a proxy in front of the rig's exchange) and whose streams go
 * to the exchange itself. Its keys are `keys`, or a new exchange account's credited with `credits`.
 */
export async function addVenueProfile(
  rig: Rig,
  o: {
    name: string
    baseUrl: string
    keys?: { apiKey: string; apiSecret: string; rsaPrivateKey?: string }
    credits?: Parameters<typeof newAccount>[1]
  }
): Promise<{ profileId: string; keys: { apiKey: string; apiSecret: string } }> {
  const { apiKey, apiSecret } = o.keys ?? (await newAccount(rig.core.exchange, o.credits))
  const rsaPrivateKey = o.keys?.rsaPrivateKey
  const port = rig.core.exchange.port
  const { profile } = await rig.client.invoke('profiles.add', {
    name: o.name,
    baseUrl: o.baseUrl,
    wsSpotUrl: `ws://127.0.0.1:${port}/spot/ws`,
    wsFuturesUrl: `ws://127.0.0.1:${port}/futures/ws`,
    secrets: { apiKey, apiSecret, ...(rsaPrivateKey ? { rsaPrivateKey } : {}) }
  })
  return { profileId: profile.id, keys: { apiKey, apiSecret } }
}

/** Everything trading.onOrderEvents tells about `profileId` from now on: the returned list fills as events come. */
export function orderEventsOf(rig: Rig, profileId: string): OrderEventView[] {
  const events: OrderEventView[] = []
  rig.client.subscribe(
    'trading.onOrderEvents',
    { profileId },
    (e) => void events.push(e),
    () => undefined
  )
  return events
}
