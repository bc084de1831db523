// The seeded market history (src-sim/market/history.ts) of the exchange: drawn at a fresh start, kept with the data
// dir.
// - No data dir: a new plan (this start, the seed) at every start.
// - A fresh data dir: the plan is stored (MARKET-HISTORY) before the first journal record, then given to the hub.
// - A restart: the stored plan is given to the hub before a snapshot's market data loads over it (the snapshot holds
//   what had been read of the history, and says what still waited) and before the journal replays the trades made
//   since. A data dir with records but no plan (an older build's, or one started with history off) stays without
//   history: one ending at the configured price would not meet the trades it holds.
import { DEFAULT_HISTORY_SEED, historyMarkets } from '../config/market-history'
import { historyPlan, marketHistories, parseHistoryPlan, type HistoryPlan } from '../market/history'
import type { MarketDataHub } from '../market'
import { readHistoryPlanSync, writeHistoryPlan } from '../store/history-file'
import type { StoreIo } from '../store/io'

export interface MarketHistoryOptions {
  hub: MarketDataHub
  dataDir: string | null
  /** false: a fresh start gets no history (a stored one is still shown: it is the data dir's). */
  enabled: boolean
  seed?: number
  io?: StoreIo
}

export interface MarketHistorySetup {
  /** With the data dir locked, before a snapshot's market data loads and the journal replays: the stored history. */
  beforeReplay(): void
  /** Once the state is open, before any command: on a fresh start, draws (and with a data dir stores) the history. */
  start(now: number, fresh: boolean): Promise<void>
  /** The plan the hub's history comes from, or null. */
  readonly plan: HistoryPlan | null
}

export function marketHistory(opts: MarketHistoryOptions): MarketHistorySetup {
  let plan: HistoryPlan | null = null
  const use = (p: HistoryPlan): void => {
    plan = p
    opts.hub.setHistory(marketHistories(p))
  }
  return {
    beforeReplay() {
      if (!opts.dataDir) return
      const stored = readHistoryPlanSync(opts.dataDir, parseHistoryPlan)
      if (stored) use(stored)
    },
    async start(now, fresh) {
      if (plan || !fresh || !opts.enabled) return
      const p = historyPlan(historyMarkets(), opts.seed ?? DEFAULT_HISTORY_SEED, now)
      if (opts.dataDir) await writeHistoryPlan(opts.dataDir, p, opts.io)
      use(p)
    },
    get plan() {
      return plan
    }
  }
}
