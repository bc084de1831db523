// Index and mark prices, updated at every tick from state alone (so replay is exact):
// - index: the mid of the spot book of the contract's base (btcusdt for E-BTC-USDT and E-BTC-USD), rounded half
//   to even to the contract's ticks; one side's best price when the other is empty; unchanged when both are.
// - mark: index + smoothed basis. The basis sample is the futures book's mid minus the index (0 while the
//   futures book is not two-sided), clamped to +-0.5 % of the index, smoothed with a 60 s time constant:
//   basis += (sample - basis) * dt / (dt + 60 s).
import { roundDiv } from './money'
import { fundingRate } from './funding'
import type { Contract } from './contract'
import type { ContractMarket } from './types'
import type { FuturesView } from './futures-view'

export const BASIS_TAU_MS = 60_000
export const BASIS_CLAMP_PPM = 5_000

function spotIndex(v: FuturesView, symbol: string, pp: number): number | undefined {
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

/**
 * Index, basis, mark and funding rate of a contract at `time`, from state alone (nothing changes). `since`: the
 * latest idle tick left out of the journal, when later than the last tick applied (the basis smooths from it).
 */
function nextMarket(
  v: FuturesView,
  c: Contract,
  time: number,
  since = 0
): Pick<ContractMarket, 'index' | 'basisE6' | 'mark' | 'fundingRateE8'> {
  const m = v.market.get(c.symbol)!
  const index = Math.max(1, spotIndex(v, c.cfg.indexSymbol, c.pp) ?? m.index)
  const bid = v.books.bestBid(c.symbol)
  const ask = v.books.bestAsk(c.symbol)
  let sample = bid !== undefined && ask !== undefined ? BigInt(bid + ask) * 500_000n - BigInt(index) * 1_000_000n : 0n
  const cap = BigInt(index) * BigInt(BASIS_CLAMP_PPM)
  if (sample > cap) sample = cap
  if (sample < -cap) sample = -cap
  const dt = m.lastTick === 0 ? 0 : Math.max(0, time - Math.max(m.lastTick, since))
  const basisE6 = dt > 0 ? m.basisE6 + ((sample - m.basisE6) * BigInt(dt)) / BigInt(dt + BASIS_TAU_MS) : m.basisE6
  const mark = Math.max(1, index + Number(roundDiv(basisE6, 1_000_000n)))
  return { index, basisE6, mark, fundingRateE8: fundingRate(index, mark) }
}

/** True when a tick at `time` would move no index, basis, mark or funding rate. */
export function marksSettled(v: FuturesView, time: number, since?: number): boolean {
  for (const c of v.contracts.values()) {
    const m = v.market.get(c.symbol)!
    const n = nextMarket(v, c, time, since)
    if (n.index !== m.index || n.basisE6 !== m.basisE6 || n.mark !== m.mark || n.fundingRateE8 !== m.fundingRateE8)
      return false
  }
  return true
}

export function updateMarks(v: FuturesView, time: number, since?: number): void {
  for (const c of v.contracts.values()) {
    const m = v.market.get(c.symbol)!
    Object.assign(m, nextMarket(v, c, time, since))
    m.lastTick = time
  }
}
