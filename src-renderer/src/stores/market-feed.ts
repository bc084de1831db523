// Not a store: createMarketFeed makes one market's live data, which the market panels store (market-panels.ts) hands
// out reference counted. One market's live data for the market panel: book, trades, 24 h ticker, candles of one
// interval and (futures) mark/index/funding. Hot data stays out of deep reactivity: each stream's events go through a
// frame lane (applied at most once per animation frame) into a shallowRef holding a plain object, or, for the candle
// history, into a markRaw structure mutated in place with a revision counter to say when. A feed is one profile's
// (every stream names it); stopped, it lets go of its streams, drops what they had not applied yet and empties its
// views, so a panel still holding it shows "loading", never the old venue's prices.
import { markRaw, ref, shallowRef, type Ref, type ShallowRef } from 'vue'
import type { Gateway } from '@shared/api/types'
import type { BookView, CandlesEvent, FundingView, TickerView, TradeView, TradesEvent } from '@shared/ipc/views/market'
import { emptyCandles, mergeCandles, type CandleData } from '../charts/candles'
import type { CandleInterval } from '../charts/candle-option'
import { t } from '../i18n'
import { wordsOrMessage } from '../i18n/words'
import { createLane, type Lane } from '../lib/frame'
import { liveSubscribe } from '../services/live'
import { terminal } from '../services/terminal'
import { warmBookOf } from '../services/warm-book'

/** Trades kept for the tape. */
export const TAPE_SIZE = 120
/** Candles asked for over REST on top of what the stream's first event carries. */
export const HISTORY_LIMIT = 300

export interface CandleRevision {
  rev: number
  /** First bar index that changed (0 after a reset). */
  from: number
}

export interface MarketFeed {
  /** `spot:btcusdt`: the market, whatever the profile. */
  readonly key: string
  /** The profile whose data this is; null when the window did not know its profile yet (main's active one). */
  readonly profileId: string | null
  readonly gateway: Gateway
  readonly symbol: string
  readonly book: ShallowRef<BookView | null>
  /** Newest first. */
  readonly trades: ShallowRef<readonly TradeView[]>
  readonly ticker: ShallowRef<TickerView | null>
  readonly funding: ShallowRef<FundingView | null>
  /** Mutated in place; `candleRev` changes with it. */
  readonly candles: ShallowRef<CandleData>
  readonly candleRev: ShallowRef<CandleRevision>
  readonly interval: Ref<CandleInterval>
  /** The candle stream of this interval has answered: no bars then means the market has none yet, not "loading". */
  readonly candlesAnswered: Ref<boolean>
  readonly error: Ref<string | null>
  /** Older history: a page may be asked for (idle), one is on its way, or the venue has none older (end). */
  readonly older: Ref<OlderHistory>
  /** Asks for a page of bars older than the oldest held (merged in front, by open time: no duplicates). */
  loadOlder(): void
  setInterval(interval: CandleInterval): void
  stop(): void
}

export type OlderHistory = 'idle' | 'loading' | 'end'

const last = <E>(events: E[]): E | undefined => events[events.length - 1]
/** A hidden window's market streams are let go, and taken again when it is shown (services/hidden-pause.ts). */
const pauseWhileHidden = true

export function createMarketFeed(
  gateway: Gateway,
  symbol: string,
  interval: CandleInterval,
  profileId: string | null = null
): MarketFeed {
  const ref0 = { ...(profileId ? { profileId } : {}), module: gateway, symbol } as const
  const key = `${gateway}:${symbol}`
  // Cold start: the opening market's book as the warm stream last brought it (live until the first book is painted).
  const book = shallowRef<BookView | null>(warmBookOf(profileId, gateway, symbol))
  const trades = shallowRef<readonly TradeView[]>([])
  const ticker = shallowRef<TickerView | null>(null)
  const funding = shallowRef<FundingView | null>(null)
  const candles = shallowRef<CandleData>(markRaw(emptyCandles()))
  const candleRev = shallowRef<CandleRevision>({ rev: 0, from: 0 })
  const current = ref<CandleInterval>(interval)
  const candlesAnswered = ref(false)
  const error = ref<string | null>(null)
  const older = ref<OlderHistory>('idle')
  const offs: (() => void)[] = []
  const lanes: Lane<never>[] = []
  // A restarted stream's first event is its history again: the tape starts over from it.
  let tapeRestart = false

  // Told once, in the language of the moment (main's words when it sent them).
  const onEnd = (e: Parameters<typeof wordsOrMessage>[0] | undefined, final: boolean): void => {
    if (final) error.value = e ? wordsOrMessage(e) : t('market.panel.streamEnded')
  }
  function lane<E>(name: string, apply: (events: E[]) => void): Lane<E> {
    const l = createLane<E>(`${name}:${key}`, apply)
    lanes.push(l as Lane<never>)
    return l
  }

  const bookLane = lane<BookView>('book', (es) => (book.value = last(es) ?? book.value))
  const tickerLane = lane<TickerView>('ticker', (es) => (ticker.value = last(es) ?? ticker.value))
  const fundingLane = lane<FundingView>('funding', (es) => (funding.value = last(es) ?? funding.value))
  const tradesLane = lane<TradesEvent>('trades', (es) => {
    const fresh: TradeView[] = []
    for (let i = es.length - 1; i >= 0; i--) fresh.push(...es[i]!.trades)
    const keep = tapeRestart ? [] : trades.value
    tapeRestart = false
    trades.value = fresh.concat(keep.slice(0, Math.max(0, TAPE_SIZE - fresh.length))).slice(0, TAPE_SIZE)
  })
  // REST history is marked: it only adds bars older than what the stream delivered (which is newer), whatever
  // order the two arrive in.
  const candleLane = lane<CandlesEvent & { history?: true }>('candles', (es) => {
    let from = -1
    for (const e of es) {
      if (e.interval !== current.value) continue
      if (!e.history) candlesAnswered.value = true
      const d = candles.value
      const oldest = d.time.length ? d.time[0]! : Infinity
      const f = mergeCandles(d, e.history ? e.candles.filter((c) => c.id < oldest) : e.candles)
      if (f >= 0 && (from < 0 || f < from)) from = f
    }
    if (from >= 0) candleRev.value = { rev: candleRev.value.rev + 1, from }
  })

  offs.push(liveSubscribe('market.onBook', ref0, (e) => bookLane.push(e), { onEnd, pauseWhileHidden }))
  offs.push(
    liveSubscribe('market.onTrades', ref0, (e) => tradesLane.push(e), {
      onEnd: (e, final) => {
        tapeRestart = true
        onEnd(e, final)
      },
      pauseWhileHidden
    })
  )
  offs.push(liveSubscribe('market.onTicker', ref0, (e) => tickerLane.push(e), { onEnd, pauseWhileHidden }))
  if (gateway === 'futures')
    offs.push(
      liveSubscribe('market.onMarkPrice', { ...(profileId ? { profileId } : {}), symbol }, (e) => fundingLane.push(e), {
        onEnd,
        pauseWhileHidden
      })
    )

  let offCandles: (() => void) | null = null
  function startCandles(i: CandleInterval): void {
    offCandles?.()
    current.value = i
    older.value = 'idle'
    candlesAnswered.value = false
    candles.value = markRaw(emptyCandles())
    candleRev.value = { rev: candleRev.value.rev + 1, from: 0 }
    offCandles = liveSubscribe('market.onCandles', { ...ref0, interval: i }, (e) => candleLane.push(e), {
      onEnd,
      pauseWhileHidden
    })
    // More history than the stream's first event carries. Only a bonus: if it fails, the stream's history stands.
    terminal()
      .invoke('market.candles', { ...ref0, interval: i, limit: HISTORY_LIMIT })
      .then((list) => {
        if (current.value === i && offCandles !== null)
          candleLane.push({ symbol, interval: i, candles: list, history: true })
      })
      .catch(() => undefined)
  }
  startCandles(interval)

  function loadOlder(): void {
    const d = candles.value
    const i = current.value
    if (older.value !== 'idle' || !d.time.length || offCandles === null) return
    const before = d.time[0]!
    older.value = 'loading'
    terminal()
      .invoke('market.candles', { ...ref0, interval: i, limit: HISTORY_LIMIT, before })
      .then(
        (list) => {
          if (current.value !== i || candles.value !== d) return // another interval or series since
          const page = list.filter((c) => c.id < before)
          older.value = page.length ? 'idle' : 'end'
          if (page.length) candleLane.push({ symbol, interval: i, candles: page, history: true })
        },
        // Asked again at the next scroll to the left edge.
        () => void (current.value === i && candles.value === d && (older.value = 'idle'))
      )
  }

  return {
    key,
    profileId,
    gateway,
    symbol,
    book,
    trades,
    ticker,
    funding,
    candles,
    candleRev,
    interval: current,
    candlesAnswered,
    error,
    older,
    loadOlder,
    setInterval(i) {
      if (i !== current.value) startCandles(i)
    },
    stop() {
      for (const off of offs.splice(0)) off()
      offCandles?.()
      offCandles = null
      for (const l of lanes) l.dispose()
      book.value = null
      trades.value = []
      ticker.value = null
      funding.value = null
      candles.value = markRaw(emptyCandles())
      candleRev.value = { rev: candleRev.value.rev + 1, from: 0 }
    }
  }
}
