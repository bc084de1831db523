// Handlers of the futures public endpoints (security NONE): contracts, depth, tickers, klines, index and mark.
import { toJsonNumber } from '@shared/decimal'
import { apiFail } from '../http/api-error'
import { contractOut, indexOut } from '../futures/format'
import type { HandlerTable, SimContext } from './context'

export function futuresPublicHandlers(sim: SimContext): HandlerTable {
  const contract = (name: unknown): string => sim.futures.contract(String(name)).symbol
  const ticker = (name: string): Record<string, unknown> => {
    const t = sim.hub.ticker(name)
    if (!t) apiFail('BAD_SYMBOL', `Invalid contract '${name}'`)
    // (the hub's turnover counts price x contracts, not value, so futures tickers leave it out)
    return { time: t.time, high: t.high, low: t.low, last: t.last, vol: t.vol, rose: t.rose, open: t.open }
  }
  const contracts = () => [...sim.futures.contracts.values()]
  return {
    'futures.ping': () => ({}),
    'futures.time': (r) => ({ timezone: 'UTC', serverTime: r.now }),
    // brokerId: every contract of the embedded exchange is offered to every broker.
    'futures.contracts': () => contracts().map(contractOut),
    'futures.depth': (r) => sim.hub.depth(contract(r.params['contractName']), r.params['limit']),
    'futures.ticker': (r) => ticker(contract(r.params['contractName'])),
    'futures.allTicker': () => Object.fromEntries(contracts().map((c) => [c.symbol, ticker(c.symbol)])),
    'futures.index': (r) => indexOut(sim.futures, sim.futures.contract(String(r.params['contractName'])), r.now),
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
    'futures.klines': (r) =>
      sim.hub.klines(contract(r.params['contractName']), String(r.params['interval']), {
        limit: r.params['limit'],
        startTime: r.params['startTime'] === undefined ? undefined : Number(r.params['startTime']),
        endTime: r.params['endTime'] === undefined ? undefined : Number(r.params['endTime'])
      })
  }
}
