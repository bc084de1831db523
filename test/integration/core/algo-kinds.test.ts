// The algorithms that place their own children (src-main/algos: bracket, iceberg, TWAP, scaled, chase) against the
// embedded exchange on loopback, through the terminal core as a window drives it. The bots paused, the book holds
// only what the test rests (counterparty.ts), and the last price is moved by trades between two of its accounts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { algoOf, pricer, until } from './algo-helpers'
import { emptyBook, type Counterparty } from './counterparty'
import { settleQuickly, startRig, type Rig } from './harness'

const tuning = { ...settleQuickly, algoPollMs: 100 }
const base = { module: 'spot' as const, symbol: 'btcusdt', fireLate: false }

describe('algorithms that place their own children', () => {
  let rig: Rig
  let px: Awaited<ReturnType<typeof pricer>>
  let cp: Counterparty
  beforeAll(async () => {
    rig = await startRig({ embedded: { seed: 31 }, tuning })
    cp = await emptyBook(rig.core.exchange, 'btcusdt', 'BTC')
    px = await pricer(rig.core.exchange)
    await px.trade('30000')
  })
  afterAll(async () => {
    await rig?.close()
  })

  it('a bracket: the take profit follows what the entry filled; the stop loss cancels the rest and sells it', async () => {
    await expect(
      rig.client.invoke('algos.create', {
        ...base,
        kind: 'bracket',
        side: 'BUY',
        quantity: '0.01',
        limitPrice: '30000',
        takeProfitPrice: '29500',
        triggerPrice: '29000'
      })
    ).rejects.toMatchObject({ code: 'algo-rule', field: 'takeProfitPrice', words: { key: 'algos.refuse.bracketBuy' } })
    const created = await rig.client.invoke('algos.create', {
      ...base,
      kind: 'bracket',
      side: 'BUY',
      quantity: '0.01',
      limitPrice: '30000',
      takeProfitPrice: '31000',
      triggerPrice: '29000'
    })
    await until(rig, undefined, created.id, (a) => a.children[0]?.state === 'open', 'the entry resting')
    await cp.rest('SELL', '30000', '0.004')
    const part = await until(
      rig,
      undefined,
      created.id,
      (a) => a.children.some((c) => c.role === 'take-profit' && c.state === 'open'),
      'the take profit for the part filled'
    )
    expect(part.filled).toBe('0.004')
    expect(part.children[1]).toMatchObject({ role: 'take-profit', side: 'SELL', price: '31000', volume: '0.004' })
    // The entry fills whole: the take profit is replaced for all of it.
    await cp.rest('SELL', '30000', '0.006')
    const whole = await until(
      rig,
      undefined,
      created.id,
      (a) => a.children.some((c) => c.role === 'take-profit' && c.state === 'open' && c.volume === '0.01'),
      'the take profit for the whole entry'
    )
    expect(whole.children.map((c) => [c.role, c.state, c.status])).toEqual([
      ['entry', 'final', 'FILLED'],
      ['take-profit', 'final', 'CANCELED'],
      ['take-profit', 'open', 'NEW']
    ])
    // The stop loss fires: the take profit is cancelled and the whole entry sold at the market.
    await cp.rest('BUY', '28900', '0.01')
    await px.trade('28950')
    const done = await until(rig, undefined, created.id, (a) => a.state === 'done', 'the stop loss filled')
    expect(done.reason).toMatchObject({ key: 'algos.reason.stopLoss' })
    expect(done.children.at(-1)).toMatchObject({
      role: 'stop',
      side: 'SELL',
      type: 'MARKET',
      volume: '0.01',
      status: 'FILLED'
    })
    expect(done.children[2]).toMatchObject({ role: 'take-profit', status: 'CANCELED' })
    expect((await algoOf(rig, undefined, created.id)).filled).toBe('0.01')
  })

  it('an iceberg: one visible slice at a time at its price until the total is filled, never more', async () => {
    await expect(
      rig.client.invoke('algos.create', {
        ...base,
        kind: 'iceberg',
        side: 'BUY',
        quantity: '0.01',
        limitPrice: '30000',
        visibleQuantity: '0.02'
      })
    ).rejects.toMatchObject({
      code: 'algo-rule',
      field: 'visibleQuantity',
      words: { key: 'algos.refuse.visibleAbove' }
    })
    const created = await rig.client.invoke('algos.create', {
      ...base,
      kind: 'iceberg',
      side: 'BUY',
      quantity: '0.01',
      limitPrice: '30000',
      visibleQuantity: '0.004'
    })
    const first = await until(rig, undefined, created.id, (a) => a.children[0]?.state === 'open', 'the first slice')
    expect(first.children).toMatchObject([{ role: 'slice', volume: '0.004', price: '30000' }])
    // More is offered than the total: the slices take only what the total leaves.
    await cp.rest('SELL', '30000', '0.003')
    await cp.rest('SELL', '30000', '0.02')
    const done = await until(rig, undefined, created.id, (a) => a.state === 'done', 'the iceberg filled')
    expect(done.filled).toBe('0.01')
    expect(done.children.map((c) => [c.volume, c.status])).toEqual([
      ['0.004', 'FILLED'],
      ['0.004', 'FILLED'],
      ['0.002', 'FILLED']
    ])
  })

  it('a TWAP: slices at their times, what a slice did not fill cancelled and carried to the next', async () => {
    // The iceberg left asks at 30000: the TWAP buys below them.
    await expect(
      rig.client.invoke('algos.create', {
        ...base,
        kind: 'twap',
        side: 'BUY',
        quantity: '0.009',
        limitPrice: '29500',
        durationSeconds: 2,
        slices: 3
      })
    ).rejects.toMatchObject({ code: 'algo-rule', field: 'slices', words: { key: 'algos.refuse.twapSlices' } })
    const created = await rig.client.invoke('algos.create', {
      ...base,
      kind: 'twap',
      side: 'BUY',
      quantity: '0.009',
      limitPrice: '29500',
      durationSeconds: 9,
      slices: 3
    })
    expect(created.schedule).toEqual([created.createdAt, created.createdAt + 3000, created.createdAt + 6000])
    const first = await until(rig, undefined, created.id, (a) => a.children[0]?.state === 'open', 'the first slice')
    expect(first.children).toMatchObject([{ role: 'slice', slice: 0, volume: '0.003', price: '29500' }])
    await cp.rest('SELL', '29500', '0.001')
    // At the second slice's time the first is cancelled; its rest is carried: (0.009 - 0.001) over 2 slices.
    const second = await until(rig, undefined, created.id, (a) => a.children[1]?.state === 'open', 'the second slice')
    expect(second.children.map((c) => [c.slice, c.volume, c.filled, c.status])).toEqual([
      [0, '0.003', '0.001', 'CANCELED'],
      [1, '0.004', '0', 'NEW']
    ])
    await cp.rest('SELL', '29500', '0.1')
    const done = await until(rig, undefined, created.id, (a) => a.state === 'done', 'the TWAP filled')
    expect(done).toMatchObject({ filled: '0.009', reason: { key: 'algos.reason.filled' } })
    expect(done.children.map((c) => [c.slice, c.volume, c.status])).toEqual([
      [0, '0.003', 'CANCELED'],
      [1, '0.004', 'FILLED'],
      [2, '0.004', 'FILLED']
    ])
    expect(done.children[2]!.slice).toBe(2)
  })

  it('a scaled order: its levels placed in batches of at most 10, sized to the total exactly', async () => {
    const scaled = {
      ...base,
      kind: 'scaled' as const,
      side: 'BUY' as const,
      quantity: '0.024',
      fromPrice: '29000',
      toPrice: '28450',
      orders: 12,
      sizing: 'linear' as const,
      sizeFactor: '1'
    }
    await expect(rig.client.invoke('algos.create', { ...scaled, toPrice: '29000' })).rejects.toMatchObject({
      code: 'algo-rule',
      field: 'toPrice',
      words: { key: 'algos.refuse.scaledRange' }
    })
    await expect(rig.client.invoke('algos.create', { ...scaled, orders: 101 })).rejects.toMatchObject({
      code: 'invalid-input',
      field: 'orders'
    })
    const created = await rig.client.invoke('algos.create', scaled)
    expect(created.levels).toHaveLength(12)
    expect(created.levels![0]).toEqual({ price: '29000', volume: '0.002' })
    expect(created.levels![11]).toEqual({ price: '28450', volume: '0.002' })
    const resting = await until(
      rig,
      undefined,
      created.id,
      (a) => a.children.length === 12 && a.children.every((c) => c.state === 'open'),
      'every level resting'
    )
    expect(resting.children.map((c) => [c.level, c.price, c.volume])).toEqual(
      created.levels!.map((l, k) => [k, l.price, l.volume])
    )
    const open = await rig.client.invoke('account.openOrders', { module: 'spot', symbol: 'btcusdt' })
    expect(open.filter((o) => resting.children.some((c) => c.orderId === o.orderId))).toHaveLength(12)
    // Exactly the total sold into its levels (nothing left resting for the next test).
    await cp.rest('SELL', '28000', '0.024')
    const done = await until(rig, undefined, created.id, (a) => a.state === 'done', 'every level filled')
    expect(done.filled).toBe('0.024')
  })
  it('a chase: a limit at the best bid, moved as the book moves up to its limit, one live at a time', async () => {
    await expect(
      rig.client.invoke('algos.create', { ...base, kind: 'chase', side: 'BUY', quantity: '0.005', intervalSeconds: 1 })
    ).rejects.toMatchObject({ code: 'algo-rule', field: 'limitPrice', words: { key: 'algos.refuse.chaseBound' } })
    // Other bids than the chase's are an account of the test's (the counterparty then sells into them).
    await px.rest('BUY', '29000', '0.001')
    const created = await rig.client.invoke('algos.create', {
      ...base,
      kind: 'chase',
      side: 'BUY',
      quantity: '0.005',
      limitPrice: '29300',
      intervalSeconds: 1
    })
    const joined = await until(rig, undefined, created.id, (a) => a.children[0]?.state === 'open', 'the chase resting')
    expect(joined.children[0]).toMatchObject({ role: 'limit', price: '29000', volume: '0.005' })
    await px.rest('BUY', '29100', '0.001')
    const moved = await until(rig, undefined, created.id, (a) => a.children[1]?.state === 'open', 'the chase moved')
    expect(moved.children.map((c) => [c.price, c.state, c.status])).toEqual([
      ['29000', 'final', 'CANCELED'],
      ['29100', 'open', 'NEW']
    ])
    // (The interval between moves is the machine's: test/unit/algos/chase.test.ts.)
    // The book goes past its limit: it stops there.
    await px.rest('BUY', '29400', '0.001')
    const bound = await until(
      rig,
      undefined,
      created.id,
      (a) => a.children[2]?.state === 'open',
      'the chase at its limit'
    )
    expect(bound.children[2]).toMatchObject({ price: '29300', volume: '0.005' })
    await cp.rest('SELL', '29300', '0.006')
    const done = await until(rig, undefined, created.id, (a) => a.state === 'done', 'the chase filled')
    expect(done.filled).toBe('0.005')
    expect(done.children.filter((c) => c.state === 'open')).toEqual([])
  })
})
