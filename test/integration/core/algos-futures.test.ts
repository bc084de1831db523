// A TWAP, an iceberg, a scaled order and a chase on futures (issue 19) against the embedded exchange's futures venue
// on loopback, through the terminal core as a window drives it, behind a fault proxy:
// - opening in whole contracts, its first slice's place answer lost: reconciled by the gateway, sent once, one live
//   order at a time; cancelled, its order cancelled;
// - a scaled order's levels through the futures batch endpoint (each an OPEN), a chase on the contract's book;
// - closing with no position to close: refused at creation, naming the total and the position (0), nothing sent
//   (before that check the venue's reduce-only refusal failed it midway).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mul, roundToDecimals } from '@shared/decimal'
import { startFaultProxy, type Decision } from './fault-proxy'
import { until } from './algo-helpers'
import { addVenueProfile, futuresServed, settleQuickly, startRig, type Rig } from './harness'

const C = 'E-BTC-USDT'
const isFuturesPlace = (r: { method: string; path: string }): boolean =>
  r.method === 'POST' && r.path === '/fapi/v1/order'

describe('a futures TWAP', () => {
  let rig: Rig
  let proxy: Awaited<ReturnType<typeof startFaultProxy>>
  let profileId: string
  const faults: { place?: Decision } = {}

  beforeAll(async () => {
    rig = await startRig({ embedded: { activity: true, seed: 23 }, tuning: { ...settleQuickly, algoPollMs: 100 } })
    if (!(await futuresServed(rig))) throw new Error('the embedded exchange does not serve futures')
    proxy = await startFaultProxy(rig.core.exchange.url, (r) => {
      if (isFuturesPlace(r) && faults.place) {
        const f = faults.place
        delete faults.place
        return f
      }
      return 'forward'
    })
    const venue = await addVenueProfile(rig, {
      name: 'Futures algos',
      baseUrl: proxy.url,
      credits: [{ wallet: 'futures', asset: 'USDT', amount: '100000' }]
    })
    profileId = venue.profileId
  })
  afterAll(async () => {
    await rig?.close()
    await proxy?.close()
  })

  /** A price well under the market: a buy there rests. */
  async function under(): Promise<string> {
    const f = await rig.client.invoke('market.fundingRate', { symbol: C })
    return roundToDecimals(mul(f.markPrice, '0.9'), 1, 'down')
  }
  const openOrders = async () =>
    (await rig.client.invoke('account.openOrders', { profileId, module: 'futures', symbol: C })).filter(
      (o) => o.symbol === C
    )

  it('opens in whole contracts through a lost place answer: reconciled, sent once, never two live', async () => {
    const price = await under()
    faults.place = 'lose-answer'
    const created = await rig.client.invoke('algos.create', {
      profileId,
      kind: 'twap',
      module: 'futures',
      symbol: C,
      side: 'BUY',
      open: 'OPEN',
      positionType: 1,
      quantity: '3',
      limitPrice: price,
      durationSeconds: 600,
      slices: 3,
      fireLate: false
    })
    expect(created).toMatchObject({ module: 'futures', open: 'OPEN', positionType: 1 })
    const resting = await until(rig, profileId, created.id, (a) => a.children[0]?.state === 'open', 'a slice resting')
    expect(faults).toEqual({}) // the answer was lost, and reconciled
    expect(resting.children.map((c) => [c.slice, c.volume, c.price, c.state])).toEqual([[0, '1', price, 'open']])
    const sent = proxy.log.filter((r) => isFuturesPlace(r))
    expect(sent).toHaveLength(1)
    expect(sent[0]!.body).toMatchObject({ contractName: C, side: 'BUY', open: 'OPEN', positionType: 1 })
    expect((await openOrders()).map((o) => o.orderId)).toEqual([resting.children[0]!.orderId])

    await rig.client.invoke('algos.cancel', { profileId, id: created.id })
    await until(rig, profileId, created.id, (a) => a.state === 'cancelled', 'the TWAP cancelled')
    await expect.poll(openOrders, { timeout: 15_000 }).toEqual([])
  })

  it('closing with no position: refused at creation naming both figures, nothing sent or opened', async () => {
    const before = proxy.log.filter((r) => isFuturesPlace(r)).length
    const listed = (await rig.client.invoke('algos.list', { profileId })).length
    await expect(
      rig.client.invoke('algos.create', {
        profileId,
        kind: 'twap',
        module: 'futures',
        symbol: C,
        side: 'SELL',
        open: 'CLOSE',
        positionType: 1,
        quantity: '2',
        limitPrice: await under(),
        durationSeconds: 600,
        slices: 2,
        fireLate: false
      })
    ).rejects.toMatchObject({
      code: 'algo-rule',
      field: 'quantity',
      words: {
        key: 'algos.refuse.closeAboveLong',
        params: { quantity: '2', position: '0', contract: 'BTC/USDT perpetual' }
      }
    })
    expect(await rig.client.invoke('algos.list', { profileId })).toHaveLength(listed)
    expect(proxy.log.filter((r) => isFuturesPlace(r))).toHaveLength(before)
    expect(await openOrders()).toEqual([])
    const positions = await rig.client.invoke('account.positions', { profileId, symbol: C })
    expect(positions.filter((p) => p.contractName === C)).toEqual([])
  })

  it('an iceberg opens its visible part in whole contracts, one at a time; cancelled with its order', async () => {
    const created = await rig.client.invoke('algos.create', {
      profileId,
      kind: 'iceberg',
      module: 'futures',
      symbol: C,
      side: 'BUY',
      open: 'OPEN',
      positionType: 1,
      quantity: '5',
      visibleQuantity: '2',
      limitPrice: await under(),
      fireLate: false
    })
    const resting = await until(rig, profileId, created.id, (a) => a.children[0]?.state === 'open', 'its visible part')
    expect(resting.children.map((c) => [c.volume, c.state])).toEqual([['2', 'open']])
    expect((await openOrders()).map((o) => o.orderId)).toEqual([resting.children[0]!.orderId])
    await rig.client.invoke('algos.cancel', { profileId, id: created.id })
    await until(rig, profileId, created.id, (a) => a.state === 'cancelled', 'the iceberg cancelled')
    await expect.poll(openOrders, { timeout: 15_000 }).toEqual([])
  })

  it('a scaled order opens its levels through the futures batch endpoint, each an OPEN; cancelled with them', async () => {
    const top = await under()
    const created = await rig.client.invoke('algos.create', {
      profileId,
      kind: 'scaled',
      module: 'futures',
      symbol: C,
      side: 'BUY',
      open: 'OPEN',
      positionType: 1,
      quantity: '6',
      fromPrice: top,
      toPrice: roundToDecimals(mul(top, '0.99'), 1, 'down'),
      orders: 3,
      sizing: 'linear',
      sizeFactor: '1',
      fireLate: false
    })
    const resting = await until(
      rig,
      profileId,
      created.id,
      (a) => a.children.length === 3 && a.children.every((c) => c.state === 'open'),
      'its levels resting'
    )
    expect(resting.children.map((c) => [c.level, c.volume])).toEqual([
      [0, '2'],
      [1, '2'],
      [2, '2']
    ])
    const batches = proxy.log.filter((r) => r.method === 'POST' && r.path === '/fapi/v1/batchOrders')
    expect(batches).toHaveLength(1)
    const items = (batches[0]!.body as { orders: { open: string; positionType: number; volume: unknown }[] }).orders
    expect(items.map((o) => [o.open, o.positionType, String(o.volume)])).toEqual([
      ['OPEN', 1, '2'],
      ['OPEN', 1, '2'],
      ['OPEN', 1, '2']
    ])
    expect((await openOrders()).map((o) => o.orderId).sort()).toEqual(resting.children.map((c) => c.orderId).sort())
    await rig.client.invoke('algos.cancel', { profileId, id: created.id })
    await until(rig, profileId, created.id, (a) => a.state === 'cancelled', 'the scaled order cancelled')
    await expect.poll(openOrders, { timeout: 15_000 }).toEqual([])
  })

  it("a chase reads the contract's book: its limit at the lower of the futures best bid and its bound", async () => {
    const bound = await under()
    const created = await rig.client.invoke('algos.create', {
      profileId,
      kind: 'chase',
      module: 'futures',
      symbol: C,
      side: 'BUY',
      open: 'OPEN',
      positionType: 1,
      quantity: '1',
      limitPrice: bound,
      intervalSeconds: 1,
      fireLate: false
    })
    const resting = await until(rig, profileId, created.id, (a) => a.children[0]?.state === 'open', 'its limit')
    // The futures best bid is far above its bound (90 % of the mark): it rests at the bound, read from futures.
    expect(resting.children.map((c) => [c.volume, c.price])).toEqual([['1', bound]])
    expect(proxy.log.some((r) => r.method === 'GET' && r.path === '/fapi/v1/depth')).toBe(true)
    await rig.client.invoke('algos.cancel', { profileId, id: created.id })
    await until(rig, profileId, created.id, (a) => a.state === 'cancelled', 'the chase cancelled')
    await expect.poll(openOrders, { timeout: 15_000 }).toEqual([])
  })

  it('refuses a stop that would open at the market (sized in money) in words naming the field, creating nothing', async () => {
    const before = (await rig.client.invoke('algos.list', { profileId })).length
    await expect(
      rig.client.invoke('algos.create', {
        profileId,
        kind: 'stop-market',
        module: 'futures',
        symbol: C,
        side: 'SELL',
        open: 'OPEN',
        positionType: 1,
        quantity: '1',
        triggerPrice: '1000',
        fireLate: false
      })
    ).rejects.toMatchObject({ code: 'algo-rule', field: 'open', words: { key: 'algos.refuse.marketOpen' } })
    expect(await rig.client.invoke('algos.list', { profileId })).toHaveLength(before)
  })
})
