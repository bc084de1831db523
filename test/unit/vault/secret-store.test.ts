// SecretStore implementations without a real keychain: the memory store, and the keytar store over a fake keytar.
import { describe, expect, it, vi } from 'vitest'
import {
  KeychainEntryUnreadableError,
  KeychainUnavailableError,
  KeytarSecretStore,
  MemorySecretStore,
  type KeytarApi
} from '../../../src-main/vault/secret-store'

const SECRETS = { apiKey: 'AKIDEXAMPLE1234567890', apiSecret: 'very-secret-value-0042' }

/** A keytar stand-in keeping entries as "service\0account" -> password. */
function fakeKeytar(): KeytarApi & { entries: Map<string, string> } {
  const entries = new Map<string, string>()
  const key = (s: string, a: string): string => `${s}\0${a}`
  return {
    entries,
    getPassword: async (s, a) => entries.get(key(s, a)) ?? null,
    setPassword: async (s, a, p) => void entries.set(key(s, a), p),
    deletePassword: async (s, a) => entries.delete(key(s, a))
  }
}

describe('MemorySecretStore', () => {
  it('stores, returns copies, deletes', async () => {
    const store = new MemorySecretStore()
    await store.set('p1', { ...SECRETS })
    const got = await store.get('p1')
    expect(got).toEqual(SECRETS)
    got!.apiSecret = 'changed'
    expect((await store.get('p1'))!.apiSecret).toBe(SECRETS.apiSecret)
    expect(await store.delete('p1')).toBe(true)
    expect(await store.get('p1')).toBeNull()
    expect(await store.delete('p1')).toBe(false)
  })

  it('can pretend the keychain is unavailable', async () => {
    const store = new MemorySecretStore()
    store.unavailable = 'no Secret Service'
    await expect(store.set('p1', SECRETS)).rejects.toBeInstanceOf(KeychainUnavailableError)
    expect(store.size).toBe(0)
  })
})

describe('KeytarSecretStore', () => {
  it('keeps one JSON entry per profile under its service, loading keytar only on first use', async () => {
    const kt = fakeKeytar()
    const load = vi.fn(async () => kt)
    const store = new KeytarSecretStore({ service: 'svc', load })
    expect(load).not.toHaveBeenCalled()

    await store.set('p1', { ...SECRETS, rsaPrivateKey: 'PEM' })
    await store.set('p2', SECRETS)
    expect(JSON.parse(kt.entries.get('svc\0p1')!)).toEqual({ ...SECRETS, rsaPrivateKey: 'PEM' })
    expect(await store.get('p2')).toEqual(SECRETS)
    expect(await store.delete('p1')).toBe(true)
    expect(await store.get('p1')).toBeNull()
    expect(load).toHaveBeenCalledTimes(1)
  })

  it('turns a module that cannot load into KeychainUnavailableError', async () => {
    const store = new KeytarSecretStore({
      load: async () => {
        throw new Error('Cannot find module keytar.node')
      }
    })
    const err = await store.set('p1', SECRETS).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(KeychainUnavailableError)
    expect((err as Error).message).toMatch(
      /^The OS keychain is not available: the keytar native module could not be loaded/
    )
    expect((err as Error).message).toMatch(/never stored in plain text/)
  })

  it('turns a keychain failure into KeychainUnavailableError that never repeats a secret', async () => {
    const kt = fakeKeytar()
    // Worst case: a native error that quotes what it was given.
    kt.setPassword = async (_s, _a, p) => {
      throw new Error(`Could not connect: No such file or directory while storing ${p}`)
    }
    kt.getPassword = async () => {
      throw new Error('Cannot autolaunch D-Bus without X11 $DISPLAY')
    }
    const store = new KeytarSecretStore({ load: async () => kt })

    const setErr = (await store.set('p1', SECRETS).catch((e: unknown) => e)) as KeychainUnavailableError
    expect(setErr).toBeInstanceOf(KeychainUnavailableError)
    expect(setErr.message).toContain('Could not connect')
    expect(setErr.message).not.toContain(SECRETS.apiSecret)
    expect(setErr.message).not.toContain(SECRETS.apiKey)

    const getErr = (await store.get('p1').catch((e: unknown) => e)) as KeychainUnavailableError
    expect(getErr.reason).toBe('Cannot autolaunch D-Bus without X11 $DISPLAY')
  })

  it('reports an entry it did not write without quoting it', async () => {
    const kt = fakeKeytar()
    kt.entries.set('svc\0p1', 'plain-old-password')
    const store = new KeytarSecretStore({ service: 'svc', load: async () => kt })
    const err = (await store.get('p1').catch((e: unknown) => e)) as Error
    expect(err).toBeInstanceOf(KeychainEntryUnreadableError)
    expect(err.message).not.toContain('plain-old-password')
  })

  it('rejects an empty profile id as a caller bug, not as an unavailable keychain', async () => {
    const store = new KeytarSecretStore({ load: async () => fakeKeytar() })
    await expect(store.get('')).rejects.toBeInstanceOf(TypeError)
  })
})
