// Assembly step: what runs on its own once the exchange listens: market activity (bots), the margin risk checks
// and the futures tick. Each acts through journaled commands, so a replay is exact.
import { startMarketActivity, type MarketActivity } from '../activity/market-activity'
import type { SimContext } from '../context'
import type { StartOptions } from '../options'
import { startMarginRisk } from '../spot/margin-risk'

export interface Timers {
  /** The market-activity generator, or null with --activity off. */
  activity: MarketActivity | null
  stop(): Promise<void>
}

export function startTimers(
  sim: SimContext,
  futuresTick: () => Promise<void>,
  tickMs: number,
  opts: Pick<StartOptions, 'activity' | 'seed' | 'activityTimer' | 'futuresTimer'>
): Timers {
  const activity =
    opts.activity === false ? null : startMarketActivity(sim, { seed: opts.seed ?? 1, timer: opts.activityTimer })
  const risk = startMarginRisk(sim)
  let ticking = false
  const futuresTimer =
    tickMs === 0 || opts.futuresTimer === false
      ? null
      : setInterval(() => {
          if (ticking) return
          ticking = true
          futuresTick()
            .catch((e: unknown) => console.error('[exchange] futures tick failed:', e))
            .finally(() => (ticking = false))
        }, tickMs)
  futuresTimer?.unref()
  return {
    activity,
    async stop() {
      await activity?.stop()
      risk.stop()
      if (futuresTimer) clearInterval(futuresTimer)
    }
  }
}
