// The periodic work of the futures state, as one journaled command: marks, then triggers (expiry, TP/SL,
// trailing stops), then funding when a boundary has passed, then liquidation. Everything follows from the
// state and the command's time, so a replay reaches the same state.
// An idle tick (no mark, basis or rate would move, no trigger act, no funding due, no one to liquidate or top
// up) changes nothing at all, not even the time of the last tick: the exchange then leaves it out of the journal
// (tickIsIdle before committing), and a replay of one that was journaled is the same no-op. The next tick it
// commits carries the time of the latest idle one (idleSince), so the basis smooths over the same intervals as
// if every tick had been applied.
import type { FuturesTickCmd } from './commands'
import { fundingDue, maybeSettleFunding } from './funding'
import { anyCoverable, findVictim, runLiquidations } from './liquidation'
import { marksSettled, updateMarks } from './mark'
import { runTriggers, triggersSettled } from './triggers'
import type { FuturesView } from './futures-view'

/** True when a tick at `time` would change nothing (read-only). */
export function tickIsIdle(v: FuturesView, time: number, fundingIntervalMs: number, idleSince?: number): boolean {
  // Marks first: triggers and liquidation are then judged at the very prices the tick would use.
  return (
    marksSettled(v, time, idleSince) &&
    !fundingDue(v, time, fundingIntervalMs) &&
    triggersSettled(v, time) &&
    findVictim(v) === null &&
    !anyCoverable(v)
  )
}

export function tick(v: FuturesView, cmd: FuturesTickCmd): void {
  if (tickIsIdle(v, cmd.time, cmd.fundingIntervalMs, cmd.idleSince)) return
  updateMarks(v, cmd.time, cmd.idleSince)
  runTriggers(v, cmd.time)
  maybeSettleFunding(v, cmd.time, cmd.fundingIntervalMs)
  runLiquidations(v, cmd.time)
}
