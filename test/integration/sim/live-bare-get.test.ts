// Issue 13, item 11: ccxt's class for venues of this family sends Content-Type on POST only. Live venues answer
// its signed GETs; the spec flavor keeps refusing them (-1017), and a wrong Content-Type stays refused in both.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningExchange } from '../../../src-sim/exchange'
import { quietExchange, type SimClient } from './harness'

let live: { ex: RunningExchange; alice: SimClient }
let spec: { ex: RunningExchange; alice: SimClient }

beforeAll(async () => {
  live = await quietExchange({ flavor: 'live' })
  spec = await quietExchange({ flavor: 'spec' })
})
afterAll(async () => {
  await live?.ex.close()
  await spec?.ex.close()
})

const NO_TYPE = { 'Content-Type': undefined }
const ACCOUNT = '/spot/open/sapi/v1/account'
const POSITIONS = '/futures/open/fapi/v1/account'

describe('signed GET without Content-Type', () => {
  it('is answered by the live flavor, spot and futures', async () => {
    const spot = await live.alice.signed('GET', ACCOUNT, {}, NO_TYPE)
    expect(spot.status).toBe(200)
    expect(spot.body.balances.find((b: { asset: string }) => b.asset === 'USDT')).toMatchObject({
      free: '100000.00000000'
    })
    const futures = await live.alice.signed('GET', POSITIONS, {}, NO_TYPE)
    expect(futures.status).toBe(200)
    expect(futures.body.code).toBeUndefined()
  })

  it('still needs a valid signature in the live flavor', async () => {
    const r = await live.alice.signed('GET', ACCOUNT, {}, { ...NO_TYPE, 'X-CH-SIGN': 'ab'.repeat(32) })
    expect(r.body).toMatchObject({ code: '-1022', succ: false })
  })

  it('is refused by the live flavor with a wrong Content-Type, and on POST without one', async () => {
    const wrong = await live.alice.signed('GET', ACCOUNT, {}, { 'Content-Type': 'text/plain' })
    expect(wrong.body).toMatchObject({ code: '-1017', succ: false })
    const post = await live.alice.signed(
      'POST',
      '/spot/open/sapi/v1/order',
      { symbol: 'btcusdt', side: 'BUY', type: 'LIMIT', price: '100.00', volume: '0.01' },
      NO_TYPE
    )
    expect(post.body).toMatchObject({ code: '-1017', succ: false })
  })

  it('is refused with -1017 by the spec flavor', async () => {
    const r = await spec.alice.signed('GET', ACCOUNT, {}, NO_TYPE)
    expect(r.status).toBe(400)
    expect(r.body.code).toBe(-1017)
  })
})
