// The embedded exchange's endpoint handlers, one table keyed by catalog id (HandlerTable: typed per id, complete).
import type { Handler } from '../http/server'
import type { HandlerTable, SimContext } from './context'
import { futuresAccountHandlers } from './futures-account'
import { futuresOrderHandlers } from './futures-orders'
import { futuresPublicHandlers } from './futures-public'
import { futuresRecordHandlers } from './futures-records'
import { futuresSettingsHandlers } from './futures-settings'
import { spotAccountHandlers } from './spot-account'
import { marginHandlers, spotTradingHandlers } from './spot-orders'
import { spotPublicHandlers } from './spot-public'

export function endpointHandlers(sim: SimContext): ReadonlyMap<string, Handler> {
  const table: HandlerTable = {
    ...spotPublicHandlers(sim),
    ...spotTradingHandlers(sim),
    ...spotAccountHandlers(sim),
    ...marginHandlers(sim),
    ...futuresPublicHandlers(sim),
    ...futuresOrderHandlers(sim),
    ...futuresRecordHandlers(sim),
    ...futuresAccountHandlers(sim),
    ...futuresSettingsHandlers(sim)
  }
  // The front calls a handler only with the request's parameters validated against the same catalog entry
  // (http/params.ts), which is the shape RequestOf<I> states; by id the map can no longer say which entry.
  return new Map(Object.entries(table) as [string, Handler][])
}
