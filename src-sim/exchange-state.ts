// The whole embedded exchange as ONE deterministic state machine: the spot state (spot and margin wallets, spot
// books: ./spot/) and the futures state (./futures/) side by side, one apply(command) dispatching on `t`, one
// snapshot. One state and one journal make a spot/futures transfer atomic: a single command changes both ledgers or
// neither.
import { isFuturesCommand, type FuturesCommand, type FuturesResult } from './futures/commands'
import { FuturesState } from './futures/futures-state'
import type { FuturesSnapshot } from './futures/snapshot'
import type { SpotCommand } from './spot/commands'
import { SpotState, type MarketSink, type SpotResult, type SpotSnapshot } from './spot/spot-state'

export type ExchangeCommand = SpotCommand | FuturesCommand
export type ExchangeResult = SpotResult | FuturesResult
/** The result type of a command: spot commands give SpotResult, futures commands FuturesResult. */
export type ResultOf<C> = C extends FuturesCommand ? FuturesResult : SpotResult

export interface ExchangeSnapshot {
  version: 2
  spot: SpotSnapshot
  futures: FuturesSnapshot
}

export class ExchangeState {
  readonly spot: SpotState
  readonly futures: FuturesState

  /** `snapshot` may also be a spot-only SpotSnapshot of a data dir written before futures existed. */
  constructor(snapshot?: ExchangeSnapshot | SpotSnapshot) {
    const both = snapshot && (snapshot as ExchangeSnapshot).version === 2 ? (snapshot as ExchangeSnapshot) : undefined
    this.spot = new SpotState(both ? both.spot : (snapshot as SpotSnapshot | undefined))
    this.futures = new FuturesState(() => this.spot, both?.futures)
  }

  setSink(sink: MarketSink | null): void {
    this.spot.setSink(sink)
    this.futures.setSink(sink)
  }

  apply(cmd: ExchangeCommand): ExchangeResult {
    return isFuturesCommand(cmd) ? this.futures.apply(cmd) : this.spot.apply(cmd)
  }

  snapshot(): ExchangeSnapshot {
    return { version: 2, spot: this.spot.snapshot(), futures: this.futures.snapshot() }
  }
}
