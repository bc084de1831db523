// Older candle history through the contract: `market.candles` with `before` pages back through the venue's bars by
// the socket's `req` (endIdx), each page ending right before the one after it (no gap, no bar twice), until the
// venue has none older (an empty page). The embedded exchange starts with a seeded history of 1000+ bars.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CandlesEvent, CandleView } from '@shared/ipc/views/market'
import { nextEvent, startRig, type Rig } from './harness'

let rig: Rig

beforeAll(async () => {
  rig = await startRig({ embedded: { activity: false } })
})
afterAll(() => rig?.close())

const DAY = 86_400

describe('older candle history', () => {
  it.each(['spot', 'futures'] as const)(
    '%s: pages back without gaps or repeats to the venue’s first bar',
    async (module) => {
      const symbol = module === 'spot' ? 'btcusdt' : 'E-BTC-USDT'
      const market = { module, symbol, interval: '1day' } as const
      // The chart's own stream holds the market socket open, as in the terminal.
      let off: () => void = () => undefined
      await nextEvent<CandlesEvent>(
        (l, end) => (off = rig.client.subscribe('market.onCandles', market, l, end)),
        (e) => e.candles.length > 0
      )
      try {
        const latest = await rig.client.invoke('market.candles', { ...market, limit: 300 })
        const all: CandleView[] = [...latest]
        let pages = 0
        for (;;) {
          const page = await rig.client.invoke('market.candles', { ...market, limit: 300, before: all[0]!.id })
          if (!page.length) break
          pages++
          expect(page.every((c) => c.id < all[0]!.id)).toBe(true)
          expect(all[0]!.id - page.at(-1)!.id).toBe(DAY) // the seam: the next older day, nothing between
          all.unshift(...page)
          expect(pages).toBeLessThan(20)
        }
        expect(pages).toBeGreaterThanOrEqual(3)
        const ids = all.map((c) => c.id)
        expect(new Set(ids).size).toBe(ids.length)
        expect(ids.slice(1).every((id, i) => id - ids[i]! === DAY)).toBe(true)
        expect(typeof all[0]!.close).toBe('string') // prices stay decimal text
      } finally {
        off()
      }
    }
  )

  it('refuses a `before` that is not a whole positive time, by field', async () => {
    await expect(
      rig.client.invoke('market.candles', { module: 'spot', symbol: 'btcusdt', interval: '1day', before: 1.5 })
    ).rejects.toMatchObject({ field: 'before' })
  })
})
