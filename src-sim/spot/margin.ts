// Margin accounts of the embedded exchange (the rules the README states):
// - Each user has a margin wallet beside the spot wallet; margin orders trade in the same books from it.
// - Auto-borrow: a margin order whose hold exceeds the free balance borrows the shortfall, allowed while the
//   wallet's assets stay at least 1.5 times its debt after borrowing (at most 3x leverage).
// - Auto-repay: free balance of a borrowed asset repays its debt after every margin order.
// - Interest: 0.002% of the debt per hour (MARGIN_HOURLY_INTEREST_PPM), added to the debt.
// - Liquidation: when assets fall below 1.1 times the debt, open margin orders are canceled and the house
//   takes the wallet over at the book's mid price: assets are converted to USDT, debts repaid, any rest
//   stays with the user; a shortfall is the house's loss.
// Borrowing mints and repaying burns ledger funds; `minted` tracks the net so money is still accounted for.
// The book sees the spot side only through MarginSpot, given to it by the spot state that owns it.
import type { SpotMarketConfig } from '../config/spot-markets'
import { refuse } from '../domain-error'
import type { SpotEngine } from '../engine'
import type { SpotRecords } from './records'
import type { EngineOrderAmounts } from './spot-rules'
import { ASSET_SCALE, engineAccount } from './wallets'

export const MAX_BORROW_LEVEL_PPM = 1_500_000
export const LIQUIDATION_LEVEL_PPM = 1_100_000
export const MARGIN_HOURLY_INTEREST_PPM = 20
const QUOTE = 'USDT'

export interface Borrowed {
  asset: string
  amount: bigint
}

export interface MarginRisk {
  assets: bigint
  debt: bigint
  /** assets / debt in ppm; null without debt */
  levelPpm: bigint | null
}

/** What margin needs of the spot side: its markets, the engine's prices and balances, and the order records. */
export interface MarginSpot {
  readonly markets: ReadonlyMap<string, SpotMarketConfig>
  readonly engine: Pick<
    SpotEngine,
    'bestBid' | 'bestAsk' | 'balance' | 'balances' | 'deposit' | 'withdraw' | 'cancelAll'
  >
  readonly records: Pick<SpotRecords, 'orders' | 'recordOrder'>
}

export class MarginBook {
  constructor(private readonly spot: MarginSpot) {}

  /** account -> asset -> debt in smallest units */
  readonly debts = new Map<string, Map<string, bigint>>()
  /** asset -> net amount minted by borrowing and liquidation */
  readonly minted = new Map<string, bigint>()
  houseLoss = 0n

  private mint(asset: string, amount: bigint): void {
    this.minted.set(asset, (this.minted.get(asset) ?? 0n) + amount)
  }

  debt(account: string, asset: string): bigint {
    return this.debts.get(account)?.get(asset) ?? 0n
  }

  private setDebt(account: string, asset: string, amount: bigint): void {
    let m = this.debts.get(account)
    if (!m) this.debts.set(account, (m = new Map()))
    if (amount === 0n) m.delete(asset)
    else m.set(asset, amount)
  }

  /** Mid price of asset/USDT in USDT smallest units per whole unit of the asset. */
  private priceOf(asset: string): bigint {
    if (asset === QUOTE) return 10n ** BigInt(ASSET_SCALE)
    const m = this.spot.markets.get(`${asset.toLowerCase()}usdt`)
    if (!m) return 0n
    const bid = this.spot.engine.bestBid(m.symbol)
    const ask = this.spot.engine.bestAsk(m.symbol)
    const scale = 10n ** BigInt(ASSET_SCALE - m.pricePrecision)
    if (bid !== undefined && ask !== undefined) return (BigInt(bid + ask) * scale) / 2n
    const initial = m.initialPrice.split('.')
    return BigInt(initial.join('')) * 10n ** BigInt(ASSET_SCALE - (initial[1]?.length ?? 0))
  }

  private value(asset: string, amount: bigint): bigint {
    return (amount * this.priceOf(asset)) / 10n ** BigInt(ASSET_SCALE)
  }

  risk(account: string): MarginRisk {
    const acct = engineAccount(account, 'margin')
    let assets = 0n
    for (const b of this.spot.engine.balances(acct)) assets += this.value(b.asset, b.free + b.locked)
    let debt = 0n
    for (const [asset, d] of this.debts.get(account) ?? []) debt += this.value(asset, d)
    return { assets, debt, levelPpm: debt === 0n ? null : (assets * 1_000_000n) / debt }
  }

  /** Borrows what a margin order needs beyond the free balance, within the leverage limit. */
  borrowFor(account: string, m: SpotMarketConfig, side: 'BUY' | 'SELL', a: EngineOrderAmounts): Borrowed | null {
    const acct = engineAccount(account, 'margin')
    const asset = side === 'BUY' ? m.quoteAsset : m.baseAsset
    const need =
      side === 'BUY'
        ? BigInt(a.quoteQty ?? (a.price ?? 0) * (a.qty ?? 0)) *
          10n ** BigInt(ASSET_SCALE - m.pricePrecision - m.quantityPrecision)
        : BigInt(a.qty ?? 0) * 10n ** BigInt(ASSET_SCALE - m.quantityPrecision)
    const free = this.spot.engine.balance(acct, asset).free
    if (need <= free) return null
    const amount = need - free
    const before = this.risk(account)
    const added = this.value(asset, amount)
    // Borrowed funds are both an asset and a debt until spent.
    if ((before.assets + added) * 1_000_000n < (before.debt + added) * BigInt(MAX_BORROW_LEVEL_PPM)) {
      refuse('INSUFFICIENT_BALANCE', `Insufficient margin: borrowing ${asset} would exceed 3x leverage`)
    }
    this.spot.engine.deposit(acct, asset, amount)
    this.mint(asset, amount)
    this.setDebt(account, asset, this.debt(account, asset) + amount)
    return { asset, amount }
  }

  undoBorrow(account: string, b: Borrowed): void {
    this.spot.engine.withdraw(engineAccount(account, 'margin'), b.asset, b.amount)
    this.mint(b.asset, -b.amount)
    this.setDebt(account, b.asset, this.debt(account, b.asset) - b.amount)
  }

  autoRepay(account: string): void {
    const acct = engineAccount(account, 'margin')
    for (const [asset, d] of [...(this.debts.get(account) ?? [])]) {
      const pay = this.spot.engine.balance(acct, asset).free < d ? this.spot.engine.balance(acct, asset).free : d
      if (pay > 0n && this.spot.engine.withdraw(acct, asset, pay)) {
        this.mint(asset, -pay)
        this.setDebt(account, asset, d - pay)
      }
    }
  }

  accrueInterest(): void {
    for (const [account, m] of this.debts) {
      for (const [asset, d] of m) {
        const interest = (d * BigInt(MARGIN_HOURLY_INTEREST_PPM) + 999_999n) / 1_000_000n
        this.setDebt(account, asset, d + interest)
      }
    }
  }

  /** Accounts whose margin level is below the liquidation level (read-only; the server then commits). */
  atRisk(): string[] {
    const out: string[] = []
    for (const account of this.debts.keys()) {
      const r = this.risk(account)
      if (r.levelPpm !== null && r.levelPpm < BigInt(LIQUIDATION_LEVEL_PPM)) out.push(account)
    }
    return out
  }

  liquidate(account: string): void {
    const r = this.risk(account)
    if (r.levelPpm === null || r.levelPpm >= BigInt(LIQUIDATION_LEVEL_PPM)) return
    const acct = engineAccount(account, 'margin')
    for (const o of this.spot.engine.cancelAll(acct))
      this.spot.records.recordOrder({ ...this.spot.records.orders.get(o.id)!, status: 'CANCELED' })
    // Convert every asset to USDT at the mid price.
    for (const b of this.spot.engine.balances(acct)) {
      if (b.asset === QUOTE || b.free === 0n) continue
      const usdt = this.value(b.asset, b.free)
      this.spot.engine.withdraw(acct, b.asset, b.free)
      this.mint(b.asset, -b.free)
      this.spot.engine.deposit(acct, QUOTE, usdt)
      this.mint(QUOTE, usdt)
    }
    // Repay every debt in USDT terms; what cannot be paid is the house's loss.
    for (const [asset, d] of [...(this.debts.get(account) ?? [])]) {
      const cost = this.value(asset, d)
      const have = this.spot.engine.balance(acct, QUOTE).free
      const pay = have < cost ? have : cost
      this.spot.engine.withdraw(acct, QUOTE, pay)
      this.mint(QUOTE, -pay)
      if (asset !== QUOTE) {
        // The house delivered the borrowed asset back to itself.
        this.mint(asset, -d)
        this.mint(QUOTE, 0n)
      }
      this.houseLoss += cost - pay
      this.setDebt(account, asset, 0n)
    }
  }

  snapshot(): unknown {
    return {
      debts: [...this.debts].map(([a, m]) => [a, [...m].map(([k, v]) => [k, v.toString()])]),
      minted: [...this.minted].map(([k, v]) => [k, v.toString()]),
      houseLoss: this.houseLoss.toString()
    }
  }

  static restore(spot: MarginSpot, data: unknown): MarginBook {
    const d = data as { debts: [string, [string, string][]][]; minted: [string, string][]; houseLoss: string }
    const b = new MarginBook(spot)
    for (const [a, m] of d.debts) b.debts.set(a, new Map(m.map(([k, v]) => [k, BigInt(v)])))
    for (const [k, v] of d.minted) b.minted.set(k, BigInt(v))
    b.houseLoss = BigInt(d.houseLoss)
    return b
  }
}
