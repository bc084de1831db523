// A venue that echoes the request headers (the API key among them, raw, base64 and URL-encoded) in every answer,
// success and failure: main must scrub the key and every secret from everything it produces. A remote profile with
// the paper account's keys reaches the embedded exchange through the echoing venue (echo-venue.ts); the session
// places, cancels, reads, transfers and fails (a venue refusal, a made-up 400, an answer lost so the place stays
// undetermined and is stored), then every contract message and event, every file under the user-data folder and
// every log line are searched for the key, the secret, the RSA key's lines and their encodings.
import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { mul, roundToDecimals } from '@shared/decimal'
import type { OrderEventView } from '@shared/ipc/views/trading'
import { startEchoVenue, type EchoRequest } from './echo-venue'
import { addVenueProfile, settleQuickly, startRig, waitFor, type Rig } from './harness'

const C = 'E-BTC-USDT'
const PLACE = /^\/(sapi|fapi)\/v1\/order$/
const byClientId = (r: EchoRequest): boolean =>
  r.method === 'GET' && PLACE.test(r.path) && (r.query.has('newClientOrderId') || r.query.has('clientOrderId'))

/** A secret and the forms an echo could carry it in. */
function forms(secret: string): string[] {
  const s = secret.trim()
  return [s, Buffer.from(s).toString('base64'), Buffer.from(s).toString('base64url'), encodeURIComponent(s)]
}
/** A PEM key: the whole and each line of its body. */
const pemLines = (pem: string): string[] => [
  pem.trim(),
  ...pem.split(/\r?\n/).filter((l) => l.length >= 16 && !l.startsWith('-----'))
]

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name)
    return statSync(p).isDirectory() ? filesUnder(p) : [p]
  })
}

let rig: Rig | undefined
let venue: Awaited<ReturnType<typeof startEchoVenue>> | undefined
afterAll(async () => {
  await rig?.close()
  await venue?.close()
})

describe('terminal core: a venue that echoes the API key', () => {
  it('keeps the key and every secret out of contract results, events, stored files and logs', async () => {
    // The embedded exchange keeps its accounts (the venue's copy of the keys) outside the user-data folder here, so
    // everything under that folder is what main wrote.
    rig = await startRig({
      embedded: { activity: true, seed: 17, dataDir: mkdtempSync(join(tmpdir(), 'echo-exchange-')) },
      tuning: { ...settleQuickly, pollBaseMs: 300 }
    })
    const c = rig.client
    const loseAnswerOf = new Set<string>()
    const rejectOf = new Set<string>()
    const refuseQueries = { on: false }
    venue = await startEchoVenue(rig.core.exchange.url, (r) => {
      const cid = String(r.body['newClientOrderId'] ?? r.body['clientOrderId'] ?? '')
      if (r.method === 'POST' && PLACE.test(r.path) && loseAnswerOf.delete(cid)) return 'lose-answer'
      if (r.method === 'POST' && PLACE.test(r.path) && rejectOf.delete(cid)) return 'reject'
      if (refuseQueries.on && (byClientId(r) || /\/openOrders$/.test(r.path))) return 'refuse'
      return 'forward'
    })
    const paperId = (await c.invoke('profiles.list', {})).activeProfileId!
    const keys = (await rig.core.vault.credentialsFor(paperId))!
    expect(keys.rsaPrivateKey).toBeTruthy()
    const { profileId } = await addVenueProfile(rig, { name: 'Echoing venue', baseUrl: venue.url, keys })
    await c.invoke('profiles.setActive', { profileId })

    const events: OrderEventView[] = []
    const offs = [
      c.subscribe(
        'account.onUpdate',
        { profileId, spotSymbols: ['btcusdt'], marginSymbols: ['ethusdt'], futures: true },
        () => undefined
      ),
      c.subscribe(
        'trading.onOrderEvents',
        { profileId },
        (e) => void events.push(e),
        () => undefined
      ),
      c.subscribe('trading.onOrderHistory', { profileId }, () => undefined),
      c.subscribe('app.onStatus', {}, () => undefined),
      c.subscribe('profiles.onChange', {}, () => undefined)
    ]
    const p = { profileId }
    const quiet = <T>(x: Promise<T>): Promise<T | undefined> => x.catch(() => undefined)

    // Reads.
    await c.invoke('profiles.secretStatus', p)
    await c.invoke('account.balances', p)
    await c.invoke('account.openOrders', { ...p, module: 'spot', symbol: 'btcusdt' })
    await c.invoke('account.openOrders', { ...p, module: 'margin', symbol: 'ethusdt' })
    await c.invoke('account.futuresAccount', p)
    await c.invoke('transfer.futuresBalance', p)
    await c.invoke('transfer.rsaStatus', p)
    for (const ch of [
      'account.deposits',
      'account.withdrawals',
      'account.pnlHistory',
      'account.capitalFlow',
      'account.liquidations',
      'account.positions'
    ] as const)
      await quiet(c.invoke(ch, p as never))

    // Places and cancels: spot, margin, batch, futures, triggers, settings, a transfer.
    const spot = await c.invoke('trading.placeOrder', {
      ...p,
      module: 'spot',
      symbol: 'btcusdt',
      side: 'BUY',
      type: 'LIMIT',
      price: '20000',
      volume: '0.01'
    })
    expect(spot.status).toBe('placed')
    await c.invoke('trading.cancelOrder', { ...p, module: 'spot', symbol: 'btcusdt', orderId: spot.orderId! })
    const margin = await c.invoke('trading.placeOrder', {
      ...p,
      module: 'margin',
      symbol: 'ethusdt',
      side: 'BUY',
      type: 'LIMIT',
      price: '1000',
      volume: '0.01'
    })
    await c.invoke('trading.cancelOrder', {
      ...p,
      module: 'margin',
      symbol: 'ethusdt',
      clientOrderId: margin.clientOrderId
    })
    const batch = await c.invoke('trading.batchPlace', {
      ...p,
      module: 'spot',
      symbol: 'ethusdt',
      orders: [1000, 1001].map((x) => ({ side: 'BUY' as const, type: 'LIMIT' as const, price: `${x}`, volume: '0.01' }))
    })
    await c.invoke('trading.batchCancel', {
      ...p,
      module: 'spot',
      symbol: 'ethusdt',
      orderIds: batch.results.map((r) => r.orderId!)
    })
    await c.invoke('trading.testOrder', {
      ...p,
      module: 'spot',
      symbol: 'btcusdt',
      side: 'BUY',
      type: 'LIMIT',
      price: '20000',
      volume: '0.01'
    })
    await waitFor(
      async () =>
        (await c.invoke('market.depth', { profileId, module: 'futures', symbol: C })).asks.length > 2
          ? true
          : undefined,
      15_000,
      'futures liquidity'
    )
    await c.invoke('trading.setLeverage', { ...p, symbol: C, leverage: 5, positionType: 1 })
    await c.invoke('trading.placeOrder', {
      ...p,
      module: 'futures',
      symbol: C,
      side: 'BUY',
      type: 'MARKET',
      volume: '300',
      open: 'OPEN',
      positionType: 1
    })
    const mark = (await c.invoke('market.fundingRate', { profileId, symbol: C })).markPrice
    const stop = await c.invoke('trading.placeConditional', {
      ...p,
      symbol: C,
      kind: 'stop-loss',
      triggerPrice: roundToDecimals(mul(mark, '0.8'), 1, 'down'),
      side: 'SELL',
      type: 'MARKET',
      volume: '1',
      open: 'CLOSE',
      positionType: 1
    })
    await c.invoke('account.triggerOrders', { ...p, symbol: C })
    await c.invoke('trading.cancelTrigger', { ...p, symbol: C, orderId: stop.orderId })
    await c.invoke('account.orderHistory', { ...p, symbol: C })
    await c.invoke('account.trades', { ...p, module: 'futures', symbol: C })
    await c.invoke('account.closingFills', p)
    await c.invoke('transfer.submit', { ...p, direction: 'spot-to-futures', coin: 'USDT', amount: '10' })
    await c.invoke('trading.orderHistory', { ...p, module: 'spot', limit: 50 })

    // Failures: the venue's own refusal, a made-up 400, and a place whose answer is lost and whose queries are refused.
    await quiet(
      c.invoke('trading.placeOrder', {
        ...p,
        module: 'spot',
        symbol: 'btcusdt',
        side: 'BUY',
        type: 'LIMIT',
        price: '60000',
        volume: '90'
      })
    )
    rejectOf.add('echo-reject-1')
    await quiet(
      c.invoke('trading.placeOrder', {
        ...p,
        module: 'spot',
        symbol: 'btcusdt',
        side: 'BUY',
        type: 'LIMIT',
        price: '20000',
        volume: '0.01',
        clientOrderId: 'echo-reject-1'
      })
    )
    refuseQueries.on = true
    loseAnswerOf.add('echo-lost-1')
    const lost = await c.invoke('trading.placeOrder', {
      ...p,
      module: 'spot',
      symbol: 'btcusdt',
      side: 'BUY',
      type: 'LIMIT',
      price: '20000',
      volume: '0.01',
      clientOrderId: 'echo-lost-1'
    })
    expect(lost.status).toBe('undetermined')
    await waitFor(
      () =>
        events.some((e) => e.type === 'settled' && e.action === 'place' && e.clientOrderId === 'echo-lost-1')
          ? true
          : undefined,
      10_000,
      'the undetermined verdict'
    )
    await quiet(c.invoke('account.openOrders', { ...p, module: 'spot', symbol: 'btcusdt' }))
    const kept = join(rig.dir, 'undetermined-orders', `${profileId}.json`)
    await waitFor(
      () =>
        filesUnder(rig!.dir).includes(kept) && readFileSync(kept, 'utf8').includes('echo-lost-1') ? true : undefined,
      10_000,
      'the stored verdict'
    )

    // Every kind of answer was echoed (so each path did carry the key into main).
    expect(venue.decisions.map((d) => d.decision)).toEqual(
      expect.arrayContaining(['forward', 'reject', 'lose-answer', 'refuse'])
    )
    offs.forEach((off) => off())
    await rig.close()

    const secrets = [...forms(keys.apiKey), ...forms(keys.apiSecret), ...pemLines(keys.rsaPrivateKey!)]
    const out = rig.wire.filter((m) => m.dir === 'out').map((m) => m.text)
    const files = filesUnder(rig.dir).map((f) => ({ f, text: readFileSync(f, 'utf8') }))
    expect(out.length).toBeGreaterThan(50)
    expect(files.map((x) => x.f)).toEqual(
      expect.arrayContaining([kept, join(rig.dir, 'order-history', `${profileId}.jsonl`)])
    )
    // The echo did reach the UI (scrubbed): the venue's words are shown, the key is not.
    expect(out.some((t) => t.includes('x-ch-apikey'))).toBe(true)
    const leaks = [
      ...out.map((text) => ({ where: 'contract', text })),
      ...files.map(({ f, text }) => ({ where: f.slice(rig!.dir.length), text })),
      ...rig.logs.map((text) => ({ where: 'log', text }))
    ].filter(({ text }) => secrets.some((s) => text.includes(s)))
    expect(leaks.map(({ where, text }) => `${where}: ${text.slice(0, 100)}`)).toEqual([])
  }, 90_000)
})
