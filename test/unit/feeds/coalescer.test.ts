// The coalescer: a burst becomes one push with the final state and every trade; pushes are at most one per
// interval; candles merge by id.
import { describe, expect, it } from 'vitest'
import { Coalescer, mergeUpdate, type CoalescedUpdate } from '../../../src-main/feeds/coalescer'
import type { FeedTrade, FeedUpdate } from '../../../src-main/feeds/types'
import { FakeTimers } from './fakes'

const book = (p: string): FeedUpdate => ({ kind: 'depth', book: { asks: [[p, '1']], bids: [], ts: 1 } })
const trade = (id: number): FeedTrade => ({ id: String(id), side: 'buy', price: '1', vol: '1', amount: null, ts: id })
const candle = (id: number, close: string) => ({ id, open: '1', close, high: '9', low: '1', vol: '1', amount: null })

function setup(intervalMs = 16) {
  const timers = new FakeTimers()
  const pushes: CoalescedUpdate[][] = []
  const c = new Coalescer((b) => pushes.push(b), { intervalMs, timers })
  return { timers, pushes, c }
}

describe('Coalescer', () => {
  it('a burst of 100 frames is one push with the final book and all trades', async () => {
    const { timers, pushes, c } = setup()
    for (let i = 1; i <= 100; i++) {
      c.push('depth', book(String(i)))
      c.push('trades', { kind: 'trades', trades: [trade(i)] })
    }
    expect(pushes).toEqual([])
    await Promise.resolve()
    expect(pushes).toHaveLength(1)
    // A later burst, likewise.
    for (let i = 101; i <= 200; i++) c.push('trades', { kind: 'trades', trades: [trade(i)] })
    timers.advance(16)
    expect(pushes).toHaveLength(2)
    expect(pushes[1]![0]!.update.kind === 'trades' && pushes[1]![0]!.update.trades).toHaveLength(100)
    pushes.splice(1)
    const [d, t] = pushes[0]!
    expect(d).toEqual({ stream: 'depth', update: book('100') })
    expect(t!.update.kind === 'trades' && t!.update.trades.map((x) => Number(x.id))).toEqual(
      Array.from({ length: 100 }, (_, i) => 100 - i)
    )
  })

  it('pushes at most once per interval, the trailing push carrying the latest state', async () => {
    const timers = new FakeTimers()
    const at: number[] = []
    const last: string[] = []
    const c = new Coalescer(
      (b) => {
        at.push(timers.t)
        last.push((b[0]!.update as any).book.asks[0][0])
      },
      { intervalMs: 16, timers }
    )
    // a frame every 2 ms for 100 ms
    for (let ms = 0; ms < 100; ms += 2) {
      c.push('ticker', book(String(ms)))
      if (ms === 0) await Promise.resolve() // the first push's microtask
      timers.advance(2)
    }
    timers.advance(16)
    const gaps = at.slice(1).map((t, i) => t - at[i]!)
    expect(gaps.every((g) => g >= 16)).toBe(true)
    expect(at.length).toBeLessThanOrEqual(Math.ceil(100 / 16) + 1)
    expect(last.at(-1)).toBe('98')
  })

  it('candles merge by id (latest state each), oldest first; kinds do not mix', () => {
    const merged = mergeUpdate(
      { kind: 'kline', candles: [candle(60, '1'), candle(120, '2')] },
      { kind: 'kline', candles: [candle(120, '3'), candle(180, '4')] }
    )
    expect(merged).toEqual({ kind: 'kline', candles: [candle(60, '1'), candle(120, '3'), candle(180, '4')] })
    expect(mergeUpdate(book('1'), book('2'))).toEqual(book('2'))
    const t = mergeUpdate(
      { kind: 'trades', trades: [trade(2), trade(1)] },
      { kind: 'trades', trades: [trade(4), trade(3)] },
      3
    )
    expect(t.kind === 'trades' && t.trades.map((x) => x.id)).toEqual(['4', '3', '2'])
  })

  it('does not mutate what it merges (the same update object goes to every window)', () => {
    const a: FeedUpdate = { kind: 'trades', trades: [trade(1)] }
    const b: FeedUpdate = { kind: 'trades', trades: [trade(2)] }
    mergeUpdate(a, b)
    expect(a.kind === 'trades' && a.trades).toHaveLength(1)
    expect(b.kind === 'trades' && b.trades).toHaveLength(1)
  })

  it("the first push does not wait for the timer (a window's first book); later ones do", async () => {
    const { timers, pushes, c } = setup()
    c.push('d', book('1'))
    await Promise.resolve()
    expect(pushes).toHaveLength(1)
    expect(timers.pending).toBe(0)
    c.push('d', book('2'))
    await Promise.resolve()
    expect(pushes).toHaveLength(1)
    timers.advance(15)
    expect(pushes).toHaveLength(1)
    timers.advance(1)
    expect(pushes.map((b) => (b[0]!.update as any).book.asks[0][0])).toEqual(['1', '2'])
  })

  it('dispose drops what is pending', () => {
    const { timers, pushes, c } = setup()
    c.push('d', book('1'))
    c.dispose()
    c.push('d', book('2'))
    timers.advance(100)
    expect(pushes).toEqual([])
    expect(timers.pending).toBe(0)
  })
})
