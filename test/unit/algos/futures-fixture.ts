// A futures contract as the algorithm tests use it: BTC/USDT perpetual in whole contracts, its rules as main reads
// them, specs on it that a test varies field by field, and positions as the closing check reads them.
import type { FuturesHolding } from '../../../src-main/algos/futures-spec'
import type { AlgoRules } from '../../../src-main/algos/types'
import type { CreateAlgoInput } from '../../../src-shared/ipc/schemas/algos'

export const CONTRACT = 'E-BTC-USDT'

/** The contract's rules: prices in tenths, whole contracts, at least one a child. */
export const CONTRACT_RULES: AlgoRules = { pricePrecision: 1, quantityPrecision: 0, limitVolumeMin: '1' }

/** A create as the contract takes it (the profile named by the service's default). */
export type FuturesInput = Omit<CreateAlgoInput, 'profileId'>

/** What every futures spec here shares: the contract, cross margin, no late firing. */
export const ON_CONTRACT = { module: 'futures', symbol: CONTRACT, positionType: 1, fireLate: false } as const

/** A TWAP closing a long of 7 contracts at 100, in 3 slices over 30 s; `o` changes any field. */
export const futuresTwap = (o: Partial<FuturesInput> = {}): FuturesInput => ({
  ...ON_CONTRACT,
  kind: 'twap',
  side: 'SELL',
  open: 'CLOSE',
  quantity: '7',
  limitPrice: '100',
  durationSeconds: 30,
  slices: 3,
  ...o
})

/** A bracket opening a long of 3 contracts at 100, take profit at 110, stop loss at 90; `o` changes any field. */
export const futuresBracket = (o: Partial<FuturesInput> = {}): FuturesInput => ({
  ...ON_CONTRACT,
  kind: 'bracket',
  side: 'BUY',
  open: 'OPEN',
  quantity: '3',
  limitPrice: '100',
  takeProfitPrice: '110',
  triggerPrice: '90',
  ...o
})

/** Positions on the contract as the closing check reads them. */
export const long = (volume: string): FuturesHolding => ({ side: 'BUY', volume })
export const short = (volume: string): FuturesHolding => ({ side: 'SELL', volume })
