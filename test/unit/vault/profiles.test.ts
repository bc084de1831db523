// ProfileStore over a temp user-data folder: validation, atomic writes, corrupt files, removal.
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  EMBEDDED_URL,
  PROFILES_FILE,
  ProfileNotFoundError,
  ProfilesFileError,
  ProfileStore,
  ProfileValidationError,
  type NewProfile
} from '../../../src-main/vault/profiles'
import { KeychainUnavailableError, MemorySecretStore } from '../../../src-main/vault/secret-store'

const remote = (name: string, over: Partial<NewProfile> = {}): NewProfile => ({
  name,
  kind: 'remote',
  baseUrl: 'https://api.example.com',
  wsSpotUrl: 'wss://ws.example.com/spot',
  wsFuturesUrl: 'wss://ws.example.com/futures',
  ...over
})

let dir: string
let secrets: MemorySecretStore
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'vault-profiles-'))
  secrets = new MemorySecretStore()
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

const open = (): Promise<ProfileStore> => ProfileStore.open(dir, secrets)
const fileJson = async (): Promise<any> => JSON.parse(await readFile(join(dir, PROFILES_FILE), 'utf8'))

async function validationError(p: Promise<unknown>): Promise<ProfileValidationError> {
  const e = await p.then(
    () => null,
    (err: unknown) => err
  )
  expect(e).toBeInstanceOf(ProfileValidationError)
  return e as ProfileValidationError
}

describe('ProfileStore', () => {
  it('starts empty, persists a versioned file and leaves no temp files', async () => {
    const store = await open()
    expect(store.list()).toEqual([])
    expect(store.recovery).toBeNull()

    const a = await store.add(remote('  Main  '))
    const b = await store.add(remote('Second'))
    expect(a.name).toBe('Main')
    expect(a.id).toMatch(/^[0-9a-f-]{36}$/)
    expect(store.activeProfileId).toBe(a.id) // the first profile becomes active
    expect(await readdir(dir)).toEqual([PROFILES_FILE])
    expect(await fileJson()).toEqual({ version: 1, profiles: [a, b], activeProfileId: a.id })

    const again = await open()
    expect(again.list()).toEqual([a, b])
    expect(again.activeProfileId).toBe(a.id)
  })

  it('serializes concurrent writes', async () => {
    const store = await open()
    await Promise.all(Array.from({ length: 8 }, (_, i) => store.add(remote(`P${i}`))))
    expect((await fileJson()).profiles).toHaveLength(8)
    expect(await readdir(dir)).toEqual([PROFILES_FILE])
  })

  it('names the offending field', async () => {
    const store = await open()
    await store.add(remote('Taken'))
    const cases: [NewProfile, string, RegExp][] = [
      [remote('   '), 'name', /must not be empty/],
      [remote('x'.repeat(65)), 'name', /at most 64/],
      [remote('bad\u0007name'), 'name', /control characters/],
      [remote('TAKEN'), 'name', /already exists/],
      [remote('A', { baseUrl: 'ftp://api.example.com' }), 'baseUrl', /http\(s\) URL/],
      [remote('A', { baseUrl: 'not a url' }), 'baseUrl', /http\(s\) URL/],
      [remote('A', { wsSpotUrl: 'https://ws.example.com' }), 'wsSpotUrl', /ws\(s\) URL/],
      [remote('A', { wsFuturesUrl: '' }), 'wsFuturesUrl', /ws\(s\) URL/],
      [remote('A', { kind: 'paper' as never }), 'kind', /'embedded' or 'remote'/],
      [remote('A', { kind: 'embedded' }), 'baseUrl', /embedded:\/\/local/]
    ]
    for (const [input, field, message] of cases) {
      const e = await validationError(store.add(input))
      expect(e.field).toBe(field)
      expect(e.message).toMatch(new RegExp(`^${field}: `))
      expect(e.message).toMatch(message)
    }
    expect(store.list()).toHaveLength(1)
  })

  it('allows one embedded profile, with placeholder URLs', async () => {
    const store = await open()
    const embedded = {
      name: 'Paper',
      kind: 'embedded',
      baseUrl: EMBEDDED_URL,
      wsSpotUrl: EMBEDDED_URL,
      wsFuturesUrl: EMBEDDED_URL
    } as const
    await store.add(embedded)
    expect((await validationError(store.add({ ...embedded, name: 'Paper 2' }))).field).toBe('kind')
  })

  it('updates name and URLs but never id or kind', async () => {
    const store = await open()
    const p = await store.add(remote('Old'))
    const q = await store.update(p.id, { name: 'New', baseUrl: 'http://127.0.0.1:8080' })
    expect(q).toEqual({ ...p, name: 'New', baseUrl: 'http://127.0.0.1:8080' })
    expect((await open()).get(p.id).name).toBe('New')
    expect((await validationError(store.update(p.id, { kind: 'embedded' } as never))).field).toBe('kind')
    expect((await validationError(store.update(p.id, { wsSpotUrl: 'ftp://x' }))).field).toBe('wsSpotUrl')
    await expect(store.update('00000000-0000-4000-8000-000000000000', { name: 'X' })).rejects.toBeInstanceOf(
      ProfileNotFoundError
    )
  })

  it('removing a profile deletes its keychain entry and moves the active mark', async () => {
    const store = await open()
    const a = await store.add(remote('A'))
    const b = await store.add(remote('B'))
    await secrets.set(a.id, { apiKey: 'key-a', apiSecret: 'sec-a' })
    await secrets.set(b.id, { apiKey: 'key-b', apiSecret: 'sec-b' })

    await store.remove(a.id)
    expect(await secrets.get(a.id)).toBeNull()
    expect(await secrets.get(b.id)).not.toBeNull()
    expect(store.activeProfileId).toBe(b.id)
    expect((await open()).list()).toEqual([b])
  })

  it('keeps the profile when its keychain entry cannot be deleted', async () => {
    const store = await open()
    const a = await store.add(remote('A'))
    secrets.unavailable = 'no Secret Service'
    await expect(store.remove(a.id)).rejects.toBeInstanceOf(KeychainUnavailableError)
    expect(store.list()).toEqual([a])
    expect((await open()).list()).toEqual([a])
  })

  it('sets the active profile, or none', async () => {
    const store = await open()
    const a = await store.add(remote('A'))
    const b = await store.add(remote('B'))
    await store.setActive(b.id)
    expect((await open()).activeProfileId).toBe(b.id)
    await store.setActive(null)
    expect(store.activeProfileId).toBeNull()
    await store.setActive(a.id)
    expect(store.activeProfileId).toBe(a.id)
    await expect(store.setActive('00000000-0000-4000-8000-000000000000')).rejects.toBeInstanceOf(ProfileNotFoundError)
  })

  it('leaves memory and folder clean when a write fails', async () => {
    const store = await open()
    await mkdir(join(dir, PROFILES_FILE)) // rename onto a directory fails
    await expect(store.add(remote('A'))).rejects.toThrow()
    expect(store.list()).toEqual([])
    expect(await readdir(dir)).toEqual([PROFILES_FILE])
  })

  it.each([
    ['not JSON', '{"version": 1, "profiles": ['],
    ['wrong shape', JSON.stringify({ version: 1, profiles: [{ name: 'x' }], activeProfileId: null })],
    [
      'dangling active id',
      JSON.stringify({ version: 1, profiles: [], activeProfileId: '00000000-0000-4000-8000-000000000000' })
    ]
  ])('moves a corrupt file aside and reports it (%s)', async (_what, content) => {
    await writeFile(join(dir, PROFILES_FILE), content)
    const store = await open()
    expect(store.list()).toEqual([])
    expect(store.recovery).not.toBeNull()
    expect(store.recovery!.reason).not.toBe('')
    const backup = store.recovery!.backupPath
    expect(backup).toMatch(/profiles\.json\.corrupt-\d{4}-\d\d-\d\dT[\d-]+Z$/)
    expect(await readFile(backup, 'utf8')).toBe(content) // nothing of it lost
    expect(await readdir(dir)).toEqual([backup.slice(dir.length + 1)])
  })

  it('refuses a file from a newer version without touching it', async () => {
    const content = JSON.stringify({ version: 2, profiles: [] })
    await writeFile(join(dir, PROFILES_FILE), content)
    await expect(open()).rejects.toBeInstanceOf(ProfilesFileError)
    expect(await readdir(dir)).toEqual([PROFILES_FILE])
    expect(await readFile(join(dir, PROFILES_FILE), 'utf8')).toBe(content)
  })
})
