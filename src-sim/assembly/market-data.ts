// Assembly step: the market-data hub over every spot market and futures contract. Its depth views read the books of
// the state, which exists only once the state is opened (and is replaced by a restore), hence the getter.
import { formatScaled } from '../engine'
import { FUTURES_CONTRACTS } from '../config/futures-contracts'
import { SPOT_MARKETS } from '../config/spot-markets'
import type { ExchangeState } from '../exchange-state'
import { MarketDataHub } from '../market'

export function marketDataHub(clock: () => number, state: () => ExchangeState | null): MarketDataHub {
  return new MarketDataHub({
    now: clock,
    symbols: [
      ...SPOT_MARKETS.map((m) => ({
        kind: 'spot' as const,
        name: m.symbol,
        pricePrecision: m.pricePrecision,
        quantityPrecision: m.quantityPrecision,
        initialPrice: m.initialPrice
      })),
      ...FUTURES_CONTRACTS.map((c) => ({
        kind: 'futures' as const,
        name: c.symbol,
        pricePrecision: c.pricePrecision,
        quantityPrecision: 0,
        initialPrice: c.initialPrice
      }))
    ],
    getDepth: (name, levels) => {
      const s = state()
      const fc = s?.futures.contracts.get(name)
      if (s && fc) {
        const d = s.futures.books.depth(name, levels)
        const fmt = (l: [number, number]): [string, string] => [fc.priceText(l[0]), String(l[1])]
        return d ? { bids: d.bids.map(fmt), asks: d.asks.map(fmt) } : null
      }
      const m = s?.spot.markets.get(name)
      const d = m && s?.spot.engine.depth(name, levels)
      if (!m || !d) return null
      const fmt = (l: [number, number]): [string, string] => [
        formatScaled(l[0], m.pricePrecision),
        formatScaled(l[1], m.quantityPrecision)
      ]
      return { bids: d.bids.map(fmt), asks: d.asks.map(fmt) }
    }
  })
}
