// Deposit and withdraw history: records written by funding and by the control API, the filters of the spec
// (asset, status, time range with its 90-day default, txid, limit up to 1000), the GET-with-JSON-body
// variant of deposit history, and the withdraw-side fields. A movable clock places records in the past.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signRequest } from '@shared/node/hmac-signing'
import { startExchange, type RunningExchange } from '../../../src-sim/exchange'
import { clientsOf, control, keyPairs, rawRequest, type SimClient } from './harness'

const DAY = 86_400_000
/** The exchange's clock: frozen at a past instant while records are made there, else real time. */
let frozen: number | null = null
const clock = (): number => frozen ?? Date.now()
const freeze = (daysAgo: number): number => (frozen = Date.now() - daysAgo * DAY)

let ex: RunningExchange
let alice: SimClient
let bob: SimClient
/** createTime of each record made below, by name */
const at: Record<string, number> = {}
const txids: Record<string, string> = {}

async function creditAt(
  daysAgo: number,
  name: string,
  client: SimClient,
  body: Record<string, unknown>
): Promise<void> {
  at[name] = freeze(daysAgo)
  txids[name] = (await control(ex, 'credit', { apiKey: client.keys.apiKey, ...body })).txid
}

beforeAll(async () => {
  // Accounts are made and funded 100 days ago: their five funding deposits are older than the default window.
  at['funding'] = freeze(100)
  ex = await startExchange({
    activity: false,
    control: true,
    clock,
    keys: keyPairs('alice', 'bob'),
    unlimitedKeys: true
  })
  ;[alice, bob] = clientsOf(ex, clock) as [SimClient, SimClient]
  await creditAt(30, 'usdt30', alice, { asset: 'USDT', amount: '250.5' })
  await creditAt(1, 'btc1', alice, { asset: 'btc', amount: '0.5' })
  await creditAt(0.001, 'eth0', alice, { asset: 'ETH', amount: '1.25' })
  await creditAt(0.001, 'bobUsdt', bob, { asset: 'USDT', amount: '7' })
  // A credit to the margin wallet is not a deposit of the spot account.
  await creditAt(0.001, 'margin', alice, { asset: 'USDT', amount: '1000', wallet: 'margin' })
  frozen = null
})
afterAll(() => ex.close())

const DEPOSITS = '/spot/open/sapi/v1/deposit/history'
const WITHDRAWALS = '/spot/open/sapi/v1/withdraw/history'
const txidsOf = (r: { body: any }): string[] => r.body.map((d: any) => d.txid)

describe('deposit history', () => {
  it('defaults to the last 90 days, newest first, with the spec fields', async () => {
    const r = await alice.signed('GET', DEPOSITS)
    expect(r.status).toBe(200)
    expect(txidsOf(r)).toEqual([txids['eth0'], txids['btc1'], txids['usdt30']])
    expect(r.body[0]).toEqual({
      symbol: 'ETH',
      amount: '1.25',
      address: expect.any(String),
      txid: txids['eth0'],
      status: 1,
      createTime: at['eth0']
    })
    expect(r.body[1]).toMatchObject({ symbol: 'BTC', amount: '0.5', createTime: at['btc1'] })
    expect(r.body[2]).toMatchObject({ symbol: 'USDT', amount: '250.5', createTime: at['usdt30'] })
  })

  it('returns older records with an explicit startTime, and the funding deposits carry their amounts', async () => {
    const r = await alice.signed('GET', DEPOSITS, { startTime: at['funding']! - 1000 })
    expect(r.body).toHaveLength(8)
    const funding = r.body.filter((d: any) => d.createTime === at['funding'])
    expect(Object.fromEntries(funding.map((d: any) => [d.symbol, d.amount]))).toEqual({
      USDT: '100000',
      BTC: '10',
      ETH: '10',
      SOL: '10',
      DOGE: '10'
    })
    expect(funding.every((d: any) => d.status === 1 && d.txid.startsWith('sim-fund-'))).toBe(true)
  })

  it('windows by startTime and endTime, inclusive', async () => {
    const r = await alice.signed('GET', DEPOSITS, { startTime: at['usdt30']!, endTime: at['btc1']! })
    expect(txidsOf(r)).toEqual([txids['btc1'], txids['usdt30']])
    const none = await alice.signed('GET', DEPOSITS, { startTime: at['usdt30']! + 1, endTime: at['btc1']! - 1 })
    expect(none.body).toEqual([])
    // endTime alone: the start still defaults to now minus 90 days, so the 100-day-old funding stays out.
    const until = await alice.signed('GET', DEPOSITS, { endTime: at['usdt30']! })
    expect(txidsOf(until)).toEqual([txids['usdt30']])
  })

  it('filters by asset (any case), status and txid', async () => {
    const all = { startTime: 0 }
    const btc = await alice.signed('GET', DEPOSITS, { ...all, symbol: 'btc' })
    expect(btc.body.map((d: any) => [d.symbol, d.amount])).toEqual([
      ['BTC', '0.5'],
      ['BTC', '10']
    ])
    expect((await alice.signed('GET', DEPOSITS, { ...all, status: 1 })).body).toHaveLength(8)
    expect((await alice.signed('GET', DEPOSITS, { ...all, status: 0 })).body).toEqual([])
    const one = await alice.signed('GET', DEPOSITS, { ...all, txid: txids['usdt30']! })
    expect(one.body).toHaveLength(1)
    expect(one.body[0]).toMatchObject({ symbol: 'USDT', amount: '250.5' })
    expect((await alice.signed('GET', DEPOSITS, { ...all, txid: 'nope' })).body).toEqual([])
  })

  it('keeps accounts apart and keeps margin credits out', async () => {
    const r = await bob.signed('GET', DEPOSITS)
    expect(txidsOf(r)).toEqual([txids['bobUsdt']])
    const mine = await alice.signed('GET', DEPOSITS, { startTime: 0 })
    expect(txidsOf(mine)).not.toContain(txids['margin'])
    expect(txidsOf(mine)).not.toContain(txids['bobUsdt'])
  })

  it('takes limit up to 1000 (newest first) and refuses 1001 with -1102', async () => {
    const two = await alice.signed('GET', DEPOSITS, { startTime: 0, limit: 2 })
    expect(txidsOf(two)).toEqual([txids['eth0'], txids['btc1']])
    expect((await alice.signed('GET', DEPOSITS, { startTime: 0, limit: 1000 })).body).toHaveLength(8)
    for (const limit of [1001, 0]) {
      const bad = await alice.signed('GET', DEPOSITS, { limit })
      expect(bad.status).toBe(400)
      expect(bad.body.code).toBe(-1102)
      expect(bad.body.msg).toContain("'limit'")
    }
  })

  it('accepts its parameters as a JSON body on GET (signed without a body), the query string winning when both are sent', async () => {
    const send = (query: string, body: string) =>
      rawRequest(
        ex.url,
        'GET',
        DEPOSITS + (query ? `?${query}` : ''),
        {
          ...signRequest({
            apiKey: alice.keys.apiKey,
            secret: alice.keys.apiSecret,
            method: 'GET',
            requestPath: '/sapi/v1/deposit/history',
            query,
            timestamp: String(clock())
          })
        },
        body
      )
    const viaBody = await send('', JSON.stringify({ symbol: 'BTC', startTime: 0 }))
    expect(viaBody.status).toBe(200)
    expect(viaBody.body.map((d: any) => d.amount)).toEqual(['0.5', '10'])
    const bodyLimit = await send('', JSON.stringify({ limit: 1001 }))
    expect(bodyLimit.body.code).toBe(-1102)
    const both = await send('symbol=ETH', JSON.stringify({ symbol: 'BTC', startTime: 0 }))
    expect(both.status).toBe(200)
    expect(both.body.map((d: any) => d.symbol)).toEqual(['ETH'])
  })
})

describe('withdraw history', () => {
  it('records control-API withdrawals with withdrawId and fee, and debits amount plus fee', async () => {
    const before = await alice.balances()
    expect(before['BTC']).toEqual({ free: '10.50000000', locked: '0.00000000' })
    const oldAt = freeze(45)
    await control(ex, 'withdraw', {
      apiKey: alice.keys.apiKey,
      asset: 'BTC',
      amount: '0.3',
      fee: '0.0005',
      address: 'bc1-old'
    })
    const newAt = freeze(0.001)
    await control(ex, 'withdraw', { apiKey: alice.keys.apiKey, asset: 'usdt', amount: '12.34' })
    frozen = null

    expect((await alice.balances())['BTC']).toEqual({ free: '10.19950000', locked: '0.00000000' })
    expect((await alice.balances())['USDT']!.free).toBe('100238.16000000')

    const r = await alice.signed('GET', WITHDRAWALS)
    expect(r.status).toBe(200)
    expect(r.body).toHaveLength(2)
    const [usdt, btc] = r.body
    expect(btc).toEqual({
      symbol: 'BTC',
      amount: '0.3',
      address: 'bc1-old',
      txid: expect.any(String),
      status: 5,
      createTime: oldAt,
      withdrawId: expect.any(String),
      fee: '0.0005'
    })
    expect(usdt).toMatchObject({ symbol: 'USDT', amount: '12.34', fee: '0', status: 5, createTime: newAt })
    expect(usdt.withdrawId).not.toBe(btc.withdrawId)

    // The same filters as deposit history.
    expect((await alice.signed('GET', WITHDRAWALS, { symbol: 'BTC' })).body.map((w: any) => w.withdrawId)).toEqual([
      btc.withdrawId
    ])
    expect((await alice.signed('GET', WITHDRAWALS, { status: 5 })).body).toHaveLength(2)
    expect((await alice.signed('GET', WITHDRAWALS, { status: 1 })).body).toEqual([])
    expect((await alice.signed('GET', WITHDRAWALS, { txid: usdt.txid })).body).toEqual([usdt])
    expect((await alice.signed('GET', WITHDRAWALS, { endTime: newAt - 1 })).body).toEqual([btc])
    expect((await alice.signed('GET', WITHDRAWALS, { limit: 1001 })).body.code).toBe(-1102)
    expect((await bob.signed('GET', WITHDRAWALS)).body).toEqual([])
  })

  it('refuses a withdrawal beyond the free balance and records nothing', async () => {
    const before = await alice.balances()
    await expect(
      control(ex, 'withdraw', { apiKey: alice.keys.apiKey, asset: 'ETH', amount: '11.25', fee: '0.01' })
    ).rejects.toThrow(/-2017/)
    expect(await alice.balances()).toEqual(before)
    expect((await alice.signed('GET', WITHDRAWALS, { symbol: 'ETH' })).body).toEqual([])
  })
})
