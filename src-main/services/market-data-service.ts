// Public market data of a profile's venue on request: instruments (cached, shared with the order checks),
// tickers, books, trades, candles, index, mark and funding. Shapes are the feeds' (src-main/feeds/normalize), so a
// REST snapshot and a stream update look alike to the UI. Futures have no public-trades REST endpoint: their
// recent trades come from the market WebSocket's history request, through the shared feed.
import type { z } from 'zod'
import type * as S from '@shared/ipc/schemas/market'
import type * as V from '@shared/ipc/views/market'
import type { Priority } from '../client/types'
import type { MarketFeeds } from '../feeds'
import { candlesFromRest, depthFromRest, tickerFromRest, tradesFromRest } from '../feeds/normalize'
import type { FeedTrade } from '../feeds/types'
import { ServiceError } from './errors'
import type { Instruments } from './instruments'
import type { Venues } from './venues'

type In<T extends z.ZodType> = z.output<T>

export class MarketDataService {
  constructor(
    private readonly venues: Venues,
    private readonly instruments: Instruments,
    private readonly feeds: MarketFeeds,
    private readonly historyTimeoutMs = 5000
  ) {}

  symbols(i: In<typeof S.symbolsInput>): Promise<V.SpotSymbolView[]> {
    return this.instruments.spotSymbols(this.venues.get(i.profileId))
  }

  contracts(i: In<typeof S.contractsInput>): Promise<V.ContractView[]> {
    return this.instruments.contracts(this.venues.get(i.profileId))
  }

  async tickers(i: In<typeof S.tickersInput>): Promise<V.TickerView[]> {
    const c = this.venues.get(i.profileId).client
    if (i.module === 'spot') {
      return Promise.all(
        i.symbols.map(async (symbol) => ({ symbol, ...tickerFromRest(await c.call('spot.ticker', { symbol })) }))
      )
    }
    const all = await c.call('futures.allTicker')
    const names = i.symbols ?? Object.keys(all)
    return names.filter((n) => all[n] !== undefined).map((symbol) => ({ symbol, ...tickerFromRest(all[symbol]!) }))
  }

  async depth(i: In<typeof S.depthInput>): Promise<V.BookView> {
    const book = await this.venues.get(i.profileId).client.depth(i.module, i.symbol, i.limit)
    return { symbol: i.symbol, ...depthFromRest(book) }
  }

  async trades(i: In<typeof S.tradesInput>): Promise<V.TradeView[]> {
    const rt = this.venues.get(i.profileId)
    if (i.module === 'spot')
      return tradesFromRest(await rt.client.call('spot.trades', { symbol: i.symbol, limit: i.limit }))
    return (await this.#recentFuturesTrades(rt.profile.id, i.symbol)).slice(0, i.limit ?? 100)
  }

  /** The latest candles (REST), or with `before` a page of older ones (the socket's `req` with endIdx). */
  async candles(i: In<typeof S.candlesInput>): Promise<V.CandleView[]> {
    const rt = this.venues.get(i.profileId)
    if (i.before === undefined) return candlesFromRest(await rt.client.klines(i.module, i.symbol, i.interval, i.limit))
    const target = { profileId: rt.profile.id, gateway: i.module }
    return this.feeds.klinesUpTo(target, i.symbol, i.interval, i.before - 1, i.limit ?? 300)
  }

  async index(i: In<typeof S.indexInput>): Promise<V.IndexPriceView[]> {
    const list = await this.venues.get(i.profileId).client.call('futures.indexTagPrice')
    return list
      .filter((x) => i.symbol === undefined || x.symbol === i.symbol)
      .map((x) => ({ symbol: x.symbol, indexPrice: x.indexPrice, markPrice: x.markPrice }))
  }

  async fundingRate(i: In<typeof S.fundingRateInput>, priority: Priority = 'user'): Promise<V.FundingView> {
    const x = await this.venues.get(i.profileId).client.call('futures.index', { contractName: i.symbol }, { priority })
    return {
      symbol: i.symbol,
      indexPrice: x.indexPrice,
      markPrice: x.markPrice,
      lastFundingRate: x.lastFundingRate,
      nextFundingRate: x.nextFundingRate ?? null,
      time: x.time
    }
  }

  /** The first update of the shared trade feed is its recent history (the socket's `req`), then it is left. */
  #recentFuturesTrades(profileId: string, symbol: string): Promise<FeedTrade[]> {
    return new Promise((resolve, reject) => {
      let off: (() => void) | undefined
      let done = false
      const finish = (fn: () => void): void => {
        if (done) return
        done = true
        clearTimeout(timer)
        fn()
        queueMicrotask(() => off?.())
      }
      const timer = setTimeout(
        () =>
          finish(() =>
            reject(
              new ServiceError('timeout', {
                key: 'main.noRecentTrades',
                params: { symbol, ms: this.historyTimeoutMs }
              })
            )
          ),
        this.historyTimeoutMs
      )
      try {
        off = this.feeds.trades({ profileId, gateway: 'futures' }, symbol, (trades) => finish(() => resolve(trades)))
      } catch (e) {
        finish(() => reject(e))
      }
    })
  }
}
