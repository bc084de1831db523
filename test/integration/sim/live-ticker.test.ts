// Issue 13, item 12: live venues' tickers carry `buy` and `sell`, the best bid and ask; the spec's ticker has
// neither. Spot and futures, one ticker and all of them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { futuresRig, publicGet, type FuturesRig } from '../futures/harness'

const C = 'E-BTC-USDT'
let live: FuturesRig
let spec: FuturesRig

/** A book with its best bid and ask away from the resting market-maker orders setIndex leaves on spot. */
async function book(rig: FuturesRig): Promise<void> {
  const [alice, bob] = await Promise.all([rig.client({ usdt: '50000' }), rig.client({ usdt: '50000' })])
  await rig.setIndex('btcusdt', '65000.00', '0.50')
  await bob.place({ contractName: C, side: 'SELL', type: 'LIMIT', open: 'OPEN', price: '65100.0', volume: '2' })
  await bob.place({ contractName: C, side: 'SELL', type: 'LIMIT', open: 'OPEN', price: '65200.0', volume: '2' })
  await alice.place({ contractName: C, side: 'BUY', type: 'LIMIT', open: 'OPEN', price: '64900.5', volume: '3' })
}

beforeAll(async () => {
  live = await futuresRig({ flavor: 'live' })
  spec = await futuresRig({ flavor: 'spec' })
  await book(live)
  await book(spec)
})
afterAll(async () => {
  await live?.close()
  await spec?.close()
})

const spotTicker = async (rig: FuturesRig, symbol: string): Promise<any> =>
  await (await fetch(`${rig.ex.url}/spot/open/sapi/v1/ticker?symbol=${symbol}`)).json()

describe('live flavor', () => {
  it('gives the spot ticker the best bid and ask, and null for an empty side', async () => {
    expect(await spotTicker(live, 'btcusdt')).toMatchObject({
      buy: '64999.50',
      sell: '65000.50',
      last: expect.any(String)
    })
    expect(await spotTicker(live, 'ethusdt')).toMatchObject({ buy: null, sell: null })
  })

  it('gives the futures ticker and every all_ticker entry the best bid and ask', async () => {
    expect((await publicGet(live.ex, 'ticker', { contractName: C })).body).toMatchObject({
      buy: '64900.5',
      sell: '65100.0'
    })
    const all = (await publicGet(live.ex, 'all_ticker')).body
    expect(all[C]).toMatchObject({ buy: '64900.5', sell: '65100.0' })
    expect(all['E-ETH-USDT']).toMatchObject({ buy: null, sell: null })
  })
})

describe('spec flavor', () => {
  it('keeps the tickers without buy and sell', async () => {
    const tickers = [
      await spotTicker(spec, 'btcusdt'),
      (await publicGet(spec.ex, 'ticker', { contractName: C })).body,
      (await publicGet(spec.ex, 'all_ticker')).body[C]
    ]
    for (const t of tickers) {
      expect(t.last).toEqual(expect.any(String))
      expect(t).not.toHaveProperty('buy')
      expect(t).not.toHaveProperty('sell')
    }
  })
})
