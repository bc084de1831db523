// Profiles through the contract: a remote profile with keys (masked status only), edits, the active profile, and
// errors that name the field. The "remote" venue is the embedded exchange's own URL with a second account.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startRig, type Rig } from './harness'

const RSA = readFileSync(join(import.meta.dirname, '../../fixtures/signing/test-only-rsa-private.pem'), 'utf8')
let rig: Rig
let keys: { apiKey: string; apiSecret: string }

beforeAll(async () => {
  rig = await startRig({ embedded: { activity: false } })
  const res = await fetch(`${rig.core.exchange.url}/sim/v1/accounts`, {
    method: 'POST',
    body: '{}',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${rig.core.exchange.controlToken}` }
  })
  const a = (await res.json()) as typeof keys
  keys = { apiKey: a.apiKey, apiSecret: a.apiSecret }
})
afterAll(() => rig.close())

const urls = () => ({
  baseUrl: rig.core.exchange.url,
  wsSpotUrl: `ws://127.0.0.1:${rig.core.exchange.port}/spot/ws`,
  wsFuturesUrl: `ws://127.0.0.1:${rig.core.exchange.port}/futures/ws`
})

describe('terminal core: profiles', () => {
  it('adds a remote profile with keys and shows only their masked status', async () => {
    const added = await rig.client.invoke('profiles.add', {
      name: 'Second venue',
      ...urls(),
      secrets: { ...keys, rsaPrivateKey: RSA }
    })
    expect(added.secretStatus).toEqual({
      hasKeys: true,
      apiKeyMasked: `${keys.apiKey.slice(0, 4)}…${keys.apiKey.slice(-4)}`,
      hasRsaKey: true,
      keptIn: 'keychain'
    })
    expect(added.profile).toMatchObject({ name: 'Second venue', kind: 'remote', baseUrl: rig.core.exchange.url })
    expect(JSON.stringify(added)).not.toContain(keys.apiKey)
    const id = added.profile.id
    expect(await rig.client.invoke('profiles.secretStatus', { profileId: id })).toEqual(added.secretStatus)

    // It signs with its own keys: its balances are its own account's.
    const balances = await rig.client.invoke('account.balances', { profileId: id })
    expect(balances.find((b) => b.asset === 'USDT')?.free).toMatch(/^100000/)

    const renamed = await rig.client.invoke('profiles.update', { profileId: id, patch: { name: 'Renamed' } })
    expect(renamed.name).toBe('Renamed')
    await rig.client.invoke('profiles.setActive', { profileId: id })
    expect((await rig.client.invoke('profiles.list', {})).activeProfileId).toBe(id)

    // New keys replace the old ones at once; wrong keys fail with the venue's code, not a secret.
    await rig.client.invoke('profiles.setSecrets', {
      profileId: id,
      apiKey: keys.apiKey,
      apiSecret: 'wrong-secret-value-123'
    })
    const err = await rig.client.invoke('account.balances', {}).catch((e: unknown) => e)
    expect(err).toMatchObject({ code: 'exchange', exchange: { endpointId: 'spot.account', kind: 'api' } })
    expect(await rig.client.invoke('profiles.deleteSecrets', { profileId: id })).toEqual({
      hasKeys: false,
      apiKeyMasked: null,
      hasRsaKey: false,
      keptIn: null
    })
    await expect(rig.client.invoke('account.balances', {})).rejects.toMatchObject({
      message: expect.stringMatching(/no API keys/),
      words: { key: 'main.credentials.none' }
    })
    await expect(rig.client.invoke('transfer.rsaStatus', {})).resolves.toEqual({
      hasRsaKey: false,
      canTransfer: false,
      reason: 'this profile has no API keys',
      words: { key: 'main.transfer.noKeys' }
    })
    await expect(
      rig.client.invoke('transfer.submit', { direction: 'spot-to-futures', coin: 'USDT', amount: '1' })
    ).rejects.toMatchObject({
      code: 'no-rsa-key',
      field: 'rsaPrivateKey',
      message: 'this profile has no API keys',
      words: { key: 'main.transfer.noKeys' }
    })

    const paper = (await rig.client.invoke('profiles.list', {})).profiles.find((p) => p.kind === 'embedded')!
    await rig.client.invoke('profiles.setActive', { profileId: paper.id })
    // what the terminal kept of its undetermined orders goes with it
    const kept = join(rig.dir, 'undetermined-orders', `${id}.json`)
    mkdirSync(dirname(kept), { recursive: true })
    writeFileSync(kept, JSON.stringify({ version: 1, kept: [], heldIds: ['x1'] }))
    await rig.client.invoke('profiles.remove', { profileId: id })
    expect((await rig.client.invoke('profiles.list', {})).profiles.map((p) => p.id)).toEqual([paper.id])
    expect(await rig.secrets.get(id)).toBeNull()
    expect(existsSync(kept)).toBe(false)
  })

  it('refuses bad profiles and keys naming the field, and writes nothing', async () => {
    await expect(
      rig.client.invoke('profiles.add', { name: 'Bad', ...urls(), baseUrl: 'ftp://x' })
    ).rejects.toMatchObject({ code: 'invalid-input', field: 'baseUrl' })
    await expect(
      rig.client.invoke('profiles.add', {
        name: 'Bad key',
        ...urls(),
        secrets: { ...keys, rsaPrivateKey: 'not a pem' }
      })
    ).rejects.toMatchObject({
      code: 'invalid-input',
      field: 'rsaPrivateKey',
      message: 'rsaPrivateKey is not a PEM private key',
      words: { key: 'main.keys.notPem', params: { field: 'main.keys.fields.rsaPrivateKey' } }
    })
    await expect(
      rig.client.invoke('profiles.add', { name: 'Embedded exchange (paper)', ...urls() })
    ).rejects.toMatchObject({
      field: 'name',
      words: { key: 'main.profiles.nameTaken', params: { name: 'Embedded exchange (paper)' } }
    })
    expect((await rig.client.invoke('profiles.list', {})).profiles).toHaveLength(1)
    await expect(
      rig.client.invoke('profiles.setSecrets', { profileId: '7d3c5b2e-1f7a-4c4b-9a59-3f3b1c2d4e5f', ...keys })
    ).rejects.toMatchObject({
      code: 'not-found',
      field: 'profileId',
      words: { key: 'main.profiles.notFound', params: { id: '7d3c5b2e-1f7a-4c4b-9a59-3f3b1c2d4e5f' } }
    })
    const paper = (await rig.client.invoke('profiles.list', {})).profiles[0]!
    await expect(
      rig.client.invoke('profiles.update', { profileId: paper.id, patch: { baseUrl: 'http://elsewhere' } })
    ).rejects.toMatchObject({ code: 'invalid-input', field: 'baseUrl' })
  })

  it('reports a keychain that is unavailable as such', async () => {
    const paper = (await rig.client.invoke('profiles.list', {})).profiles[0]!
    rig.secrets.unavailable = 'no Secret Service on the bus'
    try {
      await expect(rig.client.invoke('profiles.secretStatus', { profileId: paper.id })).rejects.toMatchObject({
        code: 'keychain',
        message: expect.stringMatching(/keychain is not available/),
        words: { key: 'main.keychain.unavailable', params: { reason: 'no Secret Service on the bus' } }
      })
    } finally {
      rig.secrets.unavailable = null
    }
  })

  it('streams the profile list on every change', async () => {
    const seen: number[] = []
    const off = rig.client.subscribe('profiles.onChange', {}, (v) => seen.push(v.profiles.length))
    const added = await rig.client.invoke('profiles.add', { name: 'Watched', ...urls() })
    await rig.client.invoke('profiles.remove', { profileId: added.profile.id })
    off()
    expect(seen).toEqual([1, 2, 1])
  })

  it('ends a market stream of a profile whose URLs change, so the UI subscribes again', async () => {
    const added = await rig.client.invoke('profiles.add', { name: 'Moving', ...urls(), secrets: keys })
    const ended = new Promise<unknown>((resolve) =>
      rig.client.subscribe(
        'market.onTicker',
        { profileId: added.profile.id, module: 'spot', symbol: 'btcusdt' },
        () => undefined,
        resolve
      )
    )
    await rig.client.invoke('profiles.list', {}) // a round trip: the core takes messages in order, so the stream is attached
    await rig.client.invoke('profiles.update', {
      profileId: added.profile.id,
      patch: { wsSpotUrl: `ws://127.0.0.1:${rig.core.exchange.port}/spot/ws?moved=1` }
    })
    expect(await ended).toMatchObject({ code: 'profile-changed' })
    await rig.client.invoke('profiles.remove', { profileId: added.profile.id })
  })
})
