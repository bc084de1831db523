import { describe, expect, it } from 'vitest'
import { newest, pushBounded } from '../../../src-sim/bounded-list'
import { CAP, FuturesRecords, type EventRec } from '../../../src-sim/futures/records'

describe('bounded record lists', () => {
  it('read back as the newest `cap` items in their order, at every length past the cap', () => {
    const list: number[] = []
    for (let n = 0; n < 100; n++) {
      pushBounded(list, n, 16)
      expect(list.length).toBeLessThanOrEqual(18) // an eighth over at most
      const want = Array.from({ length: Math.min(n + 1, 16) }, (_, k) => n + 1 - Math.min(n + 1, 16) + k)
      expect([...newest([...list], 16)]).toEqual(want)
    }
  })

  it('futures records: every reader gets the newest CAP, oldest first, and so does a snapshot', () => {
    const r = new FuturesRecords()
    const ev = (n: number): EventRec => ({
      id: String(n),
      contract: 'E-BTC-USDT',
      side: 'BUY',
      positionType: 1,
      volume: 1,
      price: 1,
      time: n
    })
    const total = CAP + 1234
    for (let n = 0; n < total; n++) r.event('adl', 'a1', ev(n))
    const ids = (l: readonly EventRec[]): number[] => l.map((e) => Number(e.id))
    const want = Array.from({ length: CAP }, (_, k) => total - CAP + k)
    expect(ids(r.of(r.adl, 'a1'))).toEqual(want)
    const back = FuturesRecords.restore(JSON.parse(JSON.stringify(r.snapshot())))
    expect(ids(back.of(back.adl, 'a1'))).toEqual(want)
    expect(r.of(r.adl, 'nobody')).toEqual([])
  })
})
