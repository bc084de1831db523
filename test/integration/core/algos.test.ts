// Algorithms (src-main/algos) against the embedded exchange on loopback, through the terminal core as a window
// drives it. The market is held still (bots paused, book emptied: counterparty.ts) and the last price is moved by
// trades between two accounts of the test, so triggers fire at chosen prices.
// - An OCO through a fault proxy: the limit's cancel answer lost, an order read answered 503, the stop's place
//   answer lost; each reconciled by the gateway, the stop sized to what the limit left, sent exactly once, filled.
//   Then a TWAP's limit edited with its slice's cancel answer and the new slice's place answer lost: moved once.
// - A restart mid-algorithm: the core stopped with an OCO's limit resting and a stop waiting; the price crosses the
//   stop's trigger while the terminal is closed (the exchange run alone on the same data folder); the next core on
//   the same user-data folder resumes both, reports the missed trigger (paused, not fired: fire-late was not chosen),
//   fires it when resumed; then cancel and the kill switch end what is left, their child orders cancelled.
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startExchange } from '../../../src-sim/exchange'
import { MemorySecretStore } from '../../../src-main/vault/secret-store'
import { emptyBook } from './counterparty'
import { isSpotCancel, isSpotPlace, isSpotQuery, startFaultProxy, type Decision } from './fault-proxy'
import { algoOf, pricer, until } from './algo-helpers'
import { addVenueProfile, settleQuickly, startRig, type Rig } from './harness'

const tuning = { ...settleQuickly, algoPollMs: 100 }

describe('an OCO through lost answers and a 503', () => {
  let rig: Rig
  let proxy: Awaited<ReturnType<typeof startFaultProxy>>
  let profileId: string
  const faults: { place?: Decision; cancel?: Decision; query?: Decision } = {}

  beforeAll(async () => {
    rig = await startRig({ embedded: { seed: 17 }, tuning })
    proxy = await startFaultProxy(rig.core.exchange.url, (r) => {
      const take = (k: 'place' | 'cancel' | 'query'): Decision => {
        const f = faults[k]!
        delete faults[k]
        return f
      }
      if (isSpotPlace(r) && faults.place) return take('place')
      if (isSpotCancel(r) && faults.cancel) return take('cancel')
      if (isSpotQuery(r) && faults.query) return take('query')
      return 'forward'
    })
    const venue = await addVenueProfile(rig, {
      name: 'Algos',
      baseUrl: proxy.url,
      credits: [{ asset: 'BTC', amount: '1' }]
    })
    profileId = venue.profileId
  })
  afterAll(async () => {
    await rig?.close()
    await proxy?.close()
  })
  /** An OCO selling 0.01 BTC of the venue profile at these prices. */
  const sellOco = (prices: { limitPrice: string; triggerPrice: string; stopLimitPrice?: string }) =>
    rig.client.invoke('algos.create', {
      profileId,
      kind: 'oco',
      module: 'spot',
      symbol: 'btcusdt',
      side: 'SELL',
      quantity: '0.01',
      fireLate: false,
      ...prices
    })

  it('is refused in words when its prices are on the wrong sides, nothing created', async () => {
    await expect(sellOco({ limitPrice: '28000', triggerPrice: '29000' })).rejects.toMatchObject({
      code: 'algo-rule',
      field: 'limitPrice',
      words: { key: 'algos.refuse.ocoSell' }
    })
    expect(await rig.client.invoke('algos.list', { profileId })).toEqual([])
  })

  it('refuses hostile input in words naming the field, creating nothing', async () => {
    const base = {
      profileId,
      kind: 'stop-limit' as const,
      module: 'spot' as const,
      symbol: 'btcusdt',
      side: 'SELL' as const,
      quantity: '0.01',
      triggerPrice: '29000',
      stopLimitPrice: '28900',
      fireLate: false
    }
    const refused = async (input: Record<string, unknown>, want: Record<string, unknown>): Promise<void> => {
      await expect(rig.client.invoke('algos.create', { ...base, ...input } as typeof base)).rejects.toMatchObject(want)
    }
    await refused({ quantity: '-1' }, { code: 'invalid-input', field: 'quantity' })
    await refused({ quantity: '1e3' }, { code: 'invalid-input', field: 'quantity' })
    await refused({ quantity: '0' }, { code: 'invalid-input', field: 'quantity' })
    await refused({ triggerPrice: ' 29000' }, { code: 'invalid-input', field: 'triggerPrice' })
    await refused({ symbol: 'BTC/USDT' }, { code: 'invalid-input', field: 'symbol' })
    await refused({ extra: 1 }, { code: 'invalid-input' })
    await refused({ stopLimitPrice: undefined }, { code: 'algo-rule', field: 'stopLimitPrice' })
    await refused(
      { kind: 'trailing-stop', trailPercent: '100', triggerPrice: undefined, stopLimitPrice: undefined },
      { code: 'algo-rule', field: 'trailPercent' }
    )
    await refused({ kind: 'stop-market', side: 'BUY', stopLimitPrice: undefined }, { code: 'algo-rule', field: 'side' })
    // A price the kind does not use is refused, not dropped.
    await refused({ kind: 'stop-market' }, { code: 'algo-rule', field: 'stopLimitPrice' })
    await refused({ limitPrice: '31000' }, { code: 'algo-rule', field: 'limitPrice' })
    // The symbol's own rules, as the order form checks them: a size below the minimum, a price off the tick.
    await refused({ quantity: '0.0000001' }, { code: 'order-rule' })
    await refused({ stopLimitPrice: '28900.123456789' }, { code: 'order-rule' })
    expect(await rig.client.invoke('algos.list', { profileId })).toEqual([])
  })

  it('the stop fires: the limit is cancelled and read final, the stop sent once for what is left, then filled', async () => {
    const e = rig.core.exchange
    await emptyBook(e, 'btcusdt', 'BTC')
    const px = await pricer(e)
    await px.trade('30000')
    const created = await sellOco({ limitPrice: '31000', triggerPrice: '29000', stopLimitPrice: '28900' })
    expect(created).toMatchObject({ kind: 'oco', state: 'working', filled: '0' })
    const resting = await until(rig, profileId, created.id, (a) => a.children[0]?.state === 'open', 'the limit resting')
    const limit = resting.children[0]!
    expect(limit).toMatchObject({ role: 'limit', side: 'SELL', type: 'LIMIT', volume: '0.01', price: '31000' })
    // Part of the limit fills before the stop fires: the stop is sized to the rest.
    await px.rest('BUY', '31000', '0.004')
    await until(rig, profileId, created.id, (a) => a.filled === '0.004', 'the part fill read')

    faults.cancel = 'lose-answer'
    faults.query = { status: 503, body: { code: -1000, msg: 'busy' } }
    faults.place = 'lose-answer'
    await px.trade('28950')
    const stopped = await until(
      rig,
      profileId,
      created.id,
      (a) => a.children[1]?.state === 'open',
      'the stop order resting'
    )
    expect(stopped.children[0]).toMatchObject({ state: 'final', status: 'CANCELED', filled: '0.004' })
    expect(stopped.children[1]).toMatchObject({ role: 'stop', type: 'LIMIT', price: '28900', volume: '0.006' })
    expect(stopped.triggered).toMatchObject({ price: '28950.00', late: false })
    expect(faults).toEqual({}) // every fault was met

    await px.rest('BUY', '28900', '0.006')
    const done = await until(rig, profileId, created.id, (a) => a.state === 'done', 'the OCO done')
    expect(done.filled).toBe('0.01')
    expect(done.reason).toMatchObject({ key: 'algos.reason.filled' })
    // Another profile (the active paper one) knows nothing of it.
    expect(await rig.client.invoke('algos.list', {})).toEqual([])
    await expect(rig.client.invoke('algos.cancel', { id: created.id })).rejects.toMatchObject({
      code: 'algo-rule',
      words: { key: 'algos.refuse.notFound' }
    })
    // Sent once each, though both answers were lost.
    const places = proxy.log.filter((r) => isSpotPlace(r))
    expect(places.map((r) => r.body['newClientOrderId'])).toEqual(done.children.map((c) => c.clientOrderId))
  })

  it("a TWAP's limit edited through a lost cancel answer and a lost place answer: its slice moved once", async () => {
    const e = rig.core.exchange
    await emptyBook(e, 'btcusdt', 'BTC')
    const px = await pricer(e)
    await px.trade('30000')
    const created = await rig.client.invoke('algos.create', {
      profileId,
      kind: 'twap',
      module: 'spot',
      symbol: 'btcusdt',
      side: 'SELL',
      quantity: '0.002',
      limitPrice: '31000',
      durationSeconds: 600,
      slices: 2,
      fireLate: false
    })
    const resting = await until(rig, profileId, created.id, (a) => a.children[0]?.state === 'open', 'a slice resting')
    expect(resting.editable).toEqual(['limitPrice'])
    // Hostile edits: refused in words, nothing changed.
    await expect(
      rig.client.invoke('algos.edit', { profileId, id: created.id, limitPrice: '31000.001' })
    ).rejects.toMatchObject({ code: 'order-rule' })
    await expect(
      rig.client.invoke('algos.edit', { profileId, id: created.id, intervalSeconds: 5 })
    ).rejects.toMatchObject({
      code: 'algo-rule',
      field: 'intervalSeconds',
      words: { key: 'algos.refuse.notEditable' }
    })
    expect((await algoOf(rig, profileId, created.id)).edits).toEqual([])

    faults.cancel = 'lose-answer'
    faults.place = 'lose-answer'
    const edited = await rig.client.invoke('algos.edit', { profileId, id: created.id, limitPrice: '31500' })
    expect(edited).toMatchObject({
      limitPrice: '31500',
      edits: [{ changes: [{ field: 'limitPrice', from: '31000', to: '31500' }] }]
    })
    const moved = await until(rig, profileId, created.id, (a) => a.children[1]?.state === 'open', 'the slice moved')
    expect(moved.children.map((c) => [c.slice, c.price, c.volume, c.state, c.status])).toEqual([
      [0, '31000', '0.001', 'final', 'CANCELED'],
      [0, '31500', '0.001', 'open', 'NEW']
    ])
    expect(faults).toEqual({}) // both answers were lost, both reconciled
    expect(e.spot.engine.getOpenOrder(moved.children[0]!.orderId!)).toBeUndefined()
    expect(e.spot.engine.getOpenOrder(moved.children[1]!.orderId!)).toBeDefined()
    // Each slice sent once.
    const cids = new Set(moved.children.map((c) => c.clientOrderId))
    const sent = proxy.log.filter((r) => isSpotPlace(r) && cids.has(String(r.body['newClientOrderId'])))
    expect(sent).toHaveLength(2)

    await rig.client.invoke('algos.cancel', { profileId, id: created.id })
    await until(rig, profileId, created.id, (a) => a.state === 'cancelled', 'the TWAP cancelled')
    expect(e.spot.engine.getOpenOrder(moved.children[1]!.orderId!)).toBeUndefined()
  })
})

describe('a restart mid-algorithm', () => {
  const secrets = new MemorySecretStore()
  let rig: Rig | undefined
  afterAll(async () => {
    await rig?.close()
  })

  it('resumes where it was, reports a trigger missed while closed, fires it only when resumed', async () => {
    rig = await startRig({ embedded: { activity: false, seed: 23 }, tuning, secrets })
    const dir = rig.dir
    // No market activity in any of the three runs (a restart would start its bots again): the book holds only
    // what the test rests.
    expect(rig.core.exchange.sim.hub.depth('btcusdt', 100)).toMatchObject({ bids: [], asks: [] })
    await (await pricer(rig.core.exchange)).trade('30000')
    const base = { module: 'spot' as const, symbol: 'btcusdt', side: 'BUY' as const, quantity: '0.01', fireLate: false }
    const stop = await rig.client.invoke('algos.create', {
      ...base,
      kind: 'stop-limit',
      triggerPrice: '31000',
      stopLimitPrice: '31100'
    })
    const oco = await rig.client.invoke('algos.create', {
      ...base,
      kind: 'oco',
      limitPrice: '29000',
      triggerPrice: '31500',
      stopLimitPrice: '31600'
    })
    const resting = await until(rig, undefined, oco.id, (a) => a.children[0]?.state === 'open', 'the OCO limit')
    expect((await algoOf(rig, undefined, stop.id)).state).toBe('waiting')
    await rig.close()
    rig = undefined

    // While the terminal is closed, the price crosses the stop's trigger (not the OCO's).
    const alone = await startExchange({
      port: 0,
      host: '127.0.0.1',
      dataDir: join(dir, 'embedded-exchange'),
      control: true,
      activity: false,
      seed: 23
    })
    await (await pricer(alone)).trade('31200')
    await alone.close()

    rig = await startRig({ dir, embedded: { activity: false, seed: 23 }, tuning, secrets })
    const missed = await until(rig, undefined, stop.id, (a) => a.state === 'paused', 'the missed trigger reported')
    expect(missed).toMatchObject({
      missed: { price: '31200.00' },
      children: [],
      reason: { key: 'algos.reason.missed' }
    })
    const still = await algoOf(rig, undefined, oco.id)
    expect(still).toMatchObject({
      state: 'working',
      children: [{ state: 'open', orderId: resting.children[0]!.orderId }]
    })

    await rig.client.invoke('algos.resume', { id: stop.id })
    const fired = await until(rig, undefined, stop.id, (a) => a.children[0]?.state === 'open', 'the late stop order')
    expect(fired).toMatchObject({
      triggered: { late: true },
      children: [{ side: 'BUY', price: '31100', volume: '0.01' }]
    })

    // Cancel ends one (its child cancelled); the kill switch the other.
    await rig.client.invoke('algos.cancel', { id: stop.id })
    const cancelled = await until(rig, undefined, stop.id, (a) => a.state === 'cancelled', 'cancelled')
    expect(cancelled.children[0]).toMatchObject({ state: 'final', status: 'CANCELED' })
    await rig.client.invoke('algos.killAll', {})
    const killed = await until(rig, undefined, oco.id, (a) => a.state === 'cancelled', 'killed')
    expect(killed).toMatchObject({ reason: { key: 'algos.reason.killed' }, children: [{ status: 'CANCELED' }] })
    const open = await rig.client.invoke('account.openOrders', { module: 'spot', symbol: 'btcusdt' })
    expect(open.filter((o) => [fired, killed].some((a) => a.children.some((c) => c.orderId === o.orderId)))).toEqual([])
  })

  it('tells at start of an algorithms file it could not read, kept aside', async () => {
    const first = await startRig({ embedded: { activity: false, seed: 29 }, tuning, secrets: new MemorySecretStore() })
    const paperId = (await first.client.invoke('profiles.list', {})).profiles.find((p) => p.kind === 'embedded')!.id
    await first.close()
    mkdirSync(join(first.dir, 'algos'), { recursive: true })
    writeFileSync(join(first.dir, 'algos', `${paperId}.json`), '{ torn')
    const again = await startRig({
      dir: first.dir,
      embedded: { activity: false, seed: 29 },
      tuning,
      secrets: first.secrets
    })
    try {
      const { notices } = await again.client.invoke('app.info', {})
      expect(notices.find((n) => n.id.startsWith('algos-kept-aside:'))).toMatchObject({
        words: { title: { key: 'algos.keptAsideTitle' }, text: { key: 'algos.keptAside' } }
      })
      expect(await again.client.invoke('algos.list', {})).toEqual([])
    } finally {
      await again.close()
    }
  })
})
