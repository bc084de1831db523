// The whole embedded exchange as ONE deterministic state machine: the spot venue (spot and margin wallets, spot
// books) and the futures venue side by side, one apply(command) dispatching on `t`, one snapshot. One state
// and one journal make a spot/futures transfer atomic: a single command changes both ledgers or neither.
import { isFuturesCommand, type FuturesCommand, type FuturesResult } from '../futures/commands'
import { FuturesVenue } from '../futures/venue'
import type { FuturesSnapshot } from '../futures/snapshot'
import type { VenueCommand } from './commands'
import { SpotVenue, type MarketSink, type VenueResult, type VenueSnapshot } from './spot-venue'

export type ExchangeCommand = VenueCommand | FuturesCommand
export type ExchangeResult = VenueResult | FuturesResult
/** The result type of a command: spot commands give VenueResult, futures commands FuturesResult. */
export type ResultOf<C> = C extends FuturesCommand ? FuturesResult : VenueResult

export interface ExchangeSnapshot {
  version: 2
  spot: VenueSnapshot
  futures: FuturesSnapshot
}

export class ExchangeState {
  readonly spot: SpotVenue
  readonly futures: FuturesVenue

  /** `snapshot` may also be a spot-only VenueSnapshot of a data dir written before futures existed. */
  constructor(snapshot?: ExchangeSnapshot | VenueSnapshot) {
    const both = snapshot && (snapshot as ExchangeSnapshot).version === 2 ? (snapshot as ExchangeSnapshot) : undefined
    this.spot = new SpotVenue(both ? both.spot : (snapshot as VenueSnapshot | undefined))
    this.futures = new FuturesVenue(() => this.spot, both?.futures)
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
