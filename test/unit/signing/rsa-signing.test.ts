// Golden RSA vectors: PKCS#1 v1.5 is deterministic, so openssl's Ex-sign (scripts/gen-signing-vectors.sh) must be
// reproduced exactly. The key pair in test/fixtures/signing is TEST-ONLY.
import { generateKeyPairSync } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { rsaSignedBytes, signRsa, signRsaRequest, verifyRsa } from '../../../src-shared/node/rsa-signing'

interface RsaVector {
  name: string
  input: { apiKey: string; body: string; timestamp: string }
  expected: { signedText: string; signature: string; headers: Record<string, string> }
}
const fixtureUrl = (file: string): URL => new URL(`../../fixtures/signing/${file}`, import.meta.url)
const fixture = JSON.parse(readFileSync(fixtureUrl('rsa-vectors.json'), 'utf8')) as {
  privateKeyFile: string
  publicKeyFile: string
  vectors: RsaVector[]
}
const privatePem = readFileSync(fixtureUrl(fixture.privateKeyFile), 'utf8')
const publicPem = readFileSync(fixtureUrl(fixture.publicKeyFile), 'utf8')

describe('RSA golden vectors', () => {
  it('has the expected cases', () => {
    expect(fixture.vectors.map((v) => v.name)).toEqual([
      'futures-transfer',
      'futures-balance-empty',
      'non-ascii-body',
      'pretty-body'
    ])
  })

  describe.each(fixture.vectors.map((v) => [v.name, v] as const))('%s', (_name, v) => {
    it('signs body + Ex-ts exactly as openssl does', () => {
      expect(rsaSignedBytes(v.input.body, v.input.timestamp).toString('utf8')).toBe(v.expected.signedText)
      expect(signRsa(privatePem, v.input.body, v.input.timestamp)).toBe(v.expected.signature)
      expect(signRsa(privatePem, Buffer.from(v.input.body, 'utf8'), v.input.timestamp)).toBe(v.expected.signature)
    })
    it('builds the exact header set', () => {
      const headers = signRsaRequest({
        apiKey: v.input.apiKey,
        privateKey: privatePem,
        body: v.input.body,
        timestamp: v.input.timestamp
      })
      expect(headers).toStrictEqual(v.expected.headers)
    })
    it('verifies with the public key', () => {
      expect(verifyRsa(publicPem, Buffer.from(v.input.body, 'utf8'), v.input.timestamp, v.expected.signature)).toBe(
        true
      )
    })
    it('fails for a tampered body, timestamp or signature', () => {
      const sig = v.expected.signature
      expect(verifyRsa(publicPem, `${v.input.body} `, v.input.timestamp, sig)).toBe(false)
      expect(verifyRsa(publicPem, v.input.body, String(BigInt(v.input.timestamp) + 1n), sig)).toBe(false)
      const flipped = sig[10] === 'A' ? 'B' : 'A'
      expect(verifyRsa(publicPem, v.input.body, v.input.timestamp, sig.slice(0, 10) + flipped + sig.slice(11))).toBe(
        false
      )
      expect(verifyRsa(publicPem, v.input.body, v.input.timestamp, 'not base64!')).toBe(false)
    })
  })

  it('a re-serialized body fails verification', () => {
    const v = fixture.vectors.find((x) => x.name === 'pretty-body')!
    const reserialized = JSON.stringify(JSON.parse(v.input.body))
    expect(verifyRsa(publicPem, reserialized, v.input.timestamp, v.expected.signature)).toBe(false)
  })

  it('fails under another key pair', () => {
    const other = generateKeyPairSync('rsa', { modulusLength: 1024 }).publicKey
    const v = fixture.vectors[0]!
    expect(verifyRsa(other, v.input.body, v.input.timestamp, v.expected.signature)).toBe(false)
  })
})

describe('RSA key handling', () => {
  it('refuses a non-PEM key without echoing it, and a public key for signing', () => {
    const junk = 'secret-material-that-must-not-leak'
    expect(() => signRsa(junk, '{}', '1700000000000')).toThrow('RSA private key is not a readable PEM key')
    try {
      signRsa(junk, '{}', '1700000000000')
    } catch (e) {
      expect(`${(e as Error).message} ${String((e as Error).cause)}`).not.toContain(junk)
    }
    expect(() => signRsa(publicPem, '{}', '1700000000000')).toThrow(/private key/)
  })
  it('refuses a non-RSA key and a bad Ex-ts', () => {
    const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey
    expect(() => signRsa(ec, '{}', '1700000000000')).toThrow(/expected rsa/)
    expect(() => signRsa(privatePem, '{}', '17000')).toThrow(/Ex-ts/)
  })
})
