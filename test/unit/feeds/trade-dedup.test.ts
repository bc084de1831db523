// Trades reach listeners once: live trades by id, REST trades (no id) by (ts, price, vol, side) as a multiset.
import { describe, expect, it } from 'vitest'
import { TradeDedup } from '../../../src-main/feeds/trade-dedup'
import type { FeedTrade } from '../../../src-main/feeds/types'

const t = (id: string | null, ts: number, price = '1', vol = '1'): FeedTrade => ({
  id,
  side: 'buy',
  price,
  vol,
  amount: null,
  ts
})
const ids = (xs: FeedTrade[]) => xs.map((x) => x.id ?? `@${x.ts}`)

describe('TradeDedup', () => {
  it('drops repeated ids', () => {
    const d = new TradeDedup()
    expect(ids(d.filter([t('2', 2), t('1', 1)]))).toEqual(['2', '1'])
    expect(ids(d.filter([t('3', 3), t('2', 2)]))).toEqual(['3'])
  })

  it('REST trades already seen live are dropped; identical prints count as many', () => {
    const d = new TradeDedup()
    d.filter([t('1', 10), t('2', 10)]) // two identical prints of one taker order
    expect(ids(d.filter([t(null, 10), t(null, 10), t(null, 10), t(null, 20)]))).toEqual(['@10', '@20'])
    // the live copies of REST-delivered trades are then dropped, once each
    expect(ids(d.filter([t('4', 20), t('3', 10), t('5', 20)]))).toEqual(['5'])
    expect(ids(d.filter([t(null, 20), t(null, 20)]))).toEqual([])
  })

  it('forgets the oldest past its capacity', () => {
    const d = new TradeDedup(3)
    d.filter([t('1', 1), t('2', 2), t('3', 3), t('4', 4)])
    expect(ids(d.filter([t('1', 1), t('4', 4)]))).toEqual(['1'])
  })
})
