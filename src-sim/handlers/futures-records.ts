// Handlers of futures trade records: the caller's fills, fills labelled open/close, ADL and liquidation events.
// Paging as myTrades (and spot myTrades): from fromId on, oldest first; without fromId the latest `limit`.
import { eventRecord, tradesRecord, userTrade } from '../futures/format'
import type { EventRec, TradeRec } from '../futures/records'
import { pageFromId } from '../engine'
import { accountOf, type RequestOf, type SimContext, handlersOf } from './context'

type RecordId = 'futures.myTrades' | 'futures.tradesRecord' | 'futures.adlRecord' | 'futures.liquidationList'

export function futuresRecordHandlers(sim: SimContext) {
  const v = sim.futures
  const filtered = <T extends { contract: string }>(
    r: RequestOf<RecordId>,
    lists: Map<string, T[]>,
    idOf: (x: T) => string
  ): T[] => {
    const p = r.params
    const name = p.contractName === undefined ? undefined : v.contract(p.contractName).symbol
    const list = v.records.of(lists, accountOf(r)).filter((x) => name === undefined || x.contract === name)
    return pageFromId(list, idOf, p.limit, p.fromId)
  }
  const tradeId = (t: TradeRec): string => t.tradeId
  const eventId = (e: EventRec): string => e.id
  return handlersOf({
    'futures.myTrades': (r) => filtered(r, v.records.trades, tradeId).map((t) => userTrade(v, t)),
    'futures.tradesRecord': (r) => filtered(r, v.records.trades, tradeId).map((t) => tradesRecord(v, t)),
    'futures.adlRecord': (r) => filtered(r, v.records.adl, eventId).map((e) => eventRecord(v, e)),
    'futures.liquidationList': (r) => filtered(r, v.records.liquidations, eventId).map((e) => eventRecord(v, e))
  })
}
