// The contract's side of the terminal's spot/margin order history (src-main/orders/order-history.ts): pages of
// one profile's history, and its changes as a stream so every window shows the same orders live.
import type { z } from 'zod'
import type * as S from '@shared/ipc/schemas/trading'
import type { OrderHistoryEventView, OrderHistoryPageView } from '@shared/ipc/views/trading'
import type { OrderHistory } from '../orders/order-history'
import { historyEntry } from './order-views'
import type { Venues } from './venues'

/** Page size when the caller names none. */
const DEFAULT_LIMIT = 50

export class OrderHistoryService {
  constructor(
    private readonly venues: Venues,
    private readonly history: OrderHistory
  ) {}

  async list(i: z.output<typeof S.orderHistoryInput>): Promise<OrderHistoryPageView> {
    const { records, nextCursor } = await this.history.list(this.venues.resolveId(i.profileId), {
      module: i.module,
      symbol: i.symbol,
      limit: i.limit ?? DEFAULT_LIMIT,
      before: i.before
    })
    return { orders: records.map(historyEntry), nextCursor }
  }

  onChange(profileId: string, emit: (e: OrderHistoryEventView) => void): () => void {
    return this.history.onChange(profileId, (changed) => emit({ orders: changed.map(historyEntry) }))
  }

  /** The profile was removed: so is its history. */
  forget(profileId: string): Promise<void> {
    return this.history.forget(profileId)
  }
}
