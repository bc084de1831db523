// Futures trading, settings, records and the spot <-> futures transfer through the contract, against the embedded
// exchange's futures venue (with market activity, so the book has liquidity).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mul, roundToDecimals, sub } from '@shared/decimal'
import type { AccountSnapshotView } from '@shared/ipc/views/account'
import { futuresServed, nextEvent, startRig, waitFor, type Rig } from './harness'

let rig: Rig
const C = 'E-BTC-USDT'
beforeAll(async () => {
  rig = await startRig({ embedded: { activity: true, seed: 5 } })
  if (!(await futuresServed(rig))) throw new Error('the embedded exchange does not serve futures')
})
afterAll(() => rig.close())

/** The mark price times `factor`, at the contract's one decimal. */
async function markTimes(factor: string): Promise<string> {
  const f = await rig.client.invoke('market.fundingRate', { symbol: C })
  return roundToDecimals(mul(f.markPrice, factor), 1, 'down')
}

describe('terminal core: futures', () => {
  it('sets leverage, margin mode and position mode', async () => {
    await expect(
      rig.client.invoke('trading.setLeverage', { symbol: C, leverage: 5, positionType: 1 })
    ).resolves.toMatchObject({ ok: true, actionId: expect.any(String) })
    await expect(rig.client.invoke('trading.setMarginMode', { symbol: C, mode: 'isolated' })).resolves.toMatchObject({
      ok: true,
      actionId: expect.any(String)
    })
    await expect(rig.client.invoke('trading.setMarginMode', { symbol: C, mode: 'cross' })).resolves.toMatchObject({
      ok: true,
      actionId: expect.any(String)
    })
    await expect(rig.client.invoke('trading.setPositionMode', { symbol: C, mode: 'one-way' })).resolves.toMatchObject({
      ok: true,
      actionId: expect.any(String)
    })
    await expect(
      rig.client.invoke('trading.setLeverage', { symbol: 'E-NOPE-USDT', leverage: 5, positionType: 1 })
    ).rejects.toMatchObject({
      code: 'unknown-symbol',
      field: 'symbol',
      message: 'E-NOPE-USDT is not a futures contract of this exchange',
      words: { key: 'main.notFuturesContract', params: { symbol: 'E-NOPE-USDT' } }
    })
  })

  it('places a limit order that shows in open orders, and cancels it', async () => {
    const price = await markTimes('0.95')
    const ack = await rig.client.invoke('trading.placeOrder', {
      module: 'futures',
      symbol: C,
      side: 'BUY',
      type: 'LIMIT',
      price,
      volume: '2',
      open: 'OPEN',
      positionType: 1
    })
    expect(ack).toMatchObject({ status: 'placed', module: 'futures', symbol: C })
    const open = await rig.client.invoke('account.openOrders', { module: 'futures', symbol: C })
    expect(open.find((o) => o.orderId === ack.orderId)).toMatchObject({ module: 'futures', side: 'BUY', open: 'OPEN' })
    expect(
      await rig.client.invoke('trading.cancelOrder', { module: 'futures', symbol: C, orderId: ack.orderId! })
    ).toMatchObject({ status: 'canceled' })
  })

  it('refuses an order that breaks the contract rules and sends nothing', async () => {
    const n = rig.core.exchange.futures.orders.size
    await expect(
      rig.client.invoke('trading.placeOrder', {
        module: 'futures',
        symbol: C,
        side: 'BUY',
        type: 'LIMIT',
        price: '60000.25',
        volume: '1',
        open: 'OPEN',
        positionType: 1
      })
    ).rejects.toMatchObject({
      code: 'order-rule',
      field: 'price',
      message: 'price ticks are 0.1 USDT on BTC/USDT perpetual: 60000.2 or 60000.3'
    })
    await expect(
      rig.client.invoke('trading.placeOrder', {
        module: 'futures',
        symbol: C,
        side: 'BUY',
        type: 'LIMIT',
        price: '60000',
        volume: '0.5',
        open: 'OPEN',
        positionType: 1
      })
    ).rejects.toMatchObject({ code: 'order-rule', field: 'volume' })
    expect(rig.core.exchange.futures.orders.size).toBe(n)
  })

  it('opens a position, attaches TP/SL, places and cancels trigger orders, and reads the account', async () => {
    // The market bots lay their futures ladder shortly after start; a market order needs it.
    await waitFor(
      async () =>
        (await rig.client.invoke('market.depth', { module: 'futures', symbol: C })).asks.length > 2 ? true : undefined,
      10_000,
      'futures liquidity'
    )
    await rig.client.invoke('trading.placeOrder', {
      module: 'futures',
      symbol: C,
      side: 'BUY',
      type: 'MARKET',
      volume: '300',
      open: 'OPEN',
      positionType: 1
    })
    const pos = await waitFor(
      async () =>
        (await rig.client.invoke('account.positions', { symbol: C })).find(
          (p) => p.side === 'BUY' && Number(p.volume) > 0
        ),
      8000,
      'a long position'
    )
    expect(pos.contractName).toBe(C)
    const tpsl = await rig.client.invoke('trading.placeTpSl', {
      symbol: C,
      positionId: pos.id,
      side: 'SELL',
      positionType: 1,
      stopLoss: { triggerPrice: await markTimes('0.8'), volume: pos.volume },
      takeProfit: { triggerPrice: await markTimes('1.2'), volume: pos.volume }
    })
    expect(tpsl.triggerIds).toHaveLength(2)
    const stop = await rig.client.invoke('trading.placeConditional', {
      symbol: C,
      kind: 'stop-loss',
      triggerPrice: await markTimes('0.85'),
      side: 'SELL',
      type: 'MARKET',
      volume: '1',
      open: 'CLOSE',
      positionType: 1
    })
    expect(stop.orderId).toMatch(/^\d+$/)
    const triggers = await rig.client.invoke('account.triggerOrders', { symbol: C })
    expect(triggers.count).toBeGreaterThanOrEqual(3)
    expect(await rig.client.invoke('trading.cancelTrigger', { symbol: C, orderId: tpsl.triggerIds[0]! })).toMatchObject(
      { orderId: expect.any(String) }
    )

    const account = await rig.client.invoke('account.futuresAccount', {})
    expect(account.find((a) => a.marginCoin === 'USDT')).toMatchObject({ marginCoin: 'USDT' })
    expect(Array.isArray(await rig.client.invoke('account.orderHistory', { symbol: C }))).toBe(true)
    expect((await rig.client.invoke('account.trades', { module: 'futures', symbol: C })).length).toBeGreaterThan(0)
    for (const ch of ['account.pnlHistory', 'account.liquidations', 'account.capitalFlow'] as const)
      expect(Array.isArray(await rig.client.invoke(ch, {}))).toBe(true)
    expect(Array.isArray(await rig.client.invoke('account.adl', { symbol: C }))).toBe(true)

    const snap = await nextEvent<AccountSnapshotView>(
      (l, end) => rig.client.subscribe('account.onUpdate', { futures: true }, l, end),
      (s) => (s.positions ?? []).length > 0
    )
    expect(snap.positions!.some((p) => p.contractName === C)).toBe(true)
    expect(snap.futuresAccount!.length).toBeGreaterThan(0)
  })

  it('transfers between the spot and futures wallets (RSA-signed)', async () => {
    expect(await rig.client.invoke('transfer.rsaStatus', {})).toEqual({
      hasRsaKey: true,
      canTransfer: true,
      reason: null
    })
    const spot = async () => (await rig.client.invoke('account.balances', {})).find((b) => b.asset === 'USDT')!.free
    const wallet = async () => (await rig.client.invoke('transfer.futuresBalance', { coin: 'USDT' }))[0]!.balance
    const [s0, w0] = [await spot(), await wallet()]
    const r = await rig.client.invoke('transfer.submit', {
      direction: 'spot-to-futures',
      coin: 'USDT',
      amount: '123.45'
    })
    expect(r.transferId).toMatch(/\S/)
    expect(sub(s0, await spot())).toBe('123.45')
    expect(sub(await wallet(), w0)).toBe('123.45')
    await rig.client.invoke('transfer.submit', { direction: 'futures-to-spot', coin: 'USDT', amount: '23.45' })
    expect(sub(s0, await spot())).toBe('100')
    const flow = await rig.client.invoke('account.capitalFlow', { limit: 50 })
    expect(flow.some((x) => x.typeText === 'TRANSFER_IN')).toBe(true)
  })
})
