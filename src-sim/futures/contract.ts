// One contract at run time: its config turned into integers, and the value of contracts at a price.
//   price: ticks of 10^-pricePrecision; volume: whole contracts; money: 10^-12 of the margin coin.
//   linear:  value(q, p) = q * p * multiplier * 10^-pp          (USDT), PnL long = value(mark) - cost
//   inverse: value(q, p) = q * round(multiplier / (p * 10^-pp))  (BTC), PnL long = cost - value(mark)
// So every position's PnL is sgn * (value(qty, price) - cost), sgn = +1 long linear / short inverse, else -1.
import type { FuturesContractConfig, MaintenanceTier } from '../config/futures-contracts'
import { parseScaled } from '../engine'
import { refuse } from '../domain-error'
import { MONEY_SCALE, roundDiv } from './money'

const pow10 = (n: number): bigint => 10n ** BigInt(n)

function exactInt(text: string, decimals: number, what: string): bigint {
  const r = parseScaled(text, decimals)
  if (!r.ok) throw new Error(`contract config: ${what} ${text} does not fit ${decimals} decimals`)
  return r.value
}

export class Contract {
  readonly symbol: string
  readonly id: number
  readonly linear: boolean
  readonly pp: number
  readonly coin: string
  /** +1 linear, -1 inverse: the sign that turns (value - cost) into a long's PnL. */
  readonly dir: bigint
  /** linear: money per contract per tick; inverse: multiplier * 10^(12+pp), divided by the price in ticks. */
  private readonly k: bigint
  /** Multiplier in money units (inverse: USD per contract, for the notional checks). */
  readonly multMoney: bigint
  readonly minVolume: number
  readonly maxMarketVolume: number
  readonly maxLimitVolume: number
  readonly minMoney: bigint
  readonly maxMarketMoney: bigint
  readonly maxLimitMoney: bigint
  readonly initialTicks: number

  constructor(readonly cfg: FuturesContractConfig) {
    this.symbol = cfg.symbol
    this.id = cfg.contractId
    this.linear = cfg.side === 1
    this.pp = cfg.pricePrecision
    this.coin = cfg.marginCoin
    this.dir = this.linear ? 1n : -1n
    const mult = exactInt(cfg.multiplier, MONEY_SCALE, 'multiplier')
    this.multMoney = mult
    if (this.linear) {
      if (mult % pow10(this.pp) !== 0n)
        throw new Error(`contract config: ${cfg.symbol} multiplier is finer than money units per tick`)
      this.k = mult / pow10(this.pp)
    } else this.k = mult * pow10(this.pp)
    const vol = (t: string): number => Number(exactInt(t, 0, 'volume'))
    this.minVolume = vol(cfg.minOrderVolume)
    this.maxMarketVolume = vol(cfg.maxMarketVolume)
    this.maxLimitVolume = vol(cfg.maxLimitVolume)
    this.minMoney = exactInt(cfg.minOrderMoney, MONEY_SCALE, 'minOrderMoney')
    this.maxMarketMoney = exactInt(cfg.maxMarketMoney, MONEY_SCALE, 'maxMarketMoney')
    this.maxLimitMoney = exactInt(cfg.maxLimitMoney, MONEY_SCALE, 'maxLimitMoney')
    this.initialTicks = Number(exactInt(cfg.initialPrice, this.pp, 'initialPrice'))
    let prev = 0
    for (const t of cfg.tiers) {
      if (t.maxVolume <= prev || t.keepRatePpm * t.maxLeverage >= 1_000_000)
        throw new Error(`contract config: ${cfg.symbol} tiers must grow and keep below 1/maxLeverage`)
      prev = t.maxVolume
    }
  }

  /** Money value of one contract at `price` ticks. */
  unit(price: number): bigint {
    const p = BigInt(price)
    return this.linear ? p * this.k : roundDiv(this.k, p)
  }

  value(qty: number, price: number): bigint {
    return BigInt(qty) * this.unit(price)
  }

  /** Order size in the spec's "money" (linear: USDT value; inverse: USD, contracts x multiplier). */
  money(qty: number, price: number): bigint {
    return this.linear ? this.value(qty, price) : BigInt(qty) * this.multMoney
  }

  /** Maintenance tier of a position of `qty` contracts; undefined beyond the largest tier. */
  tier(qty: number): MaintenanceTier | undefined {
    return this.cfg.tiers.find((t) => qty <= t.maxVolume)
  }

  /** Price text at the contract's precision. */
  priceText(ticks: number): string {
    const s = String(ticks).padStart(this.pp + 1, '0')
    return this.pp === 0 ? s : `${s.slice(0, s.length - this.pp)}.${s.slice(s.length - this.pp)}`
  }

  /** Parses a positive price into ticks (-1111 beyond the precision). */
  parsePrice(text: string, field = 'price'): number {
    const r = parseScaled(text, this.pp)
    if (!r.ok) {
      if (r.reason === 'PRECISION')
        refuse('BAD_PRECISION', `Parameter '${field}' has more than ${this.pp} decimals for ${this.symbol}`)
      refuse('MANDATORY_PARAM', `Parameter '${field}' must be a decimal number`)
    }
    if (r.value <= 0n) refuse('MANDATORY_PARAM', `Parameter '${field}' must be greater than 0`)
    if (r.value > 10n ** 15n) refuse('MANDATORY_PARAM', `Parameter '${field}' is too large`)
    return Number(r.value)
  }

  /** Parses a whole number of contracts (-1111 for fractions). */
  parseVolume(text: string, field = 'volume'): number {
    const r = parseScaled(text, 0)
    if (!r.ok) {
      if (r.reason === 'PRECISION')
        refuse('BAD_PRECISION', `Parameter '${field}' must be a whole number of contracts for ${this.symbol}`)
      refuse('MANDATORY_PARAM', `Parameter '${field}' must be a decimal number`)
    }
    if (r.value <= 0n) refuse('MANDATORY_PARAM', `Parameter '${field}' must be greater than 0`)
    if (r.value > 10n ** 12n) refuse('MANDATORY_PARAM', `Parameter '${field}' is too large`)
    return Number(r.value)
  }
}
