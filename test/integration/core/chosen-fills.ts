// The PnL tests' fills at prices they chose (integration and e2e): a counterparty rests each on an emptied BTC/USDT
// book and the test's order, placed through main's contract for its active profile, takes it. With the exchange's
// 0.2% taker fee (in BTC on the buy, in USDT on the sells) FIFO over them realizes 7.96204 and -11.95804.
import type { TerminalContract } from '@shared/ipc/contract'
import type { ContractClient } from '@shared/ipc/contract-client'
import type { RunningExchange } from '../../../src-sim/exchange'
import { emptyBook } from './counterparty'

export const CHOSEN_FILLS = [
  // Buys 0.02 at 50,000: pays 0.00004 BTC (worth 2 USDT), holds 0.01996.
  ['BUY', '50000', '0.02'],
  // Half the lot at 51,000: +9.98, minus half the buy's fee (1) and its own 1.01796 = 7.96204.
  ['SELL', '51000', '0.00998'],
  // The other half at 49,000: -9.98, minus 1 and 0.97804 = -11.95804.
  ['SELL', '49000', '0.00998']
] as const

/** Makes CHOSEN_FILLS on `e` for the profile `client` trades as (the bots stay paused). */
export async function fillAtChosenPrices(e: RunningExchange, client: ContractClient<TerminalContract>): Promise<void> {
  const cp = await emptyBook(e, 'btcusdt', 'BTC')
  for (const [side, price, volume] of CHOSEN_FILLS) {
    await cp.rest(side === 'BUY' ? 'SELL' : 'BUY', price, volume)
    const ack = await client.invoke('trading.placeOrder', {
      module: 'spot',
      symbol: 'btcusdt',
      side,
      type: 'LIMIT',
      price,
      volume
    })
    if (ack.status !== 'placed') throw new Error(`${side} ${volume} at ${price}: ${ack.status}, not placed`)
  }
}
