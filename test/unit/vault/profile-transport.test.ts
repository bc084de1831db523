// The rule that a remote exchange on another machine is reached over TLS: refused at add and update with the rule in
// words, allowed on loopback, allowed by the profile's explicit override (kept in the profiles file), and a file
// written before the rule still loads.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { isLoopbackHost, unencryptedProblem } from '@shared/ipc/schemas/profile-transport'
import { PROFILES_FILE, ProfileStore, ProfileValidationError, type NewProfile } from '../../../src-main/vault/profiles'
import { MemorySecretStore } from '../../../src-main/vault/secret-store'

const remote = (over: Partial<NewProfile> = {}): NewProfile => ({
  name: 'Venue',
  kind: 'remote',
  baseUrl: 'https://api.example.com',
  wsSpotUrl: 'wss://ws.example.com/spot',
  wsFuturesUrl: 'wss://ws.example.com/futures',
  ...over
})

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'vault-transport-'))
})
afterEach(() => rm(dir, { recursive: true, force: true }))
const open = (): Promise<ProfileStore> => ProfileStore.open(dir, new MemorySecretStore())

async function refusal(p: Promise<unknown>): Promise<ProfileValidationError> {
  const e = await p.then(
    () => null,
    (x: unknown) => x
  )
  expect(e).toBeInstanceOf(ProfileValidationError)
  return e as ProfileValidationError
}

describe('the unencrypted-connection rule', () => {
  it('knows loopback hosts as URL writes them', () => {
    for (const u of [
      'http://127.0.0.1:8080',
      'http://127.1.2.3',
      'http://localhost:1',
      'ws://[::1]:9/ws',
      'http://2130706433/',
      'ws://[::ffff:127.0.0.1]/'
    ])
      expect(isLoopbackHost(new URL(u).hostname), u).toBe(true)
    for (const u of [
      'http://128.0.0.1',
      'http://localhost.example.com',
      'http://10.0.0.1',
      'ws://[::2]/',
      'http://api.example.com'
    ])
      expect(isLoopbackHost(new URL(u).hostname), u).toBe(false)
    expect(unencryptedProblem('https://api.example.com')).toBeNull()
    expect(unencryptedProblem('not a url')).toBeNull()
  })

  it('refuses http:// and ws:// to another machine, naming the rule and the override', async () => {
    const store = await open()
    const base = await refusal(store.add(remote({ baseUrl: 'http://api.example.com' })))
    expect(base.field).toBe('baseUrl')
    expect(base.message).toBe(
      'baseUrl: http:// to api.example.com would be unencrypted: a remote exchange must be reached over https:// and wss:// unless it runs on this computer (127.0.0.0/8, ::1, localhost). Use https://, or tick "Allow an unencrypted connection"'
    )
    expect((await refusal(store.add(remote({ wsSpotUrl: 'ws://10.0.0.5/spot' })))).message).toMatch(
      /^wsSpotUrl: ws:\/\/ to 10\.0\.0\.5 would be unencrypted: .* Use wss:\/\//
    )
    expect((await refusal(store.add(remote({ wsFuturesUrl: 'ws://ws.example.com/f' })))).field).toBe('wsFuturesUrl')
    expect(store.list()).toEqual([])
  })

  it('allows loopback over http/ws, and anything with the override, which is kept in the file', async () => {
    const store = await open()
    const local = await store.add(
      remote({
        name: 'Local',
        baseUrl: 'http://127.0.0.1:9000',
        wsSpotUrl: 'ws://localhost:9000/spot',
        wsFuturesUrl: 'ws://[::1]:9000/futures'
      })
    )
    expect(local.allowUnencrypted).toBe(false)
    const lan = await store.add(
      remote({
        name: 'LAN',
        baseUrl: 'http://192.168.1.20:8080',
        wsSpotUrl: 'ws://192.168.1.20:8080/spot',
        allowUnencrypted: true
      })
    )
    expect(lan.allowUnencrypted).toBe(true)
    const file = JSON.parse(await readFile(join(dir, PROFILES_FILE), 'utf8')) as {
      profiles: { name: string; allowUnencrypted: boolean }[]
    }
    expect(file.profiles.map((p) => [p.name, p.allowUnencrypted])).toEqual([
      ['Local', false],
      ['LAN', true]
    ])
    expect((await open()).get(lan.id).allowUnencrypted).toBe(true)

    // Taking the override back while the URLs are plain is refused; a TLS URL needs none.
    expect((await refusal(store.update(lan.id, { allowUnencrypted: false }))).field).toBe('baseUrl')
    expect((await refusal(store.add(remote({ name: 'Again', baseUrl: 'http://192.168.1.20:8080' })))).field).toBe(
      'baseUrl'
    )
    const safe = await store.update(lan.id, {
      baseUrl: 'https://192.168.1.20',
      wsSpotUrl: 'wss://192.168.1.20/spot',
      allowUnencrypted: false
    })
    expect(safe.allowUnencrypted).toBe(false)
  })

  it('loads a file written before the rule (no override field) as it is', async () => {
    const id = '11111111-1111-4111-8111-111111111111'
    const old = {
      id,
      name: 'Old',
      kind: 'remote',
      baseUrl: 'http://api.example.com',
      wsSpotUrl: 'ws://ws.example.com/s',
      wsFuturesUrl: 'ws://ws.example.com/f',
      createdAt: '2026-01-01T00:00:00.000Z'
    }
    await writeFile(join(dir, PROFILES_FILE), JSON.stringify({ version: 1, profiles: [old], activeProfileId: id }))
    const store = await open()
    expect(store.recovery).toBeNull()
    expect(store.get(id)).toMatchObject({ baseUrl: 'http://api.example.com', allowUnencrypted: false })
    // Its next edit must satisfy the rule (or carry the override).
    expect((await refusal(store.update(id, { name: 'Renamed' }))).field).toBe('baseUrl')
    expect((await store.update(id, { name: 'Renamed', allowUnencrypted: true })).name).toBe('Renamed')
  })
})
