// First run: the embedded paper profile with a funded account; later runs reuse it and its paper state.
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { noKeychain, startRig } from './harness'

describe('terminal core: first run', () => {
  it('creates the embedded paper profile with a funded account, and keeps it (and its orders) across restarts', async () => {
    const rig = await startRig({ embedded: { activity: false } })
    let profileId: string
    let apiKey: string
    try {
      const list = await rig.client.invoke('profiles.list', {})
      expect(list.profiles).toHaveLength(1)
      const p = list.profiles[0]!
      expect(p).toMatchObject({ name: 'Embedded exchange (paper)', kind: 'embedded', baseUrl: 'embedded://local' })
      expect(list.activeProfileId).toBe(p.id)
      profileId = p.id
      const status = await rig.client.invoke('profiles.secretStatus', { profileId })
      expect(status).toMatchObject({ hasKeys: true, hasRsaKey: true, keptIn: 'keychain' })
      expect(status.apiKeyMasked).toMatch(/^.{4}….{4}$/)
      apiKey = (await rig.core.vault.credentialsFor(profileId))!.apiKey
      expect(rig.core.exchange.spot.byApiKey.has(apiKey)).toBe(true)

      const balances = await rig.client.invoke('account.balances', {})
      const usdt = balances.find((b) => b.asset === 'USDT')!
      expect(Number(usdt.free)).toBe(100_000)
      expect(Number(balances.find((b) => b.asset === 'BTC')!.free)).toBe(10)
      const wallet = await rig.client.invoke('transfer.futuresBalance', { coin: 'USDT' })
      expect(Number(wallet[0]!.balance)).toBe(10_000)

      await rig.client.invoke('trading.placeOrder', {
        module: 'spot',
        symbol: 'ethusdt',
        side: 'BUY',
        type: 'LIMIT',
        price: '1000',
        volume: '0.5'
      })
      const info = await rig.client.invoke('app.info', {})
      expect(info).toMatchObject({ name: 'CH Trader', embeddedExchangeUrl: rig.core.exchange.url })
      expect(info.version).toMatch(/^\d+\.\d+\.\d+/)
    } finally {
      await rig.close()
    }

    const again = await startRig({ dir: rig.dir, secrets: rig.secrets, embedded: { activity: false } })
    try {
      const list = await again.client.invoke('profiles.list', {})
      expect(list.profiles.map((p) => p.id)).toEqual([profileId])
      expect((await again.core.vault.credentialsFor(profileId))!.apiKey).toBe(apiKey)
      const open = await again.client.invoke('account.openOrders', { module: 'spot', symbol: 'ethusdt' })
      expect(open.map((o) => [o.price, o.volume])).toEqual([['1000.00', '0.5000']])
      expect(again.logs.some((l) => /paper account created/.test(l))).toBe(false)
    } finally {
      await again.close()
    }
  })

  it('makes the account again for the stored keys when the exchange data was reset', async () => {
    const rig = await startRig({ embedded: { activity: false } })
    await rig.close()
    const fresh = mkdtempSync(join(tmpdir(), 'core-exchange-'))
    const again = await startRig({ dir: rig.dir, secrets: rig.secrets, embedded: { activity: false, dataDir: fresh } })
    try {
      expect(again.logs.some((l) => /re-created/.test(l))).toBe(true)
      const usdt = (await again.client.invoke('account.balances', {})).find((b) => b.asset === 'USDT')!
      expect(Number(usdt.free)).toBe(100_000)
    } finally {
      await again.close()
    }
  })

  it('starts without a keychain on session keys for the paper account, and says why', async () => {
    const rig = await startRig({ secrets: noKeychain(), embedded: { activity: false } })
    try {
      expect(rig.logs.some((l) => /keychain: The OS keychain is not available/.test(l))).toBe(true)
      expect(rig.logs.some((l) => /paper account keys are held for this session only/.test(l))).toBe(true)
      const { profiles } = await rig.client.invoke('profiles.list', {})
      expect(profiles.map((p) => p.kind)).toEqual(['embedded'])
      expect((await rig.client.invoke('account.balances', {})).find((b) => b.asset === 'USDT')?.free).toMatch(/^\d/)
      // The session's RSA key (made while the exchange started) is there from the start: transfers can be signed.
      expect(await rig.client.invoke('profiles.secretStatus', { profileId: profiles[0]!.id })).toMatchObject({
        hasKeys: true,
        hasRsaKey: true,
        keptIn: 'session'
      })
    } finally {
      await rig.close()
    }
  })
})
