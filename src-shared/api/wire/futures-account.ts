// Wire shapes of the futures account, positions, capital flow and RSA wallet transfer. Conventions: ./common.ts.
import type { DecimalString, Id, JsonDecimal, Millis } from './common'
import type { OrderSide } from './spot'

/** Position (positionVos[].positions[] and GET /fapi/v1/positions). Spec types id as integer; a string here. */
export interface FuturesPosition {
  id: Id
  contractId: number
  /** 1 cross, 2 isolated. */
  positionType: number
  /** BUY long, SELL short. */
  side: OrderSide
  volume: JsonDecimal
  openPrice: JsonDecimal
  avgPrice: JsonDecimal
  leverageLevel: JsonDecimal
  holdAmount: JsonDecimal
  realizedAmount: JsonDecimal
  historyRealizedAmount: JsonDecimal
  unRealizedAmount: JsonDecimal
  openRealizedAmount: JsonDecimal
  positionBalance: JsonDecimal
  marginRate: JsonDecimal
  /** Liquidation / reduce price. */
  reducePrice: JsonDecimal
  returnRate: JsonDecimal
  /** Mark price (the spec's name). */
  indexPrice: JsonDecimal
  keepRate: JsonDecimal
  maxFeeRate: JsonDecimal
  tradeFee: JsonDecimal
  capitalFee: JsonDecimal
  shareAmount: JsonDecimal
  /** 0 normal, 1 liquidation freeze, 2 delivery freeze. */
  freezeLock: number
  /** 0 invalid, 1 valid. */
  status: number
}

export interface FuturesPositionsResponse {
  positions: FuturesPosition[]
}

/** Per-contract group of positions inside an account entry. */
export interface FuturesPositionGroup {
  contractId: number
  contractName: string
  contractSymbol: string
  positions: FuturesPosition[]
}

/** Element of GET /fapi/v1/account `account[]`, one per margin coin. */
export interface FuturesAccountEntry {
  marginCoin: string
  accountNormal: JsonDecimal
  accountLock: JsonDecimal
  partPositionNormal: JsonDecimal
  totalPositionNormal: JsonDecimal
  achievedAmount: JsonDecimal
  unrealizedAmount: JsonDecimal
  totalEquity: JsonDecimal
  partEquity: JsonDecimal
  totalCost: JsonDecimal
  totalMarginRate: JsonDecimal
  sumMarginRate: JsonDecimal
  positionVos: FuturesPositionGroup[]
}

export interface FuturesAccount {
  account: FuturesAccountEntry[]
}

/** Capital-flow `type`: the family's numeric code as a string (api-family-notes). */
export const CAPITAL_FLOW_TYPE = {
  '1': 'TRANSFER_IN',
  '2': 'TRANSFER_OUT',
  '3': 'LIQUIDATION',
  '5': 'FUNDING_FEE',
  '6': 'OPEN_FEE',
  '7': 'CLOSE_FEE',
  '13': 'CLOSING_PNL'
} as const

export interface CapitalFlowRecord {
  contractName: string
  /** A CAPITAL_FLOW_TYPE code. */
  type: string
  amount: DecimalString
  balance: DecimalString
  time: Millis
}

/** GET /fapi/v1/capital. */
export interface CapitalFlowResponse {
  records: CapitalFlowRecord[]
}

export type TransferType = 'wallet_to_contract' | 'contract_to_wallet'

/** POST /fapi/v1/futures_transfer (api-family-notes). */
export interface FuturesTransferResult {
  transferId: Id
}

/** Element of POST /fapi/v1/futures_balance (api-family-notes). Decimals as strings, like spot balances. */
export interface FuturesWalletBalance {
  coinSymbol: string
  balance: DecimalString
  available: DecimalString
  locked: DecimalString
}
export type FuturesBalanceList = FuturesWalletBalance[]
