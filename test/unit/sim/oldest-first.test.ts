import { describe, expect, it } from 'vitest'
import { takeOldest } from '../../../src-sim/oldest-first'

/** The plain way: a fresh walk from the map's first slot each time. */
function reference<K, V>(map: Map<K, V>): [K, V] | undefined {
  const first = map.entries().next()
  if (first.done) return undefined
  map.delete(first.value[0])
  return first.value
}

describe('takeOldest', () => {
  it('takes entries first-set first; one set again goes behind, one set later comes in its turn', () => {
    const m = new Map([
      ['a', 1],
      ['b', 2],
      ['c', 3]
    ])
    expect(takeOldest(m)).toEqual(['a', 1])
    m.set('a', 10) // back in, behind c
    m.set('d', 4)
    m.delete('c') // removed by someone else: never taken
    expect(takeOldest(m)).toEqual(['b', 2])
    expect(takeOldest(m)).toEqual(['a', 10])
    expect(takeOldest(m)).toEqual(['d', 4])
    expect(takeOldest(m)).toBeUndefined()
    m.set('e', 5) // after the walk ended: a new one starts
    expect(takeOldest(m)).toEqual(['e', 5])
    m.set('f', 6)
    m.clear()
    m.set('g', 7)
    expect(takeOldest(m)).toEqual(['g', 7])
    expect(m.size).toBe(0)
  })

  it('agrees with a fresh walk over any mix of sets, deletes and takes (bounded records of 50 entries)', () => {
    let seed = 7
    const rand = (n: number): number => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n)
    const a = new Map<number, number>()
    const b = new Map<number, number>()
    for (let step = 0; step < 10_000; step++) {
      const op = rand(10)
      const key = rand(120)
      if (op < 5) {
        a.set(key, step)
        b.set(key, step)
      } else if (op < 6) {
        a.delete(key)
        b.delete(key)
      } else if (op < 7) {
        // an open order kept: taken and set again at the back
        const x = takeOldest(a)
        const y = reference(b)
        expect(x).toEqual(y)
        if (x) a.set(x[0], x[1])
        if (y) b.set(y[0], y[1])
      } else {
        while (a.size > 50) expect(takeOldest(a)).toEqual(reference(b))
      }
      expect(a.size).toBe(b.size)
    }
    expect([...a]).toEqual([...b])
  })
})
