// Candle data for the drawings' tests: bars from [open time (s), open, high, low, close] rows, volume 1.
import { candleData, type CandleData } from '../../../src-renderer/src/charts/candles'

export type BarRow = [time: number, open: string, high: string, low: string, close: string]

export const candleBars = (rows: readonly BarRow[]): CandleData =>
  candleData(
    rows.map(([id, open, high, low, close]) => ({ id, open, high, low, close, vol: '1', amount: '1' })) as never
  )
