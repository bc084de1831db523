// An algorithm as the engine journals it: what the user asked for (its spec), where its state machine stands and
// every child order it sent. Everything here is plain JSON (money as decimal text, ids as strings), written whole to
// the profile's journal before each order is sent and after each answer (algo-store.ts).
import type { Words } from '@shared/i18n/words'

export type AlgoKind =
  'oco' | 'stop-market' | 'stop-limit' | 'trailing-stop' | 'bracket' | 'iceberg' | 'twap' | 'scaled' | 'chase'
export type AlgoSide = 'BUY' | 'SELL'

/** What the user asked for, as validated (src-shared/ipc/schemas/algos.ts). Prices and sizes are decimal text. */
export interface AlgoSpec {
  kind: AlgoKind
  module: 'spot' | 'futures'
  /** The spot symbol, or the futures contract. */
  symbol: string
  side: AlgoSide
  /** Futures: every child opens or closes (a CLOSE is reduce-only at the venue: it never opens the other way). */
  open?: 'OPEN' | 'CLOSE'
  /** Futures: the margin mode every child is sent with (1 cross, 2 isolated). */
  positionType?: 1 | 2
  /** The total in base units (futures: whole contracts): the sum of every child's fill never exceeds it. */
  quantity: string
  /** OCO: the limit order's price; bracket: the entry's; iceberg, TWAP: every slice's; chase: the worst it goes. */
  limitPrice?: string
  /** OCO, stop-market, stop-limit: the last price that fires the stop; bracket: its stop loss's. */
  triggerPrice?: string
  /**
   * OCO, stop-limit, bracket: the limit price of the order sent when the stop fires (a SELL without it: a market
   * order).
   */
  stopLimitPrice?: string
  /** Bracket: the take-profit limit's price. */
  takeProfitPrice?: string
  /** Iceberg: the most one of its limits shows at a time. */
  visibleQuantity?: string
  /** TWAP: how long it runs, in whole seconds, and in how many slices. */
  durationSeconds?: number
  slices?: number
  /** TWAP: each slice after the first moved later by a random part of half an interval. */
  jitter?: boolean
  /** Scaled: `orders` limits from `fromPrice` to `toPrice`, evenly spaced. */
  fromPrice?: string
  toPrice?: string
  orders?: number
  /** Scaled: linear (each the first's plus `sizeFactor - 1` times the first more) or geometric (`sizeFactor` times). */
  sizing?: 'linear' | 'geometric'
  sizeFactor?: string
  /** Chase: how far from the best price when it started it may follow (percent); with `limitPrice`, the tighter. */
  maxDistancePercent?: string
  /** Chase: the least time between two moves (whole seconds). */
  intervalSeconds?: number
  /** Trailing stop: how far behind the best last price the stop follows, in percent. */
  trailPercent?: string
  /** A trigger passed while the terminal was closed fires late at start (else the algorithm pauses, saying so). */
  fireLate: boolean
}

/**
 * waiting: watching its trigger; working: a child order is live or being sent; paused: neither triggers nor sends;
 * stopping: cancelling its children before it ends (cancel, kill switch, a failure); then one of the terminal states.
 */
export type AlgoState = 'waiting' | 'working' | 'paused' | 'stopping' | 'done' | 'cancelled' | 'failed'
export const TERMINAL_STATES: ReadonlySet<AlgoState> = new Set(['done', 'cancelled', 'failed'])
/** Kinds that wait for their trigger on the last price before sending anything (the stops). */
export const TRIGGER_KINDS: ReadonlySet<AlgoKind> = new Set(['stop-market', 'stop-limit', 'trailing-stop'])

/**
 * placing: written down, sent or about to be, outcome not known yet (reconciled before anything else is sent);
 * open: the venue holds it; cancelling: a cancel written down, outcome not known yet; final: the venue shows it
 * ended (its fill is final); not-placed: the venue refused it or it provably never arrived.
 */
export type ChildState = 'placing' | 'open' | 'cancelling' | 'final' | 'not-placed'

/**
 * limit: an OCO's limit; stop: the order a stop sends; entry, take-profit: a bracket's; slice: an iceberg's, a
 * TWAP's; level: a scaled order's.
 */
export type ChildRole = 'limit' | 'stop' | 'entry' | 'take-profit' | 'slice' | 'level'

export interface ChildOrder {
  /** The client order id, chosen and journaled before the place is sent. */
  clientOrderId: string
  role: ChildRole
  side: AlgoSide
  type: 'LIMIT' | 'MARKET'
  volume: string
  price?: string
  state: ChildState
  orderId?: string
  /** Filled so far (base units), as the venue last showed it. */
  filled: string
  /** The venue's status when last read. */
  status?: string
  /** Why it was not placed or could not be read (words). */
  error?: Words
  /** When its place was written down (ms). */
  at?: number
  /** The algorithm cancelled it (an order ended otherwise ended outside the algorithm). */
  cancelled?: boolean
  /** TWAP: the index of its slice (from 0). */
  slice?: number
  /** Scaled: the index of its level (from 0). */
  level?: number
}

/** The symbol's rules an algorithm sizes and prices its children by, read when it was created. */
export interface AlgoRules {
  pricePrecision: number
  quantityPrecision: number
  limitVolumeMin: string
}

/** The spec fields a safe edit may change (edits.ts: which, per kind). */
export type EditableField =
  | 'limitPrice'
  | 'triggerPrice'
  | 'stopLimitPrice'
  | 'trailPercent'
  | 'visibleQuantity'
  | 'maxDistancePercent'
  | 'intervalSeconds'

/** One safe edit, journaled: when, and each field's value before and after (as text). */
export interface AlgoEdit {
  at: number
  changes: { field: EditableField; from: string | null; to: string }[]
}

export interface Algo {
  id: string
  profileId: string
  spec: AlgoSpec
  state: AlgoState
  /** The state a paused algorithm goes back to. */
  pausedFrom?: 'waiting' | 'working'
  /** The end a stopping algorithm reaches once its children are final. */
  stopping?: { end: 'cancelled' | 'failed' | 'done'; reason: Words }
  /** The stop fired (its trigger was seen), at this last price and time. */
  triggered?: { price: string; at: number; late: boolean }
  /** Trailing stop: the best last price seen since it was created (highest for a SELL, lowest for a BUY). */
  extreme?: string
  /** The trigger had passed when the terminal started again, and the user did not ask for late fires. */
  missed?: { price: string; at: number }
  children: ChildOrder[]
  /** The symbol's rules when it was created (the kinds that size or price children themselves). */
  rules?: AlgoRules
  /** TWAP: each slice's time (ms), drawn once when it was created. */
  schedule?: number[]
  /** Scaled: each level's price and size, computed once when it was created. */
  levels?: { price: string; volume: string }[]
  /** Chase: the best price when it started (its maximum distance is from it). */
  anchor?: string
  createdAt: number
  updatedAt: number
  endedAt?: number
  /** Why it ended (terminal states), or why it paused by itself. */
  reason?: Words
  /** The safe edits made while it ran, oldest first. */
  edits?: AlgoEdit[]
}
