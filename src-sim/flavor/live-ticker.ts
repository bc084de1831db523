// `--flavor live`: tickers carry `buy` and `sell`, the best bid and ask, as live venues send them (the spec's
// ticker has neither). A side with no order is null.
import type { MarketDataHub } from '../market'

export interface BestPrices {
  buy: string | null
  sell: string | null
}

/** Best bid and ask of a spot symbol or futures contract, as the book's price text. */
export function bestPricesOf(hub: MarketDataHub): (name: string) => BestPrices {
  return (name) => {
    const d = hub.depth(name, 1)
    return { buy: d?.bids[0]?.[0] ?? null, sell: d?.asks[0]?.[0] ?? null }
  }
}

const isObj = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v)

export function withBestPrices(ticker: unknown, best: BestPrices): unknown {
  return isObj(ticker) ? { ...ticker, ...best } : ticker
}

/** all_ticker: every contract's ticker, keyed by contract name. */
export function allWithBestPrices(tickers: unknown, bestOf: (name: string) => BestPrices): unknown {
  return isObj(tickers)
    ? Object.fromEntries(Object.entries(tickers).map(([name, t]) => [name, withBestPrices(t, bestOf(name))]))
    : tickers
}
