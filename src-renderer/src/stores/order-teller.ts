// Which states of an order are news, each told once: a fill that grew while the order rests, and the order's end
// (filled, canceled with part filled, or a market/IOC order that filled nothing). A finished order with fills is
// told only once its average is known (main reads a create answer's missing average back within a second), so the
// one message carries the whole truth. A limit order canceled with nothing filled is no fill: the cancel said it.
import { compare, isDecimalText } from '@shared/decimal'
import type { OrderOutcome } from '../lib/fill-words'

const KEPT = 2000

export class OrderTeller {
  /** Per order key: the executed size last told, and whether its end was told. */
  readonly #told = new Map<string, { executed: string; done: boolean }>()

  /** The outcome if it is news (and marks it told), else null. */
  news(key: string, o: OrderOutcome): OrderOutcome | null {
    const was = this.#told.get(key)
    if (was?.done) return null
    const filled = isDecimalText(o.executed) && compare(o.executed, '0') > 0
    const grew = filled && compare(o.executed, was?.executed ?? '0') > 0
    if (o.state === 'open') {
      if (!grew) return null
      this.#mark(key, o.executed, false)
      return o
    }
    if (filled && (o.avgPrice === null || compare(o.avgPrice, '0') === 0)) return null
    this.#mark(key, o.executed, true)
    if (!filled && o.state === 'canceled' && o.type === 'LIMIT') return null
    return o
  }

  #mark(key: string, executed: string, done: boolean): void {
    this.#told.delete(key)
    this.#told.set(key, { executed, done })
    if (this.#told.size > KEPT) for (const k of [...this.#told.keys()].slice(0, KEPT / 2)) this.#told.delete(k)
  }
}
