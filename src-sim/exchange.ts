// Assembles the embedded exchange, step by step (assembly/): the market-data hub, the state (the spot and futures
// states in one state machine, journal + snapshots when a data dir is given), the futures tick, the accounts a start
// is given, the network front (HTTP from the catalog, the WebSocket feeds, the optional control API) and the timers
// (market activity, margin risk, the futures tick's cadence).
import type { MarketActivity } from './activity/market-activity'
import type { SimContext } from './context'
import type { ExchangeState } from './exchange-state'
import type { FuturesState } from './futures/futures-state'
import { DEFAULT_FUNDING_INTERVAL_MS } from './futures/commands'
import { futuresTicker } from './futures/ticker'
import type { MarketDataHub } from './market'
import type { StartOptions } from './options'
import type { SpotState } from './spot/spot-state'
import { openFront } from './assembly/front'
import { marketDataHub } from './assembly/market-data'
import { simContext } from './assembly/sim-context'
import { startAccounts, type StartAccount } from './assembly/start-accounts'
import { openState } from './assembly/state'
import { startTimers } from './assembly/timers'

export type { StartOptions } from './options'

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
  accounts: StartAccount[]
  close(): Promise<void>
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
  let current: ExchangeState | null = null
  const hub = marketDataHub(clock, () => current)
  const opened = await openState(
    { ...opts, clock, formatVersion: DATA_FORMAT_VERSION },
    hub,
    (s) => (current = s),
    undo
  )
  const state = (): ExchangeState => opened.state()
  // Made on the recovered state, before any command: it judges whether that state was idle when it stopped.
  const tickMs = opts.futuresTickMs ?? 1000
  const futuresTick = futuresTicker({
    futures: () => state().futures,
    commit: opened.commit,
    clock,
    fundingIntervalMs: opts.fundingIntervalMs ?? DEFAULT_FUNDING_INTERVAL_MS,
    everyMs: tickMs
  })
  const sim = simContext(opened, hub, clock)
  const accounts = await startAccounts(sim, opts)
  let activity: MarketActivity | null = null
  const front = await openFront(sim, opts, () => activity, undo)
  const timers = startTimers(sim, futuresTick, tickMs, opts)
  activity = timers.activity
  opts.log?.(`listening on ${front.url}`)

  return {
    url: front.url,
    port: front.port,
    get spot() {
      return state().spot
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
    controlToken: front.controlToken,
    accounts,
    async close() {
      await timers.stop()
      await front.close()
      await opened.close()
    }
  }
}
