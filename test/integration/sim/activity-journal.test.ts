// The market activity over a data folder: a round's orders and cancels are issued without waiting for each to be
// journaled (they share the journal's syncs), and the market of a seed is still the one it is without a folder: each
// command is applied when issued, in the same order.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { channelName, channelSymbol } from '@shared/api/ws-channels'
import type { SimContext } from '../../../src-sim/context'
import { startExchange, type RunningExchange } from '../../../src-sim/exchange'

const ROUNDS = 12
const dirs: string[] = []
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })))

/** Runs ROUNDS rounds (a futures tick every 4) and returns the tapes; `onCommit` sees the commits in flight. */
async function run(dataDir: string | undefined, inFlight?: (n: number) => void): Promise<string[][][]> {
  const ex: RunningExchange = await startExchange({
    activity: true,
    activityTimer: false,
    futuresTickMs: 0,
    seed: 11,
    ...(dataDir ? { dataDir } : {})
  })
  try {
    if (inFlight) {
      const sim = ex.sim as { commit: SimContext['commit'] }
      const real = sim.commit
      let n = 0
      sim.commit = ((cmd) => {
        inFlight(++n)
        return real(cmd).finally(() => n--)
      }) as SimContext['commit']
    }
    for (let i = 0; i < ROUNDS; i++) {
      await ex.activity!.step()
      if (i % 4 === 0) await ex.futuresTick()
    }
    return ['btcusdt', 'solusdt', 'E-BTC-USDT', 'E-BTC-USD'].map((s) =>
      ex.hub.trades(s, 200)!.map((t) => [t.price, t.qty, t.side])
    )
  } finally {
    await ex.close()
  }
}

describe('market activity over a data folder', () => {
  it('issues a round’s commands together and makes the market of the seed', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cht-activity-'))
    dirs.push(dir)
    let most = 0
    const journaled = await run(dir, (n) => (most = Math.max(most, n)))
    expect(most).toBeGreaterThan(5) // one at a time before: a sync per command
    const plain = await run(undefined)
    expect(journaled).toEqual(plain)
    expect(plain.flat().length).toBeGreaterThan(10)
  })

  it('issues the futures round with the spot one: both books change in one task, not a journal sync apart', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cht-activity-'))
    dirs.push(dir)
    const ex = await startExchange({ activity: true, activityTimer: false, futuresTickMs: 0, seed: 11, dataDir: dir })
    try {
      await ex.activity!.step() // the first round lays the ladders
      // Each hub event is stamped with the event-loop turn it came in (a counter moved on by setImmediate, which runs
      // once every turn: a journal sync's answer comes a turn later however fast the disk, unlike a 1 ms timer).
      let task = 0
      let counting = true
      const turn = (): void => {
        task++
        if (counting) setImmediate(turn)
      }
      setImmediate(turn)
      const seen: { spot: number[]; futures: number[] } = { spot: [], futures: [] }
      for (const m of ex.hub.symbols()) {
        const kind = m.kind === 'futures' ? 'futures' : 'spot'
        ex.hub.subscribe(channelName(channelSymbol(kind, m.name), 'depth'), () => void seen[kind].push(task))
      }
      try {
        for (let i = 0; i < 4; i++) {
          seen.spot.length = seen.futures.length = 0
          await ex.activity!.step()
          expect(seen.spot.length, `round ${i}`).toBeGreaterThan(0)
          expect(seen.futures.length, `round ${i}`).toBeGreaterThan(0)
          expect(new Set([...seen.spot, ...seen.futures]).size, `round ${i}`).toBe(1)
        }
      } finally {
        counting = false
      }
    } finally {
      await ex.close()
    }
  })
})
