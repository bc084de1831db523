// The control API (/sim/v1) answers only this run's token, our own Host, no foreign Origin and application/json;
// bodies are checked field by field (4xx in words, never 500); the market bots' keys are random per data dir and
// never sign a request.
import { request } from 'node:http'
import { generateKeyPairSync } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startExchange, type RunningExchange } from '../../../src-sim/exchange'
import { MAKER, TAKER } from '../../../src-sim/activity/market-activity'
import { SimClient } from './harness'

let ex: RunningExchange

beforeAll(async () => {
  ex = await startExchange({ control: true, activityTimer: false, futuresTickMs: 0 })
})
afterAll(() => ex?.close())

/** A raw POST with exactly these headers (fetch would not let a test set Host). */
function post(path: string, body: string, headers: Record<string, string>): Promise<{ status: number; body: any }> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: ex.port,
        path,
        method: 'POST',
        headers: { 'Content-Length': Buffer.byteLength(body), ...headers }
      },
      (res) => {
        let text = ''
        res.setEncoding('utf8')
        res.on('data', (c: string) => (text += c))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : null }))
      }
    )
    req.on('error', reject)
    req.end(body)
  })
}

const good = (): Record<string, string> => ({
  'Content-Type': 'application/json',
  Authorization: `Bearer ${ex.controlToken}`
})
const accounts = (body: string, headers = good()) => post('/sim/v1/accounts', body, headers)

describe('who may call the control API', () => {
  it('answers a request with the token, our Host and JSON', async () => {
    const r = await accounts('{}')
    expect(r.status).toBe(200)
    expect(r.body.apiKey).toMatch(/^[0-9a-f]{32}$/)
  })

  it('refuses a request without the token, or with another token, in words', async () => {
    const { Authorization: _, ...none } = good()
    const missing = await accounts('{}', none)
    expect(missing.status).toBe(401)
    expect(missing.body.msg).toMatch(/token is missing/)
    const wrong = await accounts('{}', { ...good(), Authorization: `Bearer ${'x'.repeat(ex.controlToken.length)}` })
    expect(wrong.status).toBe(401)
    expect(wrong.body.msg).toMatch(/not this run/)
  })

  it('refuses another Host (DNS rebinding) and a foreign Origin; accepts localhost and our own origin', async () => {
    expect((await accounts('{}', { ...good(), Host: `evil.example:${ex.port}` })).status).toBe(403)
    expect((await accounts('{}', { ...good(), Host: `127.0.0.1:${ex.port + 1}` })).status).toBe(403)
    const foreign = await accounts('{}', { ...good(), Origin: 'http://evil.example' })
    expect(foreign.status).toBe(403)
    expect(foreign.body.msg).toMatch(/another origin/)
    expect((await accounts('{}', { ...good(), Origin: 'null' })).status).toBe(403)
    expect((await accounts('{}', { ...good(), Host: `localhost:${ex.port}` })).status).toBe(200)
    expect((await accounts('{}', { ...good(), Origin: `http://127.0.0.1:${ex.port}` })).status).toBe(200)
  })

  it('refuses text/plain and form bodies (what a page can send without a preflight) with 415', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
      const r = await accounts('{}', { ...good(), 'Content-Type': type })
      expect(r.status).toBe(415)
      expect(r.body.msg).toMatch(/application\/json/)
    }
  })
})

describe('control API bodies', () => {
  const refused = async (path: string, body: unknown, msg: RegExp): Promise<void> => {
    const r = await post(`/sim/v1/${path}`, typeof body === 'string' ? body : JSON.stringify(body), good())
    expect(r.status, JSON.stringify(r.body)).toBe(400)
    expect(r.body.msg).toMatch(msg)
  }

  it('refuses a null, array or non-JSON body with 400 (not 500)', async () => {
    await refused('accounts', 'null', /JSON object/)
    await refused('credit', 'null', /JSON object/)
    await refused('accounts', '[]', /JSON object/)
    await refused('accounts', '{"apiKey":', /not valid JSON/)
    await refused('accounts', { nope: 1 }, /Unknown parameter 'nope'/)
  })

  it('refuses an API key with CRLF, one of 100,000 characters, and a secret of another type', async () => {
    await refused('accounts', { apiKey: 'abc\r\nX-Evil: 1' }, /printable ASCII/)
    await refused('accounts', { apiKey: 'k'.repeat(100_000) }, /longer than 128/)
    await refused('accounts', { apiSecret: 12345 }, /must be a string/)
    await refused('accounts', { fund: 'yes' }, /true or false/)
  })

  it('refuses an RSA key that is not a PEM RSA public key', async () => {
    await refused('accounts', { rsaPublicKey: 'not a key' }, /PEM RSA public key/)
    const ec = generateKeyPairSync('ec', {
      namedCurve: 'P-256',
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' }
    })
    await refused('accounts', { rsaPublicKey: ec.publicKey }, /must be an RSA key/)
    await refused('accounts', { rsaPublicKey: ec.privateKey }, /PEM RSA public key/)
    const rsa = generateKeyPairSync('rsa', {
      modulusLength: 1024,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' }
    })
    await refused(
      'accounts',
      { rsaPublicKey: '-----BEGIN PUBLIC KEY-----\nAAAAAAAAAAAAAAAA\n-----END PUBLIC KEY-----\n' },
      /not a readable/
    )
    expect((await accounts(JSON.stringify({ rsaPublicKey: rsa.publicKey }))).status).toBe(200)
  })

  it('refuses amounts that are not positive decimals, unknown wallets and unknown keys', async () => {
    const { apiKey } = (await accounts('{}')).body
    await refused('credit', { apiKey, asset: 'USDT', amount: '1e400' }, /decimal number/)
    await refused('credit', { apiKey, asset: 'USDT', amount: '-5' }, /decimal number/)
    await refused('credit', { apiKey, asset: 'USDT', amount: '0' }, /more than zero/)
    await refused('credit', { apiKey, asset: 'USDT', amount: 5 }, /must be a string/)
    await refused('credit', { apiKey, asset: 'US DT', amount: '5' }, /letters or digits/)
    await refused('credit', { apiKey, wallet: 'savings', asset: 'USDT', amount: '5' }, /spot, margin or futures/)
    const unknown = await post(
      '/sim/v1/credit',
      JSON.stringify({ apiKey: 'nobody', asset: 'USDT', amount: '5' }),
      good()
    )
    expect(unknown.status).toBe(401)
    await refused('activity', { paused: 'true' }, /true or false/)
    await refused('price', { symbol: 'btcusdt', price: 'cheap' }, /decimal number/)
  })

  it('refuses an API key that is already registered', async () => {
    const { apiKey } = (await accounts('{}')).body
    const again = await accounts(JSON.stringify({ apiKey }))
    expect(again.status).toBe(401)
    expect(again.body.msg).toMatch(/already registered/)
  })
})

describe('the market bots', () => {
  it('have random keys per data dir, kept across a restart, and their keys sign nothing', async () => {
    const dirs = [mkdtempSync(join(tmpdir(), 'sim-bots-a-')), mkdtempSync(join(tmpdir(), 'sim-bots-b-'))]
    try {
      const keysOf = async (
        dir: string
      ): Promise<{ maker: string; taker: string; secret: string; ex: RunningExchange }> => {
        const e = await startExchange({ dataDir: dir, activityTimer: false, futuresTickMs: 0 })
        await e.activity!.step()
        const m = e.spot.accounts.get(MAKER)!
        return { maker: m.apiKey, taker: e.spot.accounts.get(TAKER)!.apiKey, secret: m.secret, ex: e }
      }
      const a = await keysOf(dirs[0]!)
      expect(a.maker).not.toBe('bot-key-bot-maker')
      expect(a.maker).not.toBe(a.taker)
      // A request signed with the bot's own key and secret is refused as from an unknown key.
      const bot = new SimClient(a.ex.url, { apiKey: a.maker, apiSecret: a.secret })
      const r = await bot.signed('GET', '/spot/open/sapi/v1/account')
      expect(r.status).toBe(401)
      expect(r.body.code).toBe(-1002)
      await a.ex.close()
      const again = await keysOf(dirs[0]!)
      expect(again.maker).toBe(a.maker)
      await again.ex.close()
      const b = await keysOf(dirs[1]!)
      expect(b.maker).not.toBe(a.maker)
      await b.ex.close()
    } finally {
      for (const d of dirs) rmSync(d, { recursive: true, force: true })
    }
  })
})
