// State of the futures side: accounts with wallets, settings and positions; orders (with their fills);
// trigger orders. Plain data (BigInt money, integer ticks and contracts) so snapshots are a straight copy.

export type Side = 'BUY' | 'SELL'
export type Action = 'OPEN' | 'CLOSE'
/** 1 cross, 2 isolated. */
export type MarginMode = 1 | 2
/** One-way positions are keyed BOTH; hedge-mode positions LONG and SHORT. */
export type PosKey = 'BOTH' | 'LONG' | 'SHORT'
export type Tif = 'GTC' | 'IOC' | 'FOK' | 'POST_ONLY'
export type FOrderStatus = 'INIT' | 'NEW' | 'PARTIALLY_FILLED' | 'FILLED' | 'CANCELED' | 'REJECTED'

export interface Position {
  id: string
  account: string
  contract: string
  key: PosKey
  /** BUY long, SELL short. */
  side: Side
  positionType: MarginMode
  qty: number
  /** Sum of the entry values of the contracts held (money); closes release it pro rata. */
  cost: bigint
  /** Isolated margin held (money); 0 for cross. */
  margin: bigint
  openQty: number
  /** Sum of price*qty (ticks*contracts) of the opening fills: openPrice. */
  openTicks: bigint
  closeQty: number
  closeTicks: bigint
  /** Gross PnL of the closing fills. */
  closeProfit: bigint
  tradeFee: bigint
  /** Funding paid (negative: received). */
  capitalFee: bigint
  ctime: number
  mtime: number
}

export interface ContractSettings {
  /** 1 one-way, 2 hedge. */
  positionModel: 1 | 2
  marginModel: MarginMode
  /** Leverage of cross [0] and isolated [1] positions. */
  lever: [number, number]
}

export interface FuturesAccount {
  id: string
  /** The insurance fund: pays no fees, keeps no history, is never liquidated. */
  system: boolean
  /** History (orders, trades, records) is kept: users, not market-activity bots. */
  tracked: boolean
  /** Wallet balance per coin: money not held as isolated margin. */
  wallet: Map<string, bigint>
  /** Margin reserved by open OPEN orders, per coin (part of the wallet). */
  lock: Map<string, bigint>
  /** Realized PnL net of fees and funding, per coin, since the account began. */
  achieved: Map<string, bigint>
  settings: Map<string, ContractSettings>
  /** `${contract}|${key}` */
  positions: Map<string, Position>
  /** `${contract}|${side}`: realized PnL (net) of every position ever held there. */
  historyRealized: Map<string, bigint>
}

export interface Fill {
  tradeId: string
  price: number
  qty: number
  fee: bigint
}

export interface FOrder {
  id: string
  /** Placement sequence: FIFO order of resting orders (a trigger's id is older than its placement). */
  seq: number
  account: string
  contract: string
  side: Side
  action: Action
  key: PosKey
  positionType: MarginMode
  leverage: number
  type: 'LIMIT' | 'MARKET'
  tif: Tif
  /** ticks; 0 for MARKET */
  price: number
  /** contracts (a MARKET OPEN's notional converted when it is placed; 0 while a trigger waits) */
  volume: number
  /** volume as sent: a MARKET OPEN's notional */
  requested: string
  clientOrderId: string | null
  status: FOrderStatus
  executedQty: number
  /** Sum of price*qty over fills (ticks*contracts). */
  executedTicks: bigint
  fee: bigint
  /** Margin reserved per unfilled contract while the order rests (OPEN orders). */
  lockUnit: bigint
  fills: Fill[]
  time: number
  updateTime: number
  /** Set when a waiting trigger ran out of time (history status 6). */
  expired?: boolean
}

/** 1 waiting, 2 triggered, 3 failed, 4 canceled, 6 expired (wire TRIGGER_ORDER_STATUS). */
export type TriggerStatus = 1 | 2 | 3 | 4 | 6

export interface Trigger {
  /** The id of the order it places (which waits as INIT meanwhile). */
  id: string
  account: string
  contract: string
  kind: 'condition' | 'tpsl'
  /** 3 stop-loss, 4 take-profit. */
  triggerType: 3 | 4
  triggerPrice: number
  source: 'mark' | 'last'
  /** Trailing stop callback in ppm; 0 for a plain trigger. */
  trailPpm: number
  activated: boolean
  /** Best price seen since a trailing stop activated. */
  extreme: number
  positionId: string | null
  status: TriggerStatus
  /** ms; 0: none */
  expireTime: number
  ctime: number
  mtime: number
}

export interface ContractMarket {
  index: number
  mark: number
  /** Smoothed (futures mid - index) in ticks * 10^6. */
  basisE6: bigint
  lastTick: number
  /** Last trade price in ticks (0 before the first trade). */
  lastPrice: number
  /** Funding rate of the running interval at the last tick, 10^-8 units. */
  fundingRateE8: bigint
  /** Rate applied at the last settlement. */
  appliedRateE8: bigint
}
