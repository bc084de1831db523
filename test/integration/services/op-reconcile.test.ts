// Futures operations beyond plain orders after an unknown outcome, for real: the services talk over loopback HTTP
// to the embedded exchange through a fault proxy that forwards a request and drops the answer (the venue DID act:
// a 502 or a reset comes back) or fails it without forwarding (the venue did NOT act). For each kind the venue's
// own records are compared with what was reported: applied once, or not applied and a retry then works, never a
// duplicate; an identical request while one is still being checked is refused without being sent.
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningExchange } from '../../../src-sim/exchange'
import { errorBody } from '../../../src-main/services/errors'
import { FuturesTradingService } from '../../../src-main/services/futures-trading-service'
import { Instruments } from '../../../src-main/services/instruments'
import { AccountService } from '../../../src-main/services/account-service'
import { TradingService } from '../../../src-main/services/trading-service'
import type { OrderEventView } from '../../../src-shared/ipc/views/trading'
import { TransferService } from '../../../src-main/services/transfer-service'
import { Venues } from '../../../src-main/services/venues'
import { Vault } from '../../../src-main/vault'
import { MemorySecretStore } from '../../../src-main/vault/secret-store'
import { startFaultProxy, type Fault, type FaultProxy } from '../client/fault-proxy'
import { clientFor, control, quietExchange, type KeyPair } from '../client/helpers'

const C = 'E-BTC-USDT'
const FIX = join(import.meta.dirname, '../../fixtures/signing')

let ex: RunningExchange
let proxy: FaultProxy
let vault: Vault
let venues: Venues
let futures: FuturesTradingService
let transfers: TransferService
let profileId: string
let keys: KeyPair
let bobKeys: KeyPair
let mark: number
/** Faults for the next requests whose path contains the key, consumed in order; `hold` faults stay until removed. */
const faults = new Map<string, Fault[]>()
const hold = new Map<string, Fault>()
const refreshes: string[] = []

beforeAll(async () => {
  ex = await quietExchange()
  proxy = await startFaultProxy(ex.url, ({ path }) => {
    for (const [part, f] of hold) if (path.includes(part)) return f
    for (const [part, list] of faults) if (path.endsWith(part) && list.length) return list.shift()!
    return { kind: 'none' }
  })
  keys = await control(ex, 'accounts', { rsaPublicKey: readFileSync(join(FIX, 'test-only-rsa-public.pem'), 'utf8') })
  bobKeys = await control(ex, 'accounts', {})
  for (const k of [keys, bobKeys])
    await control(ex, 'credit', { apiKey: k.apiKey, wallet: 'futures', asset: 'USDT', amount: '50000' })
  vault = await Vault.open({
    userDataDir: mkdtempSync(join(tmpdir(), 'op-reconcile-')),
    secrets: new MemorySecretStore()
  })
  const p = await vault.profiles.add({
    name: 'Sim',
    kind: 'remote',
    baseUrl: proxy.url,
    wsSpotUrl: `ws://127.0.0.1:${ex.port}/spot/ws`,
    wsFuturesUrl: `ws://127.0.0.1:${ex.port}/futures/ws`
  })
  await vault.setSecrets(p.id, {
    apiKey: keys.apiKey,
    apiSecret: keys.apiSecret,
    rsaPrivateKey: readFileSync(join(FIX, 'test-only-rsa-private.pem'), 'utf8')
  })
  profileId = p.id
  // A short "time window" (requests reach the loopback venue at once) so the settle waits stay short.
  venues = new Venues({
    vault,
    embedded: null,
    client: { clockSamples: 1 },
    gateway: { timeWindowMs: 300, settleMarginMs: 300, backoff: { baseMs: 20, maxMs: 100 } }
  })
  const after = { refreshNow: (id: string) => void refreshes.push(id) }
  futures = new FuturesTradingService(venues, new Instruments(venues), after)
  transfers = new TransferService(venues, after)
  const rt = venues.get(profileId)
  await rt.client.start()
  mark = Number((await rt.client.call('futures.ticker', { contractName: C })).last)
})
afterAll(async () => {
  venues.close()
  await proxy.close()
  await ex.close()
})

const next = (pathEnd: string, ...f: Fault['kind'][]): void =>
  void faults.set(
    pathEnd,
    f.map((kind) => ({ kind, status: 502 }))
  )
const px = (factor: number): string => (Math.round(mark * factor * 10) / 10).toFixed(1)
const sent = (pathEnd: string): number =>
  [...proxy.stats]
    .filter(([k]) => k.startsWith('POST') && k.endsWith(pathEnd))
    .reduce((n, [, m]) => n + [...m.values()].reduce((a, b) => a + b, 0), 0)
const client = () => venues.get(profileId).client
const triggers = async (): Promise<{ triggerOrderId: string; triggerPrice: string; status: unknown }[]> =>
  (
    await client().call(
      'futures.triggerOrder.list',
      { contractName: C, page: 1, limit: 1000 },
      { priority: 'background' }
    )
  ).trigOrderList as never
const failure = async (p: Promise<unknown>): Promise<ReturnType<typeof errorBody>> => {
  try {
    await p
  } catch (e) {
    return errorBody(e)
  }
  throw new Error('expected the command to fail')
}

/** A long of 10 contracts at the mark for the profile, against a second account. */
async function openLong(): Promise<string> {
  const price = px(1)
  const bob = clientFor(ex.url, bobKeys, { clockSamples: 1 })
  await bob.start()
  await bob.call('futures.order.place', {
    contractName: C,
    side: 'SELL',
    type: 'LIMIT',
    open: 'OPEN',
    positionType: 1,
    price,
    volume: '10'
  })
  await client().call('futures.order.place', {
    contractName: C,
    side: 'BUY',
    type: 'LIMIT',
    open: 'OPEN',
    positionType: 1,
    price,
    volume: '10'
  })
  bob.stop()
  const pos = (await client().call('futures.positions', { contractName: C })).positions
  expect(pos).toHaveLength(1)
  return String(pos[0]!.id)
}

/** A stop-loss closing 1 contract of the long. */
const stop = (triggerPrice: string) =>
  ({
    symbol: C,
    kind: 'stop-loss',
    triggerPrice,
    side: 'SELL',
    type: 'MARKET',
    volume: '1',
    open: 'CLOSE',
    positionType: 1
  }) as const

describe('unknown outcomes of trigger orders, TP/SL, settings and transfers are reconciled', () => {
  it('margin mode: the venue never shows it, so after an unknown outcome that is said, not guessed', async () => {
    next('/fapi/v1/edit_user_margin_model', 'error-after')
    const e = await failure(futures.setMarginMode({ profileId, symbol: C, mode: 'cross' }))
    expect(e).toMatchObject({ code: 'unknown-outcome', exchange: { endpointId: 'futures.marginModel.edit' } })
    expect(e.message).toMatch(/does not show the margin mode/)
    expect(sent('/fapi/v1/edit_user_margin_model')).toBe(1)
  })

  it('leverage: read back from the position; applied once, or not applied and a retry works', async () => {
    await openLong()
    next('/fapi/v1/edit_lever', 'cut-after')
    expect(await futures.setLeverage({ profileId, symbol: C, leverage: 7, positionType: 1 })).toMatchObject({
      ok: true,
      actionId: expect.any(String)
    })
    const lev = async (): Promise<number> =>
      Number((await client().call('futures.positions', { contractName: C })).positions[0]!.leverageLevel)
    expect(await lev()).toBe(7)

    next('/fapi/v1/edit_lever', 'error-before')
    const e = await failure(futures.setLeverage({ profileId, symbol: C, leverage: 9, positionType: 1 }))
    expect(e).toMatchObject({ code: 'exchange', exchange: { endpointId: 'futures.leverage.edit' } })
    expect(e.message).toMatch(/not applied: the leverage is still not 9x/)
    expect(await lev()).toBe(7)
    expect(await futures.setLeverage({ profileId, symbol: C, leverage: 9, positionType: 1 })).toMatchObject({
      ok: true,
      actionId: expect.any(String)
    })
    expect(await lev()).toBe(9)
    expect(sent('/fapi/v1/edit_lever')).toBe(3)
  })

  it('a check whose reads the venue refuses for good ends as "cannot tell" at once, not retried for ever', async () => {
    next('/fapi/v1/edit_lever', 'error-after')
    hold.set('/fapi/v1/position', { kind: 'error-before', status: 403 }) // e.g. a key that lost its read permission
    try {
      const e = await failure(futures.setLeverage({ profileId, symbol: C, leverage: 8, positionType: 1 }))
      expect(e).toMatchObject({ code: 'unknown-outcome' })
      expect(e.message).toMatch(/the venue refuses the reads that would tell/)
    } finally {
      hold.delete('/fapi/v1/position')
    }
    // the identical-request lock went with the verdict: the same request goes through now
    expect(await futures.setLeverage({ profileId, symbol: C, leverage: 8, positionType: 1 })).toMatchObject({
      ok: true,
      actionId: expect.any(String)
    })
  })

  it('conditional order: found by its client id when it took effect (once); absent after the window -> not applied, retry works', async () => {
    const before = (await triggers()).length
    next('/fapi/v1/conditionOrder', 'error-after')
    const a = await futures.placeConditional({ ...stop(px(0.9)), profileId })
    const list = await triggers()
    expect(list).toHaveLength(before + 1)
    expect(list.filter((t) => t.triggerOrderId === a.orderId)).toHaveLength(1)
    expect(a.clientOrderId).toBeTruthy()

    next('/fapi/v1/conditionOrder', 'cut-before')
    const e = await failure(futures.placeConditional({ ...stop(px(0.89)), profileId }))
    expect(e.message).toMatch(/not applied: the venue has no order with its client id/)
    expect(await triggers()).toHaveLength(before + 1)
    const b = await futures.placeConditional({ ...stop(px(0.89)), profileId })
    expect((await triggers()).filter((t) => t.triggerOrderId === b.orderId)).toHaveLength(1)
    expect(await triggers()).toHaveLength(before + 2)
    expect(sent('/fapi/v1/conditionOrder')).toBe(3)
  })

  it('conditional order: an identical one placed elsewhere just before is not taken for this one', async () => {
    const before = (await triggers()).length
    const price = px(0.88)
    await client().call('futures.conditionOrder.place', {
      contractName: C,
      side: 'SELL',
      type: 'MARKET',
      open: 'CLOSE',
      positionType: 1,
      volume: '1',
      triggerType: 3,
      triggerPrice: price
    })
    next('/fapi/v1/conditionOrder', 'error-before')
    expect((await failure(futures.placeConditional({ ...stop(price), profileId }))).message).toMatch(/not applied/)
    expect(await triggers()).toHaveLength(before + 1)
  })

  it('TP/SL: both legs found in the trigger list when it took effect (once); none -> not applied, retry works', async () => {
    const positionId = String((await client().call('futures.positions', { contractName: C })).positions[0]!.id)
    const tpsl = (sl: string, tp: string) => ({
      profileId,
      symbol: C,
      positionId,
      side: 'SELL' as const,
      positionType: 1 as const,
      stopLoss: { triggerPrice: sl, volume: '2' },
      takeProfit: { triggerPrice: tp, volume: '2' }
    })
    const before = (await triggers()).length
    next('/fapi/v1/profitLossOrder', 'error-after')
    const a = await futures.placeTpSl(tpsl(px(0.8), px(1.2)))
    expect(a.triggerIds).toHaveLength(2)
    const list = await triggers()
    expect(list).toHaveLength(before + 2)
    expect(
      list
        .filter((t) => a.triggerIds.includes(t.triggerOrderId))
        .map((t) => t.triggerPrice)
        .sort()
    ).toEqual([px(0.8), px(1.2)].sort())

    next('/fapi/v1/profitLossOrder', 'error-before')
    const e = await failure(futures.placeTpSl(tpsl(px(0.79), px(1.21))))
    expect(e.message).toMatch(/not applied: the venue lists no matching TP\/SL trigger/)
    expect(await triggers()).toHaveLength(before + 2)
    const b = await futures.placeTpSl(tpsl(px(0.79), px(1.21)))
    expect(b.triggerIds).toHaveLength(2)
    expect(await triggers()).toHaveLength(before + 4)
  })

  it('TP/SL: none listed, but a closing order was created since the request -> cannot tell (a leg may have fired)', async () => {
    const positionId = String((await client().call('futures.positions', { contractName: C })).positions[0]!.id)
    const before = (await triggers()).length
    // The closing order below must come before the check's settle point: a 3 s window leaves seconds for it under load.
    const slow = new Venues({
      vault,
      embedded: null,
      client: { clockSamples: 1 },
      gateway: { timeWindowMs: 3000, settleMarginMs: 300, backoff: { baseMs: 20, maxMs: 100 } }
    })
    const svc = new FuturesTradingService(slow, new Instruments(slow), { refreshNow: () => undefined })
    await slow.get(profileId).client.start()
    let close: { orderId: unknown } | undefined
    try {
      next('/fapi/v1/profitLossOrder', 'error-before')
      const n = sent('/fapi/v1/profitLossOrder')
      const pending = failure(
        svc.placeTpSl({
          profileId,
          symbol: C,
          positionId,
          side: 'SELL',
          positionType: 1,
          stopLoss: { triggerPrice: px(0.78), volume: '1' }
        })
      )
      await expect.poll(() => sent('/fapi/v1/profitLossOrder')).toBe(n + 1)
      // what a fired leg leaves behind: a closing order of the position's side, created after the request
      close = await client().call('futures.order.place', {
        contractName: C,
        side: 'SELL',
        type: 'LIMIT',
        open: 'CLOSE',
        positionType: 1,
        price: px(1.5),
        volume: '1'
      })
      const e = await pending
      expect(e).toMatchObject({ code: 'unknown-outcome' })
      expect(e.message).toMatch(/closing order\(s\) of E-BTC-USDT were created since the request/)
      expect(await triggers()).toHaveLength(before) // it really was not applied: "cannot tell" is the honest answer
    } finally {
      if (close) await client().call('futures.order.cancel', { contractName: C, orderId: String(close.orderId) })
      slow.close()
    }
  })

  it('transfer: found in the capital flow when it took effect (moved once); none -> not applied, retry works', async () => {
    const wallet = async (): Promise<string> =>
      (await transfers.futuresBalance({ profileId, coin: 'USDT' }))[0]!.balance
    const start = Number(await wallet())
    const send = () => transfers.submit({ profileId, direction: 'spot-to-futures', coin: 'USDT', amount: '123.45' })
    next('/fapi/v1/futures_transfer', 'error-after')
    expect(await send()).toMatchObject({ transferId: '', actionId: expect.any(String) }) // the capital flow names no transfer id
    expect(Number(await wallet())).toBeCloseTo(start + 123.45, 6)

    next('/fapi/v1/futures_transfer', 'error-before')
    const e = await failure(send())
    expect(e).toMatchObject({ code: 'exchange', exchange: { endpointId: 'futures.transfer' } })
    expect(e.message).toMatch(/not applied: the futures capital flow shows no such transfer/)
    expect(Number(await wallet())).toBeCloseTo(start + 123.45, 6)

    // The retry: the first transfer (known, in an earlier window) is not mistaken for it; it answers with its id.
    const r = await send()
    expect(r.transferId).toMatch(/^\d+$/)
    expect(Number(await wallet())).toBeCloseTo(start + 246.9, 6)
    expect(sent('/fapi/v1/futures_transfer')).toBe(3)
  })

  it('transfer: when the records from just before sending cannot be read, a match is "cannot tell", not applied', async () => {
    const wallet = async (): Promise<number> =>
      Number((await transfers.futuresBalance({ profileId, coin: 'USDT' }))[0]!.balance)
    const start = await wallet()
    faults.set('/fapi/v1/capital', [{ kind: 'error-before', status: 403 }]) // the pre-send read only
    next('/fapi/v1/futures_transfer', 'error-after')
    const e = await failure(transfers.submit({ profileId, direction: 'spot-to-futures', coin: 'USDT', amount: '7.77' }))
    expect(e).toMatchObject({ code: 'unknown-outcome' })
    expect(e.message).toMatch(/records from just before sending could not be read/)
    expect(await wallet()).toBeGreaterThan(start) // it did move: "not applied" would have been false
  })

  it('transfer: an identical one made elsewhere just before is not taken for this one', async () => {
    const wallet = async (): Promise<number> =>
      Number((await transfers.futuresBalance({ profileId, coin: 'USDT' }))[0]!.balance)
    const start = await wallet()
    // Outside the service (another terminal, the venue's web page): same coin, amount and direction.
    await client().call('futures.transfer', { coinSymbol: 'USDT', amount: '77', transferType: 'wallet_to_contract' })
    const send = () => transfers.submit({ profileId, direction: 'spot-to-futures', coin: 'USDT', amount: '77' })
    next('/fapi/v1/futures_transfer', 'cut-before')
    expect((await failure(send())).message).toMatch(/not applied/)
    expect(await wallet()).toBeCloseTo(start + 77, 6)
    next('/fapi/v1/futures_transfer', 'cut-after')
    expect(await send()).toMatchObject({ transferId: '', actionId: expect.any(String) })
    expect(await wallet()).toBeCloseTo(start + 154, 6)
  })

  it('transfer: an identical retry refused while the first is checked does not make the first look not applied', async () => {
    // The first transfer reaches the venue late (after the client gave up); the retry comes while it is checked.
    // Margins of over a second on a loaded machine: the client gives up at 1 s and checks at once, the venue acts at
    // 2.5 s, and the check reads again only at the settle point (5 s window + margin), after the retry was refused.
    const real = new Venues({
      vault,
      embedded: null,
      client: { clockSamples: 1, timeoutMs: 1000 },
      gateway: { timeWindowMs: 5000, settleMarginMs: 300, backoff: { baseMs: 20, maxMs: 100 } }
    })
    const svc = new TransferService(real, { refreshNow: () => undefined })
    const rt = real.get(profileId)
    await rt.client.start()
    try {
      const wallet = async (): Promise<number> =>
        Number((await svc.futuresBalance({ profileId, coin: 'USDT' }))[0]!.balance)
      const start = await wallet()
      const send = () => svc.submit({ profileId, direction: 'spot-to-futures', coin: 'USDT', amount: '31.5' })
      faults.set('/fapi/v1/futures_transfer', [{ kind: 'late', ms: 2500 }])
      const first = send()
      await expect.poll(wallet).toBeCloseTo(start + 31.5, 6)
      expect(rt.ops.pending()).toMatchObject([{ endpointId: 'futures.transfer', phase: 'reconciling' }])
      expect((await failure(send())).message).toMatch(/still being sent or checked/)
      expect(await first).toMatchObject({ transferId: '', actionId: expect.any(String) })
      expect(await wallet()).toBeCloseTo(start + 31.5, 6)
    } finally {
      real.close()
    }
  })

  it("a late arrival (the venue acts after the client gave up, within its 5 s window) is applied, not 'not applied'", async () => {
    // The venue's real window here: a first "absent" must not be final before the settle point.
    // The client gives up at 1 s, the venue acts at 2.5 s, the settle point is past 5.3 s: over a second either way.
    const real = new Venues({
      vault,
      embedded: null,
      client: { clockSamples: 1, timeoutMs: 1000 },
      gateway: { timeWindowMs: 5000, settleMarginMs: 300, backoff: { baseMs: 20, maxMs: 100 } }
    })
    const svc = new FuturesTradingService(real, new Instruments(real), { refreshNow: () => undefined })
    await real.get(profileId).client.start()
    try {
      const before = (await triggers()).length
      faults.set('/fapi/v1/conditionOrder', [{ kind: 'late', ms: 2500 }])
      const r = await svc.placeConditional({ ...stop(px(0.86)), profileId })
      const list = await triggers()
      expect(list).toHaveLength(before + 1)
      expect(list.filter((t) => t.triggerOrderId === r.orderId)).toHaveLength(1)
    } finally {
      real.close()
    }
  })

  it('unreachable past the deadline: unknown, an identical request is refused unsent, the late verdict is applied once and reaches trading.onOrderEvents', async () => {
    const quick = new Venues({
      vault,
      embedded: null,
      client: { clockSamples: 1 },
      gateway: { reconcileDeadlineMs: 300, timeWindowMs: 300, settleMarginMs: 300, backoff: { baseMs: 20, maxMs: 100 } }
    })
    const instruments = new Instruments(quick)
    const after = { refreshNow: () => undefined }
    const svc = new FuturesTradingService(quick, instruments, after)
    const rt = quick.get(profileId)
    await rt.client.start()
    // What the contract stream trading.onOrderEvents sends the renderer (its handler is this method).
    const seen: OrderEventView[] = []
    const off = new TradingService(quick, instruments, new AccountService(quick, instruments), after).onOrderEvents(
      profileId,
      (e) => void seen.push(e)
    )
    const ops = () =>
      seen.filter((e): e is Extract<OrderEventView, { action: 'operation' }> => e.action === 'operation')
    try {
      const before = (await triggers()).length
      const posted = sent('/fapi/v1/conditionOrder')
      next('/fapi/v1/conditionOrder', 'error-after')
      hold.set('/fapi/v1/order', { kind: 'error-before', status: 503 }) // the check cannot reach the venue
      const input = { ...stop(px(0.85)), profileId }
      const e = await failure(svc.placeConditional(input))
      expect(e).toMatchObject({ code: 'unknown-outcome' })
      expect(e.message).toMatch(/still checking/)
      expect(rt.ops.pending()).toMatchObject([{ endpointId: 'futures.conditionOrder.place', phase: 'reconciling' }])
      const subject = { kind: 'conditional', symbol: C, coin: null, amount: input.volume }
      expect(ops().at(-1)).toMatchObject({ type: 'pending', phase: 'reconciling', operation: subject })
      await expect
        .poll(() => ops().some((e) => e.type === 'pending' && e.queries > 0 && e.lastError !== null))
        .toBe(true)
      expect(ops().some((e) => e.type === 'settled')).toBe(false)

      const again = await failure(svc.placeConditional(input))
      expect(again).toMatchObject({ code: 'invalid-input' })
      expect(again.message).toMatch(/still being sent or checked/)
      expect(sent('/fapi/v1/conditionOrder')).toBe(posted + 1)

      hold.clear()
      await expect.poll(() => rt.ops.pending().length).toBe(0)
      expect(await triggers()).toHaveLength(before + 1)
      const opId = ops().find((e) => e.type === 'pending')!.opId
      // The "still checking" failure named the action whose late verdict this is.
      expect(e.actionId).toBe(opId)
      expect(ops().filter((e) => e.type === 'settled')).toEqual([
        {
          actionId: opId,
          type: 'settled',
          action: 'operation',
          opId,
          operation: {
            ...subject,
            detail: expect.stringContaining(input.triggerPrice),
            // What was asked in catalog words too, its terms linked (the window tells them in its language).
            words: {
              key: 'main.operation.conditional',
              params: expect.objectContaining({ kind: `main.term.trigger.${input.kind}`, trigger: input.triggerPrice })
            }
          },
          status: 'applied',
          late: true,
          error: null
        }
      ])
      expect(JSON.stringify(seen)).not.toContain(keys.apiSecret)
      // After the verdict (applied), an identical request is a new, deliberate one and is sent.
      await svc.placeConditional(input)
      expect(await triggers()).toHaveLength(before + 2)
      expect(sent('/fapi/v1/conditionOrder')).toBe(posted + 2)
    } finally {
      off()
      hold.clear()
      quick.close()
    }
  })
})
