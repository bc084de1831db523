// Handlers of the spot public endpoints (security NONE).
import { apiFail } from '../http/api-error'
import type { HandlerTable, SimContext } from './context'

export function spotPublicHandlers(sim: SimContext): HandlerTable {
  const market = (symbol: unknown): string => sim.spot.market(String(symbol)).symbol
  return {
    'spot.ping': () => ({}),
    'spot.time': (r) => ({ timezone: 'UTC', serverTime: r.now }),
    'spot.symbols': () => ({
      symbols: [...sim.spot.markets.values()].map((m) => ({
        symbol: m.symbol,
        baseAsset: m.baseAsset,
        quoteAsset: m.quoteAsset,
        pricePrecision: m.pricePrecision,
        quantityPrecision: m.quantityPrecision,
        limitPriceMin: m.limitPriceMin,
        limitVolumeMin: m.limitVolumeMin,
        marketBuyMin: m.marketBuyMin,
        marketSellMin: m.marketSellMin
      }))
    }),
    'spot.depth': (r) => sim.hub.depth(market(r.params['symbol']), r.params['limit']),
    'spot.ticker': (r) => {
      const t = sim.hub.ticker(market(r.params['symbol']))
      if (!t) apiFail('BAD_SYMBOL', 'Invalid symbol')
      return {
        time: t.time,
        high: t.high,
        low: t.low,
        last: t.last,
        vol: t.vol,
        rose: t.rose,
        open: t.open,
        amount: t.amount
      }
    },
    'spot.trades': (r) => sim.hub.trades(market(r.params['symbol']), r.params['limit']),
    'spot.klines': (r) =>
      sim.hub.klines(market(r.params['symbol']), String(r.params['interval']), { limit: r.params['limit'] as number })
  }
}
