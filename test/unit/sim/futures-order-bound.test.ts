// The futures order map's bound (src-sim/futures/order-bound.ts): past the limit the oldest finished orders go with
// their finished triggers, open orders and waiting triggers stay, and a restart from a snapshot taken after the bound
// was hit rebuilds the same books, balances and positions and goes on exactly as the process that never stopped.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { DomainError } from '../../../src-sim/domain-error'
import { ExchangeState } from '../../../src-sim/exchange-state'
import { boundOrders } from '../../../src-sim/futures/order-bound'
import type { FOrder, FOrderStatus, Trigger } from '../../../src-sim/futures/types'
import { cmdArb, CONTRACTS, Driver } from '../../property/futures-driver'

const order = (id: string, status: FOrderStatus): FOrder => ({ id, status }) as FOrder
const trigger = (id: string, status: Trigger['status']): Trigger => ({ id, status }) as Trigger

/** What a trader sees of the venue: every book's depth, each account's open orders, wallets, locks and positions. */
function seen(s: ExchangeState): unknown {
  const v = s.futures
  return {
    books: CONTRACTS.map((c) => v.books.depth(c, 1000)),
    open: [...v.accounts.keys()].map((a) => v.openOrders(a)),
    accounts: [...v.accounts.values()].map((a) => ({
      id: a.id,
      wallet: [...a.wallet],
      lock: [...a.lock],
      positions: [...a.positions.values()]
    }))
  }
}

describe('futures order bound', () => {
  it('drops the oldest finished orders with their finished triggers; open and waiting ones stay', () => {
    const orders = new Map<string, FOrder>()
    const triggers = new Map<string, Trigger>()
    for (const [id, status] of [
      ['1', 'NEW'],
      ['2', 'FILLED'],
      ['3', 'INIT'],
      ['4', 'CANCELED'],
      ['5', 'PARTIALLY_FILLED'],
      ['6', 'REJECTED'],
      ['7', 'FILLED']
    ] as const)
      orders.set(id, order(id, status))
    triggers.set('3', trigger('3', 1)) // waiting: its order waits as INIT
    triggers.set('4', trigger('4', 4)) // canceled with its order
    triggers.set('7', trigger('7', 2)) // fired, its order filled
    boundOrders(orders, triggers, 4)
    // 1 open (to the back), 2 dropped, 3 waiting (to the back), 4 dropped with its trigger, 5 open (to the back)
    // and 6 dropped: four left
    expect([...orders.keys()]).toEqual(['7', '1', '3', '5'])
    expect([...triggers.keys()].sort()).toEqual(['3', '7'])
    boundOrders(orders, triggers, 3) // 7 is the only finished one left
    expect([...orders.keys()].sort()).toEqual(['1', '3', '5'])
    expect([...triggers.keys()]).toEqual(['3'])
  })

  it('keeps every order when all are open, without looping', () => {
    const orders = new Map<string, FOrder>()
    for (let i = 0; i < 10; i++) orders.set(String(i), order(String(i), 'NEW'))
    boundOrders(orders, new Map(), 2)
    expect(orders.size).toBe(10)
  })

  it('a restart from a snapshot after the bound is hit has the same books and balances, and goes on the same', () => {
    const d = new Driver()
    d.v.orderLimit = 10
    const cmds = fc.sample(cmdArb({ maxMovePpm: 3000, maxLev: 20 }), { seed: 16, numRuns: 400 })
    let dropped = false
    for (const c of cmds.slice(0, 300)) {
      const before = [...d.v.orders.keys()]
      d.step(c)
      dropped ||= before.some((id) => !d.v.orders.has(id))
      // finished orders past the limit go within a command or a few (a command looks at a handful at most)
      expect(d.v.orders.size - countLive(d.state)).toBeLessThanOrEqual(10)
    }
    expect(dropped).toBe(true)
    expect(countLive(d.state)).toBeGreaterThan(0)
    expect(d.bookkeepingErrors()).toEqual([])

    const restored = new ExchangeState(JSON.parse(JSON.stringify(d.state.snapshot())))
    restored.futures.orderLimit = 10
    expect(seen(restored)).toEqual(seen(d.state))
    // the books the engine matches against were rebuilt: the same commands after it give the same state
    const from = d.log.length
    for (const c of cmds.slice(300)) d.step(c)
    for (const cmd of d.log.slice(from)) {
      try {
        restored.apply(structuredClone(cmd))
      } catch (e) {
        if (!(e instanceof DomainError)) throw e
      }
    }
    expect(JSON.stringify(restored.snapshot())).toBe(JSON.stringify(d.state.snapshot()))
  })
})

/** Orders the bound must keep: open, or waiting on a trigger. */
function countLive(s: ExchangeState): number {
  let n = 0
  for (const o of s.futures.orders.values())
    if (o.status === 'INIT' || o.status === 'NEW' || o.status === 'PARTIALLY_FILLED') n++
  return n
}
