// The three holes of issue 21, each opened for real and checked against the EXCHANGE's own state: the trading service
// talks over loopback HTTP, through the fault proxy, to the embedded exchange; the truth is read with signed reads
// straight from the exchange (not through the proxy), on a fresh account per test, so "exactly one order" means no
// duplicate and "absent" means nothing was placed. Every verdict the terminal tells (results, trading.onOrderEvents)
// must be that truth.
//   a) a clock estimate that runs ahead (the sync's request leg held back, its answer prompt) and a copy of the place
//      that reaches the venue after the old settle rule would have said "not placed", inside the venue's window:
//      placed, once;
//   b) a rate limit (429, or -1003 on HTTP 200) answered after the request was forwarded, on a place and a cancel:
//      never resent, reconciled: placed / canceled, once;
//   c) the terminal SIGKILLed (a child process, order-kill-child.ts) with a place and a cancel at each step (written
//      down but not sent / held in the network / answer lost and reconciling; and a place told "not placed" but still
//      to be read back) and started again on the same user-data folder: each action is resumed, its verdict (notice
//      'recovered', or 'correction') is the exchange's truth, nothing duplicated, the in-flight list empty afterwards;
//   d) a place reconciled "not placed" by a gateway whose window is smaller than the venue's, whose copy the venue
//      then takes: read back later and told as a 'correction' (placed).
// The embedded exchange runs on this host's clock (Date.now), so the venue's time is the local time here and the
// client clock's estimate error is exactly its offset.
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { RunningExchange } from '../../../src-sim/exchange'
import type { ExchangeClient, ExchangeClientOptions } from '../../../src-main/client'
import type { ExchangeError } from '../../../src-main/client/errors'
import type { OrderGatewayOptions } from '../../../src-main/orders'
import type { Intent } from '../../../src-main/orders/intents'
import { isNoSuchOrder } from '../../../src-main/orders/venue-ops'
import { AccountService } from '../../../src-main/services/account-service'
import { errorBody } from '../../../src-main/services/errors'
import { Instruments } from '../../../src-main/services/instruments'
import { TradingService } from '../../../src-main/services/trading-service'
import { Venues } from '../../../src-main/services/venues'
import { Vault } from '../../../src-main/vault'
import { MemorySecretStore } from '../../../src-main/vault/secret-store'
import type { OrderEventView } from '../../../src-shared/ipc/views/trading'
import { startFaultProxy, type Fault, type FaultProxy, type HeldRequest } from '../client/fault-proxy'
import { clientFor, control, quietExchange, type KeyPair } from '../client/helpers'
import type { ChildConfig } from './order-kill-child'

const REPO = resolve(import.meta.dirname, '../../..')
const CHILD = join(import.meta.dirname, 'order-kill-child.ts')
const SYMBOL = 'btcusdt'
const PLACE = 'POST /sapi/v1/order'
const CANCEL = 'POST /sapi/v1/cancel'
const QUERY = 'GET /sapi/v1/order'
const TIME = 'GET /sapi/v1/time'

let ex: RunningExchange
let proxy: FaultProxy

/** Faults by `${method} ${catalog path}`, for one account's requests (apiKey) or all; `times` of them, then gone. */
interface Rule {
  key: string
  apiKey?: string
  fault: Fault
  times: number
}
const rules: Rule[] = []
function inject(key: string, fault: Fault, opts: { apiKey?: string; times?: number } = {}): () => void {
  const r: Rule = { key, fault, times: opts.times ?? Infinity, ...(opts.apiKey ? { apiKey: opts.apiKey } : {}) }
  rules.push(r)
  return () => {
    const i = rules.indexOf(r)
    if (i >= 0) rules.splice(i, 1)
  }
}
const catalogKey = (method: string, path: string): string => `${method} ${path.replace(/^\/(spot|futures)\/open/, '')}`

beforeAll(async () => {
  ex = await quietExchange()
  proxy = await startFaultProxy(ex.url, ({ method, path, headers }) => {
    const key = catalogKey(method, path)
    const r = rules.find(
      (x) => x.times > 0 && x.key === key && (x.apiKey === undefined || x.apiKey === headers['x-ch-apikey'])
    )
    if (!r) return { kind: 'none' }
    r.times--
    return r.fault
  })
})
afterAll(async () => {
  await proxy?.close()
  await ex?.close()
})

/** Requests of this account the proxy took in, by `${method} ${catalog path}` (the exchange saw at most these). */
const seen = (keys: KeyPair, key: string): number =>
  proxy.log.filter((r) => catalogKey(r.method, r.path) === key && r.headers['x-ch-apikey'] === keys.apiKey).length
const heldOf = (keys: KeyPair, key: string): HeldRequest[] =>
  proxy.held.filter((h) => catalogKey(h.method, h.path) === key && h.headers['x-ch-apikey'] === keys.apiKey)

/** Waits for a condition (polled), failing with `what` at the deadline. */
async function until<T>(check: () => T | Promise<T>, what: string, timeoutMs = 15_000): Promise<NonNullable<T>> {
  const end = Date.now() + timeoutMs
  for (;;) {
    const v = await check()
    if (v) return v as NonNullable<T>
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 25))
  }
}

// ---- the exchange's truth: signed reads straight to it, never through the proxy ----

/** A fresh funded account: whatever it holds was placed by the test in hand. */
const newAccount = (): Promise<KeyPair> => control(ex, 'accounts', {}) as Promise<KeyPair>
interface VenueOrder {
  orderId: string
  clientOrderId: string
  status: string
  transactTime: string
}
const directClients = new Map<string, ExchangeClient>()
/** A client of the account straight to the exchange (one per account: its clock is synced once). */
const direct = (keys: KeyPair): ExchangeClient => {
  let c = directClients.get(keys.apiKey)
  if (!c) directClients.set(keys.apiKey, (c = clientFor(ex.url, keys, { clockSamples: 1 })))
  return c
}
async function venueOrder(
  keys: KeyPair,
  ref: { clientOrderId?: string; orderId?: string }
): Promise<VenueOrder | 'absent'> {
  const params = ref.orderId
    ? { symbol: SYMBOL, orderId: ref.orderId }
    : { symbol: SYMBOL, newClientOrderId: ref.clientOrderId! }
  try {
    return (await direct(keys).call('spot.order.query', params)) as unknown as VenueOrder
  } catch (e) {
    if (isNoSuchOrder(e)) return 'absent'
    throw e
  }
}
async function venueOpenOrders(keys: KeyPair): Promise<{ orderId: string }[]> {
  return (await direct(keys).call('spot.openOrders', { symbol: SYMBOL, limit: 1000 })) as never
}
/** An order placed straight on the exchange (the one a cancel then aims at). */
async function placeOnVenue(keys: KeyPair, clientOrderId: string): Promise<string> {
  const o = (await direct(keys).call('spot.order.place', {
    symbol: SYMBOL,
    side: 'BUY',
    type: 'LIMIT',
    price: '30000',
    volume: '0.01',
    newClientOrderId: clientOrderId
  })) as { orderId: string }
  return o.orderId
}

// ---- the terminal side ----

/** A user-data folder with one remote profile on the proxy (profiles.json; its keys are set by each run). */
async function userData(): Promise<{ dir: string; profileId: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'order-fault-holes-'))
  const vault = await Vault.open({ userDataDir: dir, secrets: new MemorySecretStore() })
  const p = await vault.profiles.add({
    name: 'Sim',
    kind: 'remote',
    baseUrl: proxy.url,
    wsSpotUrl: `ws://127.0.0.1:${ex.port}/spot/ws`,
    wsFuturesUrl: `ws://127.0.0.1:${ex.port}/futures/ws`
  })
  return { dir, profileId: p.id }
}
/** The actions in flight the profile's undetermined-orders file holds now. */
function intentsOnDisk(dir: string, profileId: string): Intent[] {
  try {
    return (
      (
        JSON.parse(readFileSync(join(dir, 'undetermined-orders', `${profileId}.json`), 'utf8')) as {
          intents?: Intent[]
        }
      ).intents ?? []
    )
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return []
    throw e
  }
}

interface RigOptions {
  client?: Partial<ExchangeClientOptions>
  gateway?: Omit<OrderGatewayOptions, 'client' | 'onEvent' | 'undetermined' | 'venue'>
}
const rigs: { close(): void }[] = []
afterEach(() => {
  rules.length = 0
  for (const h of [...proxy.held]) h.drop()
  for (const r of rigs.splice(0)) r.close()
})

/**
 * One run of the terminal's main-process order path over the folder: Venues (its undetermined-orders dir), services,
 * the stream.
 */
async function rig(keys: KeyPair, u: { dir: string; profileId: string }, o: RigOptions = {}) {
  const vault = await Vault.open({ userDataDir: u.dir, secrets: new MemorySecretStore() })
  await vault.setSecrets(u.profileId, { apiKey: keys.apiKey, apiSecret: keys.apiSecret })
  /** Each unknown outcome the client reported, with the local (= venue) time it failed. */
  const unknown: { at: number; error: ExchangeError }[] = []
  const venues = new Venues({
    vault,
    embedded: null,
    client: {
      clockSamples: 1,
      timeoutMs: 3000,
      onUnknownOutcome: (error) => void unknown.push({ at: Date.now(), error }),
      ...o.client
    },
    gateway: {
      reconcileDeadlineMs: 20_000,
      timeWindowMs: 5000,
      settleMarginMs: 200,
      backoff: { baseMs: 50, maxMs: 200 },
      ...o.gateway
    },
    undeterminedDir: join(u.dir, 'undetermined-orders')
  })
  const instruments = new Instruments(venues)
  const account = new AccountService(venues, instruments)
  const trading = new TradingService(venues, instruments, account, { refreshNow: () => undefined })
  const events: OrderEventView[] = []
  const off = trading.onOrderEvents(u.profileId, (e) => void events.push(e))
  const rt = venues.get(u.profileId)
  await rt.client.start()
  const r = {
    ...u,
    venues,
    trading,
    rt,
    events,
    unknown,
    settled: (pred: (e: OrderEventView) => boolean = () => true) =>
      events.filter((e) => e.type === 'settled' && pred(e)),
    close: () => {
      off()
      venues.close()
    }
  }
  rigs.push(r)
  return r
}
const order = (profileId: string, clientOrderId: string) =>
  ({
    profileId,
    module: 'spot',
    symbol: SYMBOL,
    side: 'BUY',
    type: 'LIMIT',
    price: '30000',
    volume: '0.01',
    clientOrderId
  }) as const
const ofCid = (cid: string) => (e: OrderEventView) => 'clientOrderId' in e && e.clientOrderId === cid

describe('a) the clock estimate runs ahead: "absent" is final only on the venue clock\'s lower bound', () => {
  it('a copy reaching the venue after the old settle point, inside its window: placed, once', async () => {
    const keys = await newAccount()
    const SYNC_DELAY = 3600
    const W = 5000
    const M = 200
    // The time request is held before it is forwarded (the answer comes back at once): the venue stamps it late,
    // so the midpoint estimate runs ahead by ~SYNC_DELAY / 2, and the sample's RTT is ~SYNC_DELAY.
    inject(TIME, { kind: 'delay', ms: SYNC_DELAY })
    const r = await rig(keys, await userData(), {
      client: { timeoutMs: SYNC_DELAY + 2000 },
      gateway: { timeWindowMs: W, settleMarginMs: M }
    })
    const clock = r.rt.client.executor.clock
    const { offsetMs, rttMs } = clock.state()
    // The venue runs on this host's clock: the estimate's error is the offset itself.
    expect(offsetMs).toBeGreaterThan(SYNC_DELAY / 2 - 400)
    expect(rttMs).toBeGreaterThanOrEqual(SYNC_DELAY)
    expect(clock.errorBoundMs()).toBeGreaterThanOrEqual(offsetMs) // the bound covers the actual error

    // The place: the client's connection is reset at once (an unknown outcome, reconciled), while the proxy keeps the
    // request and forwards it when the test says.
    const cid = 'hole-a-1'
    inject(PLACE, { kind: 'cut-hold' }, { apiKey: keys.apiKey, times: 1 })
    const ack = r.trading.placeOrder(order(r.profileId, cid))
    const held = await until(() => heldOf(keys, PLACE)[0], 'the held place')
    await until(() => r.unknown.length === 1, 'the unknown outcome')
    expect(r.unknown[0]!.error).toMatchObject({ kind: 'unknown-outcome', clientOrderId: cid })
    const failedAt = r.unknown[0]!.at
    const stamp = Number(held.headers['x-ch-ts'])
    expect(stamp - failedAt).toBeGreaterThan(SYNC_DELAY / 2 - 500) // stamped ahead of the venue's clock

    // The old rule: settle point = the estimate at the failure + window + margin, "absent" final once the ESTIMATE is
    // past it, i.e. once the local (= venue) clock is past failedAt + W + M. Wait until then.
    const oldFinalAt = failedAt + W + M
    await until(() => Date.now() > oldFinalAt + 100, "the old rule's settle point", W + M + 5000)
    // At that point the venue has no such order: the old rule's query (and open orders) would have said "not placed".
    expect(await venueOrder(keys, { clientOrderId: cid })).toBe('absent')
    // The gateway still waits (the lower bound of the venue's clock is not past its settle point yet).
    expect(r.rt.gateway.pending()).toMatchObject([{ action: 'place', clientOrderId: cid, phase: 'reconciling' }])
    expect(r.settled()).toEqual([])

    // The copy arrives now: after the old settle point, but inside the venue's window of its (ahead) stamp.
    const answer = await held.release()
    expect(answer.status, answer.body).toBe(200)
    const accepted = JSON.parse(answer.body) as { orderId: string; transactTime: string }
    const result = await ack
    expect(result).toMatchObject({
      status: 'placed',
      clientOrderId: cid,
      orderId: accepted.orderId,
      reconciled: true,
      error: null
    })

    const onVenue = await venueOrder(keys, { clientOrderId: cid })
    expect(onVenue).toMatchObject({ orderId: accepted.orderId, status: 'NEW' })
    const acceptedAt = Number((onVenue as VenueOrder).transactTime)
    expect(acceptedAt).toBeGreaterThan(oldFinalAt) // the old rule had said "not placed" before the venue placed it
    expect(acceptedAt - stamp).toBeLessThanOrEqual(W) // and the venue rightly took it: inside its window
    expect(await venueOpenOrders(keys)).toMatchObject([{ orderId: accepted.orderId }]) // once
    expect(seen(keys, PLACE)).toBe(1) // never resent
    expect(r.settled(ofCid(cid))).toEqual([
      {
        actionId: result.actionId,
        type: 'settled',
        action: 'place',
        module: 'spot',
        symbol: SYMBOL,
        clientOrderId: cid,
        orderId: accepted.orderId,
        status: 'placed',
        reconciled: true,
        error: null,
        notice: null,
        late: false
      }
    ])
  })
})

describe('b) a rate limit answered after forwarding: an unknown outcome, never resent', () => {
  it('place, HTTP 429 after the venue placed it: reconciled by client id, placed once', async () => {
    const keys = await newAccount()
    const r = await rig(keys, await userData())
    inject(
      PLACE,
      {
        kind: 'error-after',
        status: 429,
        headers: { 'Retry-After': '1' },
        body: '{"code":-1003,"msg":"Too many requests"}'
      },
      { apiKey: keys.apiKey, times: 1 }
    )
    const cid = 'hole-b-429'
    const ack = await r.trading.placeOrder(order(r.profileId, cid))
    expect(seen(keys, PLACE)).toBe(1) // never resent
    const onVenue = await venueOrder(keys, { clientOrderId: cid })
    expect(onVenue).toMatchObject({ status: 'NEW' })
    expect(await venueOpenOrders(keys)).toHaveLength(1) // once
    expect(ack).toMatchObject({
      status: 'placed',
      clientOrderId: cid,
      orderId: (onVenue as VenueOrder).orderId,
      reconciled: true
    })
    expect(r.unknown.map((u) => u.error)).toMatchObject([
      { kind: 'unknown-outcome', detail: 'rate-limited', httpStatus: 429, clientOrderId: cid }
    ])
    expect(r.settled(ofCid(cid))).toMatchObject([
      { action: 'place', status: 'placed', orderId: (onVenue as VenueOrder).orderId, notice: null }
    ])
  })

  it('place, -1003 on HTTP 200 after the venue placed it: the same', async () => {
    const keys = await newAccount()
    const r = await rig(keys, await userData())
    inject(
      PLACE,
      { kind: 'error-after', status: 200, body: '{"code":-1003,"msg":"Too many requests"}' },
      { apiKey: keys.apiKey, times: 1 }
    )
    const cid = 'hole-b-1003'
    const ack = await r.trading.placeOrder(order(r.profileId, cid))
    expect(seen(keys, PLACE)).toBe(1)
    const onVenue = await venueOrder(keys, { clientOrderId: cid })
    expect(await venueOpenOrders(keys)).toHaveLength(1)
    expect(ack).toMatchObject({ status: 'placed', orderId: (onVenue as VenueOrder).orderId, reconciled: true })
    expect(r.unknown.map((u) => u.error)).toMatchObject([
      { kind: 'unknown-outcome', detail: 'rate-limited', code: -1003 }
    ])
  })

  it('cancel, HTTP 429 after the venue cancelled: reconciled by order id, canceled; nothing else on the venue', async () => {
    const keys = await newAccount()
    const orderId = await placeOnVenue(keys, 'hole-b-cancel')
    const r = await rig(keys, await userData())
    inject(
      CANCEL,
      { kind: 'error-after', status: 429, headers: { 'Retry-After': '1' } },
      { apiKey: keys.apiKey, times: 1 }
    )
    const ack = await r.trading.cancelOrder({ profileId: r.profileId, module: 'spot', symbol: SYMBOL, orderId })
    expect(seen(keys, CANCEL)).toBe(1)
    expect(await venueOrder(keys, { orderId })).toMatchObject({ orderId, status: 'CANCELED' })
    expect(await venueOpenOrders(keys)).toEqual([])
    expect(ack).toMatchObject({ status: 'canceled', orderId, reconciled: true, error: null })
    expect(r.unknown.map((u) => u.error)).toMatchObject([
      { kind: 'unknown-outcome', detail: 'rate-limited', httpStatus: 429 }
    ])
    expect(r.settled((e) => e.action === 'cancel')).toMatchObject([{ status: 'canceled', orderId, notice: null }])
  })
})

// ---- c) the terminal killed mid-action ----

/** 'confirming' (a place only): told "not placed" by the dead terminal, to be read back once more (a correction). */
type Step = 'not-sent' | 'sending' | 'reconciling' | 'confirming'
type ChildLine = {
  ready?: true
  sending?: string
  apiKey?: string
  intentsOnDisk?: Intent[]
  blocked?: string
  profileId?: string
  event?: OrderEventView
  result?: unknown
  error?: unknown
  fatal?: string
}

/** The terminal side in its own process (order-kill-child.ts), its stdout lines as they come. */
function startChild(cfg: ChildConfig) {
  const lines: ChildLine[] = []
  let stderr = ''
  const proc = spawn(process.execPath, ['--import', 'tsx', CHILD], {
    cwd: REPO,
    env: { ...process.env, TSX_TSCONFIG_PATH: join(REPO, 'tsconfig.node.json'), ORDER_KILL_CHILD: JSON.stringify(cfg) },
    stdio: ['pipe', 'pipe', 'pipe']
  })
  let buf = ''
  proc.stdout.on('data', (d: Buffer) => {
    buf += d.toString('utf8')
    for (let i = buf.indexOf('\n'); i >= 0; i = buf.indexOf('\n')) {
      lines.push(JSON.parse(buf.slice(0, i)) as ChildLine)
      buf = buf.slice(i + 1)
    }
  })
  proc.stderr.on('data', (d: Buffer) => void (stderr += d.toString('utf8')))
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((res) =>
    proc.on('exit', (code, signal) => res({ code, signal }))
  )
  let gone = false
  void exited.then(() => (gone = true))
  return {
    lines,
    /** Waits for `check` over the lines; fails if the child ends first (with its last words). */
    when: <T>(check: () => T, what: string) =>
      until(
        () => {
          const v = check()
          if (!v && gone)
            throw new Error(`the child ended before ${what}: ${JSON.stringify(lines.slice(-3))} ${stderr.slice(-2000)}`)
          return v
        },
        `the child: ${what}`,
        30_000
      ),
    /** Starts the actions marked `later`. */
    go: () => void proc.stdin.write('go\n'),
    kill: async () => {
      proc.kill('SIGKILL')
      return exited
    },
    end: () => void (gone || proc.kill('SIGKILL'))
  }
}

interface KillCase {
  action: 'place' | 'cancel'
  step: Step
  keys: KeyPair
  profileId: string
  cid: string
  /** A cancel's order (placed straight on the exchange first). */
  orderId?: string
}
const KILL_POST = (c: { action: 'place' | 'cancel' }): string => (c.action === 'place' ? PLACE : CANCEL)

describe('c) the terminal killed mid-action and started again on the same folder', () => {
  it('a place and a cancel at each step: resumed, told as recovered (a pending "not placed": corrected), the exchange\'s truth, nothing duplicated, nothing left in flight', async () => {
    // One terminal, seven actions in flight, each on its own profile and account (so each account's orders are its
    // action's alone), all in one user-data folder.
    const dir = mkdtempSync(join(tmpdir(), 'order-fault-holes-'))
    const vault = await Vault.open({ userDataDir: dir, secrets: new MemorySecretStore() })
    const cases: KillCase[] = []
    for (const action of ['place', 'cancel'] as const) {
      for (const step of [
        'not-sent',
        'sending',
        'reconciling',
        ...(action === 'place' ? (['confirming'] as const) : [])
      ] as const) {
        const keys = await newAccount()
        const p = await vault.profiles.add({
          name: `${action} ${step}`,
          kind: 'remote',
          baseUrl: proxy.url,
          wsSpotUrl: `ws://127.0.0.1:${ex.port}/spot/ws`,
          wsFuturesUrl: `ws://127.0.0.1:${ex.port}/futures/ws`
        })
        const cid = `kill-${action}-${step}`
        cases.push({
          action,
          step,
          keys,
          profileId: p.id,
          cid,
          ...(action === 'cancel' ? { orderId: await placeOnVenue(keys, cid) } : {})
        })
      }
    }
    const reconciling = cases.filter((c) => c.step === 'reconciling')
    const sending = cases.filter((c) => c.step === 'sending')
    // Reconciling: the venue acts, its answer is lost (502), and the reads fail (unreachable) until the kill.
    const readsFail = reconciling.map((c) =>
      inject(QUERY, { kind: 'error-before', status: 503 }, { apiKey: c.keys.apiKey })
    )
    for (const c of reconciling)
      inject(KILL_POST(c), { kind: 'error-after', status: 502 }, { apiKey: c.keys.apiKey, times: 1 })
    // Sending: the request is held in the network (the proxy) when the terminal dies.
    for (const c of sending) inject(KILL_POST(c), { kind: 'hold' }, { apiKey: c.keys.apiKey, times: 1 })
    // Confirming: the connection is reset at once and the request held; the dead terminal's gateway (a 1000 ms window,
    // the venue's is 5000) told it "not placed" and was to read it back later; the copy reaches the venue after the
    // kill.
    const confirming = cases.filter((c) => c.step === 'confirming')
    for (const c of confirming) inject(PLACE, { kind: 'cut-hold' }, { apiKey: c.keys.apiKey, times: 1 })

    const child = startChild({
      userDataDir: dir,
      symbol: SYMBOL,
      // The held requests are sent last, just before the kill: the venue takes a copy only inside its window.
      actions: cases.map((c) => ({
        profileId: c.profileId,
        ...c.keys,
        action: c.action,
        ...(c.action === 'place' ? { clientOrderId: c.cid } : { orderId: c.orderId }),
        blockSend: c.step === 'not-sent',
        later: c.step === 'sending'
      }))
    })
    const onDiskAtKill = new Map<string, Intent[]>()
    try {
      const blocked = (c: KillCase) => child.lines.some((l) => l.blocked === c.keys.apiKey)
      const inReconciliation = (c: KillCase) =>
        child.lines.some(
          (l) =>
            l.profileId === c.profileId &&
            l.event?.type === 'pending' &&
            l.event.phase === 'reconciling' &&
            l.event.queries > 0
        )
      const toldNotPlaced = (c: KillCase) =>
        child.lines.some(
          (l) => l.profileId === c.profileId && l.event?.type === 'settled' && l.event.status === 'rejected'
        )
      await child.when(
        () =>
          cases.every((c) => c.step !== 'not-sent' || blocked(c)) &&
          reconciling.every(inReconciliation) &&
          confirming.every(toldNotPlaced),
        'the blocked sends, the reconciliations and the "not placed"'
      )
      await until(
        () => confirming.every((c) => intentsOnDisk(dir, c.profileId).some((i) => i.phase === 'confirming')),
        'the confirming steps on disk'
      )
      child.go()
      await child.when(() => sending.every((c) => heldOf(c.keys, KILL_POST(c)).length === 1), 'the held requests')
      for (const c of cases) onDiskAtKill.set(c.profileId, intentsOnDisk(dir, c.profileId))
      const exit = await child.kill()
      expect(exit.signal).toBe('SIGKILL')
    } finally {
      child.end()
    }
    readsFail.forEach((off) => off())
    // The copy the dead terminal called "not placed" reaches the venue now, inside the venue's window.
    for (const c of confirming) {
      const held = heldOf(c.keys, PLACE)[0]!
      const answer = await held.release()
      expect(
        answer.status,
        `confirming: ${answer.body}, forwarded ${answer.at - held.heldAt} ms after it was held`
      ).toBe(200)
    }

    for (const c of cases) {
      const label = `${c.action} killed at ${c.step}`
      // Written down before it was sent: the file listed it when the request was handed to the transport, and at the
      // kill.
      const intent = {
        action: c.action,
        market: 'spot',
        symbol: SYMBOL,
        phase: 'sending',
        venue: proxy.url,
        ...(c.action === 'place' ? { clientOrderId: c.cid } : { orderId: c.orderId })
      }
      expect(
        child.lines.find((l) => l.sending !== undefined && l.apiKey === c.keys.apiKey)?.intentsOnDisk,
        label
      ).toMatchObject([intent])
      expect(onDiskAtKill.get(c.profileId), label).toMatchObject([
        { ...intent, phase: c.step === 'confirming' ? 'confirming' : 'sending' }
      ])
      // The dead terminal told no verdict (but the "not placed" of the one it was to read back).
      const told = child.lines.filter(
        (l) =>
          l.profileId === c.profileId &&
          (l.event?.type === 'settled' || l.result !== undefined || l.error !== undefined)
      )
      expect(told.length, label).toBe(c.step === 'confirming' ? 2 : 0)
    }

    // The next start on the same folder: the core resumes the profiles' actions in flight first
    // (Venues.resumeInFlight),
    // then a window subscribes to each profile's stream.
    const next = await Vault.open({ userDataDir: dir, secrets: new MemorySecretStore() })
    for (const c of cases) await next.setSecrets(c.profileId, c.keys)
    const venues = new Venues({
      vault: next,
      embedded: null,
      client: { clockSamples: 1, timeoutMs: 3000 },
      gateway: {
        reconcileDeadlineMs: 20_000,
        timeWindowMs: 5000,
        settleMarginMs: 200,
        backoff: { baseMs: 50, maxMs: 200 },
        confirmAfterMs: 300
      },
      undeterminedDir: join(dir, 'undetermined-orders')
    })
    rigs.push(venues)
    venues.resumeInFlight(next.profiles.list().map((p) => p.id))
    const instruments = new Instruments(venues)
    const trading = new TradingService(venues, instruments, new AccountService(venues, instruments), {
      refreshNow: () => undefined
    })
    const events = new Map<string, OrderEventView[]>(cases.map((c) => [c.profileId, []]))
    for (const c of cases) trading.onOrderEvents(c.profileId, (e) => void events.get(c.profileId)!.push(e))
    const settledOf = (c: KillCase) => events.get(c.profileId)!.filter((e) => e.type === 'settled')

    // The held requests are still in the network: they reach the venue while the new run reconciles, after its first
    // read found nothing final yet. (A verdict reached before that is released after too: the checks below then
    // compare it with the truth.)
    await Promise.all(
      sending.map(async (c) => {
        await until(
          () =>
            events
              .get(c.profileId)!
              .some(
                (e) =>
                  e.type === 'settled' ||
                  (e.type === 'pending' && /waiting out the time window/.test(e.lastError ?? ''))
              ),
          `${c.action} sending: the first inconclusive read`
        )
        const held = heldOf(c.keys, KILL_POST(c))[0]!
        const answer = await held.release()
        expect(
          answer.status,
          `${c.action} sending: ${answer.body}, forwarded ${answer.at - held.heldAt} ms after it was held`
        ).toBe(200) // the venue took it, inside its window
      })
    )
    await until(() => cases.every((c) => settledOf(c).length > 0), 'the recovered verdicts', 25_000)

    for (const c of cases) {
      const label = `${c.action} killed at ${c.step}`
      const ev = events.get(c.profileId)!
      // Listed as reconciling from the start of the new run (a "not placed" to confirm is read back without a pending
      // row).
      if (c.step !== 'confirming')
        expect(ev[0], label).toMatchObject({ type: 'pending', action: c.action, phase: 'reconciling' })
      const verdict = settledOf(c)[0]
      const open = await venueOpenOrders(c.keys)
      if (c.action === 'place') {
        const truth = await venueOrder(c.keys, { clientOrderId: c.cid })
        // Not sent: the venue never saw it; otherwise it holds it. Placed iff the exchange has it.
        expect(truth === 'absent', label).toBe(c.step === 'not-sent')
        if (c.step === 'confirming') {
          // The new run read it back and corrected the dead terminal's "not placed".
          expect(verdict, label).toMatchObject({
            action: 'place',
            clientOrderId: c.cid,
            status: 'placed',
            reconciled: true,
            orderId: (truth as VenueOrder).orderId,
            notice: 'correction',
            error: null
          })
          expect(open, label).toMatchObject([{ orderId: (truth as VenueOrder).orderId }])
        } else if (truth === 'absent') {
          expect(verdict, label).toMatchObject({
            action: 'place',
            clientOrderId: c.cid,
            status: 'rejected',
            reconciled: true,
            orderId: null,
            notice: 'recovered',
            error: { message: expect.stringMatching(/not placed/) }
          })
          expect(open, label).toEqual([])
        } else {
          expect(verdict, label).toMatchObject({
            action: 'place',
            clientOrderId: c.cid,
            status: 'placed',
            reconciled: true,
            orderId: truth.orderId,
            notice: 'recovered',
            error: null
          })
          expect(open, label).toMatchObject([{ orderId: truth.orderId }]) // once
        }
        expect(seen(c.keys, PLACE), label).toBe(c.step === 'not-sent' ? 0 : 1) // the new run never resends
      } else {
        const truth = await venueOrder(c.keys, { orderId: c.orderId })
        // Canceled iff the exchange cancelled it.
        expect(truth, label).toMatchObject({ orderId: c.orderId, status: c.step === 'not-sent' ? 'NEW' : 'CANCELED' })
        if (c.step === 'not-sent') {
          expect(verdict, label).toMatchObject({
            action: 'cancel',
            orderId: c.orderId,
            status: 'rejected',
            reconciled: true,
            notice: 'recovered',
            error: { message: expect.stringMatching(/never took effect/) }
          })
          expect(open, label).toMatchObject([{ orderId: c.orderId }])
        } else {
          expect(verdict, label).toMatchObject({
            action: 'cancel',
            orderId: c.orderId,
            status: 'canceled',
            reconciled: true,
            notice: 'recovered',
            error: null
          })
          expect(open, label).toEqual([])
        }
        expect(seen(c.keys, CANCEL), label).toBe(c.step === 'not-sent' ? 0 : 1)
        expect(seen(c.keys, PLACE), label).toBe(0)
      }
    }
    // Struck off after the verdict (a "not placed" once its confirming read is done), and told once.
    await until(() => cases.every((c) => intentsOnDisk(dir, c.profileId).length === 0), 'the in-flight lists emptied')
    for (const c of cases) expect(settledOf(c), `${c.action} killed at ${c.step}`).toHaveLength(1)
  }, 50_000)
})

describe('d) a "not placed" the venue contradicts later', () => {
  it('read back after confirmAfterMs: a settled "placed" with notice "correction", the order there once', async () => {
    const keys = await newAccount()
    const u = await userData()
    // The gateway believes in a 1000 ms window; the venue takes a request for 5000 ms after its stamp.
    const r = await rig(keys, u, {
      client: { timeoutMs: 800 },
      gateway: { timeWindowMs: 1000, settleMarginMs: 200, confirmAfterMs: 2500 }
    })
    inject(PLACE, { kind: 'hold' }, { apiKey: keys.apiKey, times: 1 })
    const cid = 'hole-d-1'
    const placing = r.trading.placeOrder(order(r.profileId, cid)).then(
      () => 'placed' as const,
      (e: unknown) => errorBody(e)
    )
    const held = await until(() => heldOf(keys, PLACE)[0], 'the held place')
    // The client times out, the gateway finds nothing past ITS settle point: "not placed".
    expect(await placing).toMatchObject({
      code: 'exchange',
      exchange: { code: -2013 },
      message: expect.stringMatching(/not placed/)
    })
    expect(r.settled(ofCid(cid))).toMatchObject([{ status: 'rejected', reconciled: true, notice: null }])
    await r.venues.flushed()
    expect(intentsOnDisk(u.dir, u.profileId)).toMatchObject([{ clientOrderId: cid, phase: 'confirming' }])
    expect(await venueOrder(keys, { clientOrderId: cid })).toBe('absent') // true when told

    // The copy reaches the venue now, inside the venue's own window.
    const answer = await held.release()
    expect(answer.status, answer.body).toBe(200)
    const { orderId } = JSON.parse(answer.body) as { orderId: string }
    await until(() => r.settled(ofCid(cid)).length === 2, 'the correction')
    // The correction names the action whose "not placed" answer it corrects.
    const { actionId } = (await placing) as { actionId?: string }
    expect(actionId).toEqual(expect.any(String))
    expect(r.settled(ofCid(cid))[1]).toEqual({
      actionId,
      type: 'settled',
      action: 'place',
      module: 'spot',
      symbol: SYMBOL,
      clientOrderId: cid,
      orderId,
      status: 'placed',
      reconciled: true,
      error: null,
      notice: 'correction',
      // What the notice says, in catalog words the window tells in its language.
      noticeWords: { key: 'main.notice.correction', params: { clientOrderId: cid, orderId } },
      late: true
    })
    expect(await venueOrder(keys, { clientOrderId: cid })).toMatchObject({ orderId, status: 'NEW' })
    expect(await venueOpenOrders(keys)).toMatchObject([{ orderId }])
    expect(seen(keys, PLACE)).toBe(1)
    await until(() => intentsOnDisk(u.dir, u.profileId).length === 0, 'the in-flight list emptied')
  })
})
