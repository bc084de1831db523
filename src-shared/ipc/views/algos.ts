// Algorithms as main shows them (src-main/algos): one profile's list, whole, on every change (a list is short).
// Money is exact decimal text, times ms, words are catalog keys and values.
import type { Words } from '../../i18n/words'

export type AlgoStateView = 'waiting' | 'working' | 'paused' | 'stopping' | 'done' | 'cancelled' | 'failed'

export interface AlgoChildView {
  clientOrderId: string
  orderId: string | null
  /**
   * limit: an OCO's limit; stop: the order a stop sends; entry, take-profit: a bracket's; slice: an iceberg's or a
   * TWAP's; level: a scaled order's.
   */
  role: 'limit' | 'stop' | 'entry' | 'take-profit' | 'slice' | 'level'
  side: 'BUY' | 'SELL'
  type: 'LIMIT' | 'MARKET'
  volume: string
  price: string | null
  /** placing / cancelling: its outcome is being reconciled. */
  state: 'placing' | 'open' | 'cancelling' | 'final' | 'not-placed'
  filled: string
  status: string | null
  /** TWAP: the index of its slice (from 0). */
  slice: number | null
  /** Scaled: the index of its level (from 0). */
  level: number | null
}

export type AlgoEditableField =
  | 'limitPrice'
  | 'triggerPrice'
  | 'stopLimitPrice'
  | 'trailPercent'
  | 'visibleQuantity'
  | 'maxDistancePercent'
  | 'intervalSeconds'

export interface AlgoView {
  id: string
  profileId: string
  kind: 'oco' | 'stop-market' | 'stop-limit' | 'trailing-stop' | 'bracket' | 'iceberg' | 'twap' | 'scaled' | 'chase'
  module: 'spot' | 'futures'
  symbol: string
  side: 'BUY' | 'SELL'
  /** Futures: its orders open or close a position, and their margin mode (1 cross, 2 isolated). */
  open?: 'OPEN' | 'CLOSE'
  positionType?: 1 | 2
  quantity: string
  limitPrice: string | null
  triggerPrice: string | null
  stopLimitPrice: string | null
  trailPercent: string | null
  /** Bracket: its take-profit limit's price. */
  takeProfitPrice: string | null
  /** Iceberg: the most one of its limits shows. */
  visibleQuantity: string | null
  /** TWAP: its duration (whole seconds), its slices, whether their times are jittered, each slice's time (ms). */
  durationSeconds: number | null
  slices: number | null
  jitter: boolean | null
  schedule: number[] | null
  /** Scaled: its range, number of orders, sizing, and each level as computed when it was created. */
  fromPrice: string | null
  toPrice: string | null
  orders: number | null
  sizing: 'linear' | 'geometric' | null
  sizeFactor: string | null
  levels: { price: string; volume: string }[] | null
  /** Chase: its maximum distance (percent) from `anchor` (the best price when it started), its least interval. */
  maxDistancePercent: string | null
  intervalSeconds: number | null
  anchor: string | null
  /** Chase: the worst price it may follow to now (null before its first read of the book). */
  chaseBound: string | null
  /** The trailing stop's price now (null before its first price). */
  trailingStop: string | null
  fireLate: boolean
  state: AlgoStateView
  /** What it bought or sold for its own side (a bracket: its entry; its exits are in `children`). */
  filled: string
  children: AlgoChildView[]
  /** What it waits for or does next, in words. */
  next: Words
  triggered: { price: string; at: number; late: boolean } | null
  missed: { price: string; at: number } | null
  reason: Words | null
  /**
   * The fields a safe edit may change now (none once it ended, is stopping, or its stop fired), and the edits made,
   * oldest first (each field's value before and after).
   */
  editable: AlgoEditableField[]
  edits: { at: number; changes: { field: AlgoEditableField; from: string | null; to: string }[] }[]
  createdAt: number
  updatedAt: number
  endedAt: number | null
}

export interface AlgosEventView {
  algos: AlgoView[]
}
