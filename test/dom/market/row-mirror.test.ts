// The invisible DOM mirror of the canvas rows (lib/row-mirror.ts): written at most every MIRROR_MS with the latest
// rows (a trailing write included), at once while the pointer is over it, and every time when nothing else draws.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { MIRROR_MS, RowMirror } from '../../../src-renderer/src/lib/row-mirror'
import { RowPool, type PoolRow } from '../../../src-renderer/src/lib/row-pool'

const row = (price: string): PoolRow => ({ cells: [price], data: { price } })

function mirror(throttled: boolean) {
  const container = document.createElement('div')
  const pool = new RowPool(container, { rowClass: 'row', cellClasses: [''], testId: 'r' })
  pool.resize(3)
  const shown = () => [...container.querySelectorAll('[data-testid="r"]')].map((el) => el.textContent)
  return { m: new RowMirror(pool, throttled), shown }
}

describe('row mirror', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] }))
  afterEach(() => vi.useRealTimers())

  it('writes at most every MIRROR_MS, the latest rows last', () => {
    const { m, shown } = mirror(true)
    m.update([row('1')])
    expect(shown()).toEqual(['1'])
    m.update([row('2')])
    m.update([row('3'), row('2')])
    expect(shown()).toEqual(['1'])
    vi.advanceTimersByTime(MIRROR_MS - 1)
    expect(shown()).toEqual(['1'])
    vi.advanceTimersByTime(1)
    expect(shown()).toEqual(['3', '2'])
    // Nothing new: no further write.
    vi.advanceTimersByTime(MIRROR_MS * 2)
    m.update([row('4')])
    expect(shown()).toEqual(['4'])
  })

  it('follows every update while live, and stops its pending write when disposed', () => {
    const { m, shown } = mirror(true)
    m.update([row('1')])
    m.update([row('2')])
    m.setLive(true)
    expect(shown()).toEqual(['2'])
    m.update([row('3')])
    expect(shown()).toEqual(['3'])
    m.setLive(false)
    m.update([row('4')])
    expect(shown()).toEqual(['3'])
    m.dispose()
    vi.advanceTimersByTime(MIRROR_MS * 2)
    expect(shown()).toEqual(['3'])
  })

  it('writes every update when it is the only view', () => {
    const { m, shown } = mirror(false)
    m.update([row('1')])
    m.update([row('2')])
    expect(shown()).toEqual(['2'])
  })
})
