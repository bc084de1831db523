import { describe, expect, it } from 'vitest'
import { addRecent, setRecent } from '../../../src-renderer/src/stores/recent-keys'

describe('recent keys (a window remembers the latest orders and notices only)', () => {
  it('keeps the most recently set entries of a map, a touched key moving to the back', () => {
    const m = new Map<string, string>()
    for (let i = 0; i < 10_000; i++) setRecent(m, `spot:${i}`, '0.1', 5000)
    expect(m.size).toBe(5000)
    expect(m.has('spot:4999')).toBe(false)
    expect(m.has('spot:5000')).toBe(true)
    setRecent(m, 'spot:5000', '0.2', 5000) // an old order filled again: now the newest
    setRecent(m, 'spot:10000', '0.1', 5000)
    expect(m.get('spot:5000')).toBe('0.2')
    expect(m.has('spot:5001')).toBe(false)
    expect([...m.keys()].at(-2)).toBe('spot:5000')
  })

  it('keeps the most recently added keys of a set', () => {
    const s = new Set<string>()
    for (let i = 0; i < 1500; i++) addRecent(s, `n${i}`, 1000)
    addRecent(s, 'n500', 1000)
    addRecent(s, 'n1500', 1000)
    expect(s.size).toBe(1000)
    expect(s.has('n500')).toBe(true)
    expect(s.has('n501')).toBe(false)
    expect(s.has('n1499')).toBe(true)
  })
})
