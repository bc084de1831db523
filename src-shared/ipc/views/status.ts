// Transfer and status views.
import type { Gateway } from '../../api/types'
import type { Words } from '../../i18n/words'
import type { ActionRefView, DecimalText, IdText, Millis } from './common'

/** `actionId`: the transfer's operation (its events on trading.onOrderEvents carry it). */
export interface TransferView extends ActionRefView {
  transferId: IdText
}

export interface FuturesWalletView {
  coinSymbol: string
  balance: DecimalText
  available: DecimalText
  locked: DecimalText
}

/** Transfers are RSA-signed: without a private key on the profile they cannot be sent. */
export interface RsaStatusView {
  hasRsaKey: boolean
  canTransfer: boolean
  reason: string | null
  /** `reason` in catalog words, for the UI to tell in its language (`reason` is main's English). */
  words?: Words
}

export interface FeedStatusView {
  /** The feed's market-data source (spot serves margin too). */
  module: Gateway
  state: 'idle' | 'connecting' | 'open' | 'stale' | 'reconnecting' | 'closed'
  lastFrameAt: Millis | null
  reconnects: number
  lastError: string | null
  channels: number
}

export interface RateBudgetView {
  /** Highest share of any bucket's planned budget in use, 0..1. */
  maxUse: number
  queuedUser: number
  queuedBackground: number
  rateLimited: number
  buckets: { endpointId: string; used: number; planned: number; windowMs: number }[]
}

/** app.onStatus, about once a second, for the active (or named) profile. */
export interface StatusView {
  profileId: string | null
  at: Millis
  feeds: FeedStatusView[]
  rest: { lastLatencyMs: number | null; avgLatencyMs: number | null; lastOkAt: Millis | null; lastError: string | null }
  clock: { offsetMs: number; rttMs: number | null; synced: boolean }
  rateBudget: RateBudgetView
  /** The private-data poller: its current interval multiplier (1 = relaxed) and why (in catalog words too). */
  polling: { multiplier: number; reason: string | null; words?: Words }
}
