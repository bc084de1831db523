// Wire ticks (WS) and REST answers -> the feed shapes of ./types. WS ticks may carry numbers or strings
// (venues differ): every money field becomes decimal text, exponent forms written plainly; a malformed tick
// yields null and is dropped rather than crashing the feed.
import { formatFixed } from '../../src-shared/decimal'
import type { BookLevel, Candle, PublicTrade, Ticker } from '../../src-shared/api/wire'
import type { WsDataFrame } from '../../src-shared/api/wire/ws'
import type { DepthBook, FeedCandle, FeedTicker, FeedTrade, FeedUpdate, Level, StreamKind } from './types'

type Obj = Record<string, unknown>
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v)

/** Decimal text of a string or number; null for anything else. */
export function dec(v: unknown): string | null {
  const t = typeof v === 'string' ? v : typeof v === 'number' && Number.isFinite(v) ? String(v) : null
  if (t === null || (!t.includes('e') && !t.includes('E'))) return t
  try {
    return formatFixed(t)
  } catch {
    return t
  }
}

function num(v: unknown): number | null {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v !== '' ? Number(v) : NaN
  return Number.isFinite(n) ? n : null
}

function idText(v: unknown): string | null {
  return typeof v === 'string' ? v : typeof v === 'number' ? String(v) : null
}

/** Levels of 2-4 columns (live venues append cumulative ones) -> [price, qty]; malformed levels dropped. */
function levels(v: unknown): Level[] | null {
  if (!Array.isArray(v)) return null
  const out: Level[] = []
  for (const l of v) {
    if (!Array.isArray(l)) continue
    const p = dec(l[0])
    const q = dec(l[1])
    if (p !== null && q !== null) out.push([p, q])
  }
  return out
}

export function depthFromWs(tick: unknown, ts: number | null): DepthBook | null {
  if (!isObj(tick)) return null
  const asks = levels(tick.asks ?? [])
  const bids = levels(tick.buys ?? tick.bids ?? [])
  return asks && bids ? { asks, bids, ts } : null
}

export function tradeFromWs(v: unknown): FeedTrade | null {
  if (!isObj(v)) return null
  const price = dec(v.price)
  const vol = dec(v.vol)
  const ts = num(v.ts)
  const side = String(v.side).toLowerCase()
  if (price === null || vol === null || ts === null || (side !== 'buy' && side !== 'sell')) return null
  return { id: idText(v.id), side, price, vol, amount: dec(v.amount), ts }
}

/** Trades of a trade tick (or a `req` reply's data), newest first as sent. */
export function tradesFromWs(items: unknown): FeedTrade[] | null {
  if (!Array.isArray(items)) return null
  const out: FeedTrade[] = []
  for (const it of items) {
    const t = tradeFromWs(it)
    if (t) out.push(t)
  }
  return out
}

export function tickerFromWs(tick: unknown, ts: number | null): FeedTicker | null {
  if (!isObj(tick)) return null
  const close = dec(tick.close)
  const high = dec(tick.high)
  const low = dec(tick.low)
  const vol = dec(tick.vol)
  if (close === null || high === null || low === null || vol === null) return null
  return { close, open: dec(tick.open), high, low, vol, amount: dec(tick.amount), rose: dec(tick.rose), ts }
}

export function candleFromWs(tick: unknown): FeedCandle | null {
  if (!isObj(tick)) return null
  const id = num(tick.id ?? tick.idx)
  const [open, close, high, low, vol] = [tick.open, tick.close, tick.high, tick.low, tick.vol].map(dec)
  if (id === null || open == null || close == null || high == null || low == null || vol == null) return null
  return { id, open, close, high, low, vol, amount: dec(tick.amount) }
}

/** A WS data frame -> the update of its stream kind; null when the tick is malformed or empty. */
export function updateFromFrame(
  kind: StreamKind,
  frame: WsDataFrame | { ts?: unknown; tick: unknown }
): FeedUpdate | null {
  const ts = num(frame.ts)
  switch (kind) {
    case 'depth': {
      const book = depthFromWs(frame.tick, ts)
      return book && { kind, book }
    }
    case 'ticker': {
      const ticker = tickerFromWs(frame.tick, ts)
      return ticker && { kind, ticker }
    }
    case 'trades': {
      const trades = isObj(frame.tick) ? tradesFromWs(frame.tick.data) : null
      return trades && trades.length > 0 ? { kind, trades } : null
    }
    case 'kline': {
      const c = candleFromWs(frame.tick)
      return c && { kind, candles: [c] }
    }
  }
}

// ---- REST (already normalized by the exchange client: decimal strings, lists unwrapped) ----

export function depthFromRest(book: { time: number | null; bids: BookLevel[]; asks: BookLevel[] }): DepthBook {
  return { asks: levels(book.asks) ?? [], bids: levels(book.bids) ?? [], ts: book.time }
}

/** REST public trades have no id; newest first as the venue answers. */
export function tradesFromRest(list: PublicTrade[]): FeedTrade[] {
  const out: FeedTrade[] = []
  for (const t of list) {
    const price = dec(t.price)
    const vol = dec(t.qty)
    if (price === null || vol === null) continue
    out.push({
      id: null,
      side: String(t.side).toLowerCase() === 'sell' ? 'sell' : 'buy',
      price,
      vol,
      amount: null,
      ts: Number(t.time)
    })
  }
  return out
}

export function tickerFromRest(t: Ticker): FeedTicker {
  return {
    close: t.last,
    open: null,
    high: t.high,
    low: t.low,
    vol: t.vol,
    amount: null,
    rose: t.rose ?? null,
    ts: t.time ?? null
  }
}

/** Oldest first. */
export function candlesFromRest(list: Candle[]): FeedCandle[] {
  return list
    .map((c) => candleFromWs(c))
    .filter((c): c is FeedCandle => c !== null)
    .sort((a, b) => a.id - b.id)
}
