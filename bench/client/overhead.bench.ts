// Client overhead per call, network excluded: everything the request path does around the wire (validate,
// serialize once, credentials, rate budget, clock stamp, sign, timeout wiring, lossless parse, normalize) over
// a stub transport that answers at once with a canned body. Goal: under 50 us per signed call.
//
//   npx tsx bench/client/overhead.bench.ts [--out bench-results/client.json] [--calls 20000] [--reps 5]
//
// The governor runs for real on a synthetic clock that advances 150 ms per reading (at most 15 calls in any planned
// window, under
// the 18 planned of the tightest bucket used, 20 / 1 s), so every call takes the budget path without ever waiting.
// Figures are measured and reported, never asserted.
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'
import { endpointById } from '../../src-shared/api/catalog'
import type { ParamsOf } from '../../src-shared/api/typed'
import { ExchangeClient } from '../../src-main/client/exchange-client'
import { ServerClock } from '../../src-main/client/clock'
import { RateGovernor } from '../../src-main/client/rate-governor'
import { prepareRequest } from '../../src-main/client/prepare'
import { authHeaders } from '../../src-main/client/sign'
import { interpretResponse } from '../../src-main/client/response'
import { normalizeResponse } from '../../src-main/client/normalize/index'
import type { Transport, TransportResponse } from '../../src-main/client/transport'
import { arg } from '../args'
import { median, quantile } from '../stats'

const OUT = arg('out', 'bench-results/client.json')
const CALLS = Number(arg('calls', '20000'))
const REPS = Number(arg('reps', '5'))

const creds = { apiKey: 'ak-7f3c2a91e04b4d5c', secret: 'sk-test-only-2b9e6f1d8c7a4e30' }
const placeBody =
  '{"orderId":["3176901856236716480"],"clientOrderId":"c1","symbol":"btcusdt","transactTime":"1700000000000","price":"65000.50","origQty":"0.10","executedQty":"0","type":"LIMIT","side":"BUY","status":"NEW"}'
const openBody = `[${Array.from({ length: 10 }, (_, i) => `{"orderId":${3176901856236716480n + BigInt(i)},"symbol":"btcusdt","price":"65000.5","origQty":"0.1","executedQty":"0","avgPrice":"0","type":"LIMIT","side":"BUY","status":"NEW","time":"1700000000000"}`).join(',')}]`
const canned = (bodyText: string): TransportResponse => ({
  status: 200,
  headers: { 'content-type': 'application/json' },
  bodyText
})
const placeRes = canned(placeBody)
const openRes = canned(openBody)
const transport: Transport = { send: async (url) => (url.includes('openOrders') ? openRes : placeRes) }

let synthetic = 0
const client = new ExchangeClient({
  baseUrl: 'http://127.0.0.1:1',
  transport,
  credentials: async () => creds,
  clock: new ServerClock({ offsetMs: 0 }),
  governor: new RateGovernor({ now: () => (synthetic += 150) })
})
const order: ParamsOf<'spot.order.place'> = {
  symbol: 'btcusdt',
  side: 'BUY',
  type: 'LIMIT',
  volume: '0.10',
  price: '65000.50',
  newClientOrderId: 'cid-000001'
}

const round = (x: number): number => Math.round(x * 100) / 100

/** Mean us per op of a serial loop, median over reps (after a warm-up rep). */
async function perOp(fn: () => unknown | Promise<unknown>, n = CALLS): Promise<number> {
  const reps: number[] = []
  for (let r = 0; r <= REPS; r++) {
    const t0 = process.hrtime.bigint()
    for (let i = 0; i < n; i++) await fn()
    const us = Number(process.hrtime.bigint() - t0) / 1000 / n
    if (r > 0) reps.push(us)
  }
  return round(median(reps))
}

/** Per-call latency distribution (each call timed alone; includes the timer's own cost, reported as timerUs). */
async function latency(fn: () => Promise<unknown>, n = CALLS): Promise<{ p50: number; p99: number; timerUs: number }> {
  const xs: number[] = []
  for (let i = 0; i < n; i++) {
    const t0 = process.hrtime.bigint()
    await fn()
    xs.push(Number(process.hrtime.bigint() - t0) / 1000)
  }
  const ts: number[] = []
  for (let i = 0; i < 10000; i++) {
    const t0 = process.hrtime.bigint()
    ts.push(Number(process.hrtime.bigint() - t0) / 1000)
  }
  xs.sort((a, b) => a - b)
  return { p50: round(quantile(xs, 0.5)), p99: round(quantile(xs, 0.99)), timerUs: round(median(ts)) }
}

async function main(): Promise<void> {
  const placeDef = endpointById('spot.order.place')
  const prepared = prepareRequest(placeDef, order, 'http://127.0.0.1:1')
  const gov = new RateGovernor({ now: () => (synthetic += 150) })
  const interp = interpretResponse(placeDef, placeRes, 0)
  const parsed = interp.ok ? interp.value : undefined

  const results = {
    generatedAt: new Date().toISOString(),
    node: process.version,
    calls: CALLS,
    reps: REPS,
    goalUsPerSignedCall: 50,
    usPerCall: {
      'spot.order.place (POST, HMAC, full call)': await perOp(() => client.call('spot.order.place', order)),
      'spot.openOrders (GET, HMAC, 10 orders back)': await perOp(() =>
        client.call('spot.openOrders', { symbol: 'btcusdt', limit: 10 })
      ),
      'spot.ticker (GET, public)': await perOp(() => client.call('spot.ticker', { symbol: 'btcusdt' }))
    },
    breakdownUs: {
      'validate + serialize (prepare)': await perOp(() => prepareRequest(placeDef, order, 'http://127.0.0.1:1')),
      'sign (HMAC headers)': await perOp(() => authHeaders(prepared, creds, '1700000000123')),
      'rate budget (governor acquire)': await perOp(() => gov.acquire('k', placeDef, 'user')),
      'parse + envelope (interpretResponse)': await perOp(() => interpretResponse(placeDef, placeRes, 0)),
      normalize: await perOp(() => normalizeResponse(placeDef, parsed, { params: prepared.values, receivedAt: 0 }))
    },
    latencyUs: { 'spot.order.place': await latency(() => client.call('spot.order.place', order)) }
  }
  mkdirSync(dirname(OUT), { recursive: true })
  writeFileSync(OUT, JSON.stringify(results, null, 2) + '\n')
  console.log(JSON.stringify(results, null, 2))
}

void main()
