// A bracket on futures (issue 19) against the embedded exchange on loopback, through the terminal core as a window
// drives it. The market is held still (no bots) and the contract's last price is moved by trades between accounts of
// the test, so the stop loss fires at a chosen price.
// - Through a fault proxy: the entry's place answer lost (reconciled, sent once); the entry fills, its take profit
//   rests as a CLOSE; the stop loss fires: the take profit is cancelled first, then a market CLOSE for what the entry
//   filled; the position ends flat, never reversed.
// - A restart mid-bracket: the terminal stopped with the take profit resting; the next core on the same user-data
//   folder resumes it where it was (the same order, nothing sent again); the take profit fills, the bracket ends.
import { afterAll, describe, expect, it } from 'vitest'
import { mul, roundToDecimals } from '@shared/decimal'
import type { RunningExchange } from '../../../src-sim/exchange'
import { MemorySecretStore } from '../../../src-main/vault/secret-store'
import { newAccount } from '../sim-control'
import { startFaultProxy, type Decision } from './fault-proxy'
import { algoOf, until } from './algo-helpers'
import { addVenueProfile, futuresServed, settleQuickly, startRig, type Rig } from './harness'

const C = 'E-BTC-USDT'
const tuning = { ...settleQuickly, algoPollMs: 100 }
const isFuturesPlace = (r: { method: string; path: string }): boolean =>
  r.method === 'POST' && r.path === '/fapi/v1/order'

/** Accounts of the test that rest futures orders and trade with each other (the contract's last price). */
async function futuresDesk(e: RunningExchange): Promise<{
  rest(side: 'BUY' | 'SELL', price: string, volume: string): Promise<void>
  trade(price: string): Promise<void>
}> {
  const account = async (): Promise<string> =>
    (await newAccount(e, [{ asset: 'USDT', amount: '10000000', wallet: 'futures' }])).accountId
  const [a, b] = [await account(), await account()]
  const place = (account: string, side: 'BUY' | 'SELL', price: string, volume: string) =>
    e.sim.commit({
      t: 'futures.place',
      account,
      contract: C,
      side,
      type: 'LIMIT',
      open: 'OPEN',
      positionType: 1,
      price,
      volume,
      time: e.sim.clock()
    })
  return {
    // Each rest from an account of its own (one-way mode: an account's opening cancels its resting other side).
    rest: async (side, price, volume) => void (await place(await account(), side, price, volume)),
    trade: async (price) => {
      await place(b, 'BUY', price, '1')
      await place(a, 'SELL', price, '1')
    }
  }
}

/** Prices around the mark on the contract's ticks (within the venue's band of 10 %). */
async function around(rig: Rig): Promise<(factor: string) => string> {
  const { markPrice } = await rig.client.invoke('market.fundingRate', { symbol: C })
  return (factor) => roundToDecimals(mul(markPrice, factor), 1, 'down')
}

const positionsOf = async (rig: Rig, profileId?: string) =>
  (await rig.client.invoke('account.positions', { ...(profileId ? { profileId } : {}), symbol: C })).filter(
    (p) => p.contractName === C && p.volume !== '0'
  )

describe('a futures bracket through a lost place answer', () => {
  let rig: Rig | undefined
  let proxy: Awaited<ReturnType<typeof startFaultProxy>> | undefined
  afterAll(async () => {
    await rig?.close()
    await proxy?.close()
  })

  it('opens once, rests its take profit as a close, and stops out flat (the take profit cancelled first)', async () => {
    rig = await startRig({ embedded: { activity: false, seed: 31 }, tuning })
    if (!(await futuresServed(rig))) throw new Error('the embedded exchange does not serve futures')
    const faults: { place?: Decision } = {}
    proxy = await startFaultProxy(rig.core.exchange.url, (r) => {
      if (isFuturesPlace(r) && faults.place) {
        const f = faults.place
        delete faults.place
        return f
      }
      return 'forward'
    })
    const { profileId } = await addVenueProfile(rig, {
      name: 'Futures bracket',
      baseUrl: proxy.url,
      credits: [{ wallet: 'futures', asset: 'USDT', amount: '100000' }]
    })
    const px = await around(rig)
    const desk = await futuresDesk(rig.core.exchange)
    const [entry, takeProfit, trigger] = [px('1'), px('1.03'), px('0.97')]
    await desk.rest('SELL', entry, '2') // the entry fills against it at once
    await desk.rest('BUY', px('0.95'), '5') // the stop loss's market close fills against it

    faults.place = 'lose-answer'
    const created = await rig.client.invoke('algos.create', {
      profileId,
      kind: 'bracket',
      module: 'futures',
      symbol: C,
      side: 'BUY',
      open: 'OPEN',
      positionType: 1,
      quantity: '2',
      limitPrice: entry,
      takeProfitPrice: takeProfit,
      triggerPrice: trigger,
      fireLate: false
    })
    const resting = await until(
      rig,
      profileId,
      created.id,
      (a) => a.children.some((c) => c.role === 'take-profit' && c.state === 'open'),
      'its take profit resting'
    )
    expect(faults).toEqual({}) // the entry's answer was lost, and reconciled
    expect(resting.children.map((c) => [c.role, c.side, c.volume, c.price, c.state])).toEqual([
      ['entry', 'BUY', '2', entry, 'final'],
      ['take-profit', 'SELL', '2', takeProfit, 'open']
    ])
    expect(resting.children[0]).toMatchObject({ status: 'FILLED', filled: '2' })
    let sent = proxy.log.filter(isFuturesPlace)
    expect(sent.map((r) => [r.body?.['side'], r.body?.['open']])).toEqual([
      ['BUY', 'OPEN'],
      ['SELL', 'CLOSE']
    ])
    expect(await positionsOf(rig, profileId)).toMatchObject([{ side: 'BUY', volume: '2' }])

    await desk.trade(px('0.96')) // the last price under the trigger
    const done = await until(rig, profileId, created.id, (a) => a.state === 'done', 'stopped out')
    expect(done.reason).toMatchObject({ key: 'algos.reason.stopLoss' })
    expect(done.children.map((c) => [c.role, c.side, c.type, c.volume, c.status])).toEqual([
      ['entry', 'BUY', 'LIMIT', '2', 'FILLED'],
      ['take-profit', 'SELL', 'LIMIT', '2', 'CANCELED'],
      ['stop', 'SELL', 'MARKET', '2', 'FILLED']
    ])
    sent = proxy.log.filter(isFuturesPlace)
    expect(sent.map((r) => [r.body?.['side'], r.body?.['type'], r.body?.['open']])).toEqual([
      ['BUY', 'LIMIT', 'OPEN'],
      ['SELL', 'LIMIT', 'CLOSE'],
      ['SELL', 'MARKET', 'CLOSE']
    ])
    // Flat: the stop closed what the entry opened, nothing the other way.
    await expect.poll(() => positionsOf(rig!, profileId), { timeout: 15_000 }).toEqual([])
  }, 120_000)

  it('a closing algorithm above the position is refused at creation, naming both; nothing sent', async () => {
    const before = proxy!.log.filter(isFuturesPlace).length
    const profileId = (await rig!.client.invoke('profiles.list', {})).profiles.find(
      (p) => p.name === 'Futures bracket'
    )!.id
    await expect(
      rig!.client.invoke('algos.create', {
        profileId,
        kind: 'twap',
        module: 'futures',
        symbol: C,
        side: 'SELL',
        open: 'CLOSE',
        positionType: 1,
        quantity: '2',
        limitPrice: (await around(rig!))('1.02'),
        durationSeconds: 60,
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
    expect(proxy!.log.filter(isFuturesPlace)).toHaveLength(before)
  })
})

describe('a futures bracket across a restart', () => {
  const secrets = new MemorySecretStore()
  let rig: Rig | undefined
  afterAll(async () => {
    await rig?.close()
  })

  it('resumes where it was: the same take profit, nothing sent again; it fills and the bracket ends', async () => {
    rig = await startRig({ embedded: { activity: false, seed: 37 }, tuning, secrets })
    const dir = rig.dir
    const px = await around(rig)
    const desk = await futuresDesk(rig.core.exchange)
    const [entry, takeProfit] = [px('1'), px('1.03')]
    await desk.rest('SELL', entry, '1')
    // The paper profile (the active one): its futures wallet is funded.
    const created = await rig.client.invoke('algos.create', {
      kind: 'bracket',
      module: 'futures',
      symbol: C,
      side: 'BUY',
      open: 'OPEN',
      positionType: 1,
      quantity: '1',
      limitPrice: entry,
      takeProfitPrice: takeProfit,
      triggerPrice: px('0.97'),
      fireLate: false
    })
    const resting = await until(
      rig,
      undefined,
      created.id,
      (a) => a.children.some((c) => c.role === 'take-profit' && c.state === 'open'),
      'its take profit resting'
    )
    await rig.close()
    rig = undefined

    rig = await startRig({ dir, embedded: { activity: false, seed: 37 }, tuning, secrets })
    const again = await futuresDesk(rig.core.exchange) // the exchange of this run
    const resumed = await algoOf(rig, undefined, created.id)
    expect(resumed.state).toBe('working')
    expect(resumed.children.map((c) => [c.clientOrderId, c.orderId, c.state])).toEqual(
      resting.children.map((c) => [c.clientOrderId, c.orderId, c.state])
    )
    const open = await rig.client.invoke('account.openOrders', { module: 'futures', symbol: C })
    expect(open.filter((o) => o.symbol === C).map((o) => o.orderId)).toEqual([resting.children[1]!.orderId])

    // The take profit fills: the bracket ends, its stop loss disarmed (nothing more sent).
    await again.rest('BUY', takeProfit, '1')
    const done = await until(rig, undefined, created.id, (a) => a.state === 'done', 'its take profit filled')
    expect(done.reason).toMatchObject({ key: 'algos.reason.takeProfit' })
    expect(done.children.map((c) => [c.role, c.status])).toEqual([
      ['entry', 'FILLED'],
      ['take-profit', 'FILLED']
    ])
    await expect.poll(() => positionsOf(rig!), { timeout: 15_000 }).toEqual([])
  }, 120_000)
})
