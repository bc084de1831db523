// futures_transfer and futures_balance: RSA-signed (Ex-ts, Ex-sign over the exact body + Ex-ts), verified with
// the public key registered for the API key (CLI --rsa-public-key, or the control API); a transfer moves funds
// between the spot account and the futures wallet in one journaled command.
import { generateKeyPairSync } from 'node:crypto'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signRsaRequest } from '@shared/node/rsa-signing'
import { startExchange, type RunningExchange } from '../../../src-sim/exchange'
import { control } from '../sim/harness'
import { plainJson, T0 } from './harness'
import { parseLosslessJson } from '@shared/json/lossless-json'

const FIX = join(import.meta.dirname, '../../fixtures/signing')
const privateKey = readFileSync(join(FIX, 'test-only-rsa-private.pem'), 'utf8')
const publicKey = readFileSync(join(FIX, 'test-only-rsa-public.pem'), 'utf8')
const clock = { now: T0 }

let ex: RunningExchange
const KEY = 'rsa-key'

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'fut-rsa-'))
  const file = join(dir, 'pub.pem')
  writeFileSync(file, publicKey)
  ex = await startExchange({
    activity: false,
    control: true,
    futuresTickMs: 0,
    clock: () => clock.now,
    keys: [
      { apiKey: KEY, apiSecret: 'rsa-secret', rsaPublicKeyFile: file },
      { apiKey: 'plain-key', apiSecret: 'plain-secret' }
    ]
  })
})
afterAll(() => ex.close())

async function rsaPost(
  path: string,
  params: Record<string, unknown>,
  o: { apiKey?: string; key?: string; tweak?: Record<string, string | undefined>; body?: string } = {}
): Promise<{ status: number; body: any }> {
  const body = o.body ?? JSON.stringify(params)
  const headers: Record<string, string> = {
    ...signRsaRequest({ apiKey: o.apiKey ?? KEY, privateKey: o.key ?? privateKey, body, timestamp: String(clock.now) })
  }
  for (const [k, v] of Object.entries(o.tweak ?? {})) {
    if (v === undefined) delete headers[k]
    else headers[k] = v
  }
  const res = await fetch(`${ex.url}/futures/open/fapi/v1/${path}`, { method: 'POST', headers, body })
  const text = await res.text()
  return { status: res.status, body: res.status === 200 ? plainJson(parseLosslessJson(text)) : JSON.parse(text) }
}

const accountId = (): string => ex.accounts[0]!.accountId
const spotUsdt = (): bigint => ex.spot.engine.balance(accountId(), 'USDT').free

describe('futures_transfer', () => {
  it('moves USDT from the spot account to the futures wallet and back, with capital-flow records', async () => {
    const before = spotUsdt()
    const r = await rsaPost('futures_transfer', {
      coinSymbol: 'USDT',
      amount: '2500.5',
      transferType: 'wallet_to_contract'
    })
    expect(r.status).toBe(200)
    expect(typeof r.body.transferId).toBe('string')
    expect(before - spotUsdt()).toBe(250_050_000_000n) // 2500.5 at the spot ledger's 8 decimals
    // --api-key accounts start with 10,000 USDT and 1 BTC in the futures wallet (README).
    const bal = await rsaPost('futures_balance', {})
    expect(bal.body).toEqual([
      { coinSymbol: 'USDT', balance: '12500.5', available: '12500.5', locked: '0' },
      { coinSymbol: 'BTC', balance: '1', available: '1', locked: '0' }
    ])
    const back = await rsaPost('futures_transfer', {
      coinSymbol: 'usdt',
      amount: '500',
      transferType: 'contract_to_wallet'
    })
    expect(back.status).toBe(200)
    expect(before - spotUsdt()).toBe(200_050_000_000n)
    expect((await rsaPost('futures_balance', { coinSymbol: 'USDT' })).body).toEqual([
      { coinSymbol: 'USDT', balance: '12000.5', available: '12000.5', locked: '0' }
    ])
    const flows = ex.futures.records.capital.get(accountId())!.map((f) => [f.type, f.amount.toString()])
    expect(flows).toEqual([
      ['1', '10000000000000000'], // the starting funds
      ['1', '1000000000000'],
      ['1', '2500500000000000'],
      ['2', '-500000000000000']
    ])
  })

  it('moves BTC, the inverse contract margin coin', async () => {
    const r = await rsaPost('futures_transfer', {
      coinSymbol: 'BTC',
      amount: '0.12345678',
      transferType: 'wallet_to_contract'
    })
    expect(r.status).toBe(200)
    expect((await rsaPost('futures_balance', { coinSymbol: 'BTC' })).body[0].balance).toBe('1.12345678')
  })

  it('refuses, changing neither ledger: more than the spot free balance, more than the futures available, a bad coin or amount', async () => {
    const spot = spotUsdt()
    const fut = ex.futures.accounts.get(accountId())!.wallet.get('USDT')
    for (const [params, code] of [
      [{ coinSymbol: 'USDT', amount: '1000000', transferType: 'wallet_to_contract' }, -2017],
      [{ coinSymbol: 'USDT', amount: '12000.6', transferType: 'contract_to_wallet' }, -2017],
      [{ coinSymbol: 'DOGE', amount: '1', transferType: 'wallet_to_contract' }, -1102],
      [{ coinSymbol: 'USDT', amount: '0.000000001', transferType: 'wallet_to_contract' }, -1111],
      [{ coinSymbol: 'USDT', amount: '1', transferType: 'sideways' }, -1102],
      [{ coinSymbol: 'USDT', amount: '1' }, -1102]
    ] as const) {
      const r = await rsaPost('futures_transfer', params)
      expect([JSON.stringify(params), r.status, r.body.code]).toEqual([JSON.stringify(params), 400, code])
    }
    expect(spotUsdt()).toBe(spot)
    expect(ex.futures.accounts.get(accountId())!.wallet.get('USDT')).toBe(fut)
  })

  it('refuses a bad signature, a missing Ex-sign or Ex-ts, a stale Ex-ts, and a key with no RSA key registered', async () => {
    const params = { coinSymbol: 'USDT', amount: '1', transferType: 'wallet_to_contract' }
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({
      type: 'pkcs8',
      format: 'pem'
    }) as string
    expect((await rsaPost('futures_transfer', params, { key: other })).body.code).toBe(-1022)
    // a signature over other bytes than those sent
    const signed = JSON.stringify(params)
    const headers = signRsaRequest({ apiKey: KEY, privateKey, body: signed, timestamp: String(clock.now) })
    expect(
      (
        await rsaPost('futures_transfer', params, {
          body: signed.replace('"1"', '"2"'),
          tweak: { 'Ex-sign': headers['Ex-sign'] }
        })
      ).body.code
    ).toBe(-1022)
    expect((await rsaPost('futures_transfer', params, { tweak: { 'Ex-sign': undefined } })).body.code).toBe(-1024)
    expect((await rsaPost('futures_transfer', params, { tweak: { 'Ex-ts': undefined } })).body.code).toBe(-1023)
    clock.now += 6000
    const stale = await (async () => {
      const body = JSON.stringify(params)
      const h = signRsaRequest({ apiKey: KEY, privateKey, body, timestamp: String(clock.now - 6000) })
      const res = await fetch(`${ex.url}/futures/open/fapi/v1/futures_transfer`, {
        method: 'POST',
        headers: { ...h },
        body
      })
      return (await res.json()) as { code: number }
    })()
    expect(stale.code).toBe(-1021)
    const noKey = await rsaPost('futures_balance', {}, { apiKey: 'plain-key' })
    expect([noKey.status, noKey.body.code]).toEqual([401, -2015])
    expect((await rsaPost('futures_balance', {}, { apiKey: 'nobody' })).body.code).toBe(-1002)
  })

  it('accepts a key registered later through the control API', async () => {
    await control(ex, 'rsa-key', { apiKey: 'plain-key', publicKey })
    const r = await rsaPost('futures_balance', {}, { apiKey: 'plain-key' })
    expect(r.status).toBe(200)
    expect(r.body).toHaveLength(2)
  })
})
