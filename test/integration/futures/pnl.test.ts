// Two accounts open, add to, partly close and close positions on E-BTC-USDT over HTTP; every wallet, PnL and
// fee figure is worked out by hand from the rules (0.001 BTC per contract, maker 0.02 %, taker 0.06 %).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { futuresRig, m12, type FClient, type FuturesRig } from './harness'

let rig: FuturesRig
let alice: FClient
let bob: FClient
const C = 'E-BTC-USDT'

beforeAll(async () => {
  rig = await futuresRig()
  alice = await rig.client({ usdt: '10000' })
  bob = await rig.client({ usdt: '10000' })
})
afterAll(() => rig.close())

const wallet = async (c: FClient): Promise<string> => (await c.account()).accountNormal

describe('open, add, partly close, close (cross, one-way)', () => {
  it('opens: maker and taker fees come out of the wallets; the resting order reserves margin', async () => {
    const buy = await alice.place({
      contractName: C,
      side: 'BUY',
      type: 'LIMIT',
      open: 'OPEN',
      price: '65000.0',
      volume: '100'
    })
    // 100 contracts at 65000 = 6500 USDT: margin 650 at 10x plus a 3.9 taker-fee reserve
    expect((await alice.account()).accountLock).toBe('653.9')
    const sell = await bob.place({
      contractName: C,
      side: 'SELL',
      type: 'LIMIT',
      open: 'OPEN',
      price: '65000.0',
      volume: '100'
    })
    expect(await wallet(alice)).toBe('9998.7') // maker 0.02 % of 6500
    expect(await wallet(bob)).toBe('9996.1') // taker 0.06 % of 6500
    const a = await alice.account()
    expect([a.accountLock, a.totalPositionNormal, a.unrealizedAmount]).toEqual(['0', '650', '0'])
    const detail = await alice.get('order', { contractName: C, orderId: buy })
    expect(detail.body).toMatchObject({
      orderId: buy,
      status: 'FILLED',
      action: 'OPEN',
      executedQty: '100',
      avgPrice: '65000.0'
    })
    expect(detail.body.fills).toEqual([
      { tradeId: expect.any(String), price: '65000.0', qty: '100', commission: '1.3', commissionCoin: 'USDT' }
    ])
    expect((await bob.get('order', { contractName: C, orderId: sell })).body.fills[0].commission).toBe('3.9')
    const pos = await alice.position(C)
    expect(pos).toMatchObject({
      side: 'BUY',
      volume: '100',
      openPrice: '65000.0',
      avgPrice: '65000.0',
      positionType: '1',
      holdAmount: '650',
      tradeFee: '1.3'
    })
  })

  it('adds at another price: the entry price averages, the taker now pays the taker rate', async () => {
    await bob.place({ contractName: C, side: 'SELL', type: 'LIMIT', open: 'OPEN', price: '66000.0', volume: '50' })
    await alice.place({ contractName: C, side: 'BUY', type: 'LIMIT', open: 'OPEN', price: '66000.0', volume: '50' })
    expect(await wallet(alice)).toBe('9996.72') // - 1.98 (0.06 % of 3300)
    expect(await wallet(bob)).toBe('9995.44') // - 0.66 (0.02 % of 3300)
    const pos = await alice.position(C)
    // cost 6500 + 3300 = 9800 for 150 contracts: 65333.33... per BTC
    // (prices show the contract's decimals plus up to 4 more)
    expect(pos).toMatchObject({ volume: '150', avgPrice: '65333.33333', openPrice: '65333.33333', holdAmount: '980' })
  })

  it('partly closes at a profit for the long: 60 of 150 release 3920 of cost against 4020 of value', async () => {
    await alice.place({ contractName: C, side: 'SELL', type: 'LIMIT', open: 'CLOSE', price: '67000.0', volume: '60' })
    await bob.place({ contractName: C, side: 'BUY', type: 'LIMIT', open: 'CLOSE', price: '67000.0', volume: '60' })
    expect(await wallet(alice)).toBe('10095.916') // + 100 - 0.804
    expect(await wallet(bob)).toBe('9893.028') // - 100 - 2.412
    expect((await alice.position(C)).volume).toBe('90')
    // realized so far: the closing PnL less every fee the position paid
    expect((await alice.position(C)).realizedAmount).toBe('95.916')
    expect((await alice.position(C)).avgPrice).toBe('65333.33333')
  })

  it('closes the rest at a loss for the long; the PnL history and capital flow hold every figure', async () => {
    await bob.place({ contractName: C, side: 'BUY', type: 'LIMIT', open: 'CLOSE', price: '64000.0', volume: '90' })
    await alice.place({ contractName: C, side: 'SELL', type: 'MARKET', open: 'CLOSE', volume: '90' })
    expect(await wallet(alice)).toBe('9972.46') // - 120 - 3.456
    expect(await wallet(bob)).toBe('10011.876') // + 120 - 1.152
    expect(await alice.position(C)).toBeUndefined()
    expect(await bob.position(C)).toBeUndefined()
    // Money is conserved: what the wallets lost is exactly the fees.
    const fees = ['1.3', '3.9', '1.98', '0.66', '0.804', '2.412', '3.456', '1.152'].reduce((s, f) => s + m12(f), 0n)
    expect(m12(await wallet(alice)) + m12(await wallet(bob)) + fees).toBe(m12('20000'))
    expect(rig.ex.futures.fees.get('USDT')).toBe(fees)

    const pnl = (await alice.post('profitHistorical', { contractName: C })).body
    expect(pnl).toHaveLength(1)
    expect(pnl[0]).toMatchObject({
      side: 'BUY',
      volume: '150',
      openPrice: '65333.33333',
      openEndPrice: '65200.0',
      closeProfit: '-20',
      tradeFee: '7.54',
      capitalFee: '0',
      realizedAmount: '-27.54',
      settleProfit: '-27.54',
      historyRealizedAmount: '-27.54'
    })
    const flows = (await alice.get('capital', { limit: 100 })).body.records.map((r: any) => [
      r.type,
      r.amount,
      r.balance
    ])
    expect(flows.reverse()).toEqual([
      ['1', '10000', '10000'],
      ['6', '-1.3', '9998.7'],
      ['6', '-1.98', '9996.72'],
      ['13', '100', '10096.72'],
      ['7', '-0.804', '10095.916'],
      ['13', '-120', '9975.916'],
      ['7', '-3.456', '9972.46']
    ])
    const labelled = (await alice.get('tradesRecord', { contractName: C })).body.map((t: any) => [
      t.side,
      t.openOrClose,
      t.price,
      t.qty,
      t.fee,
      t.realizedAmount
    ])
    expect(labelled).toEqual([
      ['BUY', 'OPEN', '65000.0', '100', '1.3', '0'],
      ['BUY', 'OPEN', '66000.0', '50', '1.98', '0'],
      ['SELL', 'CLOSE', '67000.0', '60', '0.804', '100'],
      ['SELL', 'CLOSE', '64000.0', '90', '3.456', '-120']
    ])
    const mine = (await alice.get('myTrades', { contractName: C })).body
    expect(mine.map((t: any) => [t.isBuyer, t.isMaker, t.amount])).toEqual([
      [true, true, '6500'],
      [true, false, '3300'],
      [false, true, '4020'],
      [false, false, '5760']
    ])
    expect(mine[0].bidUserId).not.toBe(mine[0].askUserId)
  })
})
