// Assembly step: the exchange's state, durable (journal + snapshots in the data dir) or in memory, with the seeded
// market history set under it, and the commit that applies a command to it.
import type { ExchangeOptions, StartOptions } from '../options'
import { marketHistory } from '../activity/market-history'
import { ExchangeState, type ExchangeCommand, type ExchangeResult, type ExchangeSnapshot } from '../exchange-state'
import type { MarketDataDump, MarketDataHub } from '../market'
import type { SpotSnapshot } from '../spot/spot-state'
import { openDurableState } from '../store/durable-state'

export interface OpenedState {
  /** The state now (a restore replaces it). */
  state(): ExchangeState
  /** Applies a command; resolves once it is durable (journaled and synced with a data dir). */
  commit(cmd: ExchangeCommand): Promise<ExchangeResult>
  /** Closes the journal (nothing to close in memory). */
  close(): Promise<void>
}

export interface StateOptions extends Pick<StartOptions, 'dataDir' | 'history' | 'historySeed' | 'snapshotEvery'> {
  clock: () => number
  /** The data dir's format version (DATA_FORMAT_VERSION). */
  formatVersion: number
}

/**
 * Opens the state and feeds its trades to `hub`; `adopt` is told of every state made (the first one, or the one a
 * snapshot restores), before anything replays into it. What must be released on a failed start goes to `undo`.
 */
export async function openState(
  opts: StateOptions,
  hub: MarketDataHub,
  adopt: (s: ExchangeState) => void,
  undo: (() => Promise<void>)[]
): Promise<OpenedState> {
  let current: ExchangeState | null = null
  const withSink = (s: ExchangeState): ExchangeState => {
    current = s
    adopt(s)
    s.setSink(hub)
    return s
  }
  const state = (): ExchangeState => current as ExchangeState
  const dataDir: ExchangeOptions['dataDir'] = opts.dataDir ?? null

  // Seeded history on a fresh start; with a data dir, its plan is kept there and set again under the replay.
  const history = marketHistory({ hub, dataDir, enabled: opts.history !== false, seed: opts.historySeed })

  if (!dataDir) {
    await history.start(opts.clock(), true)
    const s = withSink(new ExchangeState())
    const commit = (cmd: ExchangeCommand): Promise<ExchangeResult> => {
      try {
        return Promise.resolve(s.apply(isFlat(cmd) ? cmd : structuredClone(cmd)))
      } catch (e) {
        return Promise.reject(e)
      }
    }
    return { state, commit, close: () => Promise.resolve() }
  }
  const durable = await openDurableState<ExchangeState, ExchangeCommand, ExchangeResult>({
    dir: dataDir,
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
    formatVersion: opts.formatVersion
  })
  undo.push(() => durable.close())
  await history.start(opts.clock(), durable.recovery.snapshotSeq === 0 && durable.recovery.replayed === 0)
  return { state, commit: (cmd) => durable.commit(cmd), close: () => durable.close() }
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
