// Full-state snapshots `snapshot-<seq, 20 digits>.snap`, one framed record '{"seq":S,"state":...}' covering journal
// records 1..S. Written to a temp file, fsynced, renamed into place and the directory fsynced: a snapshot file
// under its final name is always complete. Only the newest is kept; the journal before it is gone, so a damaged
// newest snapshot is refused rather than silently replaced by an older one.
import { join } from 'node:path'
import { frameAll, seqPad, StoreCorruptionError, unframeFile } from './record'
import { nodeIo, unlinkIfExists, writeFileAtomically, type StoreIo } from './io'
import type { Journal } from './journal'

const SNAPSHOT = /^snapshot-(\d{20})\.snap$/
const TEMP = /^snapshot-\d{20}\.snap\.tmp$/
export const snapshotName = (seq: number): string => `snapshot-${seqPad(seq)}.snap`

export interface LoadedSnapshot {
  seq: number
  state: unknown
}

/** Durably stores `stateJson` (already serialized) as the snapshot at seq. */
export async function writeSnapshot(dir: string, seq: number, stateJson: string, io: StoreIo = nodeIo): Promise<void> {
  // Encoded once (frame() would encode the whole state a second time for its CRC).
  await writeFileAtomically(io, join(dir, snapshotName(seq)), frameAll([`{"seq":${seq},"state":${stateJson}}`]))
  await io.syncDir(dir)
}

/**
 * Snapshots state `stateJson` taken at journal.seq, then compacts. Must be called in the same synchronous turn as
 * the state was serialized. Order is what makes it crash-safe: rotate (later records go to a new segment), flush
 * (the snapshot never runs ahead of the journal), write the snapshot durably, and only then delete what it covers.
 */
export async function snapshotAndCompact(
  dir: string,
  journal: Journal,
  seq: number,
  stateJson: string,
  io: StoreIo = nodeIo
): Promise<void> {
  if (seq !== journal.seq) throw new Error(`snapshot seq ${seq} is not the journal's ${journal.seq}`)
  journal.rotate()
  await journal.flush()
  await writeSnapshot(dir, seq, stateJson, io)
  await journal.dropThrough(seq)
  await pruneSnapshots(dir, seq, io)
}

/** The newest snapshot, or undefined when there is none. Leftover temp files of a crashed write are removed. */
export async function loadLatestSnapshot(dir: string, io: StoreIo = nodeIo): Promise<LoadedSnapshot | undefined> {
  const names = await io.readdir(dir)
  for (const name of names.filter((n) => TEMP.test(n))) await unlinkIfExists(io, join(dir, name))
  const seqs = snapshotSeqs(names)
  const seq = seqs[seqs.length - 1]
  if (seq === undefined) return undefined
  const file = join(dir, snapshotName(seq))
  const data = await io.readFile(file)
  const r = unframeFile(data) as { seq?: unknown; state?: unknown } | undefined
  if (r === undefined || typeof r !== 'object' || r === null || !('state' in r)) {
    throw new StoreCorruptionError('snapshot is damaged', file)
  }
  if (r.seq !== seq) throw new StoreCorruptionError(`snapshot says seq ${String(r.seq)}, its name ${seq}`, file)
  return { seq, state: r.state }
}

/** Deletes snapshots older than keepSeq. */
export async function pruneSnapshots(dir: string, keepSeq: number, io: StoreIo = nodeIo): Promise<void> {
  for (const seq of snapshotSeqs(await io.readdir(dir))) {
    if (seq < keepSeq) await unlinkIfExists(io, join(dir, snapshotName(seq)))
  }
}

function snapshotSeqs(names: string[]): number[] {
  return names
    .map((n) => SNAPSHOT.exec(n)?.[1])
    .filter((s): s is string => s !== undefined)
    .map(Number)
    .sort((a, b) => a - b)
}
