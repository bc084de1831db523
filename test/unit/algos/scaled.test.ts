// The scaled order (src-main/algos/scaled.ts): its levels in exact decimals (prices evenly spaced and rounded never
// worse than asked, sizes linear or geometric, rounded down with the rounding given to the largest: the sum is the
// total, never more), placed in batches of at most 10, each level once.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { decide } from '../../../src-main/algos/machine'
import { scaledLevels } from '../../../src-main/algos/scaled'
import type { Algo, AlgoSpec, ChildOrder } from '../../../src-main/algos/types'
import { add, compare } from '../../../src-shared/decimal'
import { runs } from '../../fast-check-env'

const rules = { pricePrecision: 2, quantityPrecision: 3, limitVolumeMin: '0.001' }
const spec = (s: Partial<AlgoSpec> = {}): AlgoSpec => ({
  kind: 'scaled',
  module: 'spot',
  symbol: 'btcusdt',
  side: 'BUY',
  quantity: '1',
  fromPrice: '100',
  toPrice: '90',
  orders: 3,
  sizing: 'linear',
  sizeFactor: '1',
  fireLate: false,
  ...s
})
const levelsOf = (s: Partial<AlgoSpec>) => {
  const r = scaledLevels(spec(s), rules)
  if (!r.ok) throw new Error(r.words.key)
  return r.levels
}

describe('a scaled order', () => {
  it('spaces its prices evenly, never worse than asked, and sizes them linear or geometric', () => {
    expect(levelsOf({})).toEqual([
      { price: '100', volume: '0.334' },
      { price: '95', volume: '0.333' },
      { price: '90', volume: '0.333' }
    ])
    // 1 : 2 : 3 of 1.2, and a BUY's prices rounded down, a SELL's up.
    expect(levelsOf({ quantity: '1.2', sizeFactor: '2', fromPrice: '100', toPrice: '100.05' })).toEqual([
      { price: '100', volume: '0.2' },
      { price: '100.02', volume: '0.4' },
      { price: '100.05', volume: '0.6' }
    ])
    expect(levelsOf({ side: 'SELL', orders: 3, fromPrice: '100', toPrice: '100.05' }).map((l) => l.price)).toEqual([
      '100',
      '100.03',
      '100.05'
    ])
    expect(levelsOf({ sizing: 'geometric', sizeFactor: '2', quantity: '0.7' }).map((l) => l.volume)).toEqual([
      '0.1',
      '0.2',
      '0.4'
    ])
  })

  it('refuses in words what cannot be laid out: weights not above 0, prices too close, sizes too small', () => {
    expect(scaledLevels(spec({ sizeFactor: '0.4' }), rules)).toMatchObject({
      ok: false,
      words: { key: 'algos.refuse.scaledWeights' }
    })
    expect(scaledLevels(spec({ fromPrice: '100', toPrice: '100.01' }), rules)).toMatchObject({
      ok: false,
      words: { key: 'algos.refuse.scaledNarrow' }
    })
    expect(scaledLevels(spec({ quantity: '0.002' }), rules)).toMatchObject({
      ok: false,
      words: { key: 'algos.refuse.scaledSmall' }
    })
  })

  it('never sizes more than the total, whatever the factor and the number of orders', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 40 }),
        fc.constantFrom<'linear' | 'geometric'>('linear', 'geometric'),
        fc.integer({ min: 1, max: 300 }),
        fc.integer({ min: 1000, max: 10_000_000 }),
        (orders, sizing, f, q) => {
          const s = spec({
            orders,
            sizing,
            sizeFactor: String(f / 100),
            quantity: String(q / 1000),
            toPrice: '1',
            fromPrice: '1000'
          })
          const r = scaledLevels(s, rules)
          if (!r.ok) return
          const sum = r.levels.reduce((t, l) => add(t, l.volume), '0')
          expect(compare(sum, s.quantity)).toBe(0)
          for (const l of r.levels) expect(compare(l.volume, '0')).toBe(1)
        }
      ),
      { numRuns: runs(200) }
    )
  })

  it('places its levels in batches of at most 10, each once, then waits for fills', () => {
    const s = spec({ orders: 12, fromPrice: '100', toPrice: '89' })
    const r = scaledLevels(s, rules)
    if (!r.ok) throw new Error('levels')
    const a: Algo = {
      id: 'a',
      profileId: 'p',
      spec: s,
      state: 'working',
      children: [],
      levels: r.levels,
      rules,
      createdAt: 0,
      updatedAt: 0
    }
    const first = decide(a, { now: 0 })
    expect(first).toMatchObject({ do: 'place-batch' })
    if (first.do !== 'place-batch') return
    expect(first.children.map((c) => c.level)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9])
    const placed = (k: number): ChildOrder => ({
      ...first.children[0]!,
      clientOrderId: `c${k}`,
      level: k,
      state: 'open',
      filled: '0',
      orderId: String(k)
    })
    const next = decide({ ...a, children: Array.from({ length: 10 }, (_, k) => placed(k)) }, { now: 0 })
    expect(next).toMatchObject({ do: 'place-batch' })
    if (next.do === 'place-batch') expect(next.children.map((c) => c.level)).toEqual([10, 11])
    const all = { ...a, children: Array.from({ length: 12 }, (_, k) => placed(k)) }
    expect(decide(all, { now: 0 })).toMatchObject({
      do: 'wait',
      next: { key: 'algos.next.scaled', params: { open: 12 } }
    })
    // A level of unknown outcome is reconciled before anything else.
    const unknown = { ...a, children: [{ ...placed(0), state: 'placing' as const }] }
    expect(decide(unknown, { now: 0 })).toMatchObject({ do: 'reconcile-place' })
  })
})
