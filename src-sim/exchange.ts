// Assembles the embedded exchange: the durable venue (journal + snapshots when a data dir is given), the
// market-data hub fed by the engine, the HTTP front built from the catalog, the WebSocket feeds, the
// funded accounts, market activity and the optional control API.
import { randomBytes } from 'node:crypto'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { readFileSync } from 'node:fs'
import { formatScaled } from './engine'
import { SPOT_MARKETS } from './config/spot-markets'
import type { ExchangeOptions } from './cli/args'
import { createHttpFront, specShaper, type Handler } from './http/server'
import type { Credential } from './http/auth'
import { liveShaper } from './flavor/live-shaper'
import { MarketDataHub } from './market'
import { attachMarketWs, type MarketWsHandle } from './ws'
import { openDurableState, type DurableState } from './store/durable-state'
import type { VenueCommand } from './venue/commands'
import { SpotVenue, type VenueResult, type VenueSnapshot } from './venue/spot-venue'
import type { SimContext } from './handlers/context'
import { spotPublicHandlers } from './handlers/spot-public'
import { marginHandlers, spotTradingHandlers } from './handlers/spot-orders'
import { spotAccountHandlers } from './handlers/spot-account'
import { fundAccount, newAccountCommand } from './accounts'
import { startMarketActivity, type MarketActivity } from './activity/market-activity'
import { controlApi } from './control/control-api'
import { startMarginRisk } from './venue/margin-risk'

export interface RunningExchange {
  url: string
  port: number
  venue: SpotVenue
  hub: MarketDataHub
  sim: SimContext
  /** The market-activity generator, or null with --activity off. */
  activity: MarketActivity | null
  /** Credentials of the accounts made from --api-key pairs, or of the one made when none was given. */
  accounts: { apiKey: string; apiSecret: string; accountId: string }[]
  close(): Promise<void>
}

export interface StartOptions extends Partial<ExchangeOptions> {
  clock?: () => number
  /** Heartbeat and push cadence of the WebSocket feeds (tests shorten them). */
  ws?: { pingIntervalMs?: number; throttleMs?: number }
  /** Accounts made with rate limits lifted (bench only). */
  unlimitedKeys?: boolean
  /** false: market activity runs only when `activity.step()` is called (deterministic tests). */
  activityTimer?: boolean
  log?: (line: string) => void
}

export async function startExchange(opts: StartOptions = {}): Promise<RunningExchange> {
  const clock = opts.clock ?? Date.now
  const log = opts.log ?? (() => undefined)
  let venueRef: SpotVenue | null = null
  const hub = new MarketDataHub({
    now: clock,
    symbols: SPOT_MARKETS.map((m) => ({
      kind: 'spot' as const,
      name: m.symbol,
      pricePrecision: m.pricePrecision,
      quantityPrecision: m.quantityPrecision,
      initialPrice: m.initialPrice
    })),
    getDepth: (name, levels) => {
      const m = venueRef?.markets.get(name)
      const d = m && venueRef?.engine.depth(name, levels)
      if (!m || !d) return null
      const fmt = (l: [number, number]): [string, string] => [formatScaled(l[0], m.pricePrecision), formatScaled(l[1], m.quantityPrecision)]
      return { bids: d.bids.map(fmt), asks: d.asks.map(fmt) }
    }
  })
  const withSink = (v: SpotVenue): SpotVenue => {
    venueRef = v
    v.setSink(hub)
    return v
  }

  let durable: DurableState<SpotVenue, VenueCommand, VenueResult> | null = null
  let commit: (cmd: VenueCommand) => Promise<VenueResult>
  if (opts.dataDir) {
    durable = await openDurableState<SpotVenue, VenueCommand, VenueResult>({
      dir: opts.dataDir,
      initial: () => withSink(new SpotVenue()),
      apply: (v, c) => v.apply(c),
      snapshot: (v) => v.snapshot(),
      restore: (d) => withSink(new SpotVenue(d as VenueSnapshot)),
      snapshotEvery: 50_000
    })
    const d = durable
    commit = (cmd) => d.commit(cmd)
  } else {
    const v = withSink(new SpotVenue())
    commit = (cmd) => {
      try {
        return Promise.resolve(v.apply(structuredClone(cmd)))
      } catch (e) {
        return Promise.reject(e)
      }
    }
  }
  const venue = (): SpotVenue => venueRef as SpotVenue
  const sim: SimContext = {
    get venue() {
      return venue()
    },
    hub,
    clock,
    commit
  }

  // Accounts: one per --api-key pair; with none, the first user account (made now on a fresh venue).
  const accounts: RunningExchange['accounts'] = []
  for (const k of opts.keys ?? []) {
    const rsa = k.rsaPublicKeyFile ? readFileSync(k.rsaPublicKeyFile, 'utf8') : undefined
    const known = venue().byApiKey.get(k.apiKey)
    if (known) {
      if (known.secret !== k.apiSecret) throw new Error(`--api-key ${k.apiKey} exists in the data dir with another secret`)
      if (rsa && known.rsaPublicKey !== rsa) await commit({ t: 'rsaKey', apiKey: k.apiKey, rsaPublicKey: rsa, time: clock() })
      accounts.push({ apiKey: k.apiKey, apiSecret: k.apiSecret, accountId: known.id })
      continue
    }
    const cmd = newAccountCommand(venue(), { apiKey: k.apiKey, secret: k.apiSecret, rsaPublicKey: rsa, unlimited: opts.unlimitedKeys, time: clock() })
    await commit(cmd)
    await fundAccount(commit, cmd.id, clock())
    accounts.push({ apiKey: k.apiKey, apiSecret: k.apiSecret, accountId: cmd.id })
  }
  if (accounts.length === 0) {
    const existing = [...venue().accounts.values()].find((a) => !a.bot)
    if (existing) accounts.push({ apiKey: existing.apiKey, apiSecret: existing.secret, accountId: existing.id })
    else {
      const apiKey = randomBytes(16).toString('hex')
      const apiSecret = randomBytes(32).toString('hex')
      const cmd = newAccountCommand(venue(), { apiKey, secret: apiSecret, unlimited: opts.unlimitedKeys, time: clock() })
      await commit(cmd)
      await fundAccount(commit, cmd.id, clock())
      accounts.push({ apiKey, apiSecret, accountId: cmd.id })
    }
  }

  const handlers = new Map<string, Handler>(
    Object.entries({
      ...spotPublicHandlers(sim),
      ...spotTradingHandlers(sim),
      ...spotAccountHandlers(sim),
      ...marginHandlers(sim)
    })
  )
  const lookupCredential = (apiKey: string): Credential | undefined => {
    const a = venue().byApiKey.get(apiKey)
    return a && { apiKey: a.apiKey, secret: a.secret, accountId: a.id, rsaPublicKey: a.rsaPublicKey, unlimited: a.unlimited }
  }
  let activity: MarketActivity | null = null
  const server: Server = createHttpFront({
    handlers,
    lookupCredential,
    clock,
    shaper: opts.flavor === 'live' ? liveShaper : specShaper,
    extension: opts.control ? controlApi(sim, () => activity) : undefined
  })
  const feeds: MarketWsHandle[] = [
    attachMarketWs(server, { path: '/spot/ws', hub, flavor: opts.flavor ?? 'spec', now: clock, ...opts.ws })
  ]
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(opts.port ?? 0, opts.host ?? '127.0.0.1', () => resolve())
  })
  const port = (server.address() as AddressInfo).port
  const url = `http://127.0.0.1:${port}`

  activity = opts.activity === false ? null : startMarketActivity(sim, { seed: opts.seed ?? 1, timer: opts.activityTimer })
  const risk = startMarginRisk(sim)
  log(`listening on ${url}`)

  return {
    url,
    port,
    get venue() {
      return venue()
    },
    hub,
    sim,
    activity,
    accounts,
    async close() {
      activity?.stop()
      risk.stop()
      await Promise.all(feeds.map((f) => f.close()))
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
      await durable?.close()
    }
  }
}
