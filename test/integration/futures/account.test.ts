// The futures account and positions: every field consistent with the others, leverage checks, hedge mode,
// margin-model switching, and the inverse contract's PnL in BTC.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { futuresRig, m12, type FClient, type FuturesRig } from './harness'

let rig: FuturesRig
let alice: FClient
let bob: FClient
/** a counterparty in hedge mode on every contract, so it can take either side at any time */
let mk: FClient
const C = 'E-BTC-USDT'
const E = 'E-ETH-USDT'
const I = 'E-BTC-USD'

beforeAll(async () => {
  rig = await futuresRig()
  alice = await rig.client({ usdt: '50000', btc: '2' })
  bob = await rig.client({ usdt: '50000', btc: '2' })
  mk = await rig.client({ usdt: '1000000', btc: '20' })
  for (const contractName of [C, E, I]) await mk.post('edit_user_position_model', { contractName, positionModel: 2 })
})
afterAll(() => rig.close())

const sum = (xs: string[]): bigint => xs.reduce((s, x) => s + m12(x), 0n)

describe('account and position fields', () => {
  it('agree with each other: cross on BTC, isolated on ETH, an open order, a moved mark', async () => {
    await bob.place({ contractName: C, side: 'SELL', type: 'LIMIT', open: 'OPEN', price: '65000.0', volume: '40' })
    await alice.place({ contractName: C, side: 'BUY', type: 'LIMIT', open: 'OPEN', price: '65000.0', volume: '40' })
    await alice.post('edit_user_margin_model', { contractName: E, marginModel: 2 })
    await bob.place({ contractName: E, side: 'BUY', type: 'LIMIT', open: 'OPEN', price: '3200.00', volume: '30' })
    await alice.place({
      contractName: E,
      side: 'SELL',
      type: 'LIMIT',
      open: 'OPEN',
      price: '3200.00',
      volume: '30',
      positionType: 2
    })
    await alice.place({ contractName: C, side: 'BUY', type: 'LIMIT', open: 'OPEN', price: '60000.0', volume: '10' })
    await rig.setIndex('btcusdt', '66000.0')
    await rig.setIndex('ethusdt', '3150.00')

    const a = await alice.account()
    const positions = (await alice.get('positions', {})).body.positions
    const cross = positions.filter((p: any) => p.positionType === '1')
    const iso = positions.filter((p: any) => p.positionType === '2')
    expect(cross.map((p: any) => [p.side, p.volume, p.unRealizedAmount])).toEqual([['BUY', '40', '40']]) // 40 x 0.001 x 1000
    expect(iso.map((p: any) => [p.side, p.volume, p.unRealizedAmount, p.holdAmount])).toEqual([
      ['SELL', '30', '15', '96']
    ]) // 30 x 0.01 x 50; 960 / 10
    expect(m12(a.totalEquity)).toBe(m12(a.accountNormal) + sum(cross.map((p: any) => p.unRealizedAmount)))
    expect(m12(a.partEquity)).toBe(m12(a.partPositionNormal) + sum(iso.map((p: any) => p.unRealizedAmount)))
    expect(m12(a.unrealizedAmount)).toBe(sum(positions.map((p: any) => p.unRealizedAmount)))
    expect(m12(a.totalPositionNormal)).toBe(sum(cross.map((p: any) => p.holdAmount)))
    expect(m12(a.partPositionNormal)).toBe(sum(iso.map((p: any) => p.holdAmount)))
    expect(a.accountLock).toBe('60.36') // 10 x (60 / 10 + 0.036)
    expect(m12(a.totalCost)).toBe(m12(a.totalPositionNormal) + m12(a.accountLock))
    expect(a.positionVos.map((g: any) => [g.contractName, g.contractId, g.contractSymbol, g.positions.length])).toEqual(
      [
        ['E-BTC-USDT', '1', 'BTC-USDT', 1],
        ['E-ETH-USDT', '2', 'ETH-USDT', 1]
      ]
    )
    expect(a.positionVos.flatMap((g: any) => g.positions)).toEqual(positions)
    // margin rates: cross equity over cross value; isolated (margin + PnL) over its value
    const crossValue = m12(cross[0].positionBalance)
    expect(cross[0].positionBalance).toBe('2640')
    // (8 decimals, rounded half to even)
    expect(m12(cross[0].marginRate)).toBe(((m12(a.totalEquity) * 10n ** 8n + crossValue / 2n) / crossValue) * 10n ** 4n)
    expect(iso[0]).toMatchObject({
      positionBalance: '945',
      marginRate: '0.11746032',
      returnRate: '0.15625',
      keepRate: '0.0065',
      indexPrice: '3150.00',
      maxFeeRate: '0.0006'
    })
    expect(a.totalMarginRate).toBe(cross[0].marginRate)
  })
})

describe('leverage', () => {
  it('applies the bounds: 1..maxLeverage per contract (edit_lever and level_edit alike)', async () => {
    for (const [path, contractName, lev, code] of [
      ['edit_lever', C, 0, -1102],
      ['edit_lever', C, 101, -1102],
      ['level_edit', E, 76, -1102],
      ['level_edit', I, 51, -1102],
      ['edit_lever', 'E-NOPE', 5, -1121]
    ] as const) {
      const r = await bob.post(path, { contractName, leverageLevel: lev, positionType: 1 })
      expect([path, lev, r.status, r.body.code]).toEqual([path, lev, 400, code])
    }
    expect((await bob.post('level_edit', { contractName: C, leverageLevel: 20, positionType: 1 })).body).toEqual({
      code: '0',
      msg: 'success',
      data: null
    })
    expect((await bob.position(C)).leverageLevel).toBe('20')
    expect((await bob.position(C)).holdAmount).toBe('130') // 2600 / 20
  })

  it('moves an isolated position margin to cost / leverage, refusing what the wallet cannot pay', async () => {
    // alice's isolated ETH short: cost 960, margin 96 at 10x
    expect((await alice.post('edit_lever', { contractName: E, leverageLevel: 2, positionType: 2 })).status).toBe(200)
    expect((await alice.position(E)).holdAmount).toBe('480')
    const poor = await rig.client({ usdt: '100' })
    await poor.post('edit_user_margin_model', { contractName: E, marginModel: 2 })
    await mk.place({ contractName: E, side: 'SELL', type: 'LIMIT', open: 'OPEN', price: '3150.00', volume: '20' })
    await poor.place({
      contractName: E,
      side: 'BUY',
      type: 'LIMIT',
      open: 'OPEN',
      price: '3150.00',
      volume: '20',
      positionType: 2
    })
    expect((await poor.position(E)).holdAmount).toBe('63') // 630 / 10
    const r = await poor.post('edit_lever', { contractName: E, leverageLevel: 1, positionType: 2 })
    expect([r.status, r.body.code]).toEqual([400, -2017])
    expect((await poor.position(E)).holdAmount).toBe('63')
  })
})

describe('position and margin models', () => {
  it('hedge mode holds a long and a short of one contract; CLOSE reduces the side it names', async () => {
    const h = await rig.client({ usdt: '20000' })
    expect((await h.post('edit_user_position_model', { contractName: E, positionModel: 2 })).body).toEqual({
      code: '0',
      msg: 'success',
      data: null
    })
    await mk.place({ contractName: E, side: 'SELL', type: 'LIMIT', open: 'OPEN', price: '3150.00', volume: '5' })
    await h.place({ contractName: E, side: 'BUY', type: 'MARKET', open: 'OPEN', volume: '157.5' }) // 5 contracts
    await mk.place({ contractName: E, side: 'BUY', type: 'LIMIT', open: 'OPEN', price: '3150.00', volume: '3' })
    await h.place({ contractName: E, side: 'SELL', type: 'LIMIT', open: 'OPEN', price: '3150.00', volume: '3' })
    const ps = (await h.get('positions', { contractName: E })).body.positions
    expect(ps.map((p: any) => [p.side, p.volume])).toEqual([
      ['BUY', '5'],
      ['SELL', '3']
    ])
    await mk.place({ contractName: E, side: 'BUY', type: 'LIMIT', open: 'OPEN', price: '3150.00', volume: '2' })
    await h.place({ contractName: E, side: 'SELL', type: 'LIMIT', open: 'CLOSE', price: '3150.00', volume: '2' })
    expect((await h.position(E, 'BUY')).volume).toBe('3')
    expect((await h.position(E, 'SELL')).volume).toBe('3')
    const busy = await h.post('edit_user_position_model', { contractName: E, positionModel: 1 })
    expect([busy.status, busy.body.code]).toEqual([400, -1102])
  })

  it('refuses a margin-model switch while an order rests, and allows it after the cancel', async () => {
    const m = await rig.client({ usdt: '20000' })
    const id = await m.place({
      contractName: C,
      side: 'BUY',
      type: 'LIMIT',
      open: 'OPEN',
      price: '60000.0',
      volume: '1'
    })
    expect((await m.post('edit_user_margin_model', { contractName: C, marginModel: 2 })).body.code).toBe(-1102)
    await m.post('cancel', { contractName: C, orderId: id })
    expect((await m.post('edit_user_margin_model', { contractName: C, marginModel: 2 })).status).toBe(200)
    expect(
      (
        await m.post('order', {
          contractName: C,
          side: 'BUY',
          type: 'LIMIT',
          open: 'OPEN',
          positionType: 1,
          price: '60000.0',
          volume: '1'
        })
      ).body.code
    ).toBe(-1102)
  })
})

describe('the inverse contract E-BTC-USD', () => {
  it('margins and settles in BTC: 100 contracts of 100 USD, long from 66000.0 to 67000.0', async () => {
    // one contract at 66000.0 is worth round(100 / 66000, 12 decimals) BTC = 0.001515151515
    await rig.setIndex('btcusdt', '66000.0')
    const before = m12((await alice.account('BTC')).accountNormal)
    await bob.place({ contractName: I, side: 'SELL', type: 'LIMIT', open: 'OPEN', price: '66000.0', volume: '100' })
    await alice.place({ contractName: I, side: 'BUY', type: 'LIMIT', open: 'OPEN', price: '66000.0', volume: '100' })
    const p = await alice.position(I)
    expect(p).toMatchObject({
      volume: '100',
      avgPrice: '66000.0',
      openPrice: '66000.0',
      positionBalance: '0.1515151515'
    })
    expect(p.holdAmount).toBe('0.01515151515') // 0.1515151515 / 10
    await rig.setIndex('btcusdt', '67000.0')
    // one contract at 67000.0: 0.001492537313; PnL = 100 x (0.001515151515 - 0.001492537313)
    expect((await alice.position(I)).unRealizedAmount).toBe('0.0022614202')
    await bob.place({ contractName: I, side: 'BUY', type: 'LIMIT', open: 'CLOSE', price: '67000.0', volume: '100' })
    await alice.place({ contractName: I, side: 'SELL', type: 'MARKET', open: 'CLOSE', volume: '100' })
    const after = m12((await alice.account('BTC')).accountNormal)
    // fees: taker 0.06 % of 0.1515151515 (open) and of 0.1492537313 (close), rounded up to 10^-12
    const openFee = m12('0.000090909091')
    const closeFee = m12('0.000089552239')
    expect(after - before).toBe(m12('0.0022614202') - openFee - closeFee)
    const flows = (await alice.get('capital', {})).body.records
      .filter((r: any) => r.contractName === I)
      .map((r: any) => [r.type, r.amount])
    expect(flows).toEqual([
      ['7', '-0.000089552239'],
      ['13', '0.0022614202'],
      ['6', '-0.000090909091']
    ])
  })
})

describe('futures_balance', () => {
  it('lists every margin coin (RSA-signed; covered in transfer.test.ts)', () => {
    expect(rig.ex.futures.contracts.size).toBe(3)
  })
})
