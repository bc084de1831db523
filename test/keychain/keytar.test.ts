// keytar against a real Secret Service (gnome-keyring, started by setup-keyring.ts when none is running).
import { randomUUID } from 'node:crypto'
import { afterAll, describe, expect, it } from 'vitest'
// keytar is CommonJS; under ESM its module.exports arrives as the default export.
import keytar from 'keytar'

// A unique service per run, so a shared desktop keyring never collides with another run or a real entry.
const service = `chtrader-test-${randomUUID()}`

describe('keytar in the OS keychain', () => {
  afterAll(async () => {
    for (const { account } of await keytar.findCredentials(service)) await keytar.deletePassword(service, account)
  })

  it('stores, reads back, lists and deletes a secret', async () => {
    await keytar.setPassword(service, 'alice', 'secret-A')
    expect(await keytar.getPassword(service, 'alice')).toBe('secret-A')
    expect(await keytar.findCredentials(service)).toEqual([{ account: 'alice', password: 'secret-A' }])

    expect(await keytar.deletePassword(service, 'alice')).toBe(true)
    expect(await keytar.getPassword(service, 'alice')).toBeNull()
    expect(await keytar.findCredentials(service)).toEqual([])
    expect(await keytar.deletePassword(service, 'alice')).toBe(false)
  })

  it('keeps accounts apart', async () => {
    await keytar.setPassword(service, 'bob', 'secret-B')
    await keytar.setPassword(service, 'carol', 'secret-C')
    expect(await keytar.getPassword(service, 'bob')).toBe('secret-B')
    expect(await keytar.getPassword(service, 'carol')).toBe('secret-C')

    await keytar.deletePassword(service, 'bob')
    expect(await keytar.getPassword(service, 'bob')).toBeNull()
    expect(await keytar.getPassword(service, 'carol')).toBe('secret-C')
    // The same account name under another service is a different entry.
    expect(await keytar.getPassword(`${service}-other`, 'carol')).toBeNull()
  })
})
