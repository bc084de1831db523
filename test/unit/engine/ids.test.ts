import fc from 'fast-check'
import { runs } from '../../fast-check-env'
import { describe, expect, it } from 'vitest'
import { compareIds, IdGenerator, ORDER_ID_BASE, pageFromId } from '../../../src-sim/engine/ids'
import { Order } from '../../../src-sim/engine/order'
import { OrderIndex, orderKey } from '../../../src-sim/engine/order-index'
import { fund, limit, makeEngine, ok } from './helpers'

describe('ids', () => {
  it('order and trade ids are decimal strings above 2^53, increasing', () => {
    const { e, trades } = makeEngine()
    fund(e, 'a')
    fund(e, 'b')
    const o1 = ok(limit(e, 'a', 'SELL', 10000, 10))
    const o2 = ok(limit(e, 'b', 'BUY', 10000, 4))
    ok(limit(e, 'b', 'BUY', 10000, 4))
    for (const id of [o1.orderId, o2.orderId, ...trades.map((t) => t.id)]) {
      expect(typeof id).toBe('string')
      expect(id).toMatch(/^[1-9]\d{18}$/)
      expect(BigInt(id) > 2n ** 53n).toBe(true)
    }
    expect(o1.orderId).toBe(ORDER_ID_BASE.toString())
    expect(BigInt(o2.orderId) - BigInt(o1.orderId)).toBe(1n)
    expect(BigInt(trades[1]!.id) - BigInt(trades[0]!.id)).toBe(1n)
    expect(trades[0]!.makerOrderId).toBe(o1.orderId)
  })

  it('the generator matches BigInt arithmetic across digit boundaries, and its keys match orderKey', () => {
    for (const start of [
      ORDER_ID_BASE,
      3176901856999999998n,
      3176901857099999999n,
      0n,
      999_999_998n,
      123_456_789_012_345n,
      99_999_999_999_999_999n
    ]) {
      const g = new IdGenerator(start)
      for (let i = 0n; i < 5n; i++) {
        expect(g.peek()).toBe((start + i).toString())
        const id = g.next()
        expect(id).toBe((start + i).toString())
        expect(g.lastKey).toBe(orderKey(id))
      }
    }
  })

  it('compareIds orders numerically', () => {
    expect(['10', '9', '3176901856236716481', '3176901856236716480'].sort(compareIds)).toEqual([
      '9',
      '10',
      '3176901856236716480',
      '3176901856236716481'
    ])
    expect(compareIds('9007199254740993', '9007199254740992')).toBeGreaterThan(0) // past 2^53, without Number
    expect(compareIds('100', '100')).toBe(0)
  })

  it('pageFromId pages an id-ascending list from fromId on (inclusive), or gives the latest without it', () => {
    const list = ['98', '99', '100', '101', '102'].map((id) => ({ id }))
    const ids = (limit: number, fromId?: string) => pageFromId(list, (r) => r.id, limit, fromId).map((r) => r.id)
    expect(ids(2)).toEqual(['101', '102'])
    expect(ids(2, '99')).toEqual(['99', '100'])
    expect(ids(9, '100')).toEqual(['100', '101', '102']) // numerically, not as text ('100' < '99')
    expect(ids(2, '1000')).toEqual([])
    expect(ids(2, '1')).toEqual(['98', '99'])
  })

  it('the open-order index grows and shrinks', () => {
    const g = new IdGenerator(ORDER_ID_BASE)
    const idx = new OrderIndex()
    const all: Order[] = []
    for (let i = 0; i < 5000; i++) {
      const o = new Order()
      o.id = g.next()
      o.key = g.lastKey
      idx.add(o)
      all.push(o)
    }
    for (let i = 0; i < 4900; i++) idx.delete(all[(i * 7919) % 5000]!)
    const left = all.filter((o) => idx.get(o.id) === o)
    expect(left).toHaveLength(100)
    expect(idx.size).toBe(100)
    for (const o of left) idx.delete(o)
    expect(idx.size).toBe(0)
    expect([...idx.values()]).toEqual([])
    // adding an entry with a key already present replaces it, like Map.set
    const a = all[0]!
    const b = new Order()
    b.id = a.id
    b.key = a.key
    idx.add(a)
    idx.add(b)
    expect(idx.size).toBe(1)
    expect(idx.get(a.id)).toBe(b)
  })

  it('the open-order index agrees with a Map under random adds and deletes', () => {
    // size 'max': fast-check's default size caps an array at 2 x minLength + 10 items, whatever maxLength says
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.boolean(), fc.nat()), { maxLength: 3000, size: 'max' }),
        fc.bigInt({ min: 0n, max: 10n ** 18n }),
        (ops, start) => {
          const g = new IdGenerator(start)
          const idx = new OrderIndex()
          const ref = new Map<string, Order>()
          const live: Order[] = []
          for (const [add, pick] of ops) {
            if (add || live.length === 0) {
              const o = new Order()
              o.id = g.next()
              o.key = g.lastKey
              idx.add(o)
              ref.set(o.id, o)
              live.push(o)
            } else {
              const o = live.splice(pick % live.length, 1)[0]!
              idx.delete(o)
              ref.delete(o.id)
            }
          }
          expect(idx.size).toBe(ref.size)
          for (const [id, o] of ref) expect(idx.get(id)).toBe(o)
          expect(new Set(idx.values())).toEqual(new Set(ref.values()))
          expect(idx.get(g.peek())).toBeUndefined()
          expect(idx.get('x')).toBeUndefined()
          expect(idx.get('')).toBeUndefined()
        }
      ),
      { numRuns: runs(60) }
    )
  })
})
