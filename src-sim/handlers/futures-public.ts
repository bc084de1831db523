// Handlers of the futures public endpoints (security NONE): contracts, depth, tickers, klines, index and mark.
import { toJsonNumber } from '@shared/decimal'
import { refuse } from '../domain-error'
import { contractOut, indexOut } from '../futures/format'
import type * as W from '@shared/api/wire'
import { handlersOf, type SimContext } from './context'

export function futuresPublicHandlers(sim: SimContext) {
  const contract = (name: string): string => sim.futures.contract(name).symbol
  /** The hub knows every contract the state knows; a miss would be a contract added to one and not the other. */
  const known = <T>(v: T | null, name: string): T => v ?? refuse('BAD_SYMBOL', `Invalid contract '${name}'`)
  const ticker = (name: string): W.Ticker => {
    const t = sim.hub.ticker(name)
    if (!t) refuse('BAD_SYMBOL', `Invalid contract '${name}'`)
    // (the hub's turnover counts price x contracts, not value, so futures tickers leave it out)
    return { time: t.time, high: t.high, low: t.low, last: t.last, vol: t.vol, rose: t.rose, open: t.open }
  }
  const contracts = () => [...sim.futures.contracts.values()]
  return handlersOf({
    'futures.ping': () => ({}),
    'futures.time': (r) => ({ timezone: 'UTC', serverTime: r.now }),
    // brokerId: every contract of the embedded exchange is offered to every broker.
    'futures.contracts': () => contracts().map(contractOut),
    'futures.depth': (r) =>
      known(sim.hub.depth(contract(r.params.contractName), r.params.limit), r.params.contractName),
    'futures.ticker': (r) => ticker(contract(r.params.contractName)),
    'futures.allTicker': () => Object.fromEntries(contracts().map((c) => [c.symbol, ticker(c.symbol)])),
    'futures.index': (r) => indexOut(sim.futures, sim.futures.contract(r.params.contractName), r.now),
    'futures.allIndexPrice': () =>
      Object.fromEntries(
        contracts().map((c) => [c.symbol, toJsonNumber(c.priceText(sim.futures.market.get(c.symbol)!.index))])
      ),
    'futures.indexTagPrice': () =>
      contracts().map((c) => {
        const m = sim.futures.market.get(c.symbol)!
        return {
          symbol: c.symbol,
          indexPrice: toJsonNumber(c.priceText(m.index)),
          markPrice: toJsonNumber(c.priceText(m.mark))
        }
      }),
    'futures.klines': (r) => {
      const p = r.params
      const candles = sim.hub.klines(contract(p.contractName), p.interval, {
        limit: p.limit,
        startTime: p.startTime === undefined ? undefined : Number(p.startTime),
        endTime: p.endTime === undefined ? undefined : Number(p.endTime)
      })
      return known(candles, p.contractName)
    }
  })
}
