import type { MarketDataHub } from '../market'
import type { HandlerContext } from '../http/server'
import type { VenueCommand } from '../venue/commands'
import type { SpotVenue, VenueResult } from '../venue/spot-venue'

/** What endpoint handlers work with: the venue's state, the market data, and durable commands. */
export interface SimContext {
  venue: SpotVenue
  hub: MarketDataHub
  clock: () => number
  /** Applies a command and resolves once it is durable; refusals reject with an ApiError. */
  commit(cmd: VenueCommand): Promise<VenueResult>
}

export type HandlerTable = Record<string, (req: HandlerContext) => unknown>

export function accountOf(req: HandlerContext): string {
  const c = req.credential
  if (!c) throw new Error(`${req.def.id} reached a handler without a credential`)
  return c.accountId
}
