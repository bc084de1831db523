// The audit must see a broken FIFO, or every expectSound in these tests would pass on a corrupt book.
import { describe, expect, it } from 'vitest'
import { auditEngine } from '../../../src-sim/engine/audit'
import type { SpotEngine } from '../../../src-sim/engine/engine'
import type { Order } from '../../../src-sim/engine/order'
import { expectSound, fund, limit, makeEngine } from './helpers'

/** Three sells resting at one price, oldest first (records stay valid: the fixture does not recycle them). */
function threeAtOnePrice(): { e: SpotEngine; orders: Order[] } {
  const { e } = makeEngine()
  fund(e, 'm')
  const orders = [1, 2, 3].map(() => {
    const r = limit(e, 'm', 'SELL', 10000, 10)
    if (!r.ok) throw new Error(r.reason)
    return r
  })
  expectSound(e)
  return { e, orders }
}

describe('auditEngine: the FIFO of a level', () => {
  it('reports an order whose prev link skips its predecessor', () => {
    const { e, orders } = threeAtOnePrice()
    orders[2]!.prev = orders[0]!
    expect(auditEngine(e)).toEqual([`${orders[2]!.id}: level / prev link do not match its place in the FIFO`])
  })

  it('reports an order that points at another level', () => {
    const { e, orders } = threeAtOnePrice()
    orders[1]!.level = null
    expect(auditEngine(e)).toEqual([`${orders[1]!.id}: level / prev link do not match its place in the FIFO`])
  })

  it("reports a level whose last is not the FIFO's end", () => {
    const { e, orders } = threeAtOnePrice()
    orders[0]!.level!.last = orders[1]!
    expect(auditEngine(e)).toEqual(['btcusdt SELL 10000: last order is not the end of the FIFO'])
  })

  it('reports a cycle once and stops walking it', () => {
    const { e, orders } = threeAtOnePrice()
    orders[2]!.next = orders[1]!
    expect(auditEngine(e)).toContain(`${orders[1]!.id}: queued twice`)
  })
})
