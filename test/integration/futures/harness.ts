// Futures tests over real loopback HTTP: an embedded exchange with no market activity, the futures tick run
// by the test (futuresTickMs 0) and a controllable clock, so marks, triggers, funding and liquidation happen
// exactly when a test says. Prices are steered the way the README says: through the spot book of the base.
import { buildQueryString } from '@shared/node/prehash'
import { JsonNumber, parseLosslessJson, type LosslessValue } from '@shared/json/lossless-json'
import { startExchange, type RunningExchange, type StartOptions } from '../../../src-sim/exchange'
import { control, signedFetch, type Keys } from '../sim/harness'
import { fundAccount, newAccountCommand } from '../../../src-sim/accounts'

export const T0 = 1_700_000_040_000

export interface FuturesRig {
  ex: RunningExchange
  clock: { now: number }
  /** A funded account with `usdt` (and `btc`) in its futures wallet. */
  client(opts?: { usdt?: string; btc?: string }): Promise<FClient>
  /** Sets the spot mid of `spotSymbol` to exactly `price` (its own orders one step either side) and ticks. */
  setIndex(spotSymbol: string, price: string, step?: string): Promise<void>
  /** Advances the clock and commits one futures tick. */
  tick(advanceMs?: number): Promise<void>
  close(): Promise<void>
}

/** JSON numbers as their exact text: every futures number (and id) can be compared as a string. */
export function plainJson(v: LosslessValue): any {
  if (v instanceof JsonNumber) return v.text
  if (Array.isArray(v)) return v.map(plainJson)
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, plainJson(x)]))
  return v
}

export interface Reply {
  status: number
  body: any
  /** the raw response text */
  text: string
}

export class FClient {
  constructor(
    readonly url: string,
    readonly keys: Keys,
    private readonly now: () => number
  ) {}

  get accountId(): string {
    return this.keys.accountId!
  }

  /** A signed call; `path` carries the gateway prefix. Numbers in the answer come back as exact text. */
  async signed(
    method: 'GET' | 'POST',
    path: string,
    params: Record<string, unknown> = {},
    tweak: Record<string, string | undefined> = {}
  ): Promise<Reply> {
    const res = await signedFetch(this.url, this.keys, this.now, method, path, params, tweak)
    const text = await res.text()
    // Error bodies ({code, msg}) keep their numeric code; answers have every number as exact text.
    return {
      status: res.status,
      body: res.status === 200 ? plainJson(parseLosslessJson(text)) : JSON.parse(text),
      text
    }
  }

  get(path: string, params: Record<string, unknown> = {}) {
    return this.signed('GET', `/futures/open/fapi/v1/${path}`, params)
  }
  post(path: string, params: Record<string, unknown> = {}) {
    return this.signed('POST', `/futures/open/fapi/v1/${path}`, params)
  }
  /** Places an order and throws unless it is accepted; returns its id (text). */
  async place(params: Record<string, unknown>): Promise<string> {
    const r = await this.post('order', { positionType: 1, ...params })
    if (r.status !== 200) throw new Error(`order refused: ${JSON.stringify(r.body)}`)
    return String(r.body.orderId)
  }
  async position(contractName: string, side?: 'BUY' | 'SELL'): Promise<any> {
    const r = await this.get('positions', { contractName })
    return (r.body.positions as any[]).find((p) => side === undefined || p.side === side)
  }
  async account(coin = 'USDT'): Promise<any> {
    const r = await this.get('account')
    return (r.body.account as any[]).find((a) => a.marginCoin === coin)
  }
}

export async function futuresRig(opts: StartOptions & { t0?: number } = {}): Promise<FuturesRig> {
  const clock = { now: opts.t0 ?? T0 }
  const ex = await startExchange({
    activity: false,
    control: true,
    futuresTickMs: 0,
    unlimitedKeys: true,
    clock: () => clock.now,
    ...opts
  })
  const mm = await control(ex, 'accounts', {})
  const mmId = mm.accountId as string
  const resting = new Map<string, string[]>()
  let made = 0
  const rig: FuturesRig = {
    ex,
    clock,
    async client(o = {}) {
      // Rate limits lifted: the test clock stands still, so a rate window would never pass.
      const n = ++made
      const cmd = newAccountCommand(ex.spot, {
        apiKey: `fkey-${n}`,
        secret: `fsecret-${n}`,
        unlimited: true,
        time: clock.now
      })
      await ex.sim.commit(cmd)
      await fundAccount(ex.sim.commit, cmd.id, clock.now)
      const c = new FClient(ex.url, { apiKey: cmd.apiKey, apiSecret: cmd.secret, accountId: cmd.id }, () => clock.now)
      for (const [coin, amount] of [
        ['USDT', o.usdt],
        ['BTC', o.btc]
      ] as const) {
        if (amount) await ex.sim.commit({ t: 'futures.deposit', account: cmd.id, coin, amount, time: clock.now })
      }
      return c
    },
    async setIndex(symbol, price, step = '0.05') {
      for (const id of resting.get(symbol) ?? [])
        await ex.sim
          .commit({ t: 'cancel', account: mmId, wallet: 'spot', symbol, orderId: id, time: clock.now })
          .catch(() => undefined)
      await ex.sim.commit({
        t: 'deposit',
        account: mmId,
        wallet: 'spot',
        asset: 'USDT',
        amount: '100000000',
        txid: `mm-${clock.now}-${symbol}-${price}`,
        time: clock.now
      })
      const [p, s] = [Number(price), Number(step)]
      const dp = (step.split('.')[1] ?? '').length
      const ids: string[] = []
      const m = ex.spot.markets.get(symbol)!
      await ex.sim.commit({
        t: 'deposit',
        account: mmId,
        wallet: 'spot',
        asset: m.baseAsset,
        amount: '1000',
        txid: `mmb-${clock.now}-${symbol}-${price}`,
        time: clock.now
      })
      // price +- step exactly, in decimal text (the test prices are small enough for this to be exact)
      const fix = (x: number): string => x.toFixed(Math.max(dp, m.pricePrecision))
      for (const [side, px] of [
        ['BUY', fix(p - s)],
        ['SELL', fix(p + s)]
      ] as const) {
        const r = await ex.sim.commit({
          t: 'place',
          account: mmId,
          wallet: 'spot',
          symbol,
          side,
          type: 'LIMIT',
          price: px,
          volume: m.limitVolumeMin,
          time: clock.now
        })
        ids.push(r!.order!.orderId)
      }
      resting.set(symbol, ids)
      await rig.tick(0)
    },
    async tick(advanceMs = 1000) {
      clock.now += advanceMs
      await ex.futuresTick()
    },
    close: () => ex.close()
  }
  await rig.tick(0)
  return rig
}

/** Money text to a bigint of 10^-12 units, for exact sums in assertions. */
export function m12(text: string | number): bigint {
  const s = String(text)
  const neg = s.startsWith('-')
  const [i, f = ''] = (neg ? s.slice(1) : s).split('.')
  const v = BigInt(i! + f.padEnd(12, '0'))
  return neg ? -v : v
}

/** A public futures GET; numbers come back as exact text. */
export async function publicGet(
  ex: RunningExchange,
  path: string,
  query: Record<string, string | number> = {}
): Promise<Reply> {
  const qs = buildQueryString(query)
  const res = await fetch(`${ex.url}/futures/open/fapi/v1/${path}${qs ? '?' + qs : ''}`)
  const text = await res.text()
  return { status: res.status, body: res.status === 200 ? plainJson(parseLosslessJson(text)) : JSON.parse(text), text }
}
