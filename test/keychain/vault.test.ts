// The vault against the real OS keychain (gnome-keyring under a private D-Bus, see setup-keyring.ts).
import { spawnSync } from 'node:child_process'
import { randomBytes, randomUUID } from 'node:crypto'
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import keytar from 'keytar'
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest'
import { KeychainUnavailableError, KeytarSecretStore } from '../../src-main/vault/secret-store'
import { Vault } from '../../src-main/vault/vault'

// A unique service per run: a shared desktop keyring never collides with real entries or another run.
const service = `chtrader-test-vault-${randomUUID()}`
const remote = (name: string) => ({
  name,
  kind: 'remote' as const,
  baseUrl: 'https://api.example.com',
  wsSpotUrl: 'wss://ws.example.com/spot',
  wsFuturesUrl: 'wss://ws.example.com/futures'
})
const creds = () => ({ apiKey: `AK${randomBytes(12).toString('hex')}`, apiSecret: randomBytes(24).toString('hex') })

let dir: string
let vault: Vault
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'vault-kc-'))
  vault = await Vault.open({ userDataDir: dir, secrets: new KeytarSecretStore({ service }) })
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})
afterAll(async () => {
  for (const { account } of await keytar.findCredentials(service)) await keytar.deletePassword(service, account)
})

/** Names and text of every file under the user-data folder. */
async function userDataFiles(): Promise<{ names: string[]; text: string }> {
  const entries = (await readdir(dir, { recursive: true, withFileTypes: true })).filter((d) => d.isFile())
  const texts = await Promise.all(entries.map((d) => readFile(join(d.parentPath, d.name), 'utf8')))
  return { names: entries.map((d) => d.name), text: texts.join('\n') }
}

describe('vault in the OS keychain', () => {
  it('sets, reads, deletes one entry per profile, and keeps profiles apart', async () => {
    const a = await vault.profiles.add(remote('A'))
    const b = await vault.profiles.add(remote('B'))
    const ca = creds()
    const cb = creds()
    await vault.setSecrets(a.id, ca)
    await vault.setSecrets(b.id, cb)

    // One keychain entry per profile: account = profile id, password = JSON of the secrets.
    expect(JSON.parse((await keytar.getPassword(service, a.id))!)).toEqual(ca)
    expect(await vault.credentialsFor(a.id)).toEqual(ca)
    expect(await vault.credentialsFor(b.id)).toEqual(cb)

    await vault.deleteSecrets(a.id)
    expect(await keytar.getPassword(service, a.id)).toBeNull()
    expect(await vault.credentialsFor(a.id)).toBeNull()
    expect(await vault.credentialsFor(b.id)).toEqual(cb)

    await vault.profiles.remove(b.id) // removal takes the keychain entry with it
    expect(await keytar.getPassword(service, b.id)).toBeNull()
  })

  it('shows the UI only the masked status', async () => {
    const p = await vault.profiles.add(remote('Masked'))
    const c = creds()
    await vault.setSecrets(p.id, c)
    const status = await vault.secretStatus(p.id)
    expect(status).toEqual({
      hasKeys: true,
      apiKeyMasked: `${c.apiKey.slice(0, 4)}…${c.apiKey.slice(-4)}`,
      hasRsaKey: false
    })
    expect(JSON.stringify(status)).not.toContain(c.apiSecret)
    // Nothing of the secrets went to disk.
    const { text } = await userDataFiles()
    expect(text).not.toContain(c.apiKey)
    expect(text).not.toContain(c.apiSecret)
  })

  it('creates the embedded profile with keys in the keychain, once', async () => {
    const c = creds()
    let calls = 0
    const p = await vault.ensureEmbeddedProfile(async () => (calls++, c))
    const reopened = await Vault.open({ userDataDir: dir, secrets: new KeytarSecretStore({ service }) })
    expect(await reopened.ensureEmbeddedProfile(async () => (calls++, creds()))).toEqual(p)
    expect(calls).toBe(1)
    expect(await reopened.credentialsFor(p.id)).toEqual(c)
  })
})

describe('no keychain', () => {
  it('a keytar module that cannot load gives KeychainUnavailableError and writes no secret', async () => {
    const broken = await Vault.open({
      userDataDir: dir,
      secrets: new KeytarSecretStore({
        service,
        load: async () => {
          throw new Error('Cannot find module ../build/Release/keytar.node')
        }
      })
    })
    const p = await broken.profiles.add(remote('A'))
    const c = creds()
    const err = await broken.setSecrets(p.id, c).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(KeychainUnavailableError)
    expect((err as Error).message).toMatch(
      /^The OS keychain is not available: the keytar native module could not be loaded/
    )
    await expect(broken.ensureEmbeddedProfile(async () => creds())).rejects.toBeInstanceOf(KeychainUnavailableError)

    const { names, text } = await userDataFiles()
    expect(names).toEqual(['profiles.json'])
    expect(text).not.toContain(c.apiSecret)
    expect(text).not.toContain(c.apiKey)
  })

  it('a session bus that is not there gives KeychainUnavailableError and writes no secret (real keytar, child process)', async () => {
    const c = creds()
    const url = (f: string) => pathToFileURL(resolve(import.meta.dirname, '../../src-main/vault', f)).href
    // The child uses the real native keytar; only its D-Bus address points nowhere.
    const script = `
      const { Vault } = await import(${JSON.stringify(url('vault.ts'))})
      const { KeytarSecretStore, KeychainUnavailableError } = await import(${JSON.stringify(url('secret-store.ts'))})
      const vault = await Vault.open({ userDataDir: process.env.USER_DATA, secrets: new KeytarSecretStore({ service: process.env.SERVICE }) })
      const p = await vault.profiles.add({ name: 'A', kind: 'remote', baseUrl: 'https://api.example.com',
        wsSpotUrl: 'wss://ws.example.com/spot', wsFuturesUrl: 'wss://ws.example.com/futures' })
      const out = []
      for (const op of [() => vault.setSecrets(p.id, JSON.parse(process.env.CREDS)), () => vault.secretStatus(p.id),
                        () => vault.ensureEmbeddedProfile(async () => JSON.parse(process.env.CREDS))]) {
        try { await op(); out.push({ ok: true }) }
        catch (e) { out.push({ unavailable: e instanceof KeychainUnavailableError, message: e.message }) }
      }
      console.log(JSON.stringify(out))
    `
    const r = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: resolve(import.meta.dirname, '../..'),
      encoding: 'utf8',
      timeout: 20_000,
      env: {
        PATH: process.env.PATH,
        HOME: dir,
        DBUS_SESSION_BUS_ADDRESS: `unix:path=${join(dir, 'no-such-bus')}`,
        USER_DATA: dir,
        SERVICE: service,
        CREDS: JSON.stringify(c)
      }
    })
    expect(r.stderr).toBe('')
    const results = JSON.parse(r.stdout.trim().split('\n').pop()!) as { unavailable: boolean; message: string }[]
    expect(results).toHaveLength(3)
    for (const res of results) {
      expect(res.unavailable).toBe(true)
      expect(res.message).toMatch(/^The OS keychain is not available: .+\. Secrets are never stored in plain text/)
      expect(res.message).not.toContain(c.apiSecret)
      expect(res.message).not.toContain(c.apiKey)
    }

    const { names, text } = await userDataFiles()
    expect(names).toEqual(['profiles.json']) // no plaintext fallback file of any name
    expect(text).not.toContain(c.apiSecret)
    expect(text).not.toContain(c.apiKey)
    expect(JSON.parse(text).profiles.map((p: { kind: string }) => p.kind)).toEqual(['remote']) // no half-made embedded profile
  })
})
