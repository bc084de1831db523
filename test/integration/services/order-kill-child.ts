// The terminal side of order actions, in a process of its own so that order-fault-holes.test.ts can SIGKILL it while
// they are at chosen steps: a Vault on the test's user-data folder (the profiles are already in its profiles.json;
// their keys, kept in a MemorySecretStore that dies with the process, are set again here as a user would unlock them),
// one Venues with that folder's undetermined-orders files, the trading service, and one place or cancel per profile.
// Run as `node --import tsx <this file>` (TSX_TSCONFIG_PATH=tsconfig.node.json): one process, so a SIGKILL kills the
// terminal itself, not a launcher in front of it.
//
// Config: JSON in ORDER_KILL_CHILD: { userDataDir, symbol, actions: [{ profileId, apiKey, apiSecret, action,
// clientOrderId?, orderId?, blockSend?, later? }] }. Actions start at once, those marked `later` when a line "go"
// arrives on stdin. With blockSend, the transport never sends that profile's place / cancel POST (it announces it and
// waits for ever): the action is written down and the request has not left the process.
// Every stdout line is one JSON object: {ready}, {sending: path, apiKey, intentsOnDisk} (the profile's file as the
// place / cancel POST is handed to the transport), {blocked: apiKey}, {profileId, event: OrderEventView},
// {profileId, result} or {profileId, error}.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { fetchTransport, type Transport } from '../../../src-main/client'
import { AccountService } from '../../../src-main/services/account-service'
import { errorBody } from '../../../src-main/services/errors'
import { Instruments } from '../../../src-main/services/instruments'
import { TradingService } from '../../../src-main/services/trading-service'
import { Venues } from '../../../src-main/services/venues'
import { Vault } from '../../../src-main/vault'
import { MemorySecretStore } from '../../../src-main/vault/secret-store'

export interface ChildAction {
  profileId: string
  apiKey: string
  apiSecret: string
  action: 'place' | 'cancel'
  clientOrderId?: string
  orderId?: string
  blockSend?: boolean
  later?: boolean
}
export interface ChildConfig {
  userDataDir: string
  symbol: string
  actions: ChildAction[]
}

const say = (o: unknown): void => void process.stdout.write(`${JSON.stringify(o)}\n`)

function onDisk(file: string): unknown[] {
  try {
    return (JSON.parse(readFileSync(file, 'utf8')) as { intents?: unknown[] }).intents ?? []
  } catch {
    return []
  }
}

async function main(): Promise<void> {
  const cfg = JSON.parse(process.env['ORDER_KILL_CHILD'] ?? '') as ChildConfig
  // Alive until killed, whatever is pending (a blocked send is a promise that never settles).
  setInterval(() => undefined, 1 << 30)
  const vault = await Vault.open({ userDataDir: cfg.userDataDir, secrets: new MemorySecretStore() })
  for (const a of cfg.actions) await vault.setSecrets(a.profileId, { apiKey: a.apiKey, apiSecret: a.apiSecret })
  const byKey = new Map(cfg.actions.map((a) => [a.apiKey, a]))
  const fileOf = (a: ChildAction): string => join(cfg.userDataDir, 'undetermined-orders', `${a.profileId}.json`)
  const inner = fetchTransport()
  const transport: Transport = {
    send(url, init) {
      const path = new URL(url).pathname
      const a = byKey.get(init.headers['X-CH-APIKEY'] ?? '')
      if (a && init.method === 'POST' && /\/sapi\/v1\/(order|cancel)$/.test(path)) {
        // What the disk holds at the moment the request leaves (or would leave): the action must be written down.
        say({ sending: path, apiKey: a.apiKey, intentsOnDisk: onDisk(fileOf(a)) })
        if (a.blockSend) {
          say({ blocked: a.apiKey })
          return new Promise(() => undefined)
        }
      }
      return inner.send(url, init)
    }
  }
  const venues = new Venues({
    vault,
    embedded: null,
    client: { clockSamples: 1, timeoutMs: 3000, transport },
    // A window smaller than the venue's (5000 ms) and a short confirmation delay: a place can be told "not placed"
    // and be at its 'confirming' step (read back later) while the venue could still take a copy.
    gateway: {
      reconcileDeadlineMs: 60_000,
      timeWindowMs: 1000,
      settleMarginMs: 200,
      backoff: { baseMs: 50, maxMs: 200 },
      confirmAfterMs: 4000
    },
    undeterminedDir: join(cfg.userDataDir, 'undetermined-orders')
  })
  const instruments = new Instruments(venues)
  const account = new AccountService(venues, instruments)
  const trading = new TradingService(venues, instruments, account, { refreshNow: () => undefined })
  for (const a of cfg.actions) trading.onOrderEvents(a.profileId, (event) => say({ profileId: a.profileId, event }))
  await Promise.all(cfg.actions.map((a) => venues.get(a.profileId).client.start()))
  const start = (a: ChildAction): void => {
    const done =
      a.action === 'place'
        ? trading.placeOrder({
            profileId: a.profileId,
            module: 'spot',
            symbol: cfg.symbol,
            side: 'BUY',
            type: 'LIMIT',
            price: '30000',
            volume: '0.01',
            clientOrderId: a.clientOrderId
          })
        : trading.cancelOrder({ profileId: a.profileId, module: 'spot', symbol: cfg.symbol, orderId: a.orderId! })
    void done.then(
      (result) => say({ profileId: a.profileId, result }),
      (e: unknown) => say({ profileId: a.profileId, error: errorBody(e) })
    )
  }
  createInterface({ input: process.stdin }).on('line', (line) => {
    if (line.trim() === 'go') cfg.actions.filter((a) => a.later).forEach(start)
  })
  say({ ready: true })
  cfg.actions.filter((a) => !a.later).forEach(start)
}

main().catch((e: unknown) => {
  say({ fatal: e instanceof Error ? e.message : String(e) })
  process.exit(1)
})
