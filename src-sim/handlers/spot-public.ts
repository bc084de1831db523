// Handlers of the spot public endpoints (security NONE).
import { refuse } from '../domain-error'
import { handlersOf, type SimContext } from './context'

export function spotPublicHandlers(sim: SimContext) {
  const market = (symbol: string): string => sim.spot.market(symbol).symbol
  /** The hub knows every market the state knows; a miss would be a market added to one and not the other. */
  const known = <T>(v: T | null): T => v ?? refuse('BAD_SYMBOL', 'Invalid symbol')
  return handlersOf({
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
    'spot.depth': (r) => known(sim.hub.depth(market(r.params.symbol), r.params.limit)),
    'spot.ticker': (r) => {
      const t = known(sim.hub.ticker(market(r.params.symbol)))
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
    'spot.trades': (r) => known(sim.hub.trades(market(r.params.symbol), r.params.limit)),
    'spot.klines': (r) => known(sim.hub.klines(market(r.params.symbol), r.params.interval, { limit: r.params.limit }))
  })
}
