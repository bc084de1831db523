// The desktop notification's market lookup (src-main/electron/alert-markets.ts) over a real core's contract: a spot
// symbol and a contract as the paper profile's venue (the embedded exchange) lists them, and a symbol it does not.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { contractMarkets, type AlertMarkets } from '../../../src-main/electron/alert-markets'
import { startRig, type Rig } from '../core/harness'

let rig: Rig
let markets: AlertMarkets
let paperId: string
beforeAll(async () => {
  rig = await startRig({ embedded: { activity: false } })
  paperId = (await rig.client.invoke('profiles.list', {})).activeProfileId!
  markets = contractMarkets(rig.core.server)
})
afterAll(async () => {
  markets?.close()
  await rig?.close()
})

describe('the markets an alert notification names', () => {
  it('finds spot symbols and contracts of the profile, and nothing for an unlisted one', async () => {
    expect(await markets.marketOf(paperId, 'spot', 'btcusdt')).toMatchObject({
      baseAsset: 'BTC',
      quoteAsset: 'USDT',
      pricePrecision: 2
    })
    expect(await markets.marketOf(paperId, 'margin', 'ethusdt')).toMatchObject({ baseAsset: 'ETH' })
    expect(await markets.marketOf(paperId, 'futures', 'E-BTC-USDT')).toMatchObject({ symbol: 'E-BTC-USDT' })
    expect(await markets.marketOf(paperId, 'spot', 'nosuchusdt')).toBeUndefined()
  })
})
