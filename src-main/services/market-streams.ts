// Market streams toward the UI: books, trades, tickers and candles from the shared, reference-counted feeds
// (one WebSocket per module per profile), each subscription coalesced to at most one push per frame (~16 ms); and
// mark/index/funding, which has no WebSocket channel, polled once per contract for every subscriber.
// A stream is bound to one profile for its whole life: a stream that named none is the active profile's of the
// moment it started, so it is ended ('profile-changed') when another profile becomes active, never left pushing
// the old venue's prices to a window that now shows another account.
import type { z } from 'zod'
import type * as S from '@shared/ipc/schemas/market'
import type * as V from '@shared/ipc/views/market'
import { Coalescer, type MarketFeeds } from '../feeds'
import type { ContractErrorBody } from '@shared/ipc/contract-kit'
import type { FeedTarget, FeedUpdate, StreamSpec } from '../feeds/types'
import { errorBody } from './errors'
import type { MarketDataService } from './market-data-service'
import type { Venues } from './venues'
import type { Gateway } from '@shared/api/types'

type In<T extends z.ZodType> = z.output<T>
type Emit<E> = (e: E) => void
/** Ends a stream from the server side (the contract server's `end`). */
type End = (error?: ContractErrorBody) => void

export interface MarketStreamsOptions {
  /** Push interval per subscription. Default 16 ms. */
  frameMs?: number
  /** Mark price poll. Default 1000 ms. */
  markPollMs?: number
  /** Tells the active profile's id now and after every change (ends the streams that named no profile). */
  watchActive?: (fn: (activeId: string | null) => void) => () => void
  /** Told each feed subscription a window made, once it is in (the cold start's warm book lets go of its own). */
  onSubscribed?: (target: FeedTarget, stream: StreamSpec) => void
  log?: (line: string) => void
}

const PROFILE_CHANGED = {
  code: 'profile-changed',
  message: 'the profile changed or was removed; subscribe again'
} as const

interface MarkPoller {
  listeners: Set<Emit<V.FundingView>>
  timer: ReturnType<typeof setInterval>
  last: V.FundingView | null
}

export class MarketStreams {
  readonly #marks = new Map<string, MarkPoller>()

  constructor(
    private readonly venues: Venues,
    private readonly feeds: MarketFeeds,
    private readonly market: MarketDataService,
    private readonly o: MarketStreamsOptions = {}
  ) {}

  onBook(p: In<typeof S.bookStream>, emit: Emit<V.BookView>, end?: End): () => void {
    return this.#feed(
      p,
      end,
      { kind: 'depth', symbol: p.symbol },
      (u) => u.kind === 'depth' && emit({ symbol: p.symbol, ...u.book })
    )
  }

  onTrades(p: In<typeof S.tradesStream>, emit: Emit<V.TradesEvent>, end?: End): () => void {
    return this.#feed(
      p,
      end,
      { kind: 'trades', symbol: p.symbol },
      (u) => u.kind === 'trades' && emit({ symbol: p.symbol, trades: u.trades })
    )
  }

  onTicker(p: In<typeof S.tickerStream>, emit: Emit<V.TickerView>, end?: End): () => void {
    return this.#feed(
      p,
      end,
      { kind: 'ticker', symbol: p.symbol },
      (u) => u.kind === 'ticker' && emit({ symbol: p.symbol, ...u.ticker })
    )
  }

  onCandles(p: In<typeof S.candlesStream>, emit: Emit<V.CandlesEvent>, end?: End): () => void {
    return this.#feed(
      p,
      end,
      { kind: 'kline', symbol: p.symbol, interval: p.interval },
      (u) => u.kind === 'kline' && emit({ symbol: p.symbol, interval: p.interval, candles: u.candles })
    )
  }

  /** The mark price last polled for a followed contract (what the UI shows), or undefined. */
  lastMark(profileId: string, symbol: string): string | undefined {
    return this.#marks.get(`${profileId}|${symbol}`)?.last?.markPrice ?? undefined
  }

  /** Polled on the background budget, shared by every subscriber of the contract; pushed when it changes. */
  onMarkPrice(p: In<typeof S.markPriceStream>, emit: Emit<V.FundingView>, end?: End): () => void {
    const profileId = this.venues.resolveId(p.profileId)
    const offBound = this.#bind(p.profileId, profileId, end)
    const key = `${profileId}|${p.symbol}`
    let m = this.#marks.get(key)
    if (!m) {
      const poller: MarkPoller = {
        listeners: new Set(),
        last: null,
        timer: setInterval(() => void poll(), this.o.markPollMs ?? 1000)
      }
      const poll = async (): Promise<void> => {
        try {
          const v = await this.market.fundingRate({ profileId, symbol: p.symbol }, 'background')
          if (JSON.stringify(v) === JSON.stringify(poller.last)) return
          poller.last = v
          for (const l of poller.listeners) l(v)
        } catch (e) {
          this.o.log?.(`mark price ${p.symbol}: ${errorBody(e).message}`)
        }
      }
      poller.timer.unref()
      this.#marks.set(key, (m = poller))
      void poll()
    }
    const mark = m
    mark.listeners.add(emit)
    if (mark.last) emit(mark.last)
    return () => {
      offBound()
      mark.listeners.delete(emit)
      if (mark.listeners.size > 0) return
      clearInterval(mark.timer)
      this.#marks.delete(key)
    }
  }

  close(): void {
    for (const m of this.#marks.values()) clearInterval(m.timer)
    this.#marks.clear()
  }

  /**
   * One feed subscription, coalesced. When the profile's runtime is dropped (its URLs changed, it was removed) the
   * feed is closed under it, so the stream is ended with 'profile-changed' for the UI to subscribe again.
   */
  #feed(
    p: { profileId?: string | undefined; module: Gateway },
    end: End | undefined,
    spec: StreamSpec,
    deliver: (u: FeedUpdate) => void
  ): () => void {
    const target = { profileId: this.venues.resolveId(p.profileId), gateway: p.module }
    const coalescer = new Coalescer((batch) => batch.forEach((b) => deliver(b.update)), {
      intervalMs: this.o.frameMs ?? 16
    })
    const off = this.feeds.subscribe(target, spec, (u) => coalescer.push('s', u))
    this.o.onSubscribed?.(target, spec)
    const offDrop = this.venues.onDrop((id) => {
      if (id === target.profileId) end?.(PROFILE_CHANGED)
    })
    const offBound = this.#bind(p.profileId, target.profileId, end)
    return () => {
      offBound()
      offDrop()
      off()
      coalescer.dispose()
    }
  }

  /** A stream that named no profile ends when another one becomes active (it was bound to `resolved`). */
  #bind(named: string | undefined, resolved: string, end: End | undefined): () => void {
    if (named !== undefined || !end || !this.o.watchActive) return () => undefined
    let ended = false
    const off: (() => void) | undefined = this.o.watchActive((active) => {
      if (ended || active === resolved) return
      ended = true
      // Told synchronously on subscribing, before `off` exists: the end then runs once the handler has returned.
      queueMicrotask(() => {
        off?.()
        end(PROFILE_CHANGED)
      })
    })
    return () => {
      ended = true
      off?.()
    }
  }
}
