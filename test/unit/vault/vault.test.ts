// The vault facade over MemorySecretStore: secret validation, the masked view, the embedded profile.
import { generateKeyPairSync, randomBytes } from 'node:crypto'
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { EMBEDDED_URL, ProfileNotFoundError, type Profile } from '../../../src-main/vault/profiles'
import { maskApiKey, SecretValidationError, type SecretsInput } from '../../../src-main/vault/secret-input'
import { KeychainUnavailableError, MemorySecretStore } from '../../../src-main/vault/secret-store'
import { EMBEDDED_PROFILE_NAME, Vault } from '../../../src-main/vault/vault'

const KEY = 'AbCdEFGHIJKLMNOPwxyz'
const SECRET = 's3cr3t-Value-That-Must-Never-Leak'

let rsaPem: string
let ecPem: string
let encryptedPem: string
beforeAll(() => {
  const enc = { type: 'pkcs8', format: 'pem' } as const
  rsaPem = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: enc,
    publicKeyEncoding: { type: 'spki', format: 'pem' }
  }).privateKey
  ecPem = generateKeyPairSync('ec', {
    namedCurve: 'P-256',
    privateKeyEncoding: enc,
    publicKeyEncoding: { type: 'spki', format: 'pem' }
  }).privateKey
  encryptedPem = generateKeyPairSync('rsa', {
    modulusLength: 1024,
    privateKeyEncoding: { ...enc, cipher: 'aes-256-cbc', passphrase: 'pw' },
    publicKeyEncoding: { type: 'spki', format: 'pem' }
  }).privateKey
})

let dir: string
let secrets: MemorySecretStore
let vault: Vault
let profile: Profile
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'vault-'))
  secrets = new MemorySecretStore()
  vault = await Vault.open({ userDataDir: dir, secrets })
  profile = await vault.profiles.add({
    name: 'Venue',
    kind: 'remote',
    baseUrl: 'https://api.example.com',
    wsSpotUrl: 'wss://ws.example.com/spot',
    wsFuturesUrl: 'wss://ws.example.com/futures'
  })
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

/** Every file under the user-data folder, as text. */
async function allFileText(): Promise<string> {
  const names = await readdir(dir, { recursive: true, withFileTypes: true })
  const texts = await Promise.all(
    names.filter((d) => d.isFile()).map((d) => readFile(join(d.parentPath, d.name), 'utf8'))
  )
  return texts.join('\n')
}

async function rejection(p: Promise<unknown>): Promise<Error> {
  const e = await p.then(
    () => null,
    (err: unknown) => err
  )
  expect(e).toBeInstanceOf(Error)
  return e as Error
}

describe('setSecrets validation', () => {
  const cases: [string, Partial<SecretsInput>, string, RegExp][] = [
    ['empty key', { apiKey: '   ' }, 'apiKey', /must not be empty/],
    ['control char in key', { apiKey: `ab\u0000cd${KEY}` }, 'apiKey', /control characters/],
    ['space in key', { apiKey: 'abcd efgh ijkl' }, 'apiKey', /printable ASCII/],
    ['long key', { apiKey: 'k'.repeat(513) }, 'apiKey', /at most 512/],
    ['empty secret', { apiSecret: '\n' }, 'apiSecret', /must not be empty/],
    ['control char in secret', { apiSecret: `${SECRET}\u001b[0m` }, 'apiSecret', /control characters/],
    ['long secret', { apiSecret: 's'.repeat(513) }, 'apiSecret', /at most 512/],
    [
      'not a key',
      { rsaPrivateKey: `-----BEGIN PRIVATE KEY-----\n${SECRET}\n-----END PRIVATE KEY-----` },
      'rsaPrivateKey',
      /not a PEM private key/
    ]
  ]
  it.each(cases)('rejects %s, naming the field and echoing nothing', async (_what, over, field, message) => {
    const input = { apiKey: KEY, apiSecret: SECRET, ...over }
    const e = (await rejection(vault.setSecrets(profile.id, input))) as SecretValidationError
    expect(e).toBeInstanceOf(SecretValidationError)
    expect(e.field).toBe(field)
    expect(e.message).toMatch(message)
    for (const v of [KEY, SECRET, ...Object.values(input).map((x) => String(x).trim())].filter((x) => x.length >= 4))
      expect(e.message).not.toContain(v)
    expect(await secrets.get(profile.id)).toBeNull()
  })

  it('rejects encrypted and non-RSA private keys without quoting them', async () => {
    for (const [pem, message] of [
      [encryptedPem, /encrypted/],
      [ecPem, /must be an RSA key, not ec/],
      [rsaPem.replace(/^-----BEGIN PRIVATE KEY-----\n.{8}/, '-----BEGIN PRIVATE KEY-----\n'), /not a PEM private key/]
    ] as const) {
      const e = await rejection(vault.setSecrets(profile.id, { apiKey: KEY, apiSecret: SECRET, rsaPrivateKey: pem }))
      expect(e.message).toMatch(message)
      expect(e.message).not.toMatch(/BEGIN|[A-Za-z0-9+/]{20}/)
    }
  })

  it('stores trimmed values and a valid RSA key', async () => {
    const status = await vault.setSecrets(profile.id, {
      apiKey: ` ${KEY}\n`,
      apiSecret: `${SECRET} `,
      rsaPrivateKey: `\n${rsaPem}`
    })
    expect(status).toEqual({ hasKeys: true, apiKeyMasked: 'AbCd…wxyz', hasRsaKey: true })
    expect(await vault.credentialsFor(profile.id)).toEqual({ apiKey: KEY, apiSecret: SECRET, rsaPrivateKey: rsaPem })
  })

  it('needs an existing profile', async () => {
    const id = '00000000-0000-4000-8000-000000000000'
    await expect(vault.setSecrets(id, { apiKey: KEY, apiSecret: SECRET })).rejects.toBeInstanceOf(ProfileNotFoundError)
    expect(secrets.size).toBe(0)
  })
})

describe('secretStatus', () => {
  it('is the masked view: at most 8 characters of the key, never the secret', async () => {
    for (let len = 1; len <= 64; len++) {
      const apiKey = randomBytes(48).toString('base64url').slice(0, len).padEnd(len, 'Z')
      const apiSecret = randomBytes(24).toString('hex')
      await vault.setSecrets(profile.id, { apiKey, apiSecret })
      const status = await vault.secretStatus(profile.id)
      const text = JSON.stringify(status)
      expect(text).not.toContain(apiSecret)
      const shown = status.apiKeyMasked!.replace(/[…•]/g, '')
      expect(shown.length).toBeLessThanOrEqual(8)
      expect(status.apiKeyMasked).toBe(len >= 12 ? `${apiKey.slice(0, 4)}…${apiKey.slice(-4)}` : '••••')
      if (len >= 12) expect(text).not.toContain(apiKey.slice(4, -4))
    }
    expect(maskApiKey('abcdefghijk')).toBe('••••')
  })

  it('says so when there are no keys, and after deleting them', async () => {
    expect(await vault.secretStatus(profile.id)).toEqual({ hasKeys: false, apiKeyMasked: null, hasRsaKey: false })
    await vault.setSecrets(profile.id, { apiKey: KEY, apiSecret: SECRET })
    expect((await vault.secretStatus(profile.id)).hasRsaKey).toBe(false)
    await vault.deleteSecrets(profile.id)
    expect(await vault.secretStatus(profile.id)).toEqual({ hasKeys: false, apiKeyMasked: null, hasRsaKey: false })
    expect(await vault.credentialsFor(profile.id)).toBeNull()
  })

  it('never writes a secret into the user-data folder', async () => {
    await vault.setSecrets(profile.id, { apiKey: KEY, apiSecret: SECRET, rsaPrivateKey: rsaPem })
    const text = await allFileText()
    for (const v of [KEY, SECRET, rsaPem.split('\n')[1]!]) expect(text).not.toContain(v)
  })

  it('removing the profile removes its secrets', async () => {
    await vault.setSecrets(profile.id, { apiKey: KEY, apiSecret: SECRET })
    await vault.profiles.remove(profile.id)
    expect(await secrets.get(profile.id)).toBeNull()
    await expect(vault.secretStatus(profile.id)).rejects.toBeInstanceOf(ProfileNotFoundError)
  })
})

describe('ensureEmbeddedProfile', () => {
  const account = () =>
    vi.fn(async () => ({
      apiKey: `paper-${randomBytes(8).toString('hex')}`,
      apiSecret: randomBytes(16).toString('hex')
    }))

  it('creates the funded paper profile once', async () => {
    const make = account()
    const p = await vault.ensureEmbeddedProfile(make)
    expect(p).toMatchObject({
      name: EMBEDDED_PROFILE_NAME,
      kind: 'embedded',
      baseUrl: EMBEDDED_URL,
      wsSpotUrl: EMBEDDED_URL
    })
    const creds = await make.mock.results[0]!.value
    expect(await vault.credentialsFor(p.id)).toEqual(creds)

    expect(await vault.ensureEmbeddedProfile(make)).toEqual(p)
    const reopened = await Vault.open({ userDataDir: dir, secrets })
    expect(await reopened.ensureEmbeddedProfile(make)).toEqual(p)
    expect(make).toHaveBeenCalledTimes(1)
    expect(reopened.profiles.list().filter((q) => q.kind === 'embedded')).toHaveLength(1)
  })

  it('provisions one account for concurrent callers', async () => {
    const make = account()
    const [a, b] = await Promise.all([vault.ensureEmbeddedProfile(make), vault.ensureEmbeddedProfile(make)])
    expect(a).toEqual(b)
    expect(make).toHaveBeenCalledTimes(1)
  })

  it('re-provisions keys that went missing, keeping the profile', async () => {
    const make = account()
    const p = await vault.ensureEmbeddedProfile(make)
    await vault.deleteSecrets(p.id)
    expect(await vault.ensureEmbeddedProfile(make)).toEqual(p)
    expect(make).toHaveBeenCalledTimes(2)
    expect((await vault.secretStatus(p.id)).hasKeys).toBe(true)
  })

  it('writes nothing when the keychain is unavailable, and succeeds later', async () => {
    const make = account()
    secrets.unavailable = 'Cannot autolaunch D-Bus without X11 $DISPLAY'
    const e = await rejection(vault.ensureEmbeddedProfile(make))
    expect(e).toBeInstanceOf(KeychainUnavailableError)
    expect(e.message).toMatch(/^The OS keychain is not available: Cannot autolaunch D-Bus/)
    expect(vault.profiles.list().some((q) => q.kind === 'embedded')).toBe(false)
    const creds = await make.mock.results[0]!.value
    const text = await allFileText()
    expect(text).not.toContain(creds.apiKey)
    expect(text).not.toContain(creds.apiSecret)
    expect(e.message).not.toContain(creds.apiSecret)

    secrets.unavailable = null
    expect((await vault.ensureEmbeddedProfile(make)).kind).toBe('embedded')
  })
})
