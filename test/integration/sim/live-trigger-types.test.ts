// Issue 13, item 12: some live venues send triggerType 1 (stop-loss) and 2 (take-profit) where the spec has 3 and 4
// (api-family-notes.md). The live flavor takes both numberings, for conditional orders and TP/SL alike; the spec
// flavor keeps to 3 and 4.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { futuresRig, type FClient, type FuturesRig } from '../futures/harness'

const C = 'E-BTC-USDT'
let live: FuturesRig
let spec: FuturesRig

beforeAll(async () => {
  live = await futuresRig({ flavor: 'live' })
  spec = await futuresRig({ flavor: 'spec' })
})
afterAll(async () => {
  await live?.close()
  await spec?.close()
})

/** A fresh long of 10 at 65000.0 with the mark there; returns its holder and the position id. */
async function longAt65000(rig: FuturesRig): Promise<{ alice: FClient; positionId: string }> {
  const [alice, bob] = await Promise.all([rig.client({ usdt: '50000' }), rig.client({ usdt: '50000' })])
  await rig.setIndex('btcusdt', '65000.0')
  await bob.place({ contractName: C, side: 'SELL', type: 'LIMIT', open: 'OPEN', price: '65000.0', volume: '10' })
  await alice.place({ contractName: C, side: 'BUY', type: 'LIMIT', open: 'OPEN', price: '65000.0', volume: '10' })
  return { alice, positionId: (await alice.position(C)).id }
}

const closeLong = { contractName: C, side: 'SELL', type: 'MARKET', open: 'CLOSE', positionType: 1, volume: '10' }
const listed = async (c: FClient): Promise<Record<string, string>> =>
  Object.fromEntries(
    ((await c.post('trigger_order_list', { contractName: C, page: 1, limit: 100 })).body.trigOrderList as any[]).map(
      (t) => [t.triggerPrice, t.triggerType]
    )
  )

describe('live flavor', () => {
  it('takes conditionOrder triggerType 1 as a stop-loss and 2 as a take-profit', async () => {
    const { alice } = await longAt65000(live)
    // Below the mark for a long's closing SELL: only a stop-loss waits there (a take-profit would fire at once).
    const sl = await alice.post('conditionOrder', { ...closeLong, triggerType: 1, triggerPrice: '64000.0' })
    expect(sl.body.orderId).toMatch(/^\d+$/)
    const tp = await alice.post('conditionOrder', { ...closeLong, triggerType: 2, triggerPrice: '66000.0' })
    expect(tp.body.orderId).toMatch(/^\d+$/)
    expect(await listed(alice)).toEqual({ '64000.0': '3', '66000.0': '4' })
    // Each kind still refuses a price its side has crossed: 1 above the mark is a stop-loss that would fire now.
    const crossed = await alice.post('conditionOrder', { ...closeLong, triggerType: 1, triggerPrice: '65100.0' })
    expect(crossed.body).toMatchObject({ code: '-1102', succ: false })
  })

  it('takes profitLossOrder items with triggerType 1 and 2', async () => {
    const { alice, positionId } = await longAt65000(live)
    const r = await alice.post('profitLossOrder', {
      contractName: C,
      positionId,
      side: 'SELL',
      positionType: 1,
      orderList: [
        { triggerType: 2, triggerPrice: '67000.0', volume: '10', type: 2, tagPriceTrigger: 1 },
        { triggerType: 1, triggerPrice: '63000.0', volume: '10', type: 2, tagPriceTrigger: 1 }
      ]
    })
    expect(r.body.triggerIds).toHaveLength(2)
    expect(await listed(alice)).toEqual({ '67000.0': '4', '63000.0': '3' })
  })
})

describe('spec flavor', () => {
  it('refuses triggerType 1 and 2 (-1102) and takes 3', async () => {
    const { alice, positionId } = await longAt65000(spec)
    for (const triggerType of [1, 2]) {
      const r = await alice.post('conditionOrder', { ...closeLong, triggerType, triggerPrice: '64000.0' })
      expect([r.status, r.body.code]).toEqual([400, -1102])
      const pl = await alice.post('profitLossOrder', {
        contractName: C,
        positionId,
        side: 'SELL',
        positionType: 1,
        orderList: [{ triggerType, triggerPrice: '63000.0', volume: '10', type: 2 }]
      })
      expect([pl.status, pl.body.code]).toEqual([400, -1102])
    }
    expect((await alice.post('conditionOrder', { ...closeLong, triggerType: 3, triggerPrice: '64000.0' })).status).toBe(
      200
    )
  })
})
