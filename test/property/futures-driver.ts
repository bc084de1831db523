// A driver for property tests of the futures venue: the whole exchange state machine (spot + futures) fed
// random commands, with the invariants the README states checked after each. Prices are chosen relative to the
// mark when a command is applied, so random sequences stay in the venue's price band and actually trade.
import fc from 'fast-check'
import { DomainError } from '../../src-sim/domain-error'
import { ExchangeState, type ExchangeCommand } from '../../src-sim/exchange-state'
import { INSURANCE, posId } from '../../src-sim/futures/accounts'
import { coinRisk } from '../../src-sim/futures/risk'
import type { FuturesState } from '../../src-sim/futures/futures-state'

export const ACCOUNTS = ['pa', 'pb', 'pc', 'pd']
export const CONTRACTS = ['E-BTC-USDT', 'E-ETH-USDT', 'E-BTC-USD']
export const FUNDING_MS = 60_000
const T0 = 1_700_000_000_000

export type Cmd =
  | {
      k: 'place'
      acc: number
      c: number
      side: 'BUY' | 'SELL'
      open: 'OPEN' | 'CLOSE'
      market: boolean
      offPpm: number
      vol: number
      tif: 'GTC' | 'IOC' | 'FOK' | 'POST_ONLY'
    }
  | {
      k: 'cond'
      acc: number
      c: number
      side: 'BUY' | 'SELL'
      open: 'OPEN' | 'CLOSE'
      offPpm: number
      vol: number
      trail: boolean
    }
  | { k: 'pair'; acc: number; other: number; c: number; side: 'BUY' | 'SELL'; vol: number }
  | { k: 'cancel'; acc: number; pick: number }
  | { k: 'index'; sym: 'btcusdt' | 'ethusdt'; movePpm: number }
  | { k: 'tick'; ms: number }
  | { k: 'lever'; acc: number; c: number; lev: number }
  | { k: 'transfer'; acc: number; out: boolean; amount: number }
  | { k: 'model'; acc: number; c: number; which: 'margin' | 'position'; to: 1 | 2 }

export function cmdArb(opts: { maxMovePpm: number; maxLev: number }): fc.Arbitrary<Cmd> {
  const acc = fc.nat({ max: ACCOUNTS.length - 1 })
  const c = fc.nat({ max: CONTRACTS.length - 1 })
  const side = fc.constantFrom('BUY' as const, 'SELL' as const)
  return fc.oneof(
    {
      weight: 10,
      arbitrary: fc.record({
        k: fc.constant('place' as const),
        acc,
        c,
        side,
        open: fc.constantFrom('OPEN' as const, 'OPEN' as const, 'CLOSE' as const),
        market: fc.boolean(),
        offPpm: fc.integer({ min: -20_000, max: 20_000 }),
        vol: fc.integer({ min: 1, max: 60 }),
        tif: fc.constantFrom('GTC' as const, 'GTC' as const, 'IOC' as const, 'FOK' as const, 'POST_ONLY' as const)
      })
    },
    {
      weight: 2,
      arbitrary: fc.record({
        k: fc.constant('cond' as const),
        acc,
        c,
        side,
        open: fc.constantFrom('OPEN' as const, 'CLOSE' as const),
        offPpm: fc.integer({ min: -30_000, max: 30_000 }),
        vol: fc.integer({ min: 1, max: 30 }),
        trail: fc.boolean()
      })
    },
    {
      weight: 3,
      arbitrary: fc.record({
        k: fc.constant('pair' as const),
        acc,
        other: fc.integer({ min: 1, max: ACCOUNTS.length - 1 }),
        c,
        side,
        vol: fc.integer({ min: 1, max: 60 })
      })
    },
    { weight: 3, arbitrary: fc.record({ k: fc.constant('cancel' as const), acc, pick: fc.nat() }) },
    {
      weight: 3,
      arbitrary: fc.record({
        k: fc.constant('index' as const),
        sym: fc.constantFrom('btcusdt' as const, 'ethusdt' as const),
        movePpm: fc.integer({ min: -opts.maxMovePpm, max: opts.maxMovePpm })
      })
    },
    { weight: 3, arbitrary: fc.record({ k: fc.constant('tick' as const), ms: fc.integer({ min: 1, max: 90_000 }) }) },
    {
      weight: 1,
      arbitrary: fc.record({ k: fc.constant('lever' as const), acc, c, lev: fc.integer({ min: 1, max: opts.maxLev }) })
    },
    {
      weight: 1,
      arbitrary: fc.record({
        k: fc.constant('transfer' as const),
        acc,
        out: fc.boolean(),
        amount: fc.integer({ min: 1, max: 3000 })
      })
    },
    {
      weight: 1,
      arbitrary: fc.record({
        k: fc.constant('model' as const),
        acc,
        c,
        which: fc.constantFrom('margin' as const, 'position' as const),
        to: fc.constantFrom(1 as const, 2 as const)
      })
    }
  )
}

export class Driver {
  readonly state = new ExchangeState()
  time = T0
  /** every command that reached the state machine, accepted or refused, in order */
  readonly log: ExchangeCommand[] = []
  private spotOrders = new Map<string, string[]>()
  liquidations = 0

  /** `thin`: small futures wallets and 50x everywhere, so moves liquidate. */
  constructor(opts: { thin?: boolean } = {}) {
    // setup goes through the log too, so a replay starts from nothing
    const s = { apply: (cmd: ExchangeCommand): void => void this.apply(cmd) }
    for (const id of [...ACCOUNTS, 'mm']) {
      s.apply({ t: 'account', id, apiKey: `k-${id}`, secret: 's', time: this.time })
      s.apply({
        t: 'deposit',
        account: id,
        wallet: 'spot',
        asset: 'USDT',
        amount: '100000000',
        txid: `t-${id}`,
        time: this.time
      })
      s.apply({
        t: 'deposit',
        account: id,
        wallet: 'spot',
        asset: 'BTC',
        amount: '1000',
        txid: `b-${id}`,
        time: this.time
      })
      s.apply({
        t: 'deposit',
        account: id,
        wallet: 'spot',
        asset: 'ETH',
        amount: '1000',
        txid: `e-${id}`,
        time: this.time
      })
    }
    for (const id of ACCOUNTS) {
      s.apply({
        t: 'futures.deposit',
        account: id,
        coin: 'USDT',
        amount: opts.thin ? '1500' : '20000',
        time: this.time
      })
      s.apply({ t: 'futures.deposit', account: id, coin: 'BTC', amount: opts.thin ? '0.02' : '0.5', time: this.time })
      if (opts.thin) {
        for (const contract of CONTRACTS)
          for (const mode of [1, 2] as const)
            s.apply({ t: 'futures.leverage', account: id, contract, leverage: 50, positionType: mode, time: this.time })
      }
    }
    s.apply({ t: 'futures.positionModel', account: 'pb', contract: 'E-ETH-USDT', positionModel: 2, time: this.time })
    s.apply({ t: 'futures.marginModel', account: 'pc', contract: 'E-BTC-USDT', marginModel: 2, time: this.time })
    s.apply({ t: 'futures.marginModel', account: 'pd', contract: 'E-BTC-USD', marginModel: 2, time: this.time })
    this.setSpot('btcusdt', 6_500_000)
    this.setSpot('ethusdt', 320_000)
    s.apply({ t: 'futures.tick', time: this.time, fundingIntervalMs: FUNDING_MS })
  }

  private apply(cmd: ExchangeCommand): unknown {
    this.log.push(structuredClone(cmd))
    return this.state.apply(structuredClone(cmd))
  }

  get v(): FuturesState {
    return this.state.futures
  }

  /** Applies a command; a refusal must be a DomainError and must leave the state exactly as it was. */
  run(cmd: ExchangeCommand, checkAtomic = true): boolean {
    this.log.push(structuredClone(cmd))
    const before = checkAtomic ? JSON.stringify(this.state.snapshot()) : ''
    try {
      this.state.apply(structuredClone(cmd))
      return true
    } catch (e) {
      if (!(e instanceof DomainError)) throw e
      if (checkAtomic && JSON.stringify(this.state.snapshot()) !== before)
        throw new Error(`refused ${cmd.t} changed the state: ${e.message}`, { cause: e })
      return false
    }
  }

  private setSpot(symbol: string, mid: number): void {
    for (const id of this.spotOrders.get(symbol) ?? [])
      this.run({ t: 'cancel', account: 'mm', wallet: 'spot', symbol, orderId: id, time: this.time }, false)
    const m = this.state.spot.markets.get(symbol)!
    const text = (ticks: number): string => (ticks / 10 ** m.pricePrecision).toFixed(m.pricePrecision)
    const ids: string[] = []
    for (const [side, px] of [
      ['BUY', mid - 1],
      ['SELL', mid + 1]
    ] as const) {
      const r = this.apply({
        t: 'place',
        account: 'mm',
        wallet: 'spot',
        symbol,
        side,
        type: 'LIMIT',
        price: text(px),
        volume: m.limitVolumeMin,
        time: this.time
      }) as { order?: { orderId: string } }
      ids.push(r.order!.orderId)
    }
    this.spotOrders.set(symbol, ids)
  }

  /** Turns an abstract command into a venue command at the current mark, and runs it. */
  step(c: Cmd): void {
    const v = this.v
    switch (c.k) {
      case 'place':
      case 'cond': {
        const name = CONTRACTS[c.c]!
        const ct = v.contracts.get(name)!
        const mark = v.markOf(name)
        const price = ct.priceText(Math.max(1, Math.round(mark * (1 + c.offPpm / 1e6))))
        const account = ACCOUNTS[c.acc]!
        const positionType = v.accounts.get(account)?.settings.get(name)?.marginModel ?? 1
        const market = c.k === 'place' && c.market
        // a market OPEN is sized by notional
        const volume =
          market && c.open === 'OPEN'
            ? ct.linear
              ? ((c.vol * mark * Number(ct.cfg.multiplier)) / 10 ** ct.pp).toFixed(2)
              : String(c.vol * 100)
            : String(c.vol)
        const base = { account, contract: name, side: c.side, open: c.open, positionType, volume }
        if (c.k === 'place') {
          this.run({
            t: 'futures.place',
            ...base,
            type: market ? 'MARKET' : 'LIMIT',
            ...(market ? {} : { price }),
            ...(c.tif === 'GTC' ? {} : { timeInForce: c.tif }),
            time: this.time
          })
        } else {
          this.run({
            t: 'futures.condition',
            ...base,
            type: 'MARKET',
            triggerType: c.offPpm < 0 === (c.side === 'SELL') ? 3 : 4,
            triggerPrice: price,
            ...(c.trail ? { trailCallbackRatio: '0.005' } : {}),
            time: this.time
          })
        }
        return
      }
      case 'pair': {
        // a resting order at the mark and its taker from another account: most random orders miss each other,
        // and without positions nothing is ever liquidated
        const name = CONTRACTS[c.c]!
        const price = v.contracts.get(name)!.priceText(v.markOf(name))
        const pair = [ACCOUNTS[c.acc]!, ACCOUNTS[(c.acc + c.other) % ACCOUNTS.length]!]
        pair.forEach((account, i) => {
          const positionType = v.accounts.get(account)?.settings.get(name)?.marginModel ?? 1
          const side = (i === 0) === (c.side === 'BUY') ? 'BUY' : 'SELL'
          this.run({
            t: 'futures.place',
            account,
            contract: name,
            side,
            open: 'OPEN',
            positionType,
            type: 'LIMIT',
            price,
            volume: String(c.vol),
            time: this.time
          })
        })
        return
      }
      case 'cancel': {
        const account = ACCOUNTS[c.acc]!
        const open = v.openOrders(account)
        const o = open[c.pick % Math.max(1, open.length)]
        if (o) this.run({ t: 'futures.cancel', account, contract: o.contract, orderId: o.id, time: this.time })
        return
      }
      case 'index': {
        const m = this.state.spot.markets.get(c.sym)!
        const bid = this.state.spot.engine.bestBid(c.sym) ?? Number(m.initialPrice.replace('.', ''))
        this.setSpot(c.sym, Math.max(100, Math.round((bid + 1) * (1 + c.movePpm / 1e6))))
        return
      }
      case 'tick': {
        this.time += c.ms
        const before = this.countLiquidations()
        this.run({ t: 'futures.tick', time: this.time, fundingIntervalMs: FUNDING_MS }, false)
        this.liquidations += this.countLiquidations() - before
        return
      }
      case 'lever': {
        const name = CONTRACTS[c.c]!
        const account = ACCOUNTS[c.acc]!
        const mode = v.accounts.get(account)?.settings.get(name)?.marginModel ?? 1
        this.run({
          t: 'futures.leverage',
          account,
          contract: name,
          leverage: c.lev,
          positionType: mode,
          time: this.time
        })
        return
      }
      case 'transfer':
        this.run({
          t: 'futures.transfer',
          account: ACCOUNTS[c.acc]!,
          coin: 'USDT',
          amount: String(c.amount),
          direction: c.out ? 'contract_to_wallet' : 'wallet_to_contract',
          time: this.time
        })
        return
      case 'model': {
        const account = ACCOUNTS[c.acc]!
        const contract = CONTRACTS[c.c]!
        if (c.which === 'margin')
          this.run({ t: 'futures.marginModel', account, contract, marginModel: c.to, time: this.time })
        else this.run({ t: 'futures.positionModel', account, contract, positionModel: c.to, time: this.time })
      }
    }
  }

  private countLiquidations(): number {
    let n = 0
    for (const l of this.v.records.liquidations.values()) n += l.length
    return n
  }

  // ---- invariants ----

  /** Per coin: wallets + isolated margins + unrealized PnL (at any mark) + fees == money that came in. */
  equityGap(coin: string): bigint {
    const v = this.v
    let total = v.fees.get(coin) ?? 0n
    for (const acc of v.accounts.values()) {
      const r = coinRisk(v, acc, coin)
      total += r.wallet + r.isoMargin + r.crossUpnl + r.isoUpnl
    }
    return total - (v.netInflow.get(coin) ?? 0n)
  }

  /** Every contract has as many long as short contracts. */
  openInterestGap(): number[] {
    return CONTRACTS.map((name) => {
      let n = 0
      for (const acc of this.v.accounts.values())
        for (const p of acc.positions.values()) if (p.contract === name) n += p.side === 'BUY' ? p.qty : -p.qty
      return n
    })
  }

  /** Reserved margin equals the reserves of the open OPEN orders; close orders never exceed their position. */
  bookkeepingErrors(): string[] {
    const v = this.v
    const out: string[] = []
    for (const acc of v.accounts.values()) {
      const want = new Map<string, bigint>()
      const closing = new Map<string, number>()
      for (const o of v.openOrders(acc.id)) {
        const coin = v.contracts.get(o.contract)!.coin
        want.set(coin, (want.get(coin) ?? 0n) + BigInt(o.volume - o.executedQty) * o.lockUnit)
        if (o.action === 'CLOSE')
          closing.set(posId(o.contract, o.key), (closing.get(posId(o.contract, o.key)) ?? 0) + o.volume - o.executedQty)
      }
      for (const coin of ['USDT', 'BTC'])
        if ((acc.lock.get(coin) ?? 0n) !== (want.get(coin) ?? 0n))
          out.push(`${acc.id} ${coin} lock ${acc.lock.get(coin)} != ${want.get(coin)}`)
      for (const [key, n] of closing)
        if (n > (acc.positions.get(key)?.qty ?? 0)) out.push(`${acc.id} ${key} closes ${n} > position`)
    }
    return out
  }

  /** Positions below their maintenance margin (what no tick may leave behind), and any left with the fund. */
  underMaintenance(): string[] {
    const v = this.v
    const out: string[] = []
    for (const acc of v.accounts.values()) {
      if (acc.system) {
        if (acc.positions.size > 0) out.push('the insurance fund holds a position')
        continue
      }
      for (const coin of ['USDT', 'BTC']) {
        const r = coinRisk(v, acc, coin)
        if (r.positions.some((p) => p.p.positionType === 1) && r.wallet + r.crossUpnl < r.crossMm)
          out.push(`${acc.id} ${coin} cross equity below maintenance`)
        for (const pr of r.positions)
          if (pr.p.positionType === 2 && pr.p.margin + pr.upnl < pr.mm)
            out.push(`${acc.id} ${pr.p.contract} isolated below maintenance`)
      }
    }
    return out
  }
}

export { INSURANCE }
