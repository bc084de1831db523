// The bound on the futures state's order map: it holds every order of users (history, queried by id and listed),
// and past MAX_FUTURES_ORDERS the oldest finished ones are dropped with their finished triggers (a live venue purges
// old orders too), so a client trading contracts for hours cannot grow the server without bound. Open orders and
// orders whose trigger still waits are always kept: the books are rebuilt from them on restore.
import { takeOldest } from '../oldest-first'
import type { FOrder, Trigger } from './types'

/** Orders kept over all accounts, as the spot records keep (../spot/records.ts). */
export const MAX_FUTURES_ORDERS = 50_000

/** Looks a call at most: constant work per command, while each command adds a handful of orders at most. */
const LOOKS = 16

const live = (o: FOrder, t: Trigger | undefined): boolean =>
  o.status === 'INIT' || o.status === 'NEW' || o.status === 'PARTIALLY_FILLED' || t?.status === 1

/**
 * Drops the oldest finished orders (and their triggers) while the map holds more than `limit`. The map keeps
 * first-set order, so its head is the oldest order; a live order at the head is moved to the back and looked at
 * again only after every order behind it. Deterministic: a replay of the same commands drops the same orders.
 */
export function boundOrders(orders: Map<string, FOrder>, triggers: Map<string, Trigger>, limit: number): void {
  for (let looks = 0; looks < LOOKS && orders.size > limit; looks++) {
    const [id, oldest] = takeOldest(orders)!
    const trigger = triggers.get(id)
    if (live(oldest, trigger)) orders.set(id, oldest)
    else triggers.delete(id)
  }
}
