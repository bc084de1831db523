// An order place or cancel with an unknown outcome whose reconciliation reads the venue refuses for good, for
// real: the trading service talks over loopback HTTP to the embedded exchange through the fault proxy, which drops
// the answer of the place (the venue DID act) and then answers the reads with 403 (a key that lost its read
// permission). The verdict is 'undetermined' with that reason, at once instead of "reconciling" for ever; it
// reaches trading.onOrderEvents; the pending entry is gone; the client id stays taken. A 5xx on the reads is
// still retried, and only the permanent refusal ends it. Once reads work again (an open-orders read succeeds, or
// the background re-check), the gateway reads each undetermined action back once: its verdict arrives on the stream
// and the client id's reservation ends (a resend under it is refused as any used id; under a new id it goes).
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { RunningExchange } from '../../../src-sim/exchange'
import { errorBody } from '../../../src-main/services/errors'
import { AccountService } from '../../../src-main/services/account-service'
import { Instruments } from '../../../src-main/services/instruments'
import { TradingService } from '../../../src-main/services/trading-service'
import { Venues } from '../../../src-main/services/venues'
import { Vault } from '../../../src-main/vault'
import { MemorySecretStore } from '../../../src-main/vault/secret-store'
import type { RecheckOptions } from '../../../src-main/orders/recheck'
import type { OrderEventView } from '../../../src-shared/ipc/views/trading'
import { translateIn } from '../../../src-shared/i18n/translate'
import { startFaultProxy, type Fault, type FaultProxy } from '../client/fault-proxy'
import { control, quietExchange, type KeyPair } from '../client/helpers'

let ex: RunningExchange
let proxy: FaultProxy
let vault: Vault
let keys: KeyPair
let profileId: string
/** `${method} ${path}` -> faults for the next requests, consumed in order. */
const once = new Map<string, Fault[]>()
/** `${method} ${path}` -> a fault for every request until removed. */
const hold = new Map<string, Fault>()

beforeAll(async () => {
  ex = await quietExchange()
  proxy = await startFaultProxy(ex.url, ({ method, path }) => {
    // Paths carry the gateway prefix (/spot/open...): keys name the catalog path.
    const key = [...new Set([...hold.keys(), ...once.keys()])].find(
      (k) => k === `${method} ${path.replace(/^\/(spot|futures)\/open/, '')}`
    )
    return (key && (hold.get(key) ?? once.get(key)?.shift())) || { kind: 'none' }
  })
  keys = await control(ex, 'accounts', {})
  await control(ex, 'credit', { apiKey: keys.apiKey, wallet: 'spot', asset: 'USDT', amount: '100000' })
  vault = await Vault.open({
    userDataDir: mkdtempSync(join(tmpdir(), 'order-undetermined-')),
    secrets: new MemorySecretStore()
  })
  const p = await vault.profiles.add({
    name: 'Sim',
    kind: 'remote',
    baseUrl: proxy.url,
    wsSpotUrl: `ws://127.0.0.1:${ex.port}/spot/ws`,
    wsFuturesUrl: `ws://127.0.0.1:${ex.port}/futures/ws`
  })
  await vault.setSecrets(p.id, { apiKey: keys.apiKey, apiSecret: keys.apiSecret })
  profileId = p.id
})
afterAll(async () => {
  await proxy.close()
  await ex.close()
})

const PLACE = 'POST /sapi/v1/order'
const QUERY = 'GET /sapi/v1/order'
const OPEN = 'GET /sapi/v1/openOrders'
const CANCEL = 'POST /sapi/v1/cancel'
const forbidden: Fault = { kind: 'error-before', status: 403 }
/** Requests the proxy saw for `${method} ${catalog path}`. */
const requests = (key: string): number =>
  [...proxy.stats]
    .filter(([k]) => k.replace(/ \/(spot|futures)\/open/, ' ') === key)
    .reduce((n, [, byKind]) => n + [...byKind.values()].reduce((a, b) => a + b, 0), 0)
const order = (clientOrderId?: string) =>
  ({
    profileId,
    module: 'spot',
    symbol: 'btcusdt',
    side: 'BUY',
    type: 'LIMIT',
    price: '30000',
    volume: '0.01',
    ...(clientOrderId ? { clientOrderId } : {})
  }) as const

/** The verdicts a subscriber that comes now is told at once (what a window opened later shows). */
function lateSettled(trading: TradingService): OrderEventView[] {
  const told: OrderEventView[] = []
  trading.onOrderEvents(profileId, (e) => void told.push(e))()
  return told.filter((e) => e.type === 'settled')
}

/** Rigs of the running test: closed after it, with every fault cleared, whatever it ended with. */
const rigs: { close(): void }[] = []
afterEach(() => {
  hold.clear()
  once.clear()
  for (const r of rigs.splice(0)) r.close()
})

/**
 * A trading service on its own Venues (gateway settings per test), with what trading.onOrderEvents sends the renderer.
 */
async function rig(deadlineMs: number, recheck?: RecheckOptions, undeterminedDir?: string) {
  const venues = new Venues({
    vault,
    embedded: null,
    client: { clockSamples: 1 },
    gateway: {
      reconcileDeadlineMs: deadlineMs,
      timeWindowMs: 300,
      settleMarginMs: 300,
      backoff: { baseMs: 20, maxMs: 100 },
      recheck
    },
    ...(undeterminedDir ? { undeterminedDir } : {})
  })
  const instruments = new Instruments(venues)
  const after = { refreshNow: () => undefined }
  const account = new AccountService(venues, instruments)
  const trading = new TradingService(venues, instruments, account, after)
  const rt = venues.get(profileId)
  await rt.client.start()
  const events: OrderEventView[] = []
  const off = trading.onOrderEvents(profileId, (e) => void events.push(e))
  const openOnVenue = async (): Promise<{ clientOrderId?: string; orderId: string }[]> =>
    (await rt.client.call('spot.openOrders', { symbol: 'btcusdt', limit: 1000 })) as never
  const r = {
    trading,
    account,
    rt,
    events,
    openOnVenue,
    close: () => {
      off()
      venues.close()
    },
    venues
  }
  rigs.push(r)
  return r
}

describe('reconciliation whose reads the venue refuses for good', () => {
  it('place: undetermined at once with the reason, the pending entry gone, the client id still refused', async () => {
    const r = await rig(5000)
    const before = await r.openOnVenue()
    once.set(PLACE, [{ kind: 'error-after', status: 502 }]) // the venue placed it; the answer is lost
    hold.set(QUERY, forbidden)
    hold.set(OPEN, forbidden)
    const ack = await r.trading.placeOrder(order('undet-place-1'))
    expect(ack).toMatchObject({
      status: 'undetermined',
      clientOrderId: 'undet-place-1',
      orderId: null,
      reconciled: true,
      error: { code: 'unknown-outcome' }
    })
    expect(ack.error!.message).toMatch(
      /cannot tell whether order undet-place-1 was placed: the venue refuses the reads that would tell \(.*403.*\); check the venue/
    )
    // The UI gets the verdict in catalog words too, the refused read linked in as its reason.
    expect(ack.error!.words).toEqual({
      key: 'main.verdict.placeUndetermined',
      params: { order: 'undet-place-1', reason: 'main.reason.readsRefused', error: expect.stringMatching(/403/) }
    })
    expect(translateIn('zh-TW', ack.error!.words!.key, ack.error!.words!.params)).toMatch(
      /^無法確定訂單 undet-place-1 是否已下單：交易所拒絕了用於判斷的查詢（.*403.*）；再次送出前請先至交易所確認$/
    )
    // Refused for good: asked once, not retried until the deadline.
    expect(requests(QUERY)).toBe(1)
    expect(r.rt.gateway.pending()).toEqual([])
    const settled = r.events.filter((e) => e.type === 'settled')
    expect(settled).toEqual([
      {
        actionId: ack.actionId,
        type: 'settled',
        action: 'place',
        module: 'spot',
        symbol: 'btcusdt',
        clientOrderId: 'undet-place-1',
        orderId: null,
        status: 'undetermined',
        reconciled: true,
        error: ack.error,
        notice: null,
        late: false
      }
    ])
    expect(JSON.stringify(r.events)).not.toContain(keys.apiSecret)
    // A window opened since (a later subscriber) is told it too: the venue still has to be checked.
    expect(lateSettled(r.trading)).toEqual(settled)

    hold.clear()
    // It was placed indeed (the terminal rightly did not say "not placed"), once.
    const mine = (await r.openOnVenue()).filter((o) => !before.some((b) => b.orderId === o.orderId))
    expect(mine).toHaveLength(1)
    // A resend under the same client id is refused unsent: it could duplicate the order.
    const posts = requests(PLACE)
    const again = await r.trading.placeOrder(order('undet-place-1')).catch((e: unknown) => errorBody(e))
    expect(again).toMatchObject({ code: 'invalid-input', field: 'clientOrderId', words: { key: 'main.order.idHeld' } })
    expect((again as { message: string }).message).toMatch(
      /names an order whose outcome the venue would not tell \(it may exist\): check the venue/
    )
    expect(requests(PLACE)).toBe(posts)
  })

  it('place: a 5xx on the reads is retried past the deadline ("unknown"); the later refusal ends it as undetermined on the stream', async () => {
    const r = await rig(400)
    once.set(PLACE, [{ kind: 'cut-after' }])
    hold.set(QUERY, { kind: 'error-before', status: 503 }) // the venue cannot be reached: keep trying
    const ack = await r.trading.placeOrder(order('undet-place-2'))
    expect(ack).toMatchObject({ status: 'unknown', clientOrderId: 'undet-place-2' })
    await expect.poll(() => requests(QUERY)).toBeGreaterThan(2)
    expect(r.rt.gateway.pending()).toMatchObject([{ clientOrderId: 'undet-place-2', phase: 'reconciling' }])
    expect(r.events.some((e) => e.type === 'settled')).toBe(false)

    hold.set(QUERY, forbidden)
    await expect.poll(() => r.events.filter((e) => e.type === 'settled')).toHaveLength(1)
    expect(r.events.at(-1)).toMatchObject({
      type: 'settled',
      action: 'place',
      clientOrderId: 'undet-place-2',
      status: 'undetermined',
      error: {
        code: 'unknown-outcome',
        message: expect.stringMatching(/cannot tell whether order undet-place-2 was placed/)
      }
    })
    expect(r.rt.gateway.pending()).toEqual([])
  })

  it('cancel: undetermined when the order cannot be read back; a second cancel is allowed and works', async () => {
    const r = await rig(5000)
    const placed = await r.trading.placeOrder(order())
    expect(placed.status).toBe('placed')
    once.set(CANCEL, [{ kind: 'error-after', status: 502 }])
    hold.set(QUERY, forbidden)
    const ack = await r.trading.cancelOrder({ profileId, module: 'spot', symbol: 'btcusdt', orderId: placed.orderId! })
    expect(ack).toMatchObject({
      status: 'undetermined',
      orderId: placed.orderId,
      reconciled: true,
      error: { code: 'unknown-outcome' }
    })
    expect(ack.error!.message).toMatch(
      new RegExp(`cannot tell whether order ${placed.orderId} was canceled: the venue refuses the reads`)
    )
    expect(ack.error!.words).toMatchObject({
      key: 'main.verdict.cancelUndetermined',
      params: { order: placed.orderId, reason: 'main.reason.readsRefused' }
    })
    expect(r.rt.gateway.pending()).toEqual([])
    hold.clear()
    // Cancelling twice cannot duplicate anything: the venue (which did cancel) refuses, nothing else happens.
    expect(lateSettled(r.trading)).toMatchObject([
      { action: 'cancel', orderId: placed.orderId, status: 'undetermined' }
    ])
    await expect(
      r.trading.cancelOrder({ profileId, module: 'spot', symbol: 'btcusdt', orderId: placed.orderId! })
    ).rejects.toMatchObject({ kind: 'api' })
    // That answer settles the question for good: a later subscriber is no longer told "cannot tell".
    expect(lateSettled(r.trading)).toEqual([])
    expect((await r.openOnVenue()).some((o) => o.orderId === placed.orderId)).toBe(false)
  })
})

describe('undetermined actions read back once reads work again', () => {
  const settledOf = (events: OrderEventView[], cid: string) =>
    events.filter((e) => e.type === 'settled' && e.action === 'place' && e.clientOrderId === cid)
  /** Undetermined for now: the answer of the place is lost, every read refused. */
  async function undeterminedPlace(r: Awaited<ReturnType<typeof rig>>, cid: string, fault: Fault): Promise<void> {
    once.set(PLACE, [fault])
    hold.set(QUERY, forbidden)
    hold.set(OPEN, forbidden)
    expect((await r.trading.placeOrder(order(cid))).status).toBe('undetermined')
  }

  it('place: the next successful open-orders read brings the re-check; "placed" arrives and the reservation ends', async () => {
    // No background timer within the test: only the successful read can start the re-check. It most likely comes
    // within the least gap after the refusal: the re-check it asks for then starts when the gap ends.
    const r = await rig(5000, { periodMs: 600_000, minGapMs: 500 })
    await undeterminedPlace(r, 'undet-back-1', { kind: 'error-after', status: 502 }) // the venue placed it
    const queries = requests(QUERY)
    // A refused open-orders read says nothing about reads working: no re-read (the count below would show it).
    await expect(r.account.openOrders({ profileId, module: 'spot', symbol: 'btcusdt' })).rejects.toMatchObject({
      httpStatus: 403
    })
    hold.clear()
    await r.account.openOrders({ profileId, module: 'spot', symbol: 'btcusdt' })
    await expect.poll(() => settledOf(r.events, 'undet-back-1')).toHaveLength(2)
    const [first, verdict] = settledOf(r.events, 'undet-back-1')
    // The re-check's verdict names the action it answers.
    expect(verdict).toEqual({
      actionId: first!.actionId,
      type: 'settled',
      action: 'place',
      module: 'spot',
      symbol: 'btcusdt',
      clientOrderId: 'undet-back-1',
      orderId: expect.any(String),
      status: 'placed',
      reconciled: true,
      error: null,
      notice: null,
      late: true
    })
    expect((await r.openOnVenue()).some((o) => o.orderId === (verdict as { orderId: string }).orderId)).toBe(true)
    expect(requests(QUERY)).toBe(queries + 1) // read back once
    expect(lateSettled(r.trading)).toEqual([]) // no longer "check the venue" for a later window
    // Same id: refused as any used id (not "may exist"); a new id is sent.
    const again = await r.trading.placeOrder(order('undet-back-1')).catch((e: unknown) => errorBody(e))
    expect(again).toMatchObject({
      code: 'invalid-input',
      field: 'clientOrderId',
      message: expect.stringMatching(/was already used: a resend needs a new client order id/)
    })
    expect((await r.trading.placeOrder(order('undet-back-1b'))).status).toBe('placed')
  })

  it('a restart keeps it: listed for the new run, its client id still refused unsent, and re-checked once reads work', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'undetermined-orders-'))
    const slow = { periodMs: 600_000, minGapMs: 500 }
    const first = await rig(5000, slow, dir)
    await undeterminedPlace(first, 'undet-restart-1', { kind: 'error-after', status: 502 }) // the venue placed it
    const told = lateSettled(first.trading)
    expect(told).toHaveLength(1)
    first.close()
    await first.venues.flushed()

    // The next run: new services over the same folder, the venue still refusing reads.
    const r = await rig(5000, slow, dir)
    expect(lateSettled(r.trading)).toEqual(told)
    const posts = requests(PLACE)
    const again = await r.trading.placeOrder(order('undet-restart-1')).catch((e: unknown) => errorBody(e))
    expect(again).toMatchObject({
      code: 'invalid-input',
      field: 'clientOrderId',
      message: expect.stringMatching(/whose outcome the venue would not tell/)
    })
    expect(requests(PLACE)).toBe(posts)
    hold.clear()
    await r.account.openOrders({ profileId, module: 'spot', symbol: 'btcusdt' }) // reads work: the re-check follows
    // (the rig's own subscription was told the kept verdict first, as any window opened in the new run is)
    await expect
      .poll(() => settledOf(r.events, 'undet-restart-1').map((e) => (e as { status: string }).status))
      .toEqual(['undetermined', 'placed'])
    expect(lateSettled(r.trading)).toEqual([])
    r.close()
    await r.venues.flushed()
    // ...and the next run starts with nothing left to check
    const third = await rig(5000, slow, dir)
    expect(lateSettled(third.trading)).toEqual([])
  })

  it('dismissed by the user through the trading service: no longer told or stored, its client id still refused', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'undetermined-orders-'))
    const slow = { periodMs: 600_000, minGapMs: 500 }
    const r = await rig(5000, slow, dir)
    await undeterminedPlace(r, 'undet-dismiss-1', { kind: 'error-after', status: 502 })
    expect(lateSettled(r.trading)).toHaveLength(1)
    expect(
      r.trading.dismissUndetermined({
        profileId,
        module: 'spot',
        symbol: 'btcusdt',
        action: 'place',
        clientOrderId: 'undet-dismiss-1'
      })
    ).toEqual({ ok: true })
    expect(lateSettled(r.trading)).toEqual([])
    const again = await r.trading.placeOrder(order('undet-dismiss-1')).catch((e: unknown) => errorBody(e))
    expect(again).toMatchObject({ code: 'invalid-input', field: 'clientOrderId' })
    r.close()
    await r.venues.flushed()
    const next = await rig(5000, slow, dir)
    expect(lateSettled(next.trading)).toEqual([])
  })

  it('place the venue never got: the background re-check finds it absent past the settle point, "rejected" (not placed)', async () => {
    const r = await rig(5000, { periodMs: 200, minGapMs: 50 })
    await undeterminedPlace(r, 'undet-back-2', { kind: 'error-before', status: 502 }) // the venue did NOT act
    hold.clear()
    await expect.poll(() => settledOf(r.events, 'undet-back-2')).toHaveLength(2)
    expect(settledOf(r.events, 'undet-back-2')[1]).toMatchObject({
      status: 'rejected',
      reconciled: true,
      orderId: null,
      error: { message: expect.stringMatching(/not placed: the venue has no order undet-back-2 after its time window/) }
    })
    // Absent is final only past the settle point and in the open orders too: both were read.
    expect(requests(OPEN)).toBeGreaterThan(1)
    expect((await r.trading.placeOrder(order('undet-back-2b'))).status).toBe('placed')
  })

  it('cancel: "canceled" arrives once the order can be read again', async () => {
    const r = await rig(5000, { periodMs: 200, minGapMs: 50 })
    const placed = await r.trading.placeOrder(order())
    once.set(CANCEL, [{ kind: 'error-after', status: 502 }]) // the venue cancelled it
    hold.set(QUERY, forbidden)
    expect(
      (await r.trading.cancelOrder({ profileId, module: 'spot', symbol: 'btcusdt', orderId: placed.orderId! })).status
    ).toBe('undetermined')
    hold.clear()
    const cancels = () =>
      r.events.filter((e) => e.type === 'settled' && e.action === 'cancel' && e.orderId === placed.orderId)
    await expect.poll(cancels).toHaveLength(2)
    expect(cancels()[1]).toMatchObject({ status: 'canceled', reconciled: true, error: null })
    expect(lateSettled(r.trading)).toEqual([])
  })

  it('a venue that keeps refusing is re-read a bounded number of times (the doubling gaps: recheck.test.ts)', async () => {
    const r = await rig(5000, { periodMs: 40, minGapMs: 10, maxGapMs: 10_000, maxTries: 3 })
    await undeterminedPlace(r, 'undet-back-3', { kind: 'error-after', status: 502 })
    const queries = requests(QUERY)
    await expect.poll(() => requests(QUERY)).toBe(queries + 3)
    // Successful reads elsewhere do not bring more: the action was given up (it stays undetermined).
    hold.delete(OPEN)
    await r.account.openOrders({ profileId, module: 'spot', symbol: 'btcusdt' })
    // Barrier: a second undetermined place whose reads then work. The round that reads it back (rounds run one at
    // a time, each over every kept action not given up, oldest first) would have asked about the first too.
    await undeterminedPlace(r, 'undet-back-3b', { kind: 'error-after', status: 502 })
    hold.clear()
    await expect.poll(() => settledOf(r.events, 'undet-back-3b')).toHaveLength(2)
    expect(settledOf(r.events, 'undet-back-3b')[1]).toMatchObject({ status: 'placed' })
    expect(requests(QUERY)).toBe(queries + 3 + 2) // the second's: its reconciliation's query and the re-query
    expect(lateSettled(r.trading)).toMatchObject([{ clientOrderId: 'undet-back-3', status: 'undetermined' }])
  })
})
