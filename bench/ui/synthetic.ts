// A synthetic terminal client for the render bench: markets whose books, trades, candles and tickers stream at set
// rates from seeded random walks, through the same ContractClient interface the renderer uses. Every event sent is
// stamped with performance.now() (a WeakMap keyed by the event object) so the page can measure tick-to-paint.
// Prices and sizes are made from integers (ticks, lots) and written as decimal text, never through floats.
import type { TerminalContract } from '@shared/ipc/contract'
import type { ContractClient } from '@shared/ipc/contract-client'
import type { BookView, CandleView, LevelView, SpotSymbolView, TradeView } from '@shared/ipc/views/market'
import { seededRandom } from '../../src-shared/random'

export interface Rates {
  bookPerSec: number
  tradesPerSec: number
  tradesPerEvent: number
  candlesPerSec: number
  tickerPerSec: number
}

export const BENCH_RATES: Rates = {
  bookPerSec: 50,
  tradesPerSec: 100,
  tradesPerEvent: 2,
  candlesPerSec: 20,
  tickerPerSec: 2
}

/** Levels per side of each book event. */
const LEVELS = 40
/** A new candle every 5 s of bench time (1 min bars, fast-forwarded). */
const BAR_MS = 5000

/** Decimal text of an integer count of 10^-places. */
export function scaled(n: number, places: number): string {
  const s = String(Math.abs(Math.trunc(n))).padStart(places + 1, '0')
  return `${n < 0 ? '-' : ''}${places ? `${s.slice(0, -places)}.${s.slice(-places)}` : s}`
}

interface Bar {
  id: number
  o: number
  h: number
  l: number
  c: number
  vol: number
}

interface MarketState {
  symbol: string
  /** Mid price in ticks of 0.01. */
  mid: number
  bar: Bar
  sent: Record<'book' | 'trades' | 'candles' | 'ticker', number>
  tradeId: number
}

const bookOf = (m: MarketState, rand: () => number): BookView => {
  const asks: LevelView[] = []
  const bids: LevelView[] = []
  let a = m.mid + 1
  let b = m.mid - 1
  for (let i = 0; i < LEVELS; i++) {
    asks.push([scaled(a, 2), scaled(1 + Math.floor(rand() * 20_000), 4)])
    bids.push([scaled(b, 2), scaled(1 + Math.floor(rand() * 20_000), 4)])
    a += 1 + Math.floor(rand() * 40)
    b -= 1 + Math.floor(rand() * 40)
  }
  return { symbol: m.symbol, asks, bids, ts: Date.now() }
}

const candleOf = (bar: Bar): CandleView => ({
  id: bar.id,
  open: scaled(bar.o, 2),
  close: scaled(bar.c, 2),
  high: scaled(bar.h, 2),
  low: scaled(bar.l, 2),
  vol: scaled(bar.vol, 4),
  amount: null
})

/** `n` one-minute candles ending now at about `end` ticks (walked backwards from it), from a seeded walk. */
export function makeCandles(n: number, seed = 1, end = 6_500_000): CandleView[] {
  const rand = seededRandom(seed)
  const now = Math.floor(Date.now() / 60_000) * 60
  const out: CandleView[] = new Array(n)
  let p = end
  for (let i = n - 1; i >= 0; i--) {
    const c = p
    p = Math.max(100, p + Math.round((rand() - 0.5) * 4000))
    const hi = Math.max(p, c) + Math.floor(rand() * 1500)
    const lo = Math.min(p, c) - Math.floor(rand() * 1500)
    out[i] = candleOf({ id: now - (n - 1 - i) * 60, o: p, c, h: hi, l: lo, vol: 1 + Math.floor(rand() * 500_000) })
  }
  return out
}

type Listener = (e: unknown) => void

export class SyntheticMarkets {
  /** Send time of every event object emitted. */
  readonly stamps = new WeakMap<object, number>()
  /** Candles market.candles answers with (per symbol, made on first ask). */
  historyLength = 1000
  sentEvents = 0
  /** Told of every event sent (the monitor scenario measures from the DOM, not the frame probe). */
  onEmit: ((channel: string, symbol: string, sentAt: number, event: object) => void) | null = null
  readonly #subs = new Map<string, { listener: Listener; params: Record<string, unknown> }[]>()
  readonly #markets = new Map<string, MarketState>()
  readonly #rand = seededRandom(7)
  #timer: ReturnType<typeof setInterval> | null = null

  readonly client: ContractClient<TerminalContract> = {
    invoke: (async (channel: string, input: { symbol?: string }) => {
      if (channel === 'market.symbols') return [...this.#markets.keys()].map(symbolView)
      if (channel === 'market.contracts') return []
      if (channel === 'market.tickers') return []
      if (channel === 'market.candles') {
        const symbol = String(input.symbol)
        return makeCandles(
          this.historyLength,
          [...symbol].reduce((h, c) => h * 31 + c.charCodeAt(0), 7) >>> 0,
          this.#markets.get(symbol)?.mid
        )
      }
      throw new Error(`the bench client has no ${channel} (${JSON.stringify(input)})`)
    }) as ContractClient<TerminalContract>['invoke'],
    subscribe: ((channel: string, params: Record<string, unknown>, listener: Listener) => {
      const key = `${channel}|${String(params['symbol'])}`
      const list = this.#subs.get(key) ?? []
      const sub = { listener, params }
      list.push(sub)
      this.#subs.set(key, list)
      return () =>
        this.#subs.set(
          key,
          (this.#subs.get(key) ?? []).filter((s) => s !== sub)
        )
    }) as ContractClient<TerminalContract>['subscribe']
  }

  /** Declares the bench's markets (bench0usdt...); `first` numbers them on (a window of several, each its own). */
  setMarkets(symbols: readonly string[], first = 0): void {
    this.#markets.clear()
    const now = Math.floor(Date.now() / 60_000) * 60
    symbols.forEach((symbol, i) => {
      const mid = 6_500_000 + (first + i) * 10_000
      this.#markets.set(symbol, {
        symbol,
        mid,
        bar: { id: now, o: mid, h: mid, l: mid, c: mid, vol: 0 },
        sent: { book: 0, trades: 0, candles: 0, ticker: 0 },
        tradeId: 1
      })
    })
  }

  /** Sends one event to the subscribers of a channel and symbol, stamped. */
  emit(channel: string, symbol: string, event: object): void {
    const subs = this.#subs.get(`${channel}|${symbol}`)
    if (!subs?.length) return
    const t = performance.now()
    this.stamps.set(event, t)
    this.sentEvents++
    this.onEmit?.(channel, symbol, t, event)
    for (const s of subs) s.listener(event)
  }

  /** The interval a symbol's candle stream was subscribed with. */
  candleInterval(symbol: string): string {
    return String(this.#subs.get(`market.onCandles|${symbol}`)?.[0]?.params['interval'] ?? '15min')
  }

  /** performance.now() of every bar start (all markets start a bar together). */
  barStarts: number[] = []

  start(rates: Rates): void {
    this.stop()
    const t0 = performance.now()
    let barStart = t0
    for (const m of this.#markets.values()) m.sent = { book: 0, trades: 0, candles: 0, ticker: 0 }
    this.#timer = setInterval(() => {
      const now = performance.now()
      const s = (now - t0) / 1000
      const newBar = now - barStart >= BAR_MS
      if (newBar) {
        barStart = now
        this.barStarts.push(now)
      }
      for (const m of this.#markets.values()) {
        const due = (rate: number, kind: keyof MarketState['sent']): number => {
          const n = Math.floor(s * rate) - m.sent[kind]
          m.sent[kind] += n
          return n
        }
        if (newBar) m.bar = { id: m.bar.id + 60, o: m.bar.c, h: m.bar.c, l: m.bar.c, c: m.bar.c, vol: 0 }
        for (let i = due(rates.tradesPerSec / rates.tradesPerEvent, 'trades'); i > 0; i--)
          this.#trades(m, rates.tradesPerEvent)
        for (let i = due(rates.bookPerSec, 'book'); i > 0; i--)
          this.emit('market.onBook', m.symbol, bookOf(m, this.#rand))
        for (let i = due(rates.candlesPerSec, 'candles'); i > 0; i--)
          this.emit('market.onCandles', m.symbol, {
            symbol: m.symbol,
            interval: this.candleInterval(m.symbol),
            candles: [candleOf(m.bar)]
          })
        for (let i = due(rates.tickerPerSec, 'ticker'); i > 0; i--) this.#ticker(m)
      }
    }, 5)
  }

  stop(): void {
    if (this.#timer) clearInterval(this.#timer)
    this.#timer = null
  }

  #trades(m: MarketState, n: number): void {
    const trades: TradeView[] = []
    for (let i = 0; i < n; i++) {
      m.mid = Math.max(1000, m.mid + Math.round((this.#rand() - 0.5) * 60))
      const vol = 1 + Math.floor(this.#rand() * 5000)
      const b = m.bar
      b.c = m.mid
      b.h = Math.max(b.h, m.mid)
      b.l = Math.min(b.l, m.mid)
      b.vol += vol
      trades.unshift({
        id: String(m.tradeId++),
        side: this.#rand() < 0.5 ? 'buy' : 'sell',
        price: scaled(m.mid, 2),
        vol: scaled(vol, 4),
        amount: null,
        ts: Date.now()
      })
    }
    this.emit('market.onTrades', m.symbol, { symbol: m.symbol, trades })
  }

  #ticker(m: MarketState): void {
    const open = m.mid - 12_345
    this.emit('market.onTicker', m.symbol, {
      symbol: m.symbol,
      close: scaled(m.mid, 2),
      open: scaled(open, 2),
      high: scaled(m.mid + 20_000, 2),
      low: scaled(open - 5_000, 2),
      vol: '12345.6789',
      amount: '802345678.12',
      rose: '0.0019',
      ts: Date.now()
    })
  }
}

function symbolView(symbol: string): SpotSymbolView {
  return {
    symbol,
    baseAsset: symbol.replace(/usdt$/, ''),
    quoteAsset: 'usdt',
    pricePrecision: 2,
    quantityPrecision: 4,
    limitPriceMin: '0.01',
    limitVolumeMin: '0.0001',
    marketBuyMin: '5',
    marketSellMin: '0.0001'
  }
}
