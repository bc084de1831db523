// Seeded history put before the candles of the trades made since it was set (./candles.ts reads it late): history
// after the first trade's bucket is dropped, the bucket both share becomes one candle opened by the history, and the
// gap between them is filled flat, as much of it as the series can keep.
import { flat, type Candle } from './candle'
import { fixedLengthMs, nextBucketStart, type Interval } from './intervals'

/** `hist` then `live` (both in time order) as one series of at most `capacity` candles; `live` when no history fits. */
export function joinHistory(hist: Candle[], live: Candle[], capacity: number, interval: Interval): Candle[] {
  const first = live[0]
  while (first && hist.length > 0 && hist.at(-1)!.start > first.start) hist.pop()
  const last = hist.at(-1)
  if (!last) return live
  if (first && last.start === first.start) {
    // the bucket the history ends in, where the trades began: one candle, opened by the history
    hist.pop()
    if (first.count === 0) {
      first.open = last.open
      first.high = last.high
      first.low = last.low
      first.close = last.close
    } else {
      first.open = last.open
      if (last.high.gt(first.high)) first.high = last.high
      if (last.low.lt(first.low)) first.low = last.low
    }
    first.vol = last.vol.plus(first.vol)
    first.amount = last.amount.plus(first.amount)
    first.count += last.count
  }
  const flats: Candle[] = []
  const tail = hist.at(-1)
  if (tail && first) {
    // flat from the history's last candle to the first trade's, as many as can be kept
    const room = capacity - live.length
    const len = fixedLengthMs(interval)
    let s = nextBucketStart(interval, tail.start)
    if (len !== null && (first.start - s) / len > room) {
      s = first.start - room * len
      hist.length = 0
    }
    for (; s < first.start; s = nextBucketStart(interval, s)) flats.push(flat(s, tail.close))
  }
  const joined = hist.concat(flats, live)
  if (joined.length > capacity) joined.splice(0, joined.length - capacity)
  return joined
}
