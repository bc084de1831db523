// Realized PnL of a trader's own fills, in exact decimals. Spot and margin: FIFO cost basis per market (the oldest
// bought lot is the first sold); futures: the venue's realized PnL of each closing fill. Everything is kept per
// asset the PnL is counted in (a market's quote, a contract's margin coin): amounts in different assets are never
// added together.
//
// Fees. A spot buy whose fee is charged in the base receives qty - fee; the fee, valued at the fill's price, is a
// cost of the lot, taken into PnL in proportion as the lot is sold. A fee in the quote is the same cost without the
// conversion. A fee in a third asset (a platform token) has no price here: it is listed in the fees paid and in
// `feesNotInPnl`, never guessed into the PnL. A futures closing fill's PnL is the venue's realized amount minus that
// fill's fee; the fees of opening fills are in the fees paid only.
//
// A sell with no known buy (its buys are older than the history read, or it is a margin short) is not guessed:
// its uncovered quantity is counted in `unmatched`, the covered part's PnL is kept, and the close counts as neither
// a win nor a loss. A close of exactly zero is neither too.
//
// Day boundary: the UTC calendar day of the closing fill's time (00:00 UTC), whatever the window's time zone.
import { add, compare, div, mul, normalizeDecimal, sub } from '../decimal'

export interface SpotFill {
  module: 'spot' | 'margin'
  symbol: string
  base: string
  quote: string
  id: string
  side: 'BUY' | 'SELL'
  price: string
  qty: string
  fee: string
  /** The asset the fee was charged in; null means the quote. */
  feeCoin: string | null
  time: number
}

export interface FuturesClose {
  symbol: string
  /** The contract's margin coin: what its PnL and fees are counted in. */
  asset: string
  id: string
  realized: string
  fee: string
  time: number
}

/** A futures fill's fee (opening or closing), for the fees paid. */
export interface FuturesFee {
  asset: string
  fee: string
}

export interface ClosedTrade {
  module: 'spot' | 'margin' | 'futures'
  symbol: string
  /** The fill that closed it. */
  id: string
  time: number
  day: string
  asset: string
  pnl: string
  /** False when part of it was sold with no known buy: its PnL is then the covered part's only. */
  complete: boolean
}

export interface AssetAmount {
  asset: string
  amount: string
}

export interface DayPnl {
  /** YYYY-MM-DD, UTC. */
  day: string
  asset: string
  realized: string
}

export interface ResultStats {
  asset: string
  realized: string
  wins: number
  losses: number
  /** Percent of complete non-zero closes that won, two places; null without any. */
  winRate: string | null
  /** Mean of the wins / of the losses (a loss is negative); null without any. */
  avgWin: string | null
  avgLoss: string | null
}

export interface MarketPnl extends ResultStats {
  module: 'spot' | 'margin' | 'futures'
  symbol: string
  fees: AssetAmount[]
  closes: number
  /** Base quantity sold with no known buy (spot and margin); '0' when every sell was covered. */
  unmatched: string
}

export interface PnlReport {
  closes: ClosedTrade[]
  days: DayPnl[]
  fees: AssetAmount[]
  feesNotInPnl: AssetAmount[]
  stats: ResultStats[]
  markets: MarketPnl[]
}

/** Decimals a pro-rata share of a lot's fee is rounded to (half-even); a lot's last sale takes what is left. */
const SHARE_DECIMALS = 18

export const utcDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10)

const eq = (a: string, b: string): boolean => a.toUpperCase() === b.toUpperCase()
const n = (v: string): string => normalizeDecimal(v)

interface Lot {
  qty: string
  price: string
  /** The part of the buy's fee, in the quote, not yet taken into PnL. */
  fee: string
}

class Sums {
  readonly #m = new Map<string, string>()
  add(key: string, v: string): void {
    this.#m.set(key, add(this.#m.get(key) ?? '0', v))
  }
  entries(): [string, string][] {
    return [...this.#m].map(([k, v]) => [k, n(v)])
  }
}

/** The FIFO closes of one spot or margin market's fills (any order: sorted by time, then id). */
function spotCloses(
  fills: readonly SpotFill[],
  feesPaid: Sums,
  notInPnl: Sums
): { closes: ClosedTrade[]; unmatched: string } {
  const lots: Lot[] = []
  const closes: ClosedTrade[] = []
  let unmatched = '0'
  const sorted = [...fills].sort((a, b) => a.time - b.time || compareIds(a.id, b.id))
  for (const f of sorted) {
    const feeAsset = f.feeCoin ?? f.quote
    if (compare(f.fee, '0') !== 0) feesPaid.add(feeAsset.toUpperCase(), f.fee)
    // The fee as a cost in the quote; null when it is charged in a third asset.
    const feeInQuote = eq(feeAsset, f.quote) ? f.fee : eq(feeAsset, f.base) ? mul(f.fee, f.price) : null
    if (feeInQuote === null && compare(f.fee, '0') !== 0) notInPnl.add(feeAsset.toUpperCase(), f.fee)
    if (f.side === 'BUY') {
      const received = eq(feeAsset, f.base) ? sub(f.qty, f.fee) : f.qty
      if (compare(received, '0') > 0) lots.push({ qty: received, price: f.price, fee: feeInQuote ?? '0' })
      continue
    }
    let left = f.qty
    let pnl = '0'
    while (compare(left, '0') > 0 && lots.length) {
      const lot = lots[0]!
      const take = compare(lot.qty, left) <= 0 ? lot.qty : left
      const whole = take === lot.qty
      const lotFee = whole ? lot.fee : div(mul(lot.fee, take), lot.qty, SHARE_DECIMALS, 'half-even')
      pnl = sub(add(pnl, mul(sub(f.price, lot.price), take)), lotFee)
      left = sub(left, take)
      if (whole) lots.shift()
      else lots[0] = { qty: sub(lot.qty, take), price: lot.price, fee: sub(lot.fee, lotFee) }
    }
    const covered = sub(f.qty, left)
    const complete = compare(left, '0') === 0
    if (!complete) unmatched = add(unmatched, left)
    if (compare(covered, '0') === 0) continue // nothing known of this sell's cost
    if (feeInQuote !== null)
      pnl = sub(pnl, complete ? feeInQuote : div(mul(feeInQuote, covered), f.qty, SHARE_DECIMALS, 'half-even'))
    closes.push({
      module: f.module,
      symbol: f.symbol,
      id: f.id,
      time: f.time,
      day: utcDay(f.time),
      asset: f.quote.toUpperCase(),
      pnl: n(pnl),
      complete
    })
  }
  return { closes, unmatched: n(unmatched) }
}

/** Ids are decimal digits on every venue of the interface; compared as numbers, else as text. */
function compareIds(a: string, b: string): number {
  if (/^\d+$/.test(a) && /^\d+$/.test(b) && a.length !== b.length) return a.length - b.length
  return a < b ? -1 : a > b ? 1 : 0
}

function statsOf(asset: string, closes: readonly ClosedTrade[]): ResultStats {
  let realized = '0'
  const wins: string[] = []
  const losses: string[] = []
  for (const c of closes) {
    realized = add(realized, c.pnl)
    if (!c.complete) continue
    const s = compare(c.pnl, '0')
    if (s > 0) wins.push(c.pnl)
    else if (s < 0) losses.push(c.pnl)
  }
  const mean = (xs: string[]): string | null =>
    xs.length
      ? n(
          div(
            xs.reduce((s, x) => add(s, x), '0'),
            String(xs.length),
            SHARE_DECIMALS,
            'half-even'
          )
        )
      : null
  const decided = wins.length + losses.length
  return {
    asset,
    realized: n(realized),
    wins: wins.length,
    losses: losses.length,
    winRate: decided ? div(String(wins.length * 100), String(decided), 2, 'half-even') : null,
    avgWin: mean(wins),
    avgLoss: mean(losses)
  }
}

/** The whole report of a profile's fills; `futuresFees` are every futures fill's fees (opening and closing). */
export function pnlReport(
  spot: readonly SpotFill[],
  futures: readonly FuturesClose[] = [],
  futuresFees: readonly FuturesFee[] = []
): PnlReport {
  const feesPaid = new Sums()
  const notInPnl = new Sums()
  const closes: ClosedTrade[] = []
  const markets: MarketPnl[] = []

  const bySpotMarket = new Map<string, SpotFill[]>()
  for (const f of spot) {
    const key = `${f.module}:${f.symbol}`
    bySpotMarket.set(key, [...(bySpotMarket.get(key) ?? []), f])
  }
  for (const fills of bySpotMarket.values()) {
    const first = fills[0]!
    const marketFees = new Sums()
    const r = spotCloses(fills, marketFees, notInPnl)
    for (const [asset, amount] of marketFees.entries()) feesPaid.add(asset, amount)
    closes.push(...r.closes)
    markets.push({
      ...statsOf(first.quote.toUpperCase(), r.closes),
      module: first.module,
      symbol: first.symbol,
      fees: marketFees.entries().map(([asset, amount]) => ({ asset, amount })),
      closes: r.closes.length,
      unmatched: r.unmatched
    })
  }

  for (const f of futuresFees) if (compare(f.fee, '0') !== 0) feesPaid.add(f.asset.toUpperCase(), f.fee)
  const byContract = new Map<string, ClosedTrade[]>()
  for (const c of futures) {
    const close: ClosedTrade = {
      module: 'futures',
      symbol: c.symbol,
      id: c.id,
      time: c.time,
      day: utcDay(c.time),
      asset: c.asset.toUpperCase(),
      pnl: n(sub(c.realized, c.fee)),
      complete: true
    }
    closes.push(close)
    byContract.set(c.symbol, [...(byContract.get(c.symbol) ?? []), close])
  }
  for (const [symbol, list] of byContract) {
    const fees = new Sums()
    for (const c of futures) if (c.symbol === symbol) fees.add(c.asset.toUpperCase(), c.fee)
    markets.push({
      ...statsOf(list[0]!.asset, list),
      module: 'futures',
      symbol,
      fees: fees.entries().map(([asset, amount]) => ({ asset, amount })),
      closes: list.length,
      unmatched: '0'
    })
  }

  closes.sort((a, b) => a.time - b.time || compareIds(a.id, b.id))
  const days = new Sums()
  for (const c of closes) days.add(`${c.day} ${c.asset}`, c.pnl)
  const assets = [...new Set(closes.map((c) => c.asset))].sort()
  const amounts = (s: Sums): AssetAmount[] =>
    s
      .entries()
      .map(([asset, amount]) => ({ asset, amount }))
      .sort((a, b) => (a.asset < b.asset ? -1 : 1))
  return {
    closes,
    days: days
      .entries()
      .map(([k, realized]) => {
        const [day = '', asset = ''] = k.split(' ')
        return { day, asset, realized }
      })
      .sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : a.asset < b.asset ? -1 : 1)),
    fees: amounts(feesPaid),
    feesNotInPnl: amounts(notInPnl),
    stats: assets.map((a) =>
      statsOf(
        a,
        closes.filter((c) => c.asset === a)
      )
    ),
    markets: markets.sort((a, b) => (a.module + a.symbol < b.module + b.symbol ? -1 : 1))
  }
}
