// The seeded market history's plan in the data dir (src-sim/market/history.ts): `MARKET-HISTORY`, one framed record
// holding the plan (seed, end, the markets' parameters). Written once, when a fresh data dir first starts, before
// its first journal record; a restart draws the very same history from it under the journal's replay.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { frame, StoreCorruptionError, unframeFile } from './record'
import { isNotFound, nodeIo, unlinkIfExists, writeFileAtomically, type StoreIo } from './io'

export const HISTORY_FILE = 'MARKET-HISTORY'

/**
 * The stored plan through `parse` (which throws on a shape it does not know), or undefined when the dir has none.
 * Synchronous: it is read while the state is made, under the dir's lock (openDurableState's initial()). A damaged
 * file, or one `parse` refuses, is refused (StoreCorruptionError), never guessed at.
 */
export function readHistoryPlanSync<T>(dir: string, parse: (data: unknown) => T): T | undefined {
  const file = join(dir, HISTORY_FILE)
  let data: Buffer
  try {
    data = readFileSync(file)
  } catch (err) {
    if (isNotFound(err)) return undefined
    throw err
  }
  const plan = unframeFile(data)
  if (plan === undefined) throw new StoreCorruptionError('market history plan is damaged', file)
  try {
    return parse(plan)
  } catch (err) {
    throw new StoreCorruptionError(`market history plan is not one this build reads: ${(err as Error).message}`, file)
  }
}

/** Stores the plan durably (temp file, fsync, rename, directory fsync); call with the dir's lock held. */
export async function writeHistoryPlan(dir: string, plan: unknown, io: StoreIo = nodeIo): Promise<void> {
  const file = join(dir, HISTORY_FILE)
  await unlinkIfExists(io, `${file}.tmp`) // left by a crash while writing
  await writeFileAtomically(io, file, Buffer.from(frame(JSON.stringify(plan)), 'utf8'))
  await io.syncDir(dir)
}
