// Assembles the embedded exchange: the durable state (the spot and futures states in one state machine, journal +
// snapshots when a data dir is given), the market-data hub fed by both, the HTTP front built from the catalog,
// the spot and futures WebSocket feeds, the funded accounts, market activity, the futures tick (marks,
// triggers, funding, liquidation) and the optional control API.
import { randomBytes } from 'node:crypto'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { readFileSync } from 'node:fs'
import { formatScaled } from './engine'
import { SPOT_MARKETS } from './config/spot-markets'
import { FUTURES_CONTRACTS } from './config/futures-contracts'
import type { ExchangeOptions } from './cli/args'
import { createHttpFront, specShaper, type Handler } from './http/server'
import type { HttpTimeouts } from './http/timeouts'
import type { Credential } from './http/auth'
import { liveShaper } from './flavor/live-shaper'
import { liveRequests } from './flavor/live-requests'
import { bestPricesOf } from './flavor/live-ticker'
import { MarketDataHub, type MarketDataDump } from './market'
import { attachMarketWs, type MarketWsHandle } from './ws'
import { openDurableState, type DurableState } from './store/durable-state'
import { ExchangeState, type ExchangeCommand, type ExchangeResult, type ExchangeSnapshot } from './exchange-state'
import type { SpotState, SpotSnapshot } from './spot/spot-state'
import type { FuturesState } from './futures/futures-state'
import { DEFAULT_FUNDING_INTERVAL_MS } from './futures/commands'
import { futuresTicker } from './futures/ticker'
import type { SimContext } from './context'
import { spotPublicHandlers } from './handlers/spot-public'
import { marginHandlers, spotTradingHandlers } from './handlers/spot-orders'
import { spotAccountHandlers } from './handlers/spot-account'
import { futuresPublicHandlers } from './handlers/futures-public'
import { futuresOrderHandlers } from './handlers/futures-orders'
import { futuresRecordHandlers } from './handlers/futures-records'
import { futuresAccountHandlers } from './handlers/futures-account'
import { futuresSettingsHandlers } from './handlers/futures-settings'
import { credentialOf, fundEveryWallet, newAccountCommand } from './accounts'
import { startMarketActivity, type MarketActivity } from './activity/market-activity'
import { marketHistory } from './activity/market-history'
import { controlApi } from './control/control-api'
import { newControlToken } from './control/control-guard'
import { startMarginRisk } from './spot/margin-risk'

export interface RunningExchange {
  url: string
  port: number
  spot: SpotState
  futures: FuturesState
  /** Spot and futures together: the one state machine the journal replays. */
  state: ExchangeState
  hub: MarketDataHub
  sim: SimContext
  /** Commits one futures tick now (marks, triggers, funding, liquidation), at the clock's time. */
  futuresTick(): Promise<void>
  /** The market-activity generator, or null with --activity off. */
  activity: MarketActivity | null
  /**
   * This run's control API token (`Authorization: Bearer <token>`), random per start; the control API (--control)
   * refuses any request without it.
   */
  controlToken: string
  /** Credentials of the accounts made from --api-key pairs, or of the one made when none was given. */
  accounts: { apiKey: string; apiSecret: string; accountId: string }[]
  close(): Promise<void>
}

export interface StartOptions extends Partial<ExchangeOptions> {
  clock?: () => number
  /** Heartbeat and push cadence of the WebSocket feeds (tests shorten them). */
  ws?: { pingIntervalMs?: number; throttleMs?: number; maxChannels?: number }
  /** Accounts made with rate limits lifted (bench only). */
  unlimitedKeys?: boolean
  /** false: market activity runs only when `activity.step()` is called (deterministic tests). */
  activityTimer?: boolean
  /** With a data dir: snapshot (and compact the journal) after this many commits (default 50,000; tests shorten). */
  snapshotEvery?: number
  /** Cadence of the futures tick in ms (default 1000); 0 runs it only through futuresTick() (tests). */
  futuresTickMs?: number
  /** false: the tick runs only through futuresTick() (tests), still taken as coming every futuresTickMs. */
  futuresTimer?: boolean
  log?: (line: string) => void
  /** Slow-client bounds of the HTTP server (src-sim/http/timeouts.ts); tests shorten them. */
  httpTimeouts?: Partial<HttpTimeouts>
  /** The control API's token; default a fresh random one per start. */
  controlToken?: string
}

/**
 * Format version of the data dir (src-sim/store/data-format.ts). Bump it whenever this build would replay a journal
 * or snapshot of the previous one differently: a change to the rules of ExchangeState.apply (matching, fees, the
 * futures tick...) or to the shape of a command or snapshot. 1: the first stamped format (idle futures ticks are
 * not journaled; the next tick carries idleSince).
 */
export const DATA_FORMAT_VERSION = 1

export async function startExchange(opts: StartOptions = {}): Promise<RunningExchange> {
  // A start that fails half way must release what it took (the data dir's lock above all), so a retry works.
  const undo: (() => Promise<void>)[] = []
  try {
    return await assemble(opts, undo)
  } catch (e) {
    for (const u of undo.reverse()) await u().catch(() => undefined)
    throw e
  }
}

async function assemble(opts: StartOptions, undo: (() => Promise<void>)[]): Promise<RunningExchange> {
  const clock = opts.clock ?? Date.now
  const log = opts.log ?? (() => undefined)
  let stateRef: ExchangeState | null = null
  const hub = new MarketDataHub({
    now: clock,
    symbols: [
      ...SPOT_MARKETS.map((m) => ({
        kind: 'spot' as const,
        name: m.symbol,
        pricePrecision: m.pricePrecision,
        quantityPrecision: m.quantityPrecision,
        initialPrice: m.initialPrice
      })),
      ...FUTURES_CONTRACTS.map((c) => ({
        kind: 'futures' as const,
        name: c.symbol,
        pricePrecision: c.pricePrecision,
        quantityPrecision: 0,
        initialPrice: c.initialPrice
      }))
    ],
    getDepth: (name, levels) => {
      const fc = stateRef?.futures.contracts.get(name)
      if (fc) {
        const d = stateRef!.futures.books.depth(name, levels)
        const fmt = (l: [number, number]): [string, string] => [fc.priceText(l[0]), String(l[1])]
        return d ? { bids: d.bids.map(fmt), asks: d.asks.map(fmt) } : null
      }
      const m = stateRef?.spot.markets.get(name)
      const d = m && stateRef?.spot.engine.depth(name, levels)
      if (!m || !d) return null
      const fmt = (l: [number, number]): [string, string] => [
        formatScaled(l[0], m.pricePrecision),
        formatScaled(l[1], m.quantityPrecision)
      ]
      return { bids: d.bids.map(fmt), asks: d.asks.map(fmt) }
    }
  })
  const withSink = (s: ExchangeState): ExchangeState => {
    stateRef = s
    s.setSink(hub)
    return s
  }

  // Seeded history on a fresh start; with a data dir, its plan is kept there and set again under the replay.
  const history = marketHistory({
    hub,
    dataDir: opts.dataDir ?? null,
    enabled: opts.history !== false,
    seed: opts.historySeed
  })

  let durable: DurableState<ExchangeState, ExchangeCommand, ExchangeResult> | null = null
  let commitAny: (cmd: ExchangeCommand) => Promise<ExchangeResult>
  if (opts.dataDir) {
    durable = await openDurableState<ExchangeState, ExchangeCommand, ExchangeResult>({
      dir: opts.dataDir,
      initial: () => {
        history.beforeReplay()
        return withSink(new ExchangeState())
      },
      apply: (s, c) => s.apply(c),
      // The snapshot carries the market data history too (candles, 24 h window, trade tape): the journal it
      // compacts away is the only other record of those trades. The hub is loaded before the journal suffix
      // replays into it. Seeded history not read yet is drawn again from its plan (MARKET-HISTORY).
      snapshot: (s): ExchangeSnapshot & { marketData: MarketDataDump } => ({ ...s.snapshot(), marketData: hub.dump() }),
      restore: (d) => {
        const marketData = (d as { marketData?: MarketDataDump }).marketData
        history.beforeReplay() // under the snapshot's market data, where it had not been read yet
        if (marketData) hub.load(marketData)
        return withSink(new ExchangeState(d as ExchangeSnapshot | SpotSnapshot))
      },
      snapshotEvery: opts.snapshotEvery ?? 50_000,
      formatVersion: DATA_FORMAT_VERSION
    })
    const d = durable
    undo.push(() => d.close())
    await history.start(clock(), d.recovery.snapshotSeq === 0 && d.recovery.replayed === 0)
    commitAny = (cmd) => d.commit(cmd)
  } else {
    await history.start(clock(), true)
    const s = withSink(new ExchangeState())
    commitAny = (cmd) => {
      try {
        return Promise.resolve(s.apply(isFlat(cmd) ? cmd : structuredClone(cmd)))
      } catch (e) {
        return Promise.reject(e)
      }
    }
  }
  const commit = commitAny as SimContext['commit']
  const state = (): ExchangeState => stateRef as ExchangeState
  // Made on the recovered state, before any command: it judges whether that state was idle when it stopped.
  const tickMs = opts.futuresTickMs ?? 1000
  const futuresTick = futuresTicker({
    futures: () => state().futures,
    commit: commitAny,
    clock,
    fundingIntervalMs: opts.fundingIntervalMs ?? DEFAULT_FUNDING_INTERVAL_MS,
    everyMs: tickMs
  })
  const spot = (): SpotState => state().spot
  const sim: SimContext = {
    get spot() {
      return spot()
    },
    get futures() {
      return state().futures
    },
    hub,
    clock,
    commit
  }

  // Accounts: one per --api-key pair; with none, the first user account (made now on a fresh exchange).
  const accounts: RunningExchange['accounts'] = []
  for (const k of opts.keys ?? []) {
    const rsa = k.rsaPublicKeyFile ? readFileSync(k.rsaPublicKeyFile, 'utf8') : undefined
    const known = spot().byApiKey.get(k.apiKey)
    if (known) {
      if (known.secret !== k.apiSecret)
        throw new Error(`--api-key ${k.apiKey} exists in the data dir with another secret`)
      if (rsa && known.rsaPublicKey !== rsa)
        await commit({ t: 'rsaKey', apiKey: k.apiKey, rsaPublicKey: rsa, time: clock() })
      accounts.push({ apiKey: k.apiKey, apiSecret: k.apiSecret, accountId: known.id })
      continue
    }
    const cmd = newAccountCommand(spot(), {
      apiKey: k.apiKey,
      secret: k.apiSecret,
      rsaPublicKey: rsa,
      unlimited: opts.unlimitedKeys,
      time: clock()
    })
    await commit(cmd)
    await fundEveryWallet(commit, cmd.id, clock())
    accounts.push({ apiKey: k.apiKey, apiSecret: k.apiSecret, accountId: cmd.id })
  }
  if (accounts.length === 0) {
    const existing = [...spot().accounts.values()].find((a) => !a.bot)
    if (existing) accounts.push({ apiKey: existing.apiKey, apiSecret: existing.secret, accountId: existing.id })
    else {
      const apiKey = randomBytes(16).toString('hex')
      const apiSecret = randomBytes(32).toString('hex')
      const cmd = newAccountCommand(spot(), {
        apiKey,
        secret: apiSecret,
        unlimited: opts.unlimitedKeys,
        time: clock()
      })
      await commit(cmd)
      await fundEveryWallet(commit, cmd.id, clock())
      accounts.push({ apiKey, apiSecret, accountId: cmd.id })
    }
  }

  const handlers = new Map<string, Handler>(
    Object.entries({
      ...spotPublicHandlers(sim),
      ...spotTradingHandlers(sim),
      ...spotAccountHandlers(sim),
      ...marginHandlers(sim),
      ...futuresPublicHandlers(sim),
      ...futuresOrderHandlers(sim),
      ...futuresRecordHandlers(sim),
      ...futuresAccountHandlers(sim),
      ...futuresSettingsHandlers(sim)
    })
  )
  const lookupCredential = (apiKey: string): Credential | undefined => {
    const a = spot().byApiKey.get(apiKey)
    // The market bots trade in-process only: their keys (public in older data dirs) never sign a request.
    return a && !a.bot ? credentialOf(a) : undefined
  }
  const controlToken = opts.controlToken ?? newControlToken()
  let port = 0
  let activity: MarketActivity | null = null
  const server: Server = createHttpFront({
    handlers,
    lookupCredential,
    clock,
    shaper: opts.flavor === 'live' ? liveShaper(bestPricesOf(hub)) : specShaper,
    requests: opts.flavor === 'live' ? liveRequests : undefined,
    timeouts: opts.httpTimeouts,
    extension: opts.control ? controlApi(sim, () => activity, { token: controlToken, port: () => port }) : undefined
  })
  const feeds: MarketWsHandle[] = [
    attachMarketWs(server, {
      path: '/spot/ws',
      module: 'spot',
      hub,
      flavor: opts.flavor ?? 'spec',
      now: clock,
      ...opts.ws
    }),
    // One hub holds both modules (futures channels are the e_ symbols, market_e_btcusdt_ticker); each path serves
    // only its own module's channels; hub ticks run once.
    attachMarketWs(server, {
      path: '/futures/ws',
      module: 'futures',
      hub,
      flavor: opts.flavor ?? 'spec',
      now: clock,
      hubTickMs: 0,
      ...opts.ws
    })
  ]
  undo.push(async () => {
    await Promise.all(feeds.map((f) => f.close()))
    server.close()
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(opts.port ?? 0, opts.host ?? '127.0.0.1', () => resolve())
  })
  port = (server.address() as AddressInfo).port
  const url = `http://127.0.0.1:${port}`

  activity =
    opts.activity === false ? null : startMarketActivity(sim, { seed: opts.seed ?? 1, timer: opts.activityTimer })
  const risk = startMarginRisk(sim)
  let ticking = false
  const futuresTimer =
    tickMs === 0 || opts.futuresTimer === false
      ? null
      : setInterval(() => {
          if (ticking) return
          ticking = true
          futuresTick()
            .catch((e: unknown) => console.error('[exchange] futures tick failed:', e))
            .finally(() => (ticking = false))
        }, tickMs)
  futuresTimer?.unref()
  log(`listening on ${url}`)

  return {
    url,
    port,
    get spot() {
      return spot()
    },
    get futures() {
      return state().futures
    },
    get state() {
      return state()
    },
    hub,
    sim,
    futuresTick,
    activity,
    controlToken,
    accounts,
    async close() {
      await activity?.stop()
      risk.stop()
      if (futuresTimer) clearInterval(futuresTimer)
      await Promise.all(feeds.map((f) => f.close()))
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
      await durable?.close()
    }
  }
}

/**
 * A command whose fields are all primitives (order placement, cancel) needs no copy: its handler builds it for
 * this one call, and apply can keep nothing of it that the handler could change later. Other commands are copied
 * so that apply never shares the handler's nested values.
 */
function isFlat(cmd: object): boolean {
  for (const k in cmd) {
    const v = (cmd as Record<string, unknown>)[k]
    const t = typeof v
    if (v !== null && (t === 'object' || t === 'function' || t === 'symbol')) return false
  }
  return true
}
