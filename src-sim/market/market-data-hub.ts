// Per-symbol market data: trades go in (onTrade), REST queries and WS channel events come out.
// Pure: no timers, no sockets; time comes from the injected clock. Channel events are cheap signals
// (ticker and depth say only "changed"; the WS layer pulls a snapshot when it is ready to send), so a burst
// of trades costs one snapshot per push, not one per trade. Whoever owns a timer calls tick() about once a
// second so flat candles appear and the 24 h window moves without trades.
import type {
  Candle as WireCandle,
  OrderBook,
  PublicTrade,
  WsDepthTick,
  WsKlineTick,
  WsTickerTick,
  WsTradeItem
} from '@shared/api/wire'
import { CandleSet, formatCandle, MAX_CANDLE_PAGE, toKlineTick, type Candle, type CandleRow } from './candles'
import { channelName, channelSymbol, parseChannel, type ChannelType, type ParsedChannel } from './channels'
import { Dec } from './decimal'
import { DEFAULT_DEPTH_LIMIT, MAX_DEPTH_LIMIT, toBook, toDepthTick, WS_DEPTH_LEVELS, type DepthProvider } from './depth'
import type { MarketHistory } from './history'
import { normalizeInterval, type Interval } from './intervals'
import { clampInt, optionalId, optionalNumber } from './limits'
import { DEFAULT_TRADES_LIMIT, tapeEntry, toPublicTrade, toWsTrade, TradeTape, type TapeEntry } from './tape'
import { RollingTicker, toTickerTick, type TickerDump, type TickerOut } from './ticker'
import type { EngineTrade, MarketSymbol, ModuleKind } from './types'

export { channelSymbol, parseChannel, channelName }

export const DEFAULT_KLINES_LIMIT = 100
export const DEFAULT_HISTORY_PAGE = 100
/** A long gap creates many flat candles at once; subscribers get the newest few, REST has the rest. */
const MAX_KLINE_EVENTS = 10

export type ChannelEvent =
  /** ticker, depth: the state changed; call snapshot() when ready to send */
  | { type: 'changed' }
  /** trade channel: new trades, newest first */
  | { type: 'trades'; trades: WsTradeItem[] }
  /** kline channel: a candle was created or changed */
  | { type: 'kline'; candle: WsKlineTick }

export type ChannelListener = (ev: ChannelEvent) => void

/**
 * Market data history for a snapshot of the exchange, keyed by channel symbol: what the journal suffix after a
 * snapshot cannot rebuild (candles, the 24 h window, the trade tape of everything before it).
 */
export interface MarketDataDump {
  v: 1
  symbols: Record<
    string,
    {
      candles: Partial<Record<Interval, CandleRow[]>>
      ticker: TickerDump
      tape: TapeEntry[]
      /** Where seeded history still waited for its first read (left out of the dump, set again from its plan). */
      pending?: { candles: Interval[]; ticker: boolean; tape: boolean }
    }
  >
}

export interface ChannelSubscription {
  readonly type: ChannelType
  /** Current state as a WS tick: ticker, depth (whole book), kline (newest candle); null for trades or none yet. */
  snapshot(): WsTickerTick | WsDepthTick | WsKlineTick | null
  unsubscribe(): void
}

export interface HistoryQuery {
  /** kline: open time in seconds, inclusive; trade: trade id, inclusive */
  endIdx?: unknown
  /** 1..300 */
  pageSize?: unknown
}

export interface KlinesQuery {
  limit?: unknown
  /** futures: open time bounds in ms, inclusive */
  startTime?: unknown
  endTime?: unknown
}

export interface MarketDataHubOptions {
  now: () => number
  symbols?: readonly MarketSymbol[]
  /** Book levels from the engine, best first, as text. */
  getDepth?: DepthProvider
}

interface SymbolState {
  spec: MarketSymbol
  sym: string
  /** listenerKey of its depth channel, made once: every order placed or cancelled tells the hub its book changed. */
  depthKey: string
  candles: CandleSet
  ticker: RollingTicker
  tape: TradeTape
}

export class MarketDataHub {
  private readonly now: () => number
  private readonly getDepth: DepthProvider | undefined
  private readonly states: SymbolState[] = []
  private readonly byName = new Map<string, SymbolState>()
  private readonly listeners = new Map<string, Set<ChannelListener>>()

  constructor(opts: MarketDataHubOptions) {
    this.now = opts.now
    this.getDepth = opts.getDepth
    for (const s of opts.symbols ?? []) this.addSymbol(s)
  }

  addSymbol(spec: MarketSymbol): void {
    const sym = channelSymbol(spec.kind, spec.name)
    if (this.byName.has(sym)) throw new Error(`market data: ${spec.name} already added`)
    const st: SymbolState = {
      spec,
      sym,
      depthKey: listenerKey(sym, 'depth'),
      candles: new CandleSet(),
      ticker: new RollingTicker(spec.initialPrice),
      tape: new TradeTape()
    }
    this.states.push(st)
    this.byName.set(sym, st)
    this.byName.set(spec.name.toLowerCase(), st)
  }

  /** REST name (any case) or channel symbol. */
  has(name: string): boolean {
    return this.byName.has(name.toLowerCase())
  }

  symbols(kind?: ModuleKind): MarketSymbol[] {
    return this.states.filter((s) => !kind || s.spec.kind === kind).map((s) => s.spec)
  }

  /** Feeds engine trades, in time order. Throws for an unknown symbol (an engine/hub wiring bug). */
  onTrade(name: string, trades: EngineTrade | readonly EngineTrade[]): void {
    const st = this.require(name)
    const list = Array.isArray(trades) ? (trades as readonly EngineTrade[]) : [trades as EngineTrade]
    if (list.length === 0) return
    const wsTrades: WsTradeItem[] = []
    const touched = new Map<Interval, Candle[]>()
    for (const t of list) {
      const price = new Dec(t.price)
      const qty = new Dec(t.qty)
      const amount = price.times(qty)
      const entry = tapeEntry(t, st.spec)
      st.tape.push(entry)
      st.ticker.add(price, qty, amount, t.time)
      for (const [i, cs] of st.candles.add(price, qty, amount, t.time)) merge(touched, i, cs)
      wsTrades.push(toWsTrade(entry))
    }
    wsTrades.reverse() // newest first, as the tape reads
    this.emit(st.sym, 'trade', undefined, () => [{ type: 'trades', trades: wsTrades }])
    this.emit(st.sym, 'ticker', undefined, () => [{ type: 'changed' }])
    this.emitKlines(st, touched)
  }

  /** The engine calls this whenever the book of `name` changed. */
  onBookChanged(name: string): void {
    // The engines pass the name as the hub keeps it (lower case): no lower-casing, no key string built per order.
    const st = this.byName.get(name) ?? this.byName.get(name.toLowerCase())
    if (st) this.emitTo(st.depthKey, () => [{ type: 'changed' }])
  }

  /**
   * History of every symbol, for a snapshot taken between two commands (the hub is fed synchronously). Seeded
   * history nobody has read yet is not in it, only marked as waiting: it is drawn again from its plan.
   */
  dump(): MarketDataDump {
    const symbols: MarketDataDump['symbols'] = {}
    for (const st of this.states) {
      const candles = st.candles.historyPending()
      const { historyPending: ticker } = st.ticker
      const { historyPending: tape } = st.tape
      symbols[st.sym] = {
        candles: st.candles.dump(),
        ticker: st.ticker.dump(),
        tape: st.tape.dump(),
        ...(candles.length > 0 || ticker || tape ? { pending: { candles, ticker, tape } } : {})
      }
    }
    return { v: 1, symbols }
  }

  /**
   * Loads a snapshot's history; symbols no longer configured are skipped. Call before replaying the journal, and
   * after setHistory() of the data dir's seeded history, which stays waiting where the snapshot says it waited.
   */
  load(d: MarketDataDump): void {
    if (d.v !== 1) throw new Error(`market data snapshot version ${String(d.v)} is not supported`)
    for (const [sym, h] of Object.entries(d.symbols)) {
      const st = this.byName.get(sym)
      if (!st || st.sym !== sym) continue
      st.candles.load(h.candles, h.pending?.candles ?? [])
      st.ticker.load(h.ticker, h.pending?.ticker ?? false)
      st.tape.load(h.tape, h.pending?.tape ?? false)
    }
  }

  /**
   * Seeded history of a fresh exchange (./history.ts), before every trade: each market's candles (per interval),
   * 24 h window and tape take it on their first read, so markets nobody reads cost nothing. Markets not configured
   * are skipped; load() (a snapshot) replaces it where it had been read before the snapshot.
   */
  setHistory(histories: readonly MarketHistory[]): void {
    for (const h of histories) {
      const st = this.find(h.name)
      if (!st || st.spec.name !== h.name) continue
      const precision = { pricePrecision: h.market.pricePrecision, quantityPrecision: h.market.quantityPrecision }
      st.candles.setHistory((iv) => h.bars(iv), precision)
      st.ticker.setHistory({ bars: () => h.bars('1min'), end: h.end, precision })
      st.tape.setHistory(() => h.trades())
    }
  }

  /** Moves every symbol to the clock's time: flat candles for new buckets, 24 h window eviction. */
  tick(): void {
    for (const st of this.states) this.settle(st)
  }

  ticker(name: string): TickerOut | null {
    const st = this.find(name)
    if (!st) return null
    this.settle(st)
    return st.ticker.snapshot(this.now(), st.spec)
  }

  /** All tickers of a module keyed by REST name (futures all_ticker). */
  tickers(kind: ModuleKind): Record<string, TickerOut> {
    const out: Record<string, TickerOut> = {}
    for (const st of this.states) if (st.spec.kind === kind) out[st.spec.name] = this.ticker(st.spec.name)!
    return out
  }

  /** Null for an unknown symbol or interval. Limit: default 100, clamped to 1..300. */
  klines(name: string, interval: string, q: KlinesQuery = {}): WireCandle[] | null {
    const st = this.find(name)
    const iv = normalizeInterval(interval)
    if (!st || !iv) return null
    this.settle(st)
    const limit = clampInt(q.limit, DEFAULT_KLINES_LIMIT, 1, MAX_CANDLE_PAGE)
    const series = st.candles.get(iv)
    return series
      .range(optionalNumber(q.startTime), optionalNumber(q.endTime), limit)
      .map((c) => formatCandle(c, st.spec))
  }

  /** Newest first. Limit: default 200, clamped to 1..tape capacity. */
  trades(name: string, limit?: unknown): PublicTrade[] | null {
    const st = this.find(name)
    if (!st) return null
    return st.tape.latest(clampInt(limit, DEFAULT_TRADES_LIMIT, 1, st.tape.capacity)).map(toPublicTrade)
  }

  /** Limit: default 100, clamped to 1..100. Empty sides when no depth provider is wired. */
  depth(name: string, limit?: unknown): OrderBook | null {
    const st = this.find(name)
    if (!st) return null
    const n = clampInt(limit, DEFAULT_DEPTH_LIMIT, 1, MAX_DEPTH_LIMIT)
    return toBook(this.getDepth?.(st.spec.name, n), n, this.now())
  }

  /** A channel and the state of its symbol; null for an unknown channel or symbol (channels name `sym`, no alias). */
  private channelOf(channel: string): { pc: ParsedChannel; st: SymbolState } | null {
    const pc = parseChannel(channel)
    const st = pc && this.byName.get(pc.sym)
    return pc && st && st.sym === pc.sym ? { pc, st } : null
  }

  /** The module (spot or futures) of a channel's symbol; null for an unknown channel or symbol. */
  channelModule(channel: string): ModuleKind | null {
    return this.channelOf(channel)?.st.spec.kind ?? null
  }

  /** Null for an unknown channel or symbol (the WS layer then stays silent, as venues do). */
  subscribe(channel: string, listener: ChannelListener): ChannelSubscription | null {
    const found = this.channelOf(channel)
    if (!found) return null
    const { pc, st } = found
    const key = listenerKey(pc.sym, pc.type, pc.interval)
    let set = this.listeners.get(key)
    if (!set) this.listeners.set(key, (set = new Set()))
    set.add(listener)
    return {
      type: pc.type,
      snapshot: () => this.snapshot(st, pc),
      unsubscribe: () => {
        set.delete(listener)
        if (set.size === 0 && this.listeners.get(key) === set) this.listeners.delete(key)
      }
    }
  }

  /**
   * WS `req` history. kline: candles with idx <= endIdx (s), oldest first; trade: trades with id <= endIdx,
   * newest first. pageSize default 100, clamped to 1..300. Null for channels without history.
   */
  history(channel: string, q: HistoryQuery = {}): (WsKlineTick | WsTradeItem)[] | null {
    const found = this.channelOf(channel)
    if (!found) return null
    const { pc, st } = found
    const size = clampInt(q.pageSize, DEFAULT_HISTORY_PAGE, 1, MAX_CANDLE_PAGE)
    if (pc.type === 'kline') {
      this.settle(st)
      return st.candles
        .get(pc.interval!)
        .page(optionalNumber(q.endIdx), size)
        .map((c) => toKlineTick(c, st.spec))
    }
    if (pc.type === 'trade') {
      return st.tape.page(optionalId(q.endIdx), size).map(toWsTrade)
    }
    return null
  }

  private snapshot(st: SymbolState, pc: ParsedChannel): WsTickerTick | WsDepthTick | WsKlineTick | null {
    switch (pc.type) {
      case 'ticker':
        this.settle(st)
        return toTickerTick(st.ticker.snapshot(this.now(), st.spec))
      case 'depth':
        return toDepthTick(this.getDepth?.(st.spec.name, WS_DEPTH_LEVELS))
      case 'kline': {
        this.settle(st)
        const c = st.candles.get(pc.interval!).latest(1)[0]
        return c ? toKlineTick(c, st.spec) : null
      }
      case 'trade':
        return null
    }
  }

  /** Rolls candles and the ticker window to now, telling subscribers about whatever that changed. */
  private settle(st: SymbolState): void {
    const now = this.now()
    this.emitKlines(st, st.candles.roll(now))
    if (st.ticker.advance(now)) this.emit(st.sym, 'ticker', undefined, () => [{ type: 'changed' }])
  }

  private emitKlines(st: SymbolState, touched: Map<Interval, Candle[]>): void {
    for (const [iv, candles] of touched) {
      this.emit(st.sym, 'kline', iv, () =>
        candles.slice(-MAX_KLINE_EVENTS).map((c) => ({ type: 'kline', candle: toKlineTick(c, st.spec) }))
      )
    }
  }

  /** Builds the events only when someone listens, once for all listeners. */
  private emit(sym: string, type: ChannelType, interval: Interval | undefined, make: () => ChannelEvent[]): void {
    this.emitTo(listenerKey(sym, type, interval), make)
  }

  private emitTo(key: string, make: () => ChannelEvent[]): void {
    const set = this.listeners.get(key)
    if (!set || set.size === 0) return
    const events = make()
    for (const l of [...set]) for (const ev of events) l(ev)
  }

  private find(name: string): SymbolState | undefined {
    return this.byName.get(name.toLowerCase())
  }

  private require(name: string): SymbolState {
    const st = this.find(name)
    if (!st) throw new Error(`market data: unknown symbol ${name}`)
    return st
  }
}

function listenerKey(sym: string, type: ChannelType, interval?: Interval): string {
  return `${sym}|${type}|${interval ?? ''}`
}

function merge(into: Map<Interval, Candle[]>, iv: Interval, cs: Candle[]): void {
  const cur = into.get(iv)
  if (!cur) into.set(iv, [...cs])
  else for (const c of cs) if (!cur.includes(c)) cur.push(c)
}
