// The embedded exchange's perpetual contracts: two linear USDT contracts and one inverse contract, with every
// field of the spec's contract resource plus the venue's own rules (fees, leverage bounds, maintenance tiers).
//
// Rules (also in the README, "Futures"):
// - Volume is counted in whole contracts (0 decimals). One contract is `multiplier` of `multiplierCoin`:
//   linear: 0.001 BTC / 0.01 ETH, margined and settled in USDT; inverse: 100 USD, margined and settled in BTC.
// - Maintenance tiers are by position size in contracts (so a position's keepRate never changes with price, and
//   its liquidation price is exact): a position in a tier keeps `keepRatePpm` of its mark value, and a position
//   (with its open OPEN orders) may only grow into a tier whose `maxLeverage` is at least its leverage.
// - Fees: maker 0.02 %, taker 0.06 % of the fill's value, in the margin coin.
// - Leverage 1..maxLeverage, default 10, per contract and margin mode.

export interface MaintenanceTier {
  /** Largest position, in contracts, this tier covers. */
  maxVolume: number
  /** Maintenance margin rate in parts per million of the position's mark value. */
  keepRatePpm: number
  maxLeverage: number
}

export interface FuturesContractConfig {
  symbol: string
  contractId: number
  /** 0 not tradable, 1 tradable. */
  status: 0 | 1
  /** E perpetual. */
  type: 'E'
  /** 0 inverse, 1 linear. */
  side: 0 | 1
  multiplier: string
  multiplierCoin: string
  /** Asset the contract is margined and settled in. */
  marginCoin: string
  /** Spot symbol whose book gives the index. */
  indexSymbol: string
  pricePrecision: number
  minOrderVolume: string
  /** Linear: USDT value; inverse: USD (contracts x multiplier). */
  minOrderMoney: string
  maxMarketVolume: string
  maxMarketMoney: string
  maxLimitVolume: string
  maxLimitMoney: string
  /** Most open orders one account may rest on this contract. */
  maxValidOrder: number
  maxLeverage: number
  defaultLeverage: number
  makerFeePpm: number
  takerFeePpm: number
  tiers: readonly MaintenanceTier[]
  /** Index and mark before the spot book has prices. */
  initialPrice: string
}

const fees = { makerFeePpm: 200, takerFeePpm: 600 } as const

export const FUTURES_CONTRACTS: readonly FuturesContractConfig[] = [
  {
    ...fees,
    symbol: 'E-BTC-USDT',
    contractId: 1,
    status: 1,
    type: 'E',
    side: 1,
    multiplier: '0.001',
    multiplierCoin: 'BTC',
    marginCoin: 'USDT',
    indexSymbol: 'btcusdt',
    pricePrecision: 1,
    minOrderVolume: '1',
    minOrderMoney: '5',
    maxMarketVolume: '20000',
    maxMarketMoney: '1500000',
    maxLimitVolume: '100000',
    maxLimitMoney: '8000000',
    maxValidOrder: 200,
    maxLeverage: 100,
    defaultLeverage: 10,
    tiers: [
      { maxVolume: 10_000, keepRatePpm: 5_000, maxLeverage: 100 },
      { maxVolume: 50_000, keepRatePpm: 10_000, maxLeverage: 50 },
      { maxVolume: 200_000, keepRatePpm: 25_000, maxLeverage: 20 },
      { maxVolume: 1_000_000, keepRatePpm: 50_000, maxLeverage: 10 }
    ],
    initialPrice: '65000.0'
  },
  {
    ...fees,
    symbol: 'E-ETH-USDT',
    contractId: 2,
    status: 1,
    type: 'E',
    side: 1,
    multiplier: '0.01',
    multiplierCoin: 'ETH',
    marginCoin: 'USDT',
    indexSymbol: 'ethusdt',
    pricePrecision: 2,
    minOrderVolume: '1',
    minOrderMoney: '5',
    maxMarketVolume: '50000',
    maxMarketMoney: '1600000',
    maxLimitVolume: '200000',
    maxLimitMoney: '6400000',
    maxValidOrder: 200,
    maxLeverage: 75,
    defaultLeverage: 10,
    tiers: [
      { maxVolume: 20_000, keepRatePpm: 6_500, maxLeverage: 75 },
      { maxVolume: 100_000, keepRatePpm: 10_000, maxLeverage: 50 },
      { maxVolume: 400_000, keepRatePpm: 25_000, maxLeverage: 20 },
      { maxVolume: 2_000_000, keepRatePpm: 50_000, maxLeverage: 10 }
    ],
    initialPrice: '3200.00'
  },
  {
    ...fees,
    symbol: 'E-BTC-USD',
    contractId: 3,
    status: 1,
    type: 'E',
    side: 0,
    multiplier: '100',
    multiplierCoin: 'USD',
    marginCoin: 'BTC',
    indexSymbol: 'btcusdt',
    pricePrecision: 1,
    minOrderVolume: '1',
    minOrderMoney: '100',
    maxMarketVolume: '10000',
    maxMarketMoney: '1000000',
    maxLimitVolume: '50000',
    maxLimitMoney: '5000000',
    maxValidOrder: 100,
    maxLeverage: 50,
    defaultLeverage: 10,
    tiers: [
      { maxVolume: 2_000, keepRatePpm: 10_000, maxLeverage: 50 },
      { maxVolume: 10_000, keepRatePpm: 20_000, maxLeverage: 25 },
      { maxVolume: 50_000, keepRatePpm: 40_000, maxLeverage: 12 },
      { maxVolume: 200_000, keepRatePpm: 80_000, maxLeverage: 10 }
    ],
    initialPrice: '65000.0'
  }
]

/** Coins futures wallets hold: every contract's margin coin. */
export const FUTURES_MARGIN_COINS: readonly string[] = [...new Set(FUTURES_CONTRACTS.map((c) => c.marginCoin))]
