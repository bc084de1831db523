// Index and mark prices, updated at every tick from state alone (so replay is exact):
// - index: the mid of the spot book of the contract's base (btcusdt for E-BTC-USDT and E-BTC-USD), rounded half
//   to even to the contract's ticks; one side's best price when the other is empty; unchanged when both are.
// - mark: index + smoothed basis. The basis sample is the futures book's mid minus the index (0 while the
//   futures book is not two-sided), clamped to +-0.5 % of the index, smoothed with a 60 s time constant:
//   basis += (sample - basis) * dt / (dt + 60 s).
import { roundDiv } from './money'
import { fundingRate } from './funding'
import type { FuturesVenue } from './venue'

export const BASIS_TAU_MS = 60_000
export const BASIS_CLAMP_PPM = 5_000

function spotIndex(v: FuturesVenue, symbol: string, pp: number): number | undefined {
  const spot = v.spot()
  const m = spot.markets.get(symbol)
  if (!m) return undefined
  const bid = spot.engine.bestBid(symbol)
  const ask = spot.engine.bestAsk(symbol)
  const scale = 10n ** BigInt(pp)
  const den = 10n ** BigInt(m.pricePrecision)
  if (bid !== undefined && ask !== undefined) return Number(roundDiv(BigInt(bid + ask) * scale, 2n * den))
  const one = bid ?? ask
  return one === undefined ? undefined : Number(roundDiv(BigInt(one) * scale, den))
}

export function updateMarks(v: FuturesVenue, time: number): void {
  for (const c of v.contracts.values()) {
    const m = v.market.get(c.symbol)!
    const index = spotIndex(v, c.cfg.indexSymbol, c.pp) ?? m.index
    m.index = Math.max(1, index)
    const bid = v.books.bestBid(c.symbol)
    const ask = v.books.bestAsk(c.symbol)
    let sample = bid !== undefined && ask !== undefined ? BigInt(bid + ask) * 500_000n - BigInt(m.index) * 1_000_000n : 0n
    const cap = BigInt(m.index) * BigInt(BASIS_CLAMP_PPM)
    if (sample > cap) sample = cap
    if (sample < -cap) sample = -cap
    const dt = m.lastTick === 0 ? 0 : Math.max(0, time - m.lastTick)
    if (dt > 0) m.basisE6 += ((sample - m.basisE6) * BigInt(dt)) / BigInt(dt + BASIS_TAU_MS)
    m.lastTick = time
    m.mark = Math.max(1, m.index + Number(roundDiv(m.basisE6, 1_000_000n)))
    m.fundingRateE8 = fundingRate(m.index, m.mark)
  }
}
