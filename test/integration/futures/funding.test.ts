// Funding at a short interval on a controlled clock: payments are qty x round(value of one contract at mark x
// rate), longs paying shorts for a positive rate; one settlement's payments sum to exactly zero. The rate
// follows the README's formula from the index and the smoothed basis of the futures book.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { futuresRig, m12, publicGet, type FClient, type FuturesRig } from './harness'

let rig: FuturesRig
let alice: FClient
let bob: FClient
let carol: FClient
let dan: FClient
const C = 'E-BTC-USDT'
const INTERVAL = 60_000

const fundingFlows = async (c: FClient): Promise<string[]> =>
  (await c.get('capital', { limit: 1000 })).body.records.filter((r: any) => r.type === '5').map((r: any) => r.amount)

beforeAll(async () => {
  rig = await futuresRig({ fundingIntervalMs: INTERVAL })
  ;[alice, bob, carol, dan] = (await Promise.all([1, 2, 3, 4].map(() => rig.client({ usdt: '10000' })))) as [
    FClient,
    FClient,
    FClient,
    FClient
  ]
  await bob.place({ contractName: C, side: 'SELL', type: 'LIMIT', open: 'OPEN', price: '65000.0', volume: '20' })
  await carol.place({ contractName: C, side: 'SELL', type: 'LIMIT', open: 'OPEN', price: '65000.0', volume: '10' })
  await alice.place({ contractName: C, side: 'BUY', type: 'MARKET', open: 'OPEN', volume: '1950' }) // 1950 USDT of notional: 30 contracts
})
afterAll(() => rig.close())

describe('funding', () => {
  it('settles at the interval boundary with the interest rate when mark = index: longs pay shorts, the sum is 0', async () => {
    expect((await alice.position(C)).volume).toBe('30')
    expect((await publicGet(rig.ex, 'index', { contractName: C })).body).toMatchObject({
      indexPrice: '65000.0',
      markPrice: '65000.0',
      lastFundingRate: '0.0001'
    })
    await rig.tick(INTERVAL)
    // one contract is worth 65 USDT at the mark; 0.01 % of it is 0.0065
    expect(await fundingFlows(alice)).toEqual(['-0.195'])
    expect(await fundingFlows(bob)).toEqual(['0.13'])
    expect(await fundingFlows(carol)).toEqual(['0.065'])
    expect((await alice.position(C)).capitalFee).toBe('0.195')
    expect((await bob.position(C)).capitalFee).toBe('-0.13')
    expect(rig.ex.futures.market.get(C)!.appliedRateE8).toBe(10_000n)
  })

  it('does not settle again before the next boundary', async () => {
    await rig.tick(INTERVAL / 4)
    expect(await fundingFlows(alice)).toHaveLength(1)
  })

  it('follows the premium: a futures book below the index turns the rate negative, and shorts pay longs', async () => {
    // dan's two-sided quote has its mid 995 below the index; the basis sample is clamped to -0.5 % (-325.0), then
    // smoothed over the next 60 s tick: basis = -325 x 60 / (60 + 60) = -162.5, so mark = 64837.5
    await dan.place({ contractName: C, side: 'BUY', type: 'LIMIT', open: 'OPEN', price: '64000.0', volume: '1' })
    await dan.place({ contractName: C, side: 'SELL', type: 'LIMIT', open: 'OPEN', price: '64010.0', volume: '1' })
    await rig.tick(60_000) // 60 s after the last tick, past the next boundary
    const idx = (await publicGet(rig.ex, 'index', { contractName: C })).body
    expect(idx).toMatchObject({ indexPrice: '65000.0', markPrice: '64837.5', lastFundingRate: '-0.002' })
    // premium -0.0025; rate = -0.0025 + clamp(0.0001 + 0.0025, +-0.0005) = -0.002; per contract 64.8375 x -0.002
    const a = await fundingFlows(alice)
    const b = await fundingFlows(bob)
    const c = await fundingFlows(carol)
    expect([a[0], b[0], c[0]]).toEqual(['3.89025', '-2.5935', '-1.29675'])
    // dan holds no position: nothing
    expect(await fundingFlows(dan)).toEqual([])
    for (const i of [0, 1]) expect(m12(a[i]!) + m12(b[i]!) + m12(c[i]!)).toBe(0n)
  })
})
