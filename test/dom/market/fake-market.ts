// A fake terminal client for the market panel's component tests: answers the market commands from fixtures,
// records subscriptions (live and ended), and lets a test push stream events to the subscribers of one market.
import type { TerminalContract } from '@shared/ipc/contract'
import type { ContractClient } from '@shared/ipc/contract-client'
import { ContractError, type EventOf, type StreamNames } from '@shared/ipc/contract-kit'
import type { BookView, CandleView } from '@shared/ipc/views/market'
import { setTerminalClient } from '../../../src-renderer/src/services/terminal'
import { BTCUSDT as BTC, EBTC as BTC_PERP } from '../../fixtures/instruments'

type C = TerminalContract

export interface Sub {
  channel: string
  params: Record<string, unknown>
  listener: (e: unknown) => void
  onEnd?: (error?: ContractError) => void
  live: boolean
}

export const BOOK: BookView = {
  symbol: 'btcusdt',
  asks: [
    ['65000.10', '0.1'],
    ['65000.40', '0.2'],
    ['65001.00', '0.5'],
    ['65012.00', '1.25']
  ],
  bids: [
    ['64999.90', '0.3'],
    ['64999.20', '0.2'],
    ['64995.00', '1'],
    ['64980.00', '2.5']
  ],
  ts: 1
}

export class FakeMarket {
  readonly subs: Sub[] = []
  candles: CandleView[] = []
  readonly invokes: { channel: string; input: unknown }[] = []
  readonly client: ContractClient<C> = {
    invoke: (async (channel: string, input: unknown) => {
      this.invokes.push({ channel, input })
      if (channel === 'market.symbols') return [BTC]
      if (channel === 'market.contracts') return [BTC_PERP]
      if (channel === 'market.candles') return this.candles
      throw new Error(`unexpected command ${channel}`)
    }) as ContractClient<C>['invoke'],
    subscribe: ((
      channel: string,
      params: Record<string, unknown>,
      listener: (e: unknown) => void,
      onEnd?: (error?: ContractError) => void
    ) => {
      const sub: Sub = { channel, params, listener, live: true, ...(onEnd ? { onEnd } : {}) }
      this.subs.push(sub)
      return () => {
        sub.live = false
      }
    }) as ContractClient<C>['subscribe']
  }

  constructor() {
    setTerminalClient(this.client)
  }

  live(channel: string, symbol?: string): Sub[] {
    return this.subs.filter(
      (s) => s.live && s.channel === channel && (symbol === undefined || s.params['symbol'] === symbol)
    )
  }

  /** Pushes an event to every live subscriber of the channel (and symbol, when the event names one). */
  emit<K extends StreamNames<C>>(channel: K, event: EventOf<C, K>): void {
    const symbol = (event as { symbol?: string }).symbol
    for (const s of this.live(channel, symbol)) s.listener(event)
  }

  /** Ends the live streams of a channel from the server side. */
  end(channel: string, code: string, message: string): void {
    for (const s of this.live(channel)) {
      s.live = false
      s.onEnd?.(new ContractError({ code, message }))
    }
  }
}
