// The seeded market activity's update rate per market, against a busy live venue's: a round every ACTIVITY_TICK_MS
// keeps every market trading and its book changing, and prints far fewer trades a second than a venue's BTCUSDT at
// its peaks (a few hundred); depth reaches subscribers at most every 100 ms (the WS front's throttle), as a venue's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { channelName, channelSymbol } from '@shared/api/ws-channels'
import { ACTIVITY_TICK_MS } from '../../../src-sim/activity/market-activity'
import { startExchange, type RunningExchange } from '../../../src-sim/exchange'

/** A busy venue's trades a second on its busiest market at peaks, the low end of "a few hundred". */
const VENUE_PEAK_TRADES_PER_S = 200
const ROUNDS = 40

let ex: RunningExchange
const counts = new Map<string, { trades: number; bookChanges: number }>()

beforeAll(async () => {
  ex = await startExchange({ activity: true, activityTimer: false, futuresTickMs: 0, seed: 7 })
  await ex.activity!.step() // the first round lays the ladders
  for (const m of ex.hub.symbols()) {
    const sym = channelSymbol(m.kind === 'futures' ? 'futures' : 'spot', m.name)
    const c = { trades: 0, bookChanges: 0 }
    counts.set(m.name, c)
    ex.hub.subscribe(channelName(sym, 'trade'), (e) => void (e.type === 'trades' && (c.trades += e.trades.length)))
    ex.hub.subscribe(channelName(sym, 'depth'), () => void c.bookChanges++)
  }
  for (let i = 0; i < ROUNDS; i++) {
    await ex.activity!.step()
    // The futures tick (mark and index prices; 1 s in the product) every 4 rounds, as the timers run them.
    if (i % (1000 / ACTIVITY_TICK_MS) === 0) await ex.futuresTick()
  }
})
afterAll(() => ex.close())

describe('market activity rate', () => {
  it('keeps every market trading and its book changing, below a busy venue’s trade rate', () => {
    expect(counts.size).toBe(7) // 4 spot markets and 3 contracts
    const perSecond = 1000 / ACTIVITY_TICK_MS / ROUNDS
    for (const [market, c] of counts) {
      expect(c.trades, market).toBeGreaterThan(0)
      expect(c.bookChanges, market).toBeGreaterThan(ROUNDS / 2)
      expect(c.trades * perSecond, market).toBeLessThan(VENUE_PEAK_TRADES_PER_S)
    }
  })
})
