// Trade records with myTrades paging (fromId inclusive, oldest first; the latest page without it), the capital
// flow with its time range and pages, ADL and liquidation lists and their parameter errors; and the live
// flavor's futures variants (edits acked in both flavors, an empty open-orders envelope, the live index shape).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { futuresRig, type FClient, type FuturesRig } from './harness'

let rig: FuturesRig
let alice: FClient
let bob: FClient
const C = 'E-BTC-USDT'

beforeAll(async () => {
  rig = await futuresRig()
  alice = await rig.client({ usdt: '100000' })
  bob = await rig.client({ usdt: '100000' })
  for (let i = 0; i < 5; i++) {
    await bob.place({ contractName: C, side: 'SELL', type: 'LIMIT', open: 'OPEN', price: `6500${i}.0`, volume: '1' })
    rig.clock.now += 1000
    await alice.place({ contractName: C, side: 'BUY', type: 'MARKET', open: 'OPEN', volume: '66' })
  }
})
afterAll(() => rig.close())

describe('myTrades and tradesRecord', () => {
  it('pages from fromId on, oldest first; the latest `limit` without it', async () => {
    const all = (await alice.get('myTrades', { contractName: C })).body
    expect(all.map((t: any) => t.price)).toEqual(['65000.0', '65001.0', '65002.0', '65003.0', '65004.0'])
    expect(all.every((t: any) => t.isBuyer === true && t.isMaker === false && t.side === 'BUY' && t.symbol === C)).toBe(
      true
    )
    const latest = (await alice.get('myTrades', { contractName: C, limit: 2 })).body
    expect(latest.map((t: any) => t.price)).toEqual(['65003.0', '65004.0'])
    const from = (await alice.get('myTrades', { contractName: C, limit: 2, fromId: all[1].tradeId })).body
    expect(from.map((t: any) => t.tradeId)).toEqual([all[1].tradeId, all[2].tradeId])
    const labelled = (await alice.get('tradesRecord', { limit: 1, fromId: all[4].tradeId })).body
    expect(labelled).toEqual([
      {
        tradeId: all[4].tradeId,
        contractName: C,
        side: 'BUY',
        openOrClose: 'OPEN',
        price: '65004.0',
        qty: '1',
        fee: '0.0390024',
        realizedAmount: '0',
        time: all[4].time
      }
    ])
    expect((await alice.get('myTrades', { contractName: C, limit: 1001 })).body.code).toBe(-1102)
    expect((await alice.get('myTrades', { fromId: 'abc' })).body.code).toBe(-1102)
  })
})

describe('capital, adlRecord, liquidationList', () => {
  it('filters the capital flow by time and pages it, newest first', async () => {
    const all = (await alice.get('capital', {})).body.records
    expect(all.map((r: any) => r.type)).toEqual(['6', '6', '6', '6', '6', '1'])
    const page2 = (await alice.get('capital', { page: 2, limit: 4 })).body.records
    expect(page2).toEqual(all.slice(4))
    const ranged = (await alice.get('capital', { beginTime: all[2].time, endTime: all[1].time })).body.records
    expect(ranged).toEqual(all.slice(1, 3))
  })

  it('answers empty ADL and liquidation lists, and wants contractName for adlRecord', async () => {
    expect((await alice.get('adlRecord', { contractName: C })).body).toEqual([])
    expect((await alice.get('adlRecord', {})).body.code).toBe(-1102)
    expect((await alice.get('liquidationList', {})).body).toEqual([])
    expect((await alice.get('liquidationList', { contractName: 'E-NOPE' })).body.code).toBe(-1121)
  })
})

describe('live flavor', () => {
  it('keeps the futures edit ack, wraps an empty open-orders list, answers the live index shape and 200 errors', async () => {
    const live = await futuresRig({ flavor: 'live' })
    try {
      const c = await live.client({ usdt: '1000' })
      expect((await c.post('edit_lever', { contractName: C, leverageLevel: 5, positionType: 1 })).body).toEqual({
        code: '0',
        msg: 'success',
        data: null
      })
      expect((await c.get('openOrders', {})).body).toEqual({ code: '0', msg: 'success', data: null })
      const idx = await fetch(`${live.ex.url}/futures/open/fapi/v1/index?contractName=${C}`)
      expect(await idx.text()).toBe(
        '{"currentFundRate":0.0001,"indexPrice":65000.0,"tagPrice":65000.0,"nextFundRate":0.0001}'
      )
      const err = await c.post('order', {
        contractName: 'E-NOPE',
        side: 'BUY',
        type: 'LIMIT',
        open: 'OPEN',
        positionType: 1,
        price: '1',
        volume: '1'
      })
      expect(err.status).toBe(200)
      expect(err.body).toMatchObject({ code: '-1121', succ: false })
    } finally {
      await live.close()
    }
  })
})
