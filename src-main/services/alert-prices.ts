// The prices alerts follow, from what main already has: the last price from the market feed's ticker (one shared,
// reference-counted WebSocket per gateway and profile), and a futures contract's mark and index from the
// contract's index endpoint, polled on the background budget once per contract for every alert on it. A price is
// fresh only while its source is alive: the feed's connection open, the last poll answered. Anything else is told
// as `dead` at once, so an alert stops evaluating instead of firing on stale data.
import { gatewayOf, type Module } from '@shared/module'
import type { AlertSource } from '@shared/ipc/views/alerts'
import type { MarketFeeds } from '../feeds'
import type { PriceTick } from './alert-rules'
import { errorBody } from './errors'
import type { MarketDataService } from './market-data-service'

export interface PriceWant {
  profileId: string
  module: Module
  symbol: string
  source: AlertSource
}

export type PriceEvent = { fresh: PriceTick } | { dead: string }

export interface PriceSource {
  /** Follows one price; returns its stop. */
  follow(w: PriceWant, fn: (e: PriceEvent) => void): () => void
}

export interface LivePricesOptions {
  feeds: MarketFeeds
  market: Pick<MarketDataService, 'fundingRate'>
  /** Mark and index poll. Default 1000 ms. */
  pollMs?: number
  now?: () => number
  log?: (line: string) => void
}

interface MarkPoll {
  listeners: Set<{ source: 'mark' | 'index'; fn: (e: PriceEvent) => void }>
  timer: ReturnType<typeof setInterval>
}

export class LivePrices implements PriceSource {
  readonly #o: LivePricesOptions
  readonly #polls = new Map<string, MarkPoll>()

  constructor(o: LivePricesOptions) {
    this.#o = o
  }

  follow(w: PriceWant, fn: (e: PriceEvent) => void): () => void {
    return w.source === 'last' ? this.#last(w, fn) : this.#mark(w, w.source, fn)
  }

  close(): void {
    for (const p of this.#polls.values()) clearInterval(p.timer)
    this.#polls.clear()
  }

  #now(): number {
    return (this.#o.now ?? Date.now)()
  }

  #last(w: PriceWant, fn: (e: PriceEvent) => void): () => void {
    const target = { profileId: w.profileId, gateway: gatewayOf(w.module) }
    const open = (): boolean => this.#o.feeds.status(target)?.state === 'open'
    const offStatus = this.#o.feeds.onStatus((t, st) => {
      if (t.profileId === target.profileId && t.gateway === target.gateway && st.state !== 'open')
        fn({ dead: `feed ${st.state}` })
    })
    const off = this.#o.feeds.ticker(target, w.symbol, (t) => {
      if (open()) fn({ fresh: { price: t.close, at: this.#now() } })
    })
    return () => {
      offStatus()
      off()
    }
  }

  #mark(w: PriceWant, source: 'mark' | 'index', fn: (e: PriceEvent) => void): () => void {
    const key = `${w.profileId}|${w.symbol}`
    let p = this.#polls.get(key)
    if (!p) {
      let busy = false
      const poll = async (): Promise<void> => {
        if (busy) return // a slow answer is not overtaken by the next poll
        busy = true
        try {
          const v = await this.#o.market.fundingRate({ profileId: w.profileId, symbol: w.symbol }, 'background')
          const at = this.#now()
          for (const l of [...poll_.listeners])
            l.fn({ fresh: { price: l.source === 'mark' ? v.markPrice : v.indexPrice, at } })
        } catch (e) {
          const why = errorBody(e).message
          this.#o.log?.(`alerts: mark price ${w.symbol}: ${why}`)
          for (const l of [...poll_.listeners]) l.fn({ dead: why })
        } finally {
          busy = false
        }
      }
      const poll_: MarkPoll = { listeners: new Set(), timer: setInterval(() => void poll(), this.#o.pollMs ?? 1000) }
      poll_.timer.unref?.()
      this.#polls.set(key, (p = poll_))
      void poll()
    }
    const mine = { source, fn }
    const poller = p
    poller.listeners.add(mine)
    return () => {
      poller.listeners.delete(mine)
      if (poller.listeners.size > 0 || this.#polls.get(key) !== poller) return
      clearInterval(poller.timer)
      this.#polls.delete(key)
    }
  }
}
