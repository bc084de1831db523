// One spot symbol inside the engine: its config, its book, and the integer factors that turn ticks and lots
// into ledger units:
//   base units  = lots * baseMul            baseMul  = 10^(scale(base)  - quantityPrecision)
//   quote units = ticks * lots * quoteMul   quoteMul = 10^(scale(quote) - pricePrecision - quantityPrecision)

import type { Ledger, Slot } from './ledger'
import { OrderBook } from './order-book'
import type { SymbolConfig } from './types'

function checkInt(name: string, v: number, min: number, max: number): void {
  if (!Number.isSafeInteger(v) || v < min || v > max)
    throw new Error(`${name} must be an integer in [${min}, ${max}], got ${v}`)
}

export class Market {
  readonly symbol: string
  readonly book: OrderBook
  readonly baseIdx: number
  readonly quoteIdx: number
  readonly baseMul: number
  readonly quoteMul: number
  readonly makerPpm: number
  readonly takerPpm: number
  readonly limitPriceMin: number
  readonly limitVolumeMin: number
  readonly marketBuyMin: number
  readonly marketSellMin: number
  readonly feeBase: Slot
  readonly feeQuote: Slot

  constructor(
    readonly cfg: Readonly<SymbolConfig>,
    ledger: Ledger,
    feeAccount: string
  ) {
    this.symbol = cfg.symbol
    const pp = cfg.pricePrecision
    const qp = cfg.quantityPrecision
    checkInt('pricePrecision', pp, 0, 18)
    checkInt('quantityPrecision', qp, 0, 18)
    checkInt('makerFeePpm', cfg.makerFeePpm, 0, 1_000_000)
    checkInt('takerFeePpm', cfg.takerFeePpm, 0, 1_000_000)
    if (cfg.baseAsset === cfg.quoteAsset) throw new Error(`${cfg.symbol}: base and quote are the same asset`)
    const bi = ledger.assetIndex(cfg.baseAsset)
    const qi = ledger.assetIndex(cfg.quoteAsset)
    if (bi === undefined || qi === undefined)
      throw new Error(`${cfg.symbol}: declare assets ${cfg.baseAsset} and ${cfg.quoteAsset} first`)
    const bs = ledger.scales[bi]! - qp
    const qs = ledger.scales[qi]! - pp - qp
    if (bs < 0 || bs > 15) throw new Error(`${cfg.symbol}: scale of ${cfg.baseAsset} must be in [qp, qp+15]`)
    if (qs < 0 || qs > 15) throw new Error(`${cfg.symbol}: scale of ${cfg.quoteAsset} must be in [pp+qp, pp+qp+15]`)
    this.baseIdx = bi
    this.quoteIdx = qi
    this.baseMul = 10 ** bs
    this.quoteMul = 10 ** qs
    this.makerPpm = cfg.makerFeePpm
    this.takerPpm = cfg.takerFeePpm
    this.limitPriceMin = cfg.limitPriceMin ?? 1
    this.limitVolumeMin = cfg.limitVolumeMin ?? 1
    this.marketBuyMin = cfg.marketBuyMin ?? 1
    this.marketSellMin = cfg.marketSellMin ?? 1
    checkInt('limitPriceMin', this.limitPriceMin, 1, Number.MAX_SAFE_INTEGER)
    checkInt('limitVolumeMin', this.limitVolumeMin, 1, Number.MAX_SAFE_INTEGER)
    checkInt('marketBuyMin', this.marketBuyMin, 1, Number.MAX_SAFE_INTEGER)
    checkInt('marketSellMin', this.marketSellMin, 1, Number.MAX_SAFE_INTEGER)
    const fee = ledger.account(feeAccount)
    this.feeBase = ledger.slotOf(fee, bi)
    this.feeQuote = ledger.slotOf(fee, qi)
    this.book = new OrderBook(cfg.symbol)
  }
}
