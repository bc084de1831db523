// Without an OS keychain the terminal still trades on the embedded exchange: the paper profile uses the
// exchange's own paper account for the session. Remote keys are refused with the keychain's error, and the
// terminal writes no secret anywhere (no plaintext fallback).
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { noKeychain, startRig, type Rig } from './harness'

let rig: Rig
beforeAll(async () => {
  rig = await startRig({
    secrets: noKeychain('no Secret Service on the session bus'),
    embedded: { activity: false, seed: 5 }
  })
})
afterAll(() => rig.close())

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n)
    return statSync(p).isDirectory() ? filesUnder(p) : [p]
  })
}

describe('terminal core without a keychain', () => {
  it('creates the paper profile, shows its key masked and says it is held for this session only, and trades on it', async () => {
    const { profiles, activeProfileId } = await rig.client.invoke('profiles.list', {})
    const paper = profiles.find((p) => p.kind === 'embedded')
    expect(paper?.id).toBe(activeProfileId)
    const status = await rig.client.invoke('profiles.secretStatus', { profileId: paper!.id })
    // Never "in the OS keychain": the UI words follow keptIn (ProfilesSettings.vue).
    expect(status).toMatchObject({ hasKeys: true, hasRsaKey: true, keptIn: 'session' })
    expect(status.apiKeyMasked).toContain('…')

    const ack = await rig.client.invoke('trading.placeOrder', {
      module: 'spot',
      symbol: 'ethusdt',
      side: 'BUY',
      type: 'LIMIT',
      price: '1000',
      volume: '0.5'
    })
    expect(ack.status).toBe('placed')
    const open = await rig.client.invoke('account.openOrders', { module: 'spot', symbol: 'ethusdt' })
    expect(open.map((o) => o.orderId)).toContain(ack.orderId)
    // The session's RSA key is registered with the exchange, so wallet transfers work too.
    const t = await rig.client.invoke('transfer.submit', { direction: 'spot-to-futures', coin: 'USDT', amount: '10' })
    expect(t.transferId).toMatch(/\S/)
  })

  it('refuses remote keys with the keychain error and writes no secret to disk', async () => {
    const secret = 'remote-secret-that-must-not-be-written-0123456789'
    const err = await rig.client
      .invoke('profiles.add', {
        name: 'Venue X',
        baseUrl: 'https://api.example.test',
        wsSpotUrl: 'wss://ws.example.test/spot',
        wsFuturesUrl: 'wss://ws.example.test/futures',
        secrets: { apiKey: 'remote-key-abcdefghijklmnop', apiSecret: secret }
      })
      .catch((e: unknown) => e)
    expect(err).toMatchObject({ code: 'keychain' })
    expect((await rig.client.invoke('profiles.list', {})).profiles.some((p) => p.name === 'Venue X')).toBe(false)
    const paperSecret = rig.core.exchange.accounts[0]!.apiSecret
    // The terminal's own files (profiles, window state) hold neither secret; only the exchange's data dir knows
    // its own account, as any exchange does.
    for (const f of filesUnder(rig.dir).filter((p) => !p.includes('embedded-exchange'))) {
      const text = readFileSync(f, 'utf8')
      expect(text).not.toContain(secret)
      expect(text).not.toContain(paperSecret)
    }
    expect(rig.logs.join('\n')).not.toContain(paperSecret)
  })
})

describe('the exchange side', () => {
  it('makes no account for keys that could not be kept: the paper account is the only user account', () => {
    const users = [...rig.core.exchange.spot.accounts.values()].filter((a) => !a.bot)
    expect(users.map((a) => a.id)).toEqual([rig.core.exchange.accounts[0]!.accountId])
  })
})
