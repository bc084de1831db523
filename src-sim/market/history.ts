// Seeded market history: at least HISTORY_BARS candles of every interval, ending at a market's current price, with
// the 1 min bars of the whole 24 h ticker window and the trades of the newest minutes, so a fresh exchange shows a
// chart on every interval from its first second. Pure: the same plan (markets, seed, end time) gives the same history.
//
// Consistency across intervals, by construction. The time before `end` (the start, on a minute boundary) is cut
// into atoms at every bucket boundary of every interval whose window (its newest HISTORY_BARS buckets) reaches that
// time: near the end the atoms are minutes, further back 5 min, 15 min, ... hours, days, then the pieces that weeks
// and months cut each other into, then months. Only atoms are drawn (one seeded random walk, run backwards from the
// current price); every bar of every interval inside its window starts and ends on boundaries of its interval,
// which are atom boundaries there, so the bar is the aggregate of the atoms it covers (first open, highest high,
// lowest low, last close, sums of volume and turnover). That aggregate is associative, so a coarse bar equals the
// aggregate of the finer bars it covers wherever those bars exist. Prices are integers of ticks, volumes integers of
// lots, turnover integers of tick x lot, so every sum is exact. About 6,600 atoms per market carry 1,000 bars of
// every interval back to 1,000 months.
//
// The walk is floating point (its shape only): log-price mean-reverting around the current price (never far from
// it, never below one tick), volatility in regimes (a fast and a slow one), volume larger on large moves and in
// volatile regimes. Highs and lows are drawn as the extremes of a Brownian bridge between open and close.
import { seededRandom } from '@shared/random'
import { formatScaled, parseScaledInt } from '../engine/scaled'
import { bucketStart, INTERVALS, nextBucketStart, type Interval } from './intervals'
import type { TapeEntry } from './tape'

/** Bars of each interval the history holds (the candle series keep as many). */
export const HISTORY_BARS = 1000
/** 1 min bars cover the 24 h ticker window, more than the series keeps. */
export const HISTORY_MINUTES = 1440
/** About this many recent trades are generated, whole minutes of them (newest first) until the count is reached. */
export const HISTORY_TRADES = 300

const MIN = 60_000
const DAY = 86_400_000

export interface HistoryMarket {
  name: string
  pricePrecision: number
  quantityPrecision: number
  /** Where the history ends: the price the book and the activity start from (text, at most pricePrecision decimals). */
  price: string
  /** Markets with the same key share one price walk (a contract follows the spot market of its index). */
  pathKey: string
  /** Typical standard deviation of a day's log return (0.03: 3 %). */
  dailyVolatility: number
  /** Typical volume of a day in volume units (base asset, or contracts). */
  dailyVolume: number
  /** Generated trades take the ids just below this one (decimal text: the first id live trades can get). */
  tradeIdBase: string
}

/**
 * What a history is drawn from, all of it: the data dir keeps this, so a restart draws the very same history (the
 * markets' parameters included, so a changed market list or price in a later build does not change it). Anything
 * that changes what generateHistory draws from a plan changes the history of every data dir, as a change of the
 * exchange's rules changes a journal's replay: it bumps DATA_FORMAT_VERSION (src-sim/exchange.ts).
 */
export interface HistoryPlan {
  v: 1
  seed: number
  /** History covers the time before this: the first start, rounded down to a minute. */
  end: number
  markets: HistoryMarket[]
}

/**
 * One bar: [open time ms, open, high, low, close (ticks: units of 10^-pricePrecision), volume (lots: units of
 * 10^-quantityPrecision), turnover (units of 10^-(pricePrecision + quantityPrecision), integer text: it may pass
 * 2^53), trades in it].
 */
export type HistoryBar = [number, number, number, number, number, number, string, number]

/** A plan for these markets, ending at the minute boundary at or before `now`. */
export function historyPlan(markets: readonly HistoryMarket[], seed: number, now: number): HistoryPlan {
  return { v: 1, seed, end: bucketStart('1min', now), markets: markets.map((m) => ({ ...m })) }
}

/** A stored plan, checked field by field; throws, naming the field, on anything else. */
export function parseHistoryPlan(data: unknown): HistoryPlan {
  const d = data as Partial<HistoryPlan> | null
  if (typeof d !== 'object' || d === null || d.v !== 1) throw new Error('v must be 1')
  if (!Number.isSafeInteger(d.seed)) throw new Error('seed must be an integer')
  if (!Number.isSafeInteger(d.end) || bucketStart('1min', d.end!) !== d.end) throw new Error('end must be a minute')
  if (!Array.isArray(d.markets)) throw new Error('markets must be a list')
  const markets = d.markets.map((m: Partial<HistoryMarket>, i): HistoryMarket => {
    const text = (k: 'name' | 'price' | 'pathKey' | 'tradeIdBase'): string => {
      if (typeof m?.[k] !== 'string') throw new Error(`markets[${i}].${k} must be text`)
      return m[k]
    }
    const num = (k: 'pricePrecision' | 'quantityPrecision' | 'dailyVolatility' | 'dailyVolume'): number => {
      const v = m?.[k]
      if (typeof v !== 'number' || !Number.isFinite(v) || v < 0) throw new Error(`markets[${i}].${k} must be a number`)
      return v
    }
    const market: HistoryMarket = {
      name: text('name'),
      pricePrecision: num('pricePrecision'),
      quantityPrecision: num('quantityPrecision'),
      price: text('price'),
      pathKey: text('pathKey'),
      dailyVolatility: num('dailyVolatility'),
      dailyVolume: num('dailyVolume'),
      tradeIdBase: text('tradeIdBase')
    }
    if (!/^\d+$/.test(market.tradeIdBase)) throw new Error(`markets[${i}].tradeIdBase must be digits`)
    for (const k of ['pricePrecision', 'quantityPrecision'] as const)
      if (!Number.isInteger(market[k]) || market[k] > 18) throw new Error(`markets[${i}].${k} must be 0..18`)
    const price = parseScaledInt(market.price, market.pricePrecision)
    if (!price.ok || price.value < 1) throw new Error(`markets[${i}].price must be a positive price of its precision`)
    return market
  })
  return { v: 1, seed: d.seed!, end: d.end!, markets }
}

/** The plan's markets, each drawn on first use (the atom boundaries, the same for all, once). */
export function marketHistories(plan: HistoryPlan): MarketHistory[] {
  let cuts: number[] | null = null
  const shared = (): number[] => (cuts ??= atomBoundaries(plan.end))
  return plan.markets.map((m) => new MarketHistory(m, plan.seed, plan.end, shared))
}

/**
 * One market's history. Nothing is drawn until something is asked: then its atoms (about 6,600, a few ms), and the
 * bars of an interval are aggregated from them when that interval is asked for.
 */
export class MarketHistory {
  private walk: Walker | null = null
  private tape: TapeEntry[] | null = null

  constructor(
    readonly market: HistoryMarket,
    readonly seed: number,
    /** History covers the time before this. */
    readonly end: number,
    private readonly cuts: () => number[]
  ) {}

  get name(): string {
    return this.market.name
  }

  /** The bars of an interval, oldest first: 1min has HISTORY_MINUTES, the others HISTORY_BARS or one more. */
  bars(interval: Interval): HistoryBar[] {
    const from = historyStart(interval, this.end)
    return aggregate(this.atomsFrom(from), interval, from, this.end)
  }

  /** The trades of the newest minutes, oldest first: exactly what those minutes' bars hold. */
  trades(): TapeEntry[] {
    this.atomsFrom(this.end)
    return this.tape!.map((t) => ({ ...t }))
  }

  /**
   * The atoms, drawn back to `from` at least. The walk runs backwards from the end and each of its random streams
   * is read in atom order, so drawing it in pieces gives what one run would: the same history whatever is read
   * first. The minutes come first, their trades drawn from them at once (a stream of their own).
   */
  private atomsFrom(from: number): Atoms {
    const w = (this.walk ??= walker(this.market, this.seed, this.cuts()))
    if (!this.tape) {
      w.to(lowerBound(w.atoms.start, this.end - HISTORY_MINUTES * MIN))
      this.tape = recentTrades(this.market, this.seed, w.atoms)
    }
    w.to(lowerBound(w.atoms.start, from))
    return w.atoms
  }
}

/** Open time of the oldest bar an interval's history holds. */
export function historyStart(interval: Interval, end: number): number {
  if (interval === '1min') return end - HISTORY_MINUTES * MIN
  const s = bucketStart(interval, end)
  if (interval === '1month') {
    const d = new Date(s)
    return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - HISTORY_BARS, 1)
  }
  return s - HISTORY_BARS * (nextBucketStart(interval, s) - s)
}

/** Every bucket start of every interval inside its history window, and `end`: ascending, distinct. */
function atomBoundaries(end: number): number[] {
  const cuts = new Set<number>([end])
  for (const iv of INTERVALS) for (let s = historyStart(iv, end); s < end; s = nextBucketStart(iv, s)) cuts.add(s)
  return [...cuts].sort((a, b) => a - b)
}

/** Atoms as columns: atom i spans [start[i], start[i + 1]) (start has one more entry: the end). */
interface Atoms {
  start: readonly number[]
  open: Float64Array
  high: Float64Array
  low: Float64Array
  close: Float64Array
  lots: Float64Array
  /** turnover in two limbs: amountHi x LIMB + amountLo, amountLo < LIMB */
  amountHi: Float64Array
  amountLo: Float64Array
  count: Float64Array
}

/**
 * Turnover passes 2^53 (a month of BTC is about 5e17 units of 10^-8 USDT), and BigInt is too slow for the ~30,000
 * sums per market, so it is kept exact in two limbs of plain numbers, base LIMB. A product lots x price is split as
 * (lots div LIMB) x price x LIMB + (lots mod LIMB) x price; the second term stays below 2^53 for a price under
 * MAX_TICKS, and every sum is carried back below LIMB at once.
 */
const LIMB = 1_000_000
const MAX_TICKS = Math.floor(Number.MAX_SAFE_INTEGER / LIMB)

/** Adds lots x price into limbs [hi, lo] of `a` at i. */
function addProduct(hi: Float64Array, lo: Float64Array, i: number, lots: number, price: number): void {
  const l0 = lots % LIMB
  let low = lo[i]! + l0 * price
  const carry = Math.floor(low / LIMB)
  low -= carry * LIMB
  hi[i] = hi[i]! + ((lots - l0) / LIMB) * price + carry
  lo[i] = low
}

/** Exact integer text of hi x LIMB + lo. */
function limbText(hi: number, lo: number): string {
  return hi === 0 ? String(lo) : `${hi}${String(lo).padStart(6, '0')}`
}

/** Standard normal draws (Box-Muller, both halves used). */
function normals(rand: () => number): () => number {
  let spare: number | null = null
  return () => {
    if (spare !== null) {
      const s = spare
      spare = null
      return s
    }
    const u = 1 - rand() // (0, 1]
    const r = Math.sqrt(-2 * Math.log(u))
    const a = 2 * Math.PI * rand()
    spare = r * Math.sin(a)
    return r * Math.cos(a)
  }
}

/** A 32-bit seed for one stream: the history seed mixed with a name (FNV-1a). */
function streamSeed(seed: number, name: string): number {
  let h = 0x811c9dc5 ^ (seed >>> 0)
  for (let i = 0; i < name.length; i++) h = Math.imul(h ^ name.charCodeAt(i), 0x01000193)
  h = Math.imul(h ^ (h >>> 16), 0x45d9f3b)
  return (h ^ (h >>> 16)) >>> 0
}

/**
 * Stationary spread of the log price around the current price, and its hard bounds: opens and closes within a factor
 * of e^1.5 of the current price, highs and lows within e^2.
 */
const LEVEL_SD = 0.45
const LEVEL_BOUND = 1.5
const EXTREME_BOUND = 2
/** Volatility regimes: log-volatility as two mean-reverting parts, about a third of a day and ten days long. */
const FAST = { tauDays: 0.3, sd: 0.55 }
const SLOW = { tauDays: 10, sd: 0.4 }

/** What an atom's draw takes from its length alone: regime decay and noise, level decay and step, length in days. */
interface AtomStep {
  r1: number
  s1: number
  r2: number
  s2: number
  decay: number
  sd: number
  d: number
}

/** The walk of a market's atoms: drawn backwards from the end, whose close is the current price, as far as asked. */
interface Walker {
  /** Atoms from the newest back to the last one drawn are set; the older ones are zeros until drawn. */
  readonly atoms: Atoms
  /** Draws back through atom k (inclusive); nothing when it is drawn already. */
  to(k: number): void
}

function walker(m: HistoryMarket, seed: number, cuts: readonly number[]): Walker {
  const n = cuts.length - 1
  const priceRand = normals(seededRandom(streamSeed(seed, `path:${m.pathKey}`)))
  const uni = seededRandom(streamSeed(seed, `range:${m.pathKey}`))
  const volRand = normals(seededRandom(streamSeed(seed, `volume:${m.name}`)))
  const last = parseScaledInt(m.price, m.pricePrecision)
  if (!last.ok || last.value < 1) throw new Error(`history of ${m.name}: bad price ${m.price}`)
  const scale = 10 ** m.pricePrecision
  const mu = Math.log(last.value / scale)
  const sigma = m.dailyVolatility
  const theta = (sigma * sigma) / (2 * LEVEL_SD * LEVEL_SD)
  const norm = Math.exp(-(FAST.sd * FAST.sd + SLOW.sd * SLOW.sd))
  const lotsPerDay = m.dailyVolume * 10 ** m.quantityPrecision
  const toTicks = (x: number): number => Math.max(1, Math.round(Math.exp(x) * scale))
  if (last.value * Math.exp(EXTREME_BOUND) * 2 > MAX_TICKS)
    throw new Error(`history of ${m.name}: price ${m.price} is too large for exact turnover`)

  const a: Atoms = {
    start: cuts,
    open: new Float64Array(n),
    high: new Float64Array(n),
    low: new Float64Array(n),
    close: new Float64Array(n),
    lots: new Float64Array(n),
    amountHi: new Float64Array(n),
    amountLo: new Float64Array(n),
    count: new Float64Array(n)
  }
  // what depends on an atom's length alone, once per length (most atoms share a few lengths)
  const steps = new Map<number, AtomStep>()
  const stepOf = (ms: number): AtomStep => {
    let st = steps.get(ms)
    if (!st) {
      const d = ms / DAY
      const r1 = Math.exp(-d / FAST.tauDays)
      const r2 = Math.exp(-d / SLOW.tauDays)
      const decay = Math.exp(-theta * d)
      st = {
        r1,
        s1: FAST.sd * Math.sqrt(1 - r1 * r1),
        r2,
        s2: SLOW.sd * Math.sqrt(1 - r2 * r2),
        decay,
        sd: Math.sqrt((1 - decay * decay) / (2 * theta)),
        d
      }
      steps.set(ms, st)
    }
    return st
  }
  const volNorm = norm ** 0.7
  // where the walk stands: the next atom to draw (going back), its close, the log price and the regimes there
  const at = { i: n - 1, x: mu, close: last.value, h1: FAST.sd * priceRand(), h2: SLOW.sd * priceRand() }

  const to = (k: number): void => {
    let { i, x, h1, h2 } = at
    let closeTicks = at.close
    for (; i >= Math.max(0, k); i--) {
      const st = stepOf(cuts[i + 1]! - cuts[i]!)
      const d = st.d
      // regimes, stepped back over the atom (exact discretisation of a mean-reverting process)
      h1 = h1 * st.r1 + st.s1 * priceRand()
      h2 = h2 * st.r2 + st.s2 * priceRand()
      const vol = sigma * Math.exp(h1 + h2) * norm // this atom's daily volatility
      // the open, one step of the mean-reverting log price back from the close
      const z = priceRand()
      let xo = mu + (x - mu) * st.decay + vol * st.sd * z
      xo = Math.min(mu + LEVEL_BOUND, Math.max(mu - LEVEL_BOUND, xo))
      // extremes of a Brownian bridge from open to close with this atom's variance
      const v = vol * vol * d
      const gap = (xo - x) * (xo - x)
      const hi = Math.min(mu + EXTREME_BOUND, (xo + x + Math.sqrt(gap - 2 * v * Math.log(1 - uni()))) / 2)
      const lo = Math.max(mu - EXTREME_BOUND, (xo + x - Math.sqrt(gap - 2 * v * Math.log(1 - uni()))) / 2)
      const o = toTicks(xo)
      const c = closeTicks
      const hTicks = Math.max(o, c, Math.ceil(Math.exp(hi) * scale))
      const lTicks = Math.max(1, Math.min(o, c, Math.floor(Math.exp(lo) * scale)))
      // volume: the day's rate over the atom, larger in volatile regimes and on large moves, with noise of its own
      const moved = Math.abs(xo - x) / Math.max(1e-12, vol * Math.sqrt(d))
      // (vol / sigma) ** 0.7, as one exponential with the noise
      const factor = Math.exp(0.3 * volRand() - 0.045 + 0.7 * (h1 + h2)) * volNorm * (0.55 + 0.45 * Math.min(moved, 6))
      const lots = Math.max(1, Math.round(lotsPerDay * d * factor))
      const vwap = Math.min(hTicks, Math.max(lTicks, Math.round((o + c + hTicks + lTicks) / 4)))
      a.open[i] = o
      a.close[i] = c
      a.high[i] = hTicks
      a.low[i] = lTicks
      a.lots[i] = lots
      addProduct(a.amountHi, a.amountLo, i, lots, vwap)
      a.count[i] = Math.max(1, Math.round(d * 1440 * 8 * factor))
      x = xo
      closeTicks = o
    }
    Object.assign(at, { i, x, close: closeTicks, h1, h2 })
  }
  return { atoms: a, to }
}

/**
 * Trades of the newest 1 min atoms, whole minutes until about HISTORY_TRADES: each minute's trades open at its open,
 * touch its high and low, close at its close and sum to its volume; the atom's turnover and count become theirs.
 */
function recentTrades(m: HistoryMarket, seed: number, a: Atoms): TapeEntry[] {
  const rand = seededRandom(streamSeed(seed, `trades:${m.name}`))
  const minutes: { prices: number[]; qtys: number[]; times: number[] }[] = []
  let total = 0
  for (let i = a.open.length - 1; i >= 0 && total < HISTORY_TRADES; i--) {
    const start = a.start[i]!
    if (a.start[i + 1]! - start !== MIN) break
    const o = a.open[i]!
    const c = a.close[i]!
    const h = a.high[i]!
    const l = a.low[i]!
    const needed = 2 + (h > Math.max(o, c) ? 1 : 0) + (l < Math.min(o, c) ? 1 : 0)
    let lots = a.lots[i]!
    let n = Math.max(needed, 2 + Math.floor(rand() * 14))
    if (lots < needed) lots = a.lots[i] = needed
    n = Math.min(n, lots)
    // prices: open first, close last, the high and the low somewhere between, the rest anywhere in the range
    const prices = Array.from({ length: n }, () => l + Math.floor(rand() * (h - l + 1)))
    prices[0] = o
    prices[n - 1] = c
    const inner = Array.from({ length: n - 2 }, (_, k) => k + 1)
    for (let k = inner.length - 1; k > 0; k--) {
      const j = Math.floor(rand() * (k + 1))
      ;[inner[k], inner[j]] = [inner[j]!, inner[k]!]
    }
    const extremes = [...(h > Math.max(o, c) ? [h] : []), ...(l < Math.min(o, c) ? [l] : [])]
    extremes.forEach((p, k) => (prices[inner[k]!] = p))
    // sizes: at least one lot each, the rest shared by exponential weights
    const weights = Array.from({ length: n }, () => -Math.log(1 - rand()))
    const sum = weights.reduce((s, w) => s + w, 0)
    const qtys = weights.map((w) => 1 + Math.floor((w / sum) * (lots - n)))
    qtys[0]! += lots - qtys.reduce((s, q) => s + q, 0)
    const times = Array.from({ length: n }, () => start + Math.floor(rand() * MIN)).sort((x, y) => x - y)
    a.amountHi[i] = a.amountLo[i] = 0
    for (let k = 0; k < n; k++) addProduct(a.amountHi, a.amountLo, i, qtys[k]!, prices[k]!)
    a.count[i] = n
    minutes.push({ prices, qtys, times })
    total += n
  }
  const out: TapeEntry[] = []
  let id = BigInt(m.tradeIdBase) - BigInt(total)
  let prev: number | null = null
  const amountPlaces = m.pricePrecision + m.quantityPrecision
  for (const mt of minutes.reverse()) {
    for (let k = 0; k < mt.prices.length; k++) {
      const p = mt.prices[k]!
      const q = mt.qtys[k]!
      const side = prev === null || p === prev ? (rand() < 0.5 ? 'BUY' : 'SELL') : p > prev ? 'BUY' : 'SELL'
      out.push({
        id: (id++).toString(),
        price: formatScaled(p, m.pricePrecision),
        qty: formatScaled(q, m.quantityPrecision),
        amount: formatScaled(BigInt(p) * BigInt(q), amountPlaces),
        side,
        time: mt.times[k]!
      })
      prev = p
    }
  }
  return out
}

/** The bars of one interval from `from` to `end`: each the aggregate of the atoms it covers. */
function aggregate(a: Atoms, iv: Interval, from: number, end: number): HistoryBar[] {
  const n = a.open.length
  let i = lowerBound(a.start, from)
  const bars: HistoryBar[] = []
  while (i < n) {
    const s = a.start[i]!
    const e = Math.min(nextBucketStart(iv, s), end)
    const open = a.open[i]!
    let high = a.high[i]!
    let low = a.low[i]!
    let close = open
    let lots = 0
    let count = 0
    let hi = 0
    let lo = 0
    for (; i < n && a.start[i]! < e; i++) {
      if (a.high[i]! > high) high = a.high[i]!
      if (a.low[i]! < low) low = a.low[i]!
      close = a.close[i]!
      lots += a.lots[i]!
      count += a.count[i]!
      hi += a.amountHi[i]!
      lo += a.amountLo[i]!
      if (lo >= LIMB) {
        lo -= LIMB
        hi += 1
      }
    }
    if (a.start[i] !== e || bucketStart(iv, s) !== s)
      throw new Error(`history: a ${iv} bar at ${s} does not span whole atoms`)
    bars.push([s, open, high, low, close, lots, limbText(hi, lo), count])
  }
  return bars
}

function lowerBound(xs: readonly number[], v: number): number {
  let lo = 0
  let hi = xs.length
  while (lo < hi) {
    const mid = (lo + hi) >>> 1
    if (xs[mid]! < v) lo = mid + 1
    else hi = mid
  }
  return lo
}
