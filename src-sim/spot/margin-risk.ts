// Timers that keep margin accounts honest: liquidation checks every second, interest every hour. Each
// acts through a journaled command so a replay reaches the same state.
import type { SimContext } from '../context'

export function startMarginRisk(
  sim: SimContext,
  opts: { checkMs?: number; interestMs?: number } = {}
): { stop(): void } {
  let busy = false
  const check = setInterval(() => {
    if (busy) return
    const atRisk = sim.spot.margin.atRisk()
    if (atRisk.length === 0) return
    busy = true
    Promise.all(atRisk.map((account) => sim.commit({ t: 'marginLiquidate', account, time: sim.clock() })))
      .catch((e: unknown) => console.error('[exchange] margin liquidation failed:', e))
      .finally(() => (busy = false))
  }, opts.checkMs ?? 1000)
  const interest = setInterval(() => {
    if (sim.spot.margin.debts.size === 0) return
    sim
      .commit({ t: 'marginInterest', time: sim.clock() })
      .catch((e: unknown) => console.error('[exchange] margin interest failed:', e))
  }, opts.interestMs ?? 3_600_000)
  check.unref()
  interest.unref()
  return {
    stop() {
      clearInterval(check)
      clearInterval(interest)
    }
  }
}
