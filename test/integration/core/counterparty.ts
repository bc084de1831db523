// A second account on the embedded exchange that empties a spot market's book and then rests orders at exact
// prices, so a test's own orders fill at prices it chose (the market bots paused). Shared by the integration and e2e
// tests (PnL, algorithms, fills).
import type { RunningExchange } from '../../../src-sim/exchange'
import { control, newAccount, placeAs } from '../sim-control'

export interface Counterparty {
  /** Rests a LIMIT order of the counterparty at `price` (the test's order then takes it). */
  rest(side: 'BUY' | 'SELL', price: string, volume: string): Promise<void>
}

/**
 * Pauses the bots, clears `sides` of `symbol`'s book (both unless told) and returns the counterparty that rests
 * orders there.
 */
export async function emptyBook(
  e: RunningExchange,
  symbol: string,
  base: string,
  sides: readonly ('asks' | 'bids')[] = ['asks', 'bids']
): Promise<Counterparty> {
  await control(e, 'activity', { paused: true })
  const { accountId } = await newAccount(e, [
    { asset: 'USDT', amount: '50000000' },
    { asset: base, amount: '100000' }
  ])
  const place = (side: 'BUY' | 'SELL', type: 'MARKET' | 'LIMIT', volume: string, price?: string) =>
    placeAs(e, accountId, { symbol, side, type, volume, ...(price ? { price } : {}) })
  const book = () => e.sim.hub.depth(symbol, 100)
  // Each sweep takes what one side holds (a market order ends where that side does); paused bots rest no more.
  for (let n = 0; sides.includes('asks') && (book()?.asks.length ?? 0) > 0; n++) {
    if (n === 5) throw new Error(`the asks of ${symbol} would not clear`)
    await place('BUY', 'MARKET', '5000000')
  }
  for (let n = 0; sides.includes('bids') && (book()?.bids.length ?? 0) > 0; n++) {
    if (n === 5) throw new Error(`the bids of ${symbol} would not clear`)
    await place('SELL', 'MARKET', '1000')
  }
  return { rest: (side, price, volume) => place(side, 'LIMIT', volume, price) }
}
