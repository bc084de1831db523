import { describe, expect, it } from 'vitest'
import { credentialOf } from '../../../src-sim/accounts'
import type { AccountInfo } from '../../../src-sim/spot/spot-state'

describe('credentialOf', () => {
  const account = (): AccountInfo => ({ id: 'u1', apiKey: 'k1', secret: 's1', createdAt: 0 })

  it('copies the account and reuses the copy while the account is unchanged', () => {
    const a = account()
    const c = credentialOf(a)
    expect(c).toEqual({ apiKey: 'k1', secret: 's1', accountId: 'u1', rsaPublicKey: undefined, unlimited: undefined })
    expect(credentialOf(a)).toBe(c)
  })

  it('makes a new credential once a field it copies changes in place (an RSA key registered later)', () => {
    const a = account()
    const before = credentialOf(a)
    a.rsaPublicKey = '-----BEGIN PUBLIC KEY-----'
    const after = credentialOf(a)
    expect(after).not.toBe(before)
    expect(after.rsaPublicKey).toBe('-----BEGIN PUBLIC KEY-----')
    expect(before.rsaPublicKey).toBeUndefined()
    a.unlimited = true
    expect(credentialOf(a).unlimited).toBe(true)
  })

  it('keeps accounts apart even when their fields are equal', () => {
    const a = account()
    const b = { ...account(), id: 'u2' }
    expect(credentialOf(a).accountId).toBe('u1')
    expect(credentialOf(b).accountId).toBe('u2')
  })
})
