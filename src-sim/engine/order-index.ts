// Open orders by id. Order ids are decimal strings above 2^53; a Map keyed by those strings costs a string
// hash and a string compare per lookup, which dominated cancel at 100k resting orders. The index keys each
// order by a small number instead: the id's last 15 digits minus those of ORDER_ID_BASE (mod 10^15), which is
// the order's sequence number for the default base and a V8 small integer for the first 2^31 orders. Two open
// orders share a key only if their ids differ by a multiple of 10^15; every lookup still checks the full id.

import { KEY_BASE, KEY_SPAN } from './ids'
import type { Order } from './order'


/** The index key of an id string (NaN for text that is not digits; such a key is never stored). */
export function orderKey(id: string): number {
  const len = id.length
  if (len === 0) return Number.NaN
  let n = 0
  for (let i = len > 15 ? len - 15 : 0; i < len; i++) {
    const d = id.charCodeAt(i) - 48
    if (d < 0 || d > 9) return Number.NaN
    n = n * 10 + d
  }
  const k = n - KEY_BASE
  return k >= 0 ? k : k + KEY_SPAN
}

export class OrderIndex {
  private readonly map = new Map<number, Order>()

  get size(): number {
    return this.map.size
  }

  get(id: string): Order | undefined {
    const o = this.map.get(orderKey(id))
    return o !== undefined && o.id === id ? o : undefined
  }

  has(id: string): boolean {
    return this.get(id) !== undefined
  }

  /** o.key must be orderKey(o.id); ids are issued in increasing order, so keys of open orders never clash. */
  add(o: Order): void {
    this.map.set(o.key, o)
  }

  delete(o: Order): void {
    this.map.delete(o.key)
  }

  values(): IterableIterator<Order> {
    return this.map.values()
  }
}
