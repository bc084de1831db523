// Through the contract: a remote profile over http:// or ws:// to another machine is refused with the rule in words
// (nothing stored, the keys typed with it not kept); with the explicit override it is added, the override kept in
// profiles.json and shown in the view; loopback over http/ws needs none.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startRig, type Rig } from './harness'

let rig: Rig
beforeAll(async () => {
  rig = await startRig({ embedded: { activity: false } })
})
afterAll(() => rig.close())

// 192.0.2.0/24 is TEST-NET-1: never this computer, and nothing here connects to it.
const lan = {
  baseUrl: 'http://192.0.2.10:8080',
  wsSpotUrl: 'ws://192.0.2.10:8080/spot/ws',
  wsFuturesUrl: 'ws://192.0.2.10:8080/futures/ws'
}

describe('terminal core: unencrypted remote profiles', () => {
  it('refuses http/ws to another machine without the override, naming the rule', async () => {
    const before = (await rig.client.invoke('profiles.list', {})).profiles.length
    const keychainBefore = rig.secrets.size
    await expect(
      rig.client.invoke('profiles.add', {
        name: 'LAN box',
        ...lan,
        secrets: { apiKey: 'lan-key-123456', apiSecret: 'lan-secret-123456' }
      })
    ).rejects.toMatchObject({
      code: 'invalid-input',
      field: 'baseUrl',
      message: expect.stringContaining(
        'would be unencrypted: a remote exchange must be reached over https:// and wss:// unless it runs on this computer'
      )
    })
    await expect(
      rig.client.invoke('profiles.add', { name: 'LAN box', ...lan, baseUrl: 'https://192.0.2.10' })
    ).rejects.toMatchObject({
      code: 'invalid-input',
      field: 'wsSpotUrl',
      message: expect.stringContaining('tick "Allow an unencrypted connection"')
    })
    expect((await rig.client.invoke('profiles.list', {})).profiles.length).toBe(before)
    expect(rig.secrets.size).toBe(keychainBefore)
  })

  it('adds it with the override, keeps the override in the file and shows it; loopback needs none', async () => {
    const added = await rig.client.invoke('profiles.add', { name: 'LAN box', ...lan, allowUnencrypted: true })
    expect(added.profile).toMatchObject({ name: 'LAN box', baseUrl: lan.baseUrl, allowUnencrypted: true })
    const port = rig.core.exchange.port
    const local = await rig.client.invoke('profiles.add', {
      name: 'Loopback',
      baseUrl: rig.core.exchange.url,
      wsSpotUrl: `ws://127.0.0.1:${port}/spot/ws`,
      wsFuturesUrl: `ws://localhost:${port}/futures/ws`
    })
    expect(local.profile.allowUnencrypted).toBe(false)
    const listed = (await rig.client.invoke('profiles.list', {})).profiles
    expect(listed.find((p) => p.id === added.profile.id)?.allowUnencrypted).toBe(true)
    expect(listed.find((p) => p.kind === 'embedded')?.allowUnencrypted).toBe(false)
    const file = JSON.parse(readFileSync(join(rig.dir, 'profiles.json'), 'utf8')) as {
      profiles: { id: string; allowUnencrypted: boolean }[]
    }
    expect(file.profiles.find((p) => p.id === added.profile.id)?.allowUnencrypted).toBe(true)

    // Taking the override back is refused while the URLs are plain.
    await expect(
      rig.client.invoke('profiles.update', { profileId: added.profile.id, patch: { allowUnencrypted: false } })
    ).rejects.toMatchObject({ code: 'invalid-input', field: 'baseUrl' })
    await expect(
      rig.client.invoke('profiles.update', {
        profileId: local.profile.id,
        patch: { wsSpotUrl: 'ws://192.0.2.10/spot' }
      })
    ).rejects.toMatchObject({ code: 'invalid-input', field: 'wsSpotUrl' })
  })
})
