// Exchange-side fuzz: every endpoint of the catalog and every control path, fed malformed JSON, huge bodies, deep
// nesting, extreme numbers, duplicate keys, wrong types, bad signatures, replays outside the window and slow
// clients. Asserted: no 5xx ever, no refused-by-rule request accepted (bad auth, stale or replayed, unknown or missing
// parameters, text that is no JSON, no control token), the books and balances still add up, and the process still
// trades. Seeds replay with FC_SEED (test/fast-check-env.ts).
import { generateKeyPairSync } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { connect } from 'node:net'
import { join } from 'node:path'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CATALOG } from '@shared/api/catalog'
import { GATEWAY_PREFIX, type EndpointDef, type ParamDef } from '@shared/api/types'
import { startExchange, type RunningExchange } from '../../../src-sim/exchange'
import { auditEngine } from '../../../src-sim/engine/audit'
import { runs } from '../../fast-check-env'
import { queryText, send, signed, type Answer, type Keys } from './wire'

const FIX = join(import.meta.dirname, '../../fixtures/signing')
const KEYS: Keys = {
  apiKey: 'fuzz-key',
  apiSecret: 'fuzz-secret',
  rsaPrivateKey: readFileSync(join(FIX, 'test-only-rsa-private.pem'), 'utf8')
}
/** An RSA key the exchange does not know for KEYS.apiKey. */
const OTHER_RSA = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' }
}).privateKey
let ex: RunningExchange
const fiveXX: string[] = []

beforeAll(async () => {
  const dir = join(FIX, 'test-only-rsa-public.pem')
  ex = await startExchange({
    activity: false,
    futuresTickMs: 0,
    control: true,
    keys: [{ apiKey: KEYS.apiKey, apiSecret: KEYS.apiSecret, rsaPublicKeyFile: dir }],
    unlimitedKeys: true,
    // Short slow-client bounds, so the slow-client case sees them act; every fuzz request is far quicker.
    httpTimeouts: { headersMs: 1000, requestMs: 3000, keepAliveMs: 500, checkIntervalMs: 100 }
  })
})
afterAll(() => ex?.close())

/** Records a 5xx (the suite's first invariant) with what caused it; returns the answer. */
async function fire(what: string, r: Parameters<typeof send>[1]): Promise<Answer> {
  const a = await send(ex.port, r)
  if (a.status >= 500)
    fiveXX.push(`${what}: ${a.status} ${a.text.slice(0, 200)} <- ${String(r.query ?? r.body ?? '').slice(0, 200)}`)
  return a
}

// ---- values: a JSON text built piece by piece, so numbers can be written as no JS number could hold them ----
type Piece = { raw: string }
const raw = (s: string): Piece => ({ raw: s })
const json = (v: unknown): string =>
  v && typeof v === 'object' && 'raw' in (v as object) ? (v as Piece).raw : JSON.stringify(v)

const extremeNumber = fc
  .constantFrom(
    '1e400',
    '-1e400',
    '1e-400',
    '-0',
    '0',
    '99999999999999999999999999999999999',
    '0.000000000000000000000000001',
    '-1',
    '1.5',
    '123456789012345678901234567890.123456789',
    '9007199254740993'
  )
  .map(raw)
const hostileString = fc.constantFrom(
  '',
  ' ',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e400',
  '0x10',
  '１２',
  '\u0000',
  '\r\nX: y',
  'a'.repeat(5000),
  '../../etc/passwd',
  '{"a":1}',
  '-0',
  '00012',
  '1_000'
)
const deep = fc.integer({ min: 50, max: 5000 }).map((n) => raw('['.repeat(n) + ']'.repeat(n)))
const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  extremeNumber,
  hostileString,
  fc.jsonValue({ maxDepth: 3 }),
  deep,
  fc.boolean(),
  fc.constant(null)
)

/** A plausible value of a parameter, so a request also gets past validation into the handler. */
function plausible(p: ParamDef): fc.Arbitrary<unknown> {
  switch (p.type) {
    case 'enum':
      return fc.constantFrom(...(p.values?.length ? p.values : ['X']))
    case 'integer':
    case 'long':
      return p.values?.length
        ? fc.constantFrom(...p.values.map(Number))
        : fc.oneof(fc.integer({ min: p.min ?? 0, max: Math.min(p.max ?? 1000, 1_000_000) }), extremeNumber)
    case 'decimal':
      return fc.oneof(fc.constantFrom('0.01', '1', '100', '30000', '65000.5', '0.000001'), extremeNumber)
    case 'boolean':
      return fc.boolean()
    case 'id':
      return fc.oneof(fc.bigInt({ min: 0n, max: 10n ** 20n }).map(String), fc.constant('1'))
    default:
      if (/symbol|contract/i.test(p.name))
        return fc.constantFrom('btcusdt', 'ethusdt', 'E-BTC-USDT', 'E-BTC-USD', 'BTCUSDT', 'nope')
      if (/asset|coin/i.test(p.name)) return fc.constantFrom('USDT', 'BTC', 'usdt', 'NOPE')
      return fc.string({ maxLength: 40 })
  }
}

interface Built {
  payload: string
  /** Set when the rules say it must be refused, and why. */
  mustRefuse: string | null
}

/** Parameters for def: each present or not, plausible or hostile, maybe an unknown one, maybe a key twice. */
function params(def: EndpointDef): fc.Arbitrary<Built> {
  const fields = def.params.filter((p) => p.in !== 'header' && p.name !== 'recvWindow')
  const entry = (p: ParamDef) =>
    fc.option(fc.oneof({ weight: 3, arbitrary: plausible(p) }, { weight: 1, arbitrary: anyValue }), {
      nil: undefined,
      freq: 3
    })
  return fc
    .record({
      values: fc.tuple(...fields.map(entry)),
      unknown: fc.option(fc.constantFrom('foo', '__proto__', 'constructor', 'Symbol'), { freq: 5 }),
      duplicate: fc.boolean()
    })
    .map(({ values, unknown, duplicate }) => {
      const pairs: [string, unknown][] = []
      fields.forEach((p, i) => values[i] !== undefined && pairs.push([p.name, values[i]]))
      if (unknown) pairs.push([unknown, 'x'])
      if (duplicate && pairs.length) pairs.push([pairs[0]![0], pairs[0]![1]])
      const missing = fields.find((p, i) => p.required && !p.requiredUnless && values[i] === undefined)
      const mustRefuse = unknown ? `unknown parameter ${unknown}` : missing ? `missing ${missing.name}` : null
      if (def.method === 'GET') {
        const q = pairs
          .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(typeof v === 'string' ? v : json(v))}`)
          .join('&')
        // A repeated name in a query is refused too (a duplicate key in a JSON body is the parser's last-wins).
        return { payload: q, mustRefuse: mustRefuse ?? (duplicate && pairs.length ? 'repeated query parameter' : null) }
      }
      return { payload: `{${pairs.map(([k, v]) => `${JSON.stringify(k)}:${json(v)}`).join(',')}}`, mustRefuse }
    })
}

/** Bytes that are no JSON object a POST could take (GET: an arbitrary query string). */
const garbage = fc.oneof(
  fc.string({ maxLength: 200 }),
  fc.constantFrom(
    '{',
    '{"a":',
    '{"a":1,}',
    "{'a':1}",
    '[1,2',
    'nul',
    '{"a":1}{"b":2}',
    '\uFEFF{"x":1',
    '{"a":NaN}',
    '{"a":undefined}'
  ),
  fc.integer({ min: 50, max: 20_000 }).map((n) => '{"a":'.repeat(n))
)
const isJsonObjectOrBlank = (t: string): boolean => {
  if (t.trim() === '') return true
  try {
    const v = JSON.parse(t) as unknown
    return v !== null && typeof v === 'object' && !Array.isArray(v)
  } catch {
    return false
  }
}

const ENDPOINTS = CATALOG.map((d) => [d.id, d] as const)
const ok = (a: Answer): boolean => a.status === 200 && a.code === null

describe('exchange fuzz: the catalog', () => {
  it.each(ENDPOINTS)(
    '%s: fuzzed parameters and bodies, signed, never give a 5xx or an accepted rule-breaker',
    async (id, def) => {
      await fc.assert(
        fc.asyncProperty(
          fc.oneof(
            { weight: 3, arbitrary: params(def) },
            { weight: 1, arbitrary: garbage.map((g): Built => ({ payload: g, mustRefuse: null })) }
          ),
          async (b) => {
            const a = await fire(
              id,
              def.security === 'NONE'
                ? {
                    method: def.method,
                    path: GATEWAY_PREFIX[def.gateway] + def.path,
                    query: def.method === 'GET' ? queryText(b.payload) : undefined,
                    body: def.method === 'GET' ? undefined : b.payload,
                    headers: { 'Content-Type': 'application/json' }
                  }
                : signed(def, KEYS, b.payload)
            )
            expect(a.status).toBeLessThan(500)
            if (b.mustRefuse)
              expect(ok(a), `${id} accepted a request with ${b.mustRefuse}: ${b.payload.slice(0, 200)}`).toBe(false)
            if (def.method !== 'GET' && !isJsonObjectOrBlank(b.payload))
              expect(ok(a), `${id} accepted a body that is no JSON object: ${b.payload.slice(0, 200)}`).toBe(false)
          }
        ),
        { numRuns: runs(30) }
      )
    }
  )

  it.each(ENDPOINTS.filter(([, d]) => d.security !== 'NONE'))(
    '%s: bad signatures, replays and stale or future timestamps are all refused',
    async (id, def) => {
      const body = def.method === 'GET' ? '' : '{}'
      const cases: [string, ReturnType<typeof signed>][] = [
        [
          'a wrong signature',
          signed(def, KEYS, body, 0, def.security === 'RSA' ? { 'Ex-sign': 'AAAA' } : { 'X-CH-SIGN': 'ab'.repeat(32) })
        ],
        ['another key', signed(def, { ...KEYS, apiSecret: 'not-the-secret', rsaPrivateKey: OTHER_RSA }, body)],
        ['an unknown key', signed(def, KEYS, body, 0, { 'X-CH-APIKEY': 'nobody' })],
        [
          'a timestamp 10 minutes old with recvWindow 60000',
          signed(def, KEYS, def.method === 'GET' ? 'recvWindow=60000' : '{"recvWindow":60000}', 600_000)
        ],
        [
          'a day-old request with recvWindow 10^12',
          signed(
            def,
            KEYS,
            def.method === 'GET' ? 'recvWindow=1000000000000' : '{"recvWindow":1000000000000}',
            86_400_000
          )
        ],
        ['a timestamp an hour ahead', signed(def, KEYS, body, -3_600_000)],
        ['text/plain', signed(def, KEYS, body, 0, { 'Content-Type': 'text/plain' })]
      ]
      // The same signed bytes sent after the window: a captured request replayed.
      const captured = signed(def, KEYS, body, 6_000)
      cases.push(['a captured request replayed 6 s later', captured])
      for (const [what, r] of cases) {
        const a = await fire(`${id} ${what}`, r)
        expect(a.status, `${id}: ${what}`).toBeGreaterThanOrEqual(400)
        expect(a.status, `${id}: ${what}`).toBeLessThan(500)
      }
    }
  )

  it('answers a body over 256 KiB with 413 (or cuts it off), on every POST endpoint', async () => {
    const huge = `{"symbol":"${'x'.repeat(300 * 1024)}"}`
    for (const def of CATALOG.filter((d) => d.method === 'POST')) {
      const a = await fire(
        `${def.id} huge`,
        def.security === 'NONE'
          ? {
              method: 'POST',
              path: GATEWAY_PREFIX[def.gateway] + def.path,
              body: huge,
              headers: { 'Content-Type': 'application/json' }
            }
          : signed(def, KEYS, huge)
      )
      expect([0, 413], def.id).toContain(a.status)
    }
  })
})

describe('exchange fuzz: the control API', () => {
  const PATHS = ['accounts', 'credit', 'withdraw', 'insurance', 'rsa-key', 'activity', 'price', 'nope']
  const token = (): Record<string, string> => ({
    'Content-Type': 'application/json',
    Authorization: `Bearer ${ex.controlToken}`
  })

  it('answers any body on any path without a 5xx', async () => {
    const body = fc.oneof(
      fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v)),
      fc
        .record(
          {
            apiKey: fc.oneof(fc.constant(KEYS.apiKey), hostileString),
            asset: fc.oneof(fc.constant('USDT'), hostileString),
            amount: fc.oneof(
              hostileString,
              extremeNumber.map((p) => p.raw)
            ),
            wallet: fc.constantFrom('spot', 'margin', 'futures', 'x'),
            symbol: fc.constantFrom('btcusdt', 'E-BTC-USDT', 'x'),
            price: hostileString,
            paused: fc.constant(true)
          },
          { requiredKeys: [] }
        )
        .map((o) => JSON.stringify(o)),
      garbage
    )
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...PATHS), body, async (path, b) => {
        const a = await fire(`control ${path}`, { method: 'POST', path: `/sim/v1/${path}`, body: b, headers: token() })
        expect(a.status).toBeLessThan(500)
      }),
      { numRuns: runs(150) }
    )
  })

  it('never acts without the token, from another origin or Host, or on a body that is not application/json', async () => {
    const refusal = fc.record({
      auth: fc.constantFrom<string | undefined>(
        undefined,
        'Bearer',
        'Bearer x',
        `Bearer ${'A'.repeat(43)}`,
        'Basic abc'
      ),
      type: fc.constantFrom<string | undefined>(
        'application/json',
        'text/plain',
        undefined,
        'application/x-www-form-urlencoded'
      ),
      origin: fc.constantFrom<string | undefined>(undefined, 'http://evil.example', 'null')
    })
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...PATHS.slice(0, -1)), refusal, async (path, h) => {
        const headers: Record<string, string> = {}
        if (h.auth) headers['Authorization'] = h.auth
        if (h.type) headers['Content-Type'] = h.type
        if (h.origin) headers['Origin'] = h.origin
        const a = await fire(`control ${path} refused`, {
          method: 'POST',
          path: `/sim/v1/${path}`,
          body: '{"paused":true}',
          headers
        })
        expect([401, 403, 415]).toContain(a.status)
      }),
      { numRuns: runs(60) }
    )
    for (const host of ['evil.example', `127.0.0.1:${ex.port + 1}`, 'localhost']) {
      const a = await fire('control Host', {
        method: 'POST',
        path: '/sim/v1/activity',
        body: '{"paused":true}',
        headers: { ...token(), Host: host }
      })
      expect(a.status).toBe(403)
    }
  })
})

describe('exchange fuzz: slow clients', () => {
  it('cuts off 200 connections trickling their headers while answering others', async () => {
    const sockets = Array.from({ length: 200 }, () => {
      const s = connect(ex.port, '127.0.0.1')
      s.on('error', () => undefined)
      s.write(`GET /spot/open/sapi/v1/time HTTP/1.1\r\nHost: 127.0.0.1:${ex.port}\r\n`)
      return { s, closed: new Promise<void>((resolve) => s.on('close', () => resolve())) }
    })
    const drip = setInterval(() => sockets.forEach(({ s }) => s.writable && s.write('X-Slow: 1\r\n')), 100)
    try {
      const a = await fire('time while slow clients wait', { method: 'GET', path: '/spot/open/sapi/v1/time' })
      expect(a.status).toBe(200)
      await Promise.all(sockets.map((x) => x.closed))
    } finally {
      clearInterval(drip)
      sockets.forEach(({ s }) => s.destroy())
    }
  })
})

describe('exchange fuzz: afterwards', () => {
  it('gave no 5xx, keeps its books and balances consistent, and still trades', async () => {
    expect(fiveXX).toEqual([])
    expect(auditEngine(ex.spot.engine)).toEqual([])
    const place = CATALOG.find((d) => d.id === 'spot.order.place')!
    const a = await fire(
      'a plain order',
      signed(place, KEYS, '{"symbol":"btcusdt","side":"BUY","type":"LIMIT","price":"100.00","volume":"0.01"}')
    )
    expect(a.status, a.text).toBe(200)
  })
})
