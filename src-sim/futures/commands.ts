// Commands of the futures state machine. Like the spot commands, each carries its own time and everything it needs,
// so the journal replays them exactly; periodic work is the `futures.tick` command (mark, triggers, funding,
// liquidation), whose outcome follows from the state and its time alone.
import type { Action, FOrder, MarginMode, Side, Trigger } from './types'

export interface OrderFields {
  account: string
  contract: string
  side: Side
  type: 'LIMIT' | 'MARKET'
  open: Action
  positionType: MarginMode
  price?: string
  volume: string
  clientOrderId?: string
  timeInForce?: 'IOC' | 'FOK' | 'POST_ONLY'
}

export interface FuturesPlaceCmd extends OrderFields {
  t: 'futures.place'
  time: number
}

export interface FuturesConditionCmd extends OrderFields {
  t: 'futures.condition'
  triggerType: 3 | 4
  triggerPrice: string
  trailCallbackRatio?: string
  time: number
}

export interface FuturesCancelCmd {
  t: 'futures.cancel'
  account: string
  contract: string
  orderId?: string
  clientOrderId?: string
  time: number
}

export interface TpslItem {
  triggerType: 3 | 4
  triggerPrice: string
  price?: string
  volume: string
  /** 1 LIMIT, 2 MARKET */
  type: 1 | 2
  expiredTime?: number
  /** 1 mark price, 0 last trade price */
  tagPriceTrigger: 0 | 1
}

export interface FuturesTpslCmd {
  t: 'futures.tpsl'
  account: string
  contract: string
  positionId: string
  side: Side
  positionType: MarginMode
  orders: TpslItem[]
  time: number
}

export interface FuturesTriggerCancelCmd {
  t: 'futures.triggerCancel'
  account: string
  contract: string
  orderId: string
  time: number
}

export interface FuturesTriggerTimeCmd {
  t: 'futures.triggerTime'
  account: string
  contract: string
  triggerOrderId: string
  expireTime: number
  time: number
}

export interface FuturesLeverageCmd {
  t: 'futures.leverage'
  account: string
  contract: string
  leverage: number
  positionType: MarginMode
  time: number
}

export interface FuturesPositionModelCmd {
  t: 'futures.positionModel'
  account: string
  contract: string
  positionModel: 1 | 2
  time: number
}

export interface FuturesMarginModelCmd {
  t: 'futures.marginModel'
  account: string
  contract: string
  marginModel: MarginMode
  time: number
}

/** Moves funds between the spot account and the futures wallet, atomically (one command, both ledgers). */
export interface FuturesTransferCmd {
  t: 'futures.transfer'
  account: string
  coin: string
  amount: string
  direction: 'wallet_to_contract' | 'contract_to_wallet'
  time: number
}

/** Credits a futures wallet from outside (control API, market-activity bots, the insurance fund). */
export interface FuturesDepositCmd {
  t: 'futures.deposit'
  account: string
  coin: string
  amount: string
  time: number
}

export interface FuturesTickCmd {
  t: 'futures.tick'
  time: number
  /** Funding settles at every multiple of this since the epoch. */
  fundingIntervalMs: number
  /**
   * Time of the latest tick left out of the journal as idle (see ./tick.ts): the marks stood still until then, so
   * the basis smooths from there, exactly as if that tick had been applied.
   */
  idleSince?: number
}

export type FuturesCommand =
  | FuturesPlaceCmd
  | FuturesConditionCmd
  | FuturesCancelCmd
  | FuturesTpslCmd
  | FuturesTriggerCancelCmd
  | FuturesTriggerTimeCmd
  | FuturesLeverageCmd
  | FuturesPositionModelCmd
  | FuturesMarginModelCmd
  | FuturesTransferCmd
  | FuturesDepositCmd
  | FuturesTickCmd

export type FuturesResult =
  { order?: FOrder; trigger?: Trigger; triggerIds?: string[]; transferId?: string } | undefined

export const DEFAULT_FUNDING_INTERVAL_MS = 8 * 3600 * 1000

export function isFuturesCommand(cmd: { t: string }): cmd is FuturesCommand {
  return typeof cmd.t === 'string' && cmd.t.startsWith('futures.')
}
