// What the exchange's parts act on once it is assembled: handlers, the control API, market activity and the
// timers (margin risk, futures bots) read the state and change it only through durable commands.
import type { MarketDataHub } from './market'
import type { FuturesState } from './futures/futures-state'
import type { ExchangeCommand, ResultOf } from './exchange-state'
import type { SpotState } from './spot/spot-state'

/** The exchange's state, the market data, the clock and durable commands. */
export interface SimContext {
  /** The spot side (spot and margin wallets, spot books). */
  spot: SpotState
  /** The futures side of the same state (one journal, so spot/futures transfers are atomic). */
  futures: FuturesState
  hub: MarketDataHub
  clock: () => number
  /** Applies a command and resolves once it is durable; refusals reject with a DomainError. */
  commit<C extends ExchangeCommand>(cmd: C): Promise<ResultOf<C>>
}
