// What a futures order opens before it is sent: the contracts and their value, the margin it takes at the
// contract's leverage against the margin available, the most contracts that margin opens, and an estimate of the
// liquidation price. The interface publishes no maintenance-margin rate or fee rate, so the liquidation estimate
// leaves both out (a position is liquidated somewhat sooner) and says so; the venue remains the judge.
import { add, compare, div, mul, normalizeDecimal, sub } from '../decimal'
import type { ContractView } from '../ipc/views/market'
import { contractValue, contractsAt, valueCoin } from './order-rules'

export interface FuturesPreviewInput {
  side: 'BUY' | 'SELL'
  type: 'LIMIT' | 'MARKET'
  /** Contracts, or for a market open its value (notional). */
  volume: string
  /** The limit price, or for a market order the mark: where the order is valued. */
  price: string
  leverage: string
  /** Free margin of the contract's margin coin; null when not loaded. */
  available: string | null
  /** 1 cross (the whole free margin backs the position), 2 isolated (only its own margin). */
  positionType: 1 | 2
}

export interface FuturesPreview {
  contracts: string
  /** Value of those contracts at the price, in `coin`. */
  value: string
  margin: string
  available: string | null
  /** The most contracts the available margin opens at this leverage and price. */
  maxContracts: string | null
  /** Long: the price falling to it wipes the margin (maintenance margin and fees left out); null when not defined. */
  liquidation: string | null
  /** Unit of `value`. */
  coin: string
  /** Unit of `margin`, `available`. */
  marginCoin: string
}

/** E-BTC-USDT is margined in USDT, inverse E-BTC-USD in BTC. */
export const marginCoin = (c: ContractView): string =>
  c.side === 1 ? valueCoin(c) : (c.symbol.split('-')[1] ?? c.multiplierCoin)

/** For an OPEN order of a linear or inverse contract; prices at the contract's precision. */
export function futuresPreview(c: ContractView, o: FuturesPreviewInput): FuturesPreview {
  const sizedByValue = o.type === 'MARKET'
  const contracts = sizedByValue ? contractsAt(c, o.volume, o.price, 'down') : o.volume
  const value = contractValue(c, contracts, o.price)
  // Margin is in the margin coin: the quote of a linear contract, the base coin of an inverse one (value / price).
  const margin = normalizeDecimal(
    div(c.side === 1 ? value : div(contractValue(c, contracts, o.price), o.price, 18, 'up'), o.leverage, 8, 'up')
  )
  const maxContracts = o.available === null ? null : contractsAt(c, mul(o.available, o.leverage), o.price, 'down')
  return {
    contracts,
    value,
    margin,
    available: o.available,
    maxContracts,
    liquidation: liquidation(c, o, contracts, margin),
    coin: valueCoin(c),
    marginCoin: marginCoin(c)
  }
}

/**
 * Where the backing margin is used up: isolated, the order's own margin; cross, the whole free margin. Linear:
 * entry -/+ backing / (contracts x multiplier). Inverse (value fixed in USD, margin in the coin): the price at which
 * the position's coin value has moved by the backing.
 */
function liquidation(c: ContractView, o: FuturesPreviewInput, contracts: string, margin: string): string | null {
  if (compare(contracts, '0') <= 0) return null
  // Cross: the free margin before the order backs it, the order's own margin included in it (not on top of it).
  const backing = o.positionType === 2 || o.available === null ? margin : o.available
  const long = o.side === 'BUY'
  if (c.side === 1) {
    const move = div(backing, mul(contracts, c.multiplier), 12, 'down')
    const p = long ? sub(o.price, move) : add(o.price, move)
    return compare(p, '0') > 0 ? div(p, '1', c.pricePrecision, long ? 'up' : 'down') : null
  }
  // inverse: coin value = contracts x multiplier / price; liquidation where it changes by `backing`.
  const usd = mul(contracts, c.multiplier)
  const coinAtEntry = div(usd, o.price, 18, 'half-even')
  const coinAtLiq = long ? add(coinAtEntry, backing) : sub(coinAtEntry, backing)
  if (compare(coinAtLiq, '0') <= 0) return null
  return div(usd, coinAtLiq, c.pricePrecision, long ? 'up' : 'down')
}
