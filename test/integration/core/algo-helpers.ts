// Helpers of the algorithms' integration tests: the last price moved by trades between two accounts of the test, an
// algorithm read through the contract, and a wait on its state.
import type { AlgoView } from '@shared/ipc/views/algos'
import type { RunningExchange } from '../../../src-sim/exchange'
import { newAccount, placeAs } from '../sim-control'
import { waitFor, type Rig } from './harness'

/** Two accounts that trade with each other at a chosen price: the last price becomes it. */
export async function pricer(e: RunningExchange): Promise<{
  trade(price: string): Promise<void>
  rest(side: 'BUY' | 'SELL', price: string, volume: string): Promise<void>
}> {
  const account = async (): Promise<string> =>
    (
      await newAccount(e, [
        { asset: 'USDT', amount: '50000000' },
        { asset: 'BTC', amount: '1000' }
      ])
    ).accountId
  const [a, b] = [await account(), await account()]
  const place = (account: string, side: 'BUY' | 'SELL', price: string, volume: string) =>
    placeAs(e, account, { symbol: 'btcusdt', side, type: 'LIMIT', volume, price })
  return {
    trade: async (price) => {
      await place(a, 'SELL', price, '0.001')
      await place(b, 'BUY', price, '0.001')
    },
    rest: (side, price, volume) => place(a, side, price, volume)
  }
}

export const algoOf = async (rig: Rig, profileId: string | undefined, id: string): Promise<AlgoView> =>
  (await rig.client.invoke('algos.list', profileId ? { profileId } : {})).find((a) => a.id === id)!

export function until(
  rig: Rig,
  profileId: string | undefined,
  id: string,
  ok: (a: AlgoView) => boolean,
  what: string
): Promise<AlgoView> {
  return waitFor(
    async () => {
      const a = await algoOf(rig, profileId, id)
      return ok(a) ? a : undefined
    },
    30_000,
    what
  )
}
