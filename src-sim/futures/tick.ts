// The periodic work of the futures venue, as one journaled command: marks, then triggers (expiry, TP/SL,
// trailing stops), then funding when a boundary has passed, then liquidation. Everything follows from the
// state and the command's time, so a replay reaches the same state.
import type { FuturesTickCmd } from './commands'
import { maybeSettleFunding } from './funding'
import { runLiquidations } from './liquidation'
import { updateMarks } from './mark'
import { runTriggers } from './triggers'
import type { FuturesVenue } from './venue'

export function tick(v: FuturesVenue, cmd: FuturesTickCmd): void {
  updateMarks(v, cmd.time)
  runTriggers(v, cmd.time)
  maybeSettleFunding(v, cmd.time, cmd.fundingIntervalMs)
  runLiquidations(v, cmd.time)
}
