// The terminal side of one order action, in a process of its own so that order-fault-holes.test.ts can SIGKILL it
// at a chosen step: a Vault on the test's user-data folder (the profile is already in its profiles.json; the
// keys, kept in a MemorySecretStore that dies with the process, are set again here as a user would unlock them),
// Venues with that folder's undetermined-orders files, the trading service, and one place or cancel.
// Run as `node --import tsx <this file>` (TSX_TSCONFIG_PATH=tsconfig.node.json): one process, so a SIGKILL kills the
// terminal itself, not a launcher in front of it.
//
// Config: JSON in ORDER_KILL_CHILD ({ userDataDir, profileId, apiKey, apiSecret, action, symbol, clientOrderId?,
// orderId?, blockSend? }). With blockSend, the transport never sends the place / cancel POST (it announces it and
// waits for ever): the action is written down and the request has not left the process.
// Every line on stdout is one JSON object: {ready}, {blocked: path}, {event: OrderEventView}, {result}, {error}.
import { join } from 'node:path'
import { fetchTransport, type Transport } from '../../../src-main/client'
import { AccountService } from '../../../src-main/services/account-service'
import { errorBody } from '../../../src-main/services/errors'
import { Instruments } from '../../../src-main/services/instruments'
import { TradingService } from '../../../src-main/services/trading-service'
import { Venues } from '../../../src-main/services/venues'
import { Vault } from '../../../src-main/vault'
import { MemorySecretStore } from '../../../src-main/vault/secret-store'

interface ChildConfig {
  userDataDir: string
  profileId: string
  apiKey: string
  apiSecret: string
  action: 'place' | 'cancel'
  symbol: string
  clientOrderId?: string
  orderId?: string
  blockSend?: boolean
}

const say = (o: unknown): void => void process.stdout.write(`${JSON.stringify(o)}\n`)

async function main(): Promise<void> {
  const cfg = JSON.parse(process.env['ORDER_KILL_CHILD'] ?? '') as ChildConfig
  // Alive until killed, whatever is pending (a blocked send is a promise that never settles).
  setInterval(() => undefined, 1 << 30)
  const vault = await Vault.open({ userDataDir: cfg.userDataDir, secrets: new MemorySecretStore() })
  await vault.setSecrets(cfg.profileId, { apiKey: cfg.apiKey, apiSecret: cfg.apiSecret })
  const inner = fetchTransport()
  const transport: Transport = {
    send(url, init) {
      const path = new URL(url).pathname
      if (cfg.blockSend && init.method === 'POST' && /\/sapi\/v1\/(order|cancel)$/.test(path)) {
        say({ blocked: path })
        return new Promise(() => undefined)
      }
      return inner.send(url, init)
    }
  }
  const venues = new Venues({
    vault,
    embedded: null,
    client: { clockSamples: 1, timeoutMs: 3000, transport },
    gateway: { reconcileDeadlineMs: 60_000, timeWindowMs: 5000, settleMarginMs: 200, backoff: { baseMs: 50, maxMs: 200 } },
    undeterminedDir: join(cfg.userDataDir, 'undetermined-orders')
  })
  const instruments = new Instruments(venues)
  const account = new AccountService(venues, instruments)
  const trading = new TradingService(venues, instruments, account, { refreshNow: () => undefined })
  trading.onOrderEvents(cfg.profileId, (e) => say({ event: e }))
  await venues.get(cfg.profileId).client.start()
  say({ ready: true })
  const done = cfg.action === 'place'
    ? trading.placeOrder({ profileId: cfg.profileId, module: 'spot', symbol: cfg.symbol, side: 'BUY', type: 'LIMIT', price: '30000', volume: '0.01', clientOrderId: cfg.clientOrderId })
    : trading.cancelOrder({ profileId: cfg.profileId, module: 'spot', symbol: cfg.symbol, orderId: cfg.orderId! })
  await done.then(
    (result) => say({ result }),
    (e: unknown) => say({ error: errorBody(e) })
  )
}

main().catch((e: unknown) => {
  say({ fatal: e instanceof Error ? e.message : String(e) })
  process.exit(1)
})
