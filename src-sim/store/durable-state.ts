// Crash-safe in-memory state: event sourcing over the journal, with snapshots to bound recovery time.
//
// Contract for the state machine:
// - apply(state, cmd) is deterministic: the same commands from the same state give the same state. Anything that
//   varies (time, ids, random draws) travels inside the command; apply never reads clocks, counters or randomness.
// - apply receives the JSON round-trip of the command (the very value replay will see), so live and replay agree.
// - apply either succeeds or throws before changing anything; a command that throws is not journaled.
// - restore(JSON round-trip of snapshot(state)) is equivalent to state.
// - Acknowledge a client only after commit() resolves: only then is the command on disk.
//
// Ordering: commit applies and takes the journal seq in the same synchronous step, so the journal holds commands
// in exactly the order they were applied, and recovery (snapshot + journal suffix) rebuilds the same state.
import { checkDataFormat } from './data-format'
import { acquireDirLock, type DirLock } from './dir-lock'
import { flatJsonCopy } from './flat-json'
import { nodeIo, type StoreIo } from './io'
import { Journal } from './journal'
import { loadLatestSnapshot, snapshotAndCompact } from './snapshot-store'

export interface DurableStateOptions<S, C, R = void> {
  dir: string
  initial: () => S
  apply: (state: S, cmd: C) => R
  snapshot: (state: S) => unknown
  restore: (data: unknown) => S
  /** Take a snapshot (and drop the journal it covers) after this many commits. */
  snapshotEvery?: number
  /**
   * Format version of the data (the rules apply follows, the shapes of commands and snapshots): a new directory is
   * stamped with it, and one of another version, or with data but no version, is refused unchanged
   * (StoreFormatError). Undefined: no stamp is written or checked.
   */
  formatVersion?: number
  /** Where a failed automatic snapshot is reported (the journal still has everything). Default: console.error. */
  onSnapshotError?: (err: unknown) => void
  io?: StoreIo
}

export interface Recovery {
  /** Seq of the snapshot loaded (0: none). */
  snapshotSeq: number
  /** Journal records replayed on top of it. */
  replayed: number
  /** Bytes of an unacknowledged torn write discarded. */
  tornBytes: number
}

export interface DurableState<S, C, R = void> {
  readonly state: S
  /** Seq of the last command applied. */
  readonly seq: number
  /** Seq of the last command on disk. */
  readonly durableSeq: number
  readonly recovery: Recovery
  /** Applies cmd now (state reflects it when this returns); resolves with apply's result once cmd is on disk. */
  commit(cmd: C): Promise<R>
  /** Resolves once every command committed so far is on disk. */
  barrier(): Promise<void>
  takeSnapshot(): Promise<void>
  close(): Promise<void>
}

/**
 * The directory's records are intact but this build cannot rebuild the state from them: a snapshot restore() refuses,
 * or a journaled command that apply() throws on (a rule changed without a format version bump, or a bug). Like a
 * format or corruption refusal, nothing on disk was changed. A RangeError (a stack or memory limit) is not one: it
 * says nothing about the records, so it stays as it is.
 */
export class StoreReplayError extends Error {
  override name = 'StoreReplayError'
  constructor(
    readonly dir: string,
    /** The journal record that failed, or 'snapshot' for the snapshot's restore. */
    readonly at: number | 'snapshot',
    /** Why, in the words of restore() or apply(). */
    readonly reason: string,
    cause: unknown
  ) {
    const what = at === 'snapshot' ? 'its snapshot could not be restored' : `journal record ${at} could not be replayed`
    super(
      `data directory ${dir}: ${what} by this build (${reason}); nothing in it was changed. ` +
        `Start with a fresh --data-dir, or open this one with the build that wrote it.`,
      { cause }
    )
  }
}

/** The error to throw for a failure of restore() or apply() while rebuilding the state. */
const replayError = (dir: string, at: number | 'snapshot', err: unknown): unknown =>
  err instanceof RangeError ? err : new StoreReplayError(dir, at, err instanceof Error ? err.message : String(err), err)

export async function openDurableState<S, C, R = void>(
  options: DurableStateOptions<S, C, R>
): Promise<DurableState<S, C, R>> {
  const { dir, apply } = options
  const io = options.io ?? nodeIo
  const version = options.formatVersion
  await io.mkdirp(dir)
  // Checked before the lock too: a refused directory is left exactly as it was (not even a stale lock taken over).
  if (version !== undefined) await checkDataFormat(dir, version, io, false)
  const lock = await acquireDirLock(dir, io)
  try {
    if (version !== undefined) await checkDataFormat(dir, version, io, true)
    const snap = await loadLatestSnapshot(dir, io)
    let state: S
    try {
      state = snap ? options.restore(snap.state) : options.initial()
    } catch (err) {
      throw snap ? replayError(dir, 'snapshot', err) : err
    }
    const opened = await Journal.open(
      dir,
      snap?.seq ?? 0,
      (seq, cmd) => {
        try {
          apply(state, cmd as C)
        } catch (err) {
          throw replayError(dir, seq, err)
        }
      },
      { io }
    )
    const recovery = { snapshotSeq: snap?.seq ?? 0, replayed: opened.replayed, tornBytes: opened.tornBytes }
    const durable = new Durable(options, io, lock, state, opened.journal, recovery)
    if (options.snapshotEvery && opened.replayed >= options.snapshotEvery) durable.autoSnapshot()
    return durable
  } catch (err) {
    await lock.release()
    throw err
  }
}

class Durable<S, C, R> implements DurableState<S, C, R> {
  private sinceSnapshot = 0
  private snapshotSeq: number
  private snapshotChain: Promise<void> = Promise.resolve()
  private snapshotting = false
  private closed = false

  constructor(
    private readonly options: DurableStateOptions<S, C, R>,
    private readonly io: StoreIo,
    private readonly lock: DirLock,
    readonly state: S,
    private readonly journal: Journal,
    readonly recovery: Recovery
  ) {
    this.snapshotSeq = recovery.snapshotSeq
  }

  get seq(): number {
    return this.journal.seq
  }

  get durableSeq(): number {
    return this.journal.durableSeq
  }

  commit(cmd: C): Promise<R> {
    if (this.closed) return Promise.reject(new Error('durable state is closed'))
    if (this.journal.failed) return Promise.reject(this.journal.failed) // don't run state ahead of a dead journal
    let json: string | undefined
    let result: R
    try {
      // A flat command's copy is its own JSON round trip; any other is parsed back from its text.
      const flat = flatJsonCopy(cmd)
      json = JSON.stringify(flat ?? cmd)
      if (json === undefined) throw new TypeError('command is not JSON-serializable')
      result = this.options.apply(this.state, flat ?? (JSON.parse(json) as C))
    } catch (err) {
      // Rejected, not journaled. Reported once earlier commits are durable: a rejection must not rest on state
      // that a crash could still undo.
      return this.journal.flush().then(() => Promise.reject(err))
    }
    const written = this.journal.appendJson(json)
    if (this.options.snapshotEvery && ++this.sinceSnapshot >= this.options.snapshotEvery) this.autoSnapshot()
    return written.then(() => result)
  }

  barrier(): Promise<void> {
    return this.journal.flush()
  }

  takeSnapshot(): Promise<void> {
    if (this.closed) return Promise.reject(new Error('durable state is closed'))
    const run = this.snapshotChain.then(() => this.snapshotNow())
    this.snapshotChain = run.catch(() => {})
    return run
  }

  autoSnapshot(): void {
    if (this.snapshotting || this.closed) return
    this.snapshotting = true
    this.takeSnapshot()
      .catch(this.options.onSnapshotError ?? ((err) => console.error('automatic snapshot failed:', err)))
      .finally(() => (this.snapshotting = false))
  }

  private async snapshotNow(): Promise<void> {
    // State, seq and rotation are taken in one synchronous step, so the snapshot is exactly records 1..seq.
    const seq = this.journal.seq
    if (seq === this.snapshotSeq) return
    const json = JSON.stringify(this.options.snapshot(this.state))
    if (json === undefined) throw new TypeError('snapshot(state) is not JSON-serializable')
    this.sinceSnapshot = 0
    await snapshotAndCompact(this.options.dir, this.journal, seq, json, this.io)
    this.snapshotSeq = seq
  }

  async close(): Promise<void> {
    if (this.closed) return
    this.closed = true
    try {
      await this.snapshotChain
      await this.journal.close()
    } finally {
      await this.lock.release()
    }
  }
}
