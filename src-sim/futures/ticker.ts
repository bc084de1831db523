// Runs the futures tick as the exchange does it: a tick that would change nothing is not committed (an idle
// exchange's journal does not grow); the next one committed carries the time of the latest left out (idleSince),
// so the basis smooths over the same intervals as if every tick had been applied (see tick.ts).
//
// Idle ticks are kept in memory only, so a stop during an idle stretch (clean or kill -9) forgets when the last
// one was. A process that never stopped would have gone on ticking idle every interval, so its tick at T follows
// one at T - interval; a restarted process's first tick says so (idleSince = T - interval) when the recovered
// marks are settled over one interval (its ticks would indeed have been idle). Without that, the first tick would
// smooth the basis over the whole stop, moving marks (and the funding that follows them) that the process which
// never stopped keeps still. The rule is decided on the recovered state, before any command, and travels in the
// journaled tick, so replay stays exact.
import type { ExchangeCommand, ExchangeResult } from '../exchange-state'
import { marksSettled } from './mark'
import { tickIsIdle } from './tick'
import type { FuturesView } from './futures-view'

export interface FuturesTickerOptions {
  futures: () => FuturesView
  commit: (cmd: ExchangeCommand) => Promise<ExchangeResult>
  clock: () => number
  fundingIntervalMs: number
  /** The tick cadence; 0 when ticks have none (run by hand): a restart then smooths from the last applied tick. */
  everyMs: number
}

/** Returns the tick: commits one futures tick at the clock's time unless it would change nothing. */
export function futuresTicker(o: FuturesTickerOptions): () => Promise<void> {
  const start = o.clock()
  const v = o.futures()
  const ticked = [...v.market.values()].some((m) => m.lastTick > 0)
  // Recovered state whose ticks one interval apart would leave every mark alone: it was idle when it stopped.
  let resumeIdle = o.everyMs > 0 && ticked && marksSettled(v, start + o.everyMs, start)
  let idleSince: number | undefined
  return () => {
    const time = o.clock()
    const since = idleSince ?? (resumeIdle ? time - o.everyMs : undefined)
    resumeIdle = false
    if (tickIsIdle(o.futures(), time, o.fundingIntervalMs, since)) {
      idleSince = time
      return Promise.resolve()
    }
    idleSince = undefined
    return o
      .commit({
        t: 'futures.tick',
        time,
        fundingIntervalMs: o.fundingIntervalMs,
        ...(since !== undefined ? { idleSince: since } : {})
      })
      .then(() => undefined)
  }
}
