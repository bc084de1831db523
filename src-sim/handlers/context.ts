import type { MarketDataHub } from '../market'
import type { HandlerContext } from '../http/server'
import type { FuturesState } from '../futures/futures-state'
import type { ExchangeCommand, ResultOf } from '../exchange-state'
import type { SpotState } from '../spot/spot-state'

/** What endpoint handlers work with: the exchange's state, the market data, and durable commands. */
export interface SimContext {
  /** The spot side (spot and margin wallets, spot books). */
  spot: SpotState
  /** The futures side of the same state (one journal, so spot/futures transfers are atomic). */
  futures: FuturesState
  hub: MarketDataHub
  clock: () => number
  /** Applies a command and resolves once it is durable; refusals reject with an ApiError. */
  commit<C extends ExchangeCommand>(cmd: C): Promise<ResultOf<C>>
}

export type HandlerTable = Record<string, (req: HandlerContext) => unknown>

/** An optional parameter as text (ids and decimals arrive as text or JSON numbers). */
export const optionalText = (v: unknown): string | undefined => (v === undefined ? undefined : String(v))

export function accountOf(req: HandlerContext): string {
  const c = req.credential
  if (!c) throw new Error(`${req.def.id} reached a handler without a credential`)
  return c.accountId
}
