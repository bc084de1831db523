// One candle of the embedded exchange's market data, as the series hold it (decimals), and as a snapshot keeps it.
import { ZERO, type Dec } from './decimal'

export interface Candle {
  /** open time, ms */
  start: number
  open: Dec
  high: Dec
  low: Dec
  close: Dec
  vol: Dec
  /** quote turnover, sum of price x qty */
  amount: Dec
  /** trades in the bucket; 0 marks a flat gap placeholder */
  count: number
}

/** A candle in a snapshot: [start ms, open, high, low, close, vol, amount, count], decimals as exact text. */
export type CandleRow = [number, string, string, string, string, string, string, number]

/** A flat placeholder for a bucket without trades, at the previous close. */
export function flat(start: number, price: Dec): Candle {
  return { start, open: price, high: price, low: price, close: price, vol: ZERO, amount: ZERO, count: 0 }
}
