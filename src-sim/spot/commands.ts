// Commands of the spot state machine (spot and margin). Each carries its own time (and everything else it
// needs), so replaying the journal after a crash rebuilds exactly the state that was acknowledged.
import type { Gateway } from '@shared/api/types'
import type { SpotModule } from '@shared/module'

/** An account's wallet on the spot side: one per spot module. */
export type Wallet = SpotModule

export interface CreateAccountCmd {
  t: 'account'
  id: string
  apiKey: string
  secret: string
  rsaPublicKey?: string
  /** Bench accounts: rate limits lifted. */
  unlimited?: boolean
  /** Market-activity accounts: no order or trade history is kept for them. */
  bot?: boolean
  time: number
}

export interface DepositCmd {
  t: 'deposit'
  account: string
  wallet: Wallet
  asset: string
  amount: string
  txid: string
  time: number
}

export interface WithdrawCmd {
  t: 'withdraw'
  account: string
  asset: string
  amount: string
  fee: string
  address: string
  time: number
}

export interface PlaceCmd {
  t: 'place'
  account: string
  wallet: Wallet
  symbol: string
  side: 'BUY' | 'SELL'
  type: 'LIMIT' | 'MARKET'
  price?: string
  volume: string
  clientOrderId?: string
  time: number
}

export interface CancelCmd {
  t: 'cancel'
  account: string
  wallet: Wallet
  symbol: string
  orderId?: string
  clientOrderId?: string
  time: number
}

export interface SetRsaKeyCmd {
  t: 'rsaKey'
  apiKey: string
  rsaPublicKey: string
  time: number
}

export interface MarginInterestCmd {
  t: 'marginInterest'
  time: number
}

export interface MarginLiquidateCmd {
  t: 'marginLiquidate'
  account: string
  time: number
}

export type SpotCommand =
  | CreateAccountCmd
  | DepositCmd
  | WithdrawCmd
  | PlaceCmd
  | CancelCmd
  | SetRsaKeyCmd
  | MarginInterestCmd
  | MarginLiquidateCmd

/**
 * A command of no kind this build knows: a journal written by another build, or a bug. apply throws on it, so a
 * replay refuses the directory (durable-state.ts) instead of skipping a record silently, and nothing is journaled.
 */
export function unknownCommand(cmd: never, side: Gateway): never {
  throw new Error(`unknown ${side} command '${String((cmd as { t?: unknown }).t)}'`)
}
