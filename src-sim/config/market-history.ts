// What the seeded history of each market looks like (src-sim/market/history.ts): how much it moves and trades in a
// day. A contract's price walks with the spot market of its index, so its chart follows that market's.
import { TRADE_ID_BASE } from '../engine/ids'
import { FUTURES_TRADE_ID_BASE } from '../futures/futures-state'
import type { HistoryMarket } from '../market/history'
import { FUTURES_CONTRACTS } from './futures-contracts'
import { SPOT_MARKETS } from './spot-markets'

/** The history seed when none is given (`--history-seed`). */
export const DEFAULT_HISTORY_SEED = 1

interface HistoryProfile {
  /** Standard deviation of a day's log return. */
  dailyVolatility: number
  /** A day's volume: base asset for spot, contracts for futures. */
  dailyVolume: number
}

const PROFILES: Readonly<Record<string, HistoryProfile>> = {
  btcusdt: { dailyVolatility: 0.03, dailyVolume: 2_500 },
  ethusdt: { dailyVolatility: 0.04, dailyVolume: 30_000 },
  solusdt: { dailyVolatility: 0.055, dailyVolume: 600_000 },
  dogeusdt: { dailyVolatility: 0.065, dailyVolume: 800_000_000 },
  // 0.001 BTC, 0.01 ETH and 100 USD a contract
  'E-BTC-USDT': { dailyVolatility: 0.03, dailyVolume: 4_000_000 },
  'E-ETH-USDT': { dailyVolatility: 0.04, dailyVolume: 2_500_000 },
  'E-BTC-USD': { dailyVolatility: 0.03, dailyVolume: 900_000 }
}

/** A market missing from PROFILES moves 4 % a day and trades a modest volume. */
const FALLBACK: HistoryProfile = { dailyVolatility: 0.04, dailyVolume: 10_000 }

/** Generated trade ids of one market lie in a span of their own below the live ids (unique across markets). */
const ID_SPAN = 1_000_000n

/** Every spot market and futures contract the exchange lists, as the history generator takes them. */
export function historyMarkets(): HistoryMarket[] {
  return [
    ...SPOT_MARKETS.map((m, i) => ({
      name: m.symbol,
      pricePrecision: m.pricePrecision,
      quantityPrecision: m.quantityPrecision,
      price: m.initialPrice,
      pathKey: m.symbol,
      ...(PROFILES[m.symbol] ?? FALLBACK),
      tradeIdBase: (TRADE_ID_BASE - BigInt(i) * ID_SPAN).toString()
    })),
    ...FUTURES_CONTRACTS.map((c, i) => ({
      name: c.symbol,
      pricePrecision: c.pricePrecision,
      quantityPrecision: 0,
      price: c.initialPrice,
      pathKey: c.indexSymbol,
      ...(PROFILES[c.symbol] ?? FALLBACK),
      tradeIdBase: (FUTURES_TRADE_ID_BASE - BigInt(i) * ID_SPAN).toString()
    }))
  ]
}
