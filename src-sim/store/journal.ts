// Append-only command journal split into segments `journal-<first seq, 20 digits>.log`.
// Each line is frame('{"seq":N,"batch":B,"cmd":...}'): seq numbers are contiguous from 1, and B is the seq of the
// first record written by the same durable write (group commit: write + fdatasync, or one O_DSYNC write).
//
// Pipelining: up to PIPELINE_DEPTH batches are in flight at once (the next one is written while the previous one
// syncs, so records arriving during a sync need not wait for it to end), and batches are acknowledged strictly
// in order. A record written while earlier records were not yet known to be durable says so:
// '{"seq":N,"batch":B,"synced":D,"cmd":...}' where D is the last seq known durable when its batch was written;
// without the field, D is B - 1 (every earlier record was durable, as in unpipelined journals).
//
// Recovery rule: a damaged record at seq S is a torn tail (cut off on open) when it is in the last segment and
// every intact record after it was written before S was known durable (its D < S): then S was never acknowledged
// and neither was anything after it. An intact record written after S was durable (D >= S) means durable data was
// damaged, and opening is refused.
import { constants } from 'node:fs'
import { join } from 'node:path'
import { frameAll, seqPad, StoreCorruptionError, unframe } from './record'
import { nodeIo, unlinkIfExists, type StoreIo } from './io'

const SEGMENT = /^journal-(\d{20})\.log$/
export const segmentName = (start: number): string => `journal-${seqPad(start)}.log`

export interface JournalOptions {
  io?: StoreIo
  /** Upper bound of one group-commit write; the rest waits for the next batch. */
  maxBatchBytes?: number
  /**
   * How a batch is made durable: 'dsync' opens segments with O_DSYNC, so the write itself returns once the data
   * is on disk (one system call and one thread-pool round trip instead of write then fdatasync); 'fdatasync'
   * writes, then calls fdatasync. Default: 'dsync' where the platform has O_DSYNC.
   */
  sync?: 'dsync' | 'fdatasync'
  /** Batches written and not yet acknowledged, at most (default PIPELINE_DEPTH; 1: no pipelining). */
  pipelineDepth?: number
  /**
   * With a batch in flight, the next one is written only once as many records wait as that batch holds (or when it
   * is acknowledged): otherwise each loop turn's few arrivals went out as a batch of their own, each its own sync.
   * Default true; false is the earlier rule, kept for the bench's comparison (journal.bench.ts --depths 2,2e).
   */
  evenBatches?: boolean
}

const HAS_DSYNC = typeof constants.O_DSYNC === 'number'

/** Batches written and not yet acknowledged, at most. */
export const PIPELINE_DEPTH = 2

export interface JournalOpenResult {
  journal: Journal
  /** Bytes of torn tail cut off the last segment. */
  tornBytes: number
  /** Records handed to onRecord (seq > afterSeq). */
  replayed: number
}

interface Pending {
  seq: number
  json: string
  resolve: () => void
  reject: (err: unknown) => void
}
/** Queue barrier: resolves once everything before it is durable, opening a new segment first when rotateTo is set. */
interface Mark {
  rotateTo?: number
  resolve: () => void
  reject: (err: unknown) => void
}
/** A batch written (or being written): acknowledged once it and every batch before it are durable. */
interface Batch {
  entries: Pending[]
  synced: boolean
}

export class Journal {
  /** Starts of the segment files, ascending; the last one is open for appends. */
  private readonly starts: number[]
  private fd: number
  private size: number
  private lastSeq: number
  private durable: number
  /** Start of the segment the next appended record goes to (ahead of `starts` while a rotation is queued). */
  private tailStart: number
  private queue: (Pending | Mark)[] = []
  /** Batches dispatched and not yet acknowledged, in journal order. */
  private inFlight: Batch[] = []
  /** Running write+fdatasync operations (close waits for them even after a failure). */
  private readonly running = new Set<Promise<void>>()
  /** flush() callers waiting for a seq to be durable, in seq order. */
  private waiters: { seq: number; resolve: () => void; reject: (err: unknown) => void }[] = []
  private rotating = false
  private scheduled = false
  private failure: Error | undefined
  private closed = false
  readonly stats = { batches: 0, records: 0 }

  private constructor(
    private readonly dir: string,
    private readonly io: StoreIo,
    private readonly maxBatchBytes: number,
    /** Segments are opened with O_DSYNC: a finished write is durable. */
    private readonly dsync: boolean,
    private readonly depth: number,
    private readonly evenBatches: boolean,
    tail: { starts: number[]; fd: number; size: number; lastSeq: number }
  ) {
    this.starts = tail.starts
    this.fd = tail.fd
    this.size = tail.size
    this.lastSeq = this.durable = tail.lastSeq
    this.tailStart = tail.starts[tail.starts.length - 1]!
  }

  /**
   * Reads every segment, hands records with seq > afterSeq to onRecord in order, cuts off a torn tail and opens
   * the last segment for appends. afterSeq is the seq a snapshot already covers (0 for none).
   */
  static async open(
    dir: string,
    afterSeq: number,
    onRecord: (seq: number, cmd: unknown) => void,
    options: JournalOptions = {}
  ): Promise<JournalOpenResult> {
    const io = options.io ?? nodeIo
    const starts = (await io.readdir(dir))
      .map((name) => SEGMENT.exec(name)?.[1])
      .filter((s): s is string => s !== undefined)
      .map(Number)
      .sort((a, b) => a - b)
    let lastSeq = afterSeq
    let replayed = 0
    let tornBytes = 0
    let goodBytes = 0
    for (let i = 0; i < starts.length; i++) {
      const start = starts[i]!
      const next = starts[i + 1]
      const isLast = next === undefined
      if (!isLast && next - 1 <= afterSeq) continue // wholly covered by the snapshot; dropped below
      const file = join(dir, segmentName(start))
      if (start > lastSeq + 1) {
        throw new StoreCorruptionError(`journal records ${lastSeq + 1}..${start - 1} are missing`, file)
      }
      const scan = await scanSegment(io, file, start, isLast, (seq, cmd) => {
        if (seq > afterSeq) {
          onRecord(seq, cmd)
          replayed++
        }
      })
      if (!isLast && scan.end !== next - 1) {
        throw new StoreCorruptionError(`segment ends at seq ${scan.end} but the next one starts at ${next}`, file)
      }
      if (isLast && scan.end < afterSeq) {
        throw new StoreCorruptionError(`journal ends at seq ${scan.end}, before the snapshot at ${afterSeq}`, file)
      }
      lastSeq = Math.max(lastSeq, scan.end)
      goodBytes = scan.goodBytes
      tornBytes = scan.fileBytes - scan.goodBytes
    }

    const sync = options.sync ?? (HAS_DSYNC ? 'dsync' : 'fdatasync')
    if (sync === 'dsync' && !HAS_DSYNC) throw new Error('journal sync "dsync": this platform has no O_DSYNC')
    const dsync = sync === 'dsync'
    let fd: number
    if (starts.length === 0) {
      starts.push(lastSeq + 1)
      fd = await io.open(join(dir, segmentName(lastSeq + 1)), createFlags(dsync))
      await io.syncDir(dir)
    } else {
      fd = await io.open(
        join(dir, segmentName(starts[starts.length - 1]!)),
        dsync ? constants.O_RDWR | constants.O_DSYNC : 'r+'
      )
      if (tornBytes > 0) {
        await io.ftruncate(fd, goodBytes)
        await io.fsync(fd)
      }
    }
    const depth = options.pipelineDepth ?? PIPELINE_DEPTH
    if (!Number.isInteger(depth) || depth < 1) throw new Error(`journal pipelineDepth ${depth}: a whole number >= 1`)
    const journal = new Journal(dir, io, options.maxBatchBytes ?? 8 << 20, dsync, depth, options.evenBatches ?? true, {
      starts,
      fd,
      size: goodBytes,
      lastSeq
    })
    try {
      await journal.dropThrough(afterSeq)
    } catch (err) {
      await journal.close()
      throw err
    }
    return { journal, tornBytes, replayed }
  }

  /** Seq of the last appended record (durable or not). */
  get seq(): number {
    return this.lastSeq
  }

  /** Seq of the last record known to be on disk. */
  get durableSeq(): number {
    return this.durable
  }

  /** Set once a write or fdatasync failed: every later call is refused. */
  get failed(): Error | undefined {
    return this.failure
  }

  /** Appends a command; resolves once it is on disk. */
  append(cmd: unknown): Promise<void> {
    let json: string | undefined
    try {
      json = JSON.stringify(cmd)
    } catch (err) {
      return Promise.reject(err)
    }
    if (json === undefined) return Promise.reject(new TypeError('command is not JSON-serializable'))
    return this.appendJson(json)
  }

  /**
   * As append, for a command already serialized (as JSON.stringify writes it: no raw newline). The seq is taken
   * synchronously, so journal order is call order.
   */
  appendJson(json: string): Promise<void> {
    const refused = this.refusal()
    if (refused) return Promise.reject(refused)
    // A newline ends a record: JSON.stringify without indentation never writes one raw.
    if (json.includes('\n'))
      return Promise.reject(new TypeError('a journaled command must be JSON without a raw newline'))
    const seq = ++this.lastSeq
    return new Promise((resolve, reject) => {
      this.queue.push({ seq, json, resolve, reject })
      this.schedule()
    })
  }

  /** Resolves once everything appended so far is durable (and any queued rotation has happened). */
  flush(): Promise<void> {
    const refused = this.refusal()
    return refused ? Promise.reject(refused) : this.barrier()
  }

  private barrier(): Promise<void> {
    if (this.failure) return Promise.reject(this.failure)
    if (this.queue.length === 0 && this.inFlight.length === 0 && !this.rotating) return Promise.resolve()
    return new Promise((resolve, reject) => {
      if (this.rotating || this.queue.some((e) => !('seq' in e))) {
        // After a queued rotation: a mark in the queue, so the rotation has happened when it resolves.
        this.queue.push({ resolve, reject })
        this.schedule()
      } else {
        // Otherwise wait for the last record appended so far, without holding up the batches after it.
        this.waiters.push({ seq: this.lastSeq, resolve, reject })
      }
    })
  }

  /** Records appended from now on go to a new segment, so segments before it can be dropped after a snapshot. */
  rotate(): void {
    if (this.refusal() || this.tailStart === this.lastSeq + 1) return // the tail segment is still empty
    this.tailStart = this.lastSeq + 1
    this.queue.push({ rotateTo: this.tailStart, resolve: () => {}, reject: () => {} })
    this.schedule()
  }

  /** Deletes closed segments whose records all have seq <= seq (they are covered by a durable snapshot). */
  async dropThrough(seq: number): Promise<void> {
    while (this.starts.length > 1 && this.starts[1]! - 1 <= seq) {
      const start = this.starts.shift()!
      await unlinkIfExists(this.io, join(this.dir, segmentName(start)))
    }
  }

  /** Flushes, then closes the file; later appends are refused. */
  async close(): Promise<void> {
    if (this.closed) return
    this.closed = true // refuse new appends; the ones queued still get written
    try {
      if (!this.failure) await this.barrier()
    } finally {
      await Promise.allSettled([...this.running])
      await this.io.close(this.fd)
    }
  }

  private refusal(): Error | undefined {
    return this.failure ?? (this.closed ? new Error('journal is closed') : undefined)
  }

  private schedule(): void {
    if (this.scheduled) return
    this.scheduled = true
    // setImmediate, not a microtask: appends from every I/O callback of this loop turn join the same batch.
    setImmediate(() => {
      this.scheduled = false
      this.pump()
    })
  }

  /** Dispatches queued records as batches while the pipeline has room; handles marks once nothing is in flight. */
  private pump(): void {
    while (!this.failure && !this.rotating && this.queue.length > 0 && this.inFlight.length < this.depth) {
      const head = this.queue[0]!
      if (!('seq' in head)) {
        if (this.inFlight.length > 0) return // resumed when the batches before the mark are acknowledged
        this.queue.shift()
        if (head.rotateTo === undefined) {
          head.resolve()
          continue
        }
        this.rotating = true
        this.track(
          this.openSegment(head.rotateTo).then(() => {
            this.rotating = false
            head.resolve()
            this.pump()
          })
        )
        return
      }
      const last = this.inFlight[this.inFlight.length - 1]
      // Resumed by the next append or acknowledgement (marks are rare: counted as records here).
      if (this.evenBatches && last && this.queue.length < last.entries.length) return
      // With batches still in flight, say how far the journal was durable when this one was written.
      const mark = this.durable === head.seq - 1 ? '' : `"synced":${this.durable},`
      const records: string[] = []
      let chars = 0 // of the frames: each is its record and 10 characters (CRC, space, newline)
      for (const entry of this.queue) {
        if (!('seq' in entry) || chars >= this.maxBatchBytes) break
        const record = `{"seq":${entry.seq},"batch":${head.seq},${mark}"cmd":${entry.json}}`
        records.push(record)
        chars += record.length + 10
      }
      const batch: Batch = { entries: this.queue.splice(0, records.length) as Pending[], synced: false }
      const data = frameAll(records)
      const at = this.size
      this.size += data.length
      this.inFlight.push(batch)
      this.track(this.persist(batch, this.fd, data, at))
    }
  }

  private async persist(batch: Batch, fd: number, data: Buffer, at: number): Promise<void> {
    await this.io.writeAll(fd, data, at)
    if (!this.dsync) await this.io.fdatasync(fd)
    if (this.failure) return // an earlier batch failed: nothing after it may be acknowledged
    batch.synced = true
    // In order: a batch is acknowledged only once every batch before it is durable too.
    while (this.inFlight.length > 0 && this.inFlight[0]!.synced) {
      const done = this.inFlight.shift()!
      this.durable = done.entries[done.entries.length - 1]!.seq
      this.stats.batches++
      this.stats.records += done.entries.length
      for (const entry of done.entries) entry.resolve()
    }
    while (this.waiters.length > 0 && this.waiters[0]!.seq <= this.durable) this.waiters.shift()!.resolve()
    this.pump()
  }

  /** Runs an I/O step; its failure fails the journal. */
  private track(op: Promise<void>): void {
    const p = op.catch((err: unknown) => this.fail(err)).finally(() => this.running.delete(p))
    this.running.add(p)
  }

  private async openSegment(start: number): Promise<void> {
    const fd = await this.io.open(join(this.dir, segmentName(start)), createFlags(this.dsync))
    // The new file's directory entry must be durable before any record in it is acknowledged.
    await this.io.syncDir(this.dir)
    const old = this.fd
    this.fd = fd
    this.size = 0
    this.starts.push(start)
    await this.io.close(old)
  }

  /**
   * After a failed write or fdatasync the file's content is unknown (and a retried fsync may lie), so the journal
   * refuses everything from then on; the owner must restart and recover from disk.
   */
  private fail(err: unknown): void {
    this.failure ??= new Error(`journal write failed, restart to recover: ${(err as Error)?.message ?? err}`, {
      cause: err
    })
    for (const batch of this.inFlight.splice(0)) for (const entry of batch.entries) entry.reject(this.failure)
    for (const waiter of this.waiters.splice(0)) waiter.reject(this.failure)
    for (const entry of this.queue.splice(0)) entry.reject(this.failure)
  }
}

/** A new segment: created exclusively (as 'wx'), with O_DSYNC when writes are to be durable on return. */
function createFlags(dsync: boolean): string | number {
  return dsync ? constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_DSYNC : 'wx'
}

interface SegmentScan {
  /** Seq of the last good record (start - 1 when none). */
  end: number
  goodBytes: number
  fileBytes: number
}

async function scanSegment(
  io: StoreIo,
  file: string,
  start: number,
  isLast: boolean,
  onRecord: (seq: number, cmd: unknown) => void
): Promise<SegmentScan> {
  const fd = await io.open(file, 'r')
  try {
    let expected = start
    let goodBytes = 0
    let damagedAt = -1 // offset of the first damaged record, -1 while all good
    const handle = (line: Buffer, offset: number, terminated: boolean): void => {
      const rec = terminated ? unframe(line) : undefined
      if (rec === undefined) {
        if (damagedAt < 0) damagedAt = offset
        return
      }
      if (!isRecord(rec)) throw new StoreCorruptionError(`malformed record at byte ${offset}`, file)
      if (damagedAt >= 0) {
        // Intact record after a damaged one: fine only if written before the damaged one was known durable.
        if (!isLast || (rec.synced ?? rec.batch - 1) >= expected) {
          throw new StoreCorruptionError(
            `record seq ${expected} at byte ${damagedAt} is damaged but later records are intact`,
            file
          )
        }
        return
      }
      if (rec.seq !== expected) {
        throw new StoreCorruptionError(`expected seq ${expected} at byte ${offset}, found ${rec.seq}`, file)
      }
      onRecord(rec.seq, rec.cmd)
      expected++
      goodBytes = offset + line.length + 1
    }

    const chunk = Buffer.allocUnsafe(1 << 20)
    let carry = Buffer.alloc(0)
    let carryAt = 0 // file offset of carry[0]
    let pos = 0
    for (;;) {
      const n = await io.read(fd, chunk, pos)
      if (n === 0) break
      pos += n
      const data = carry.length > 0 ? Buffer.concat([carry, chunk.subarray(0, n)]) : chunk.subarray(0, n)
      let from = 0
      for (let nl = data.indexOf(0x0a); nl >= 0; nl = data.indexOf(0x0a, from)) {
        handle(data.subarray(from, nl), carryAt + from, true)
        from = nl + 1
      }
      carry = Buffer.from(data.subarray(from)) // copy: chunk is reused
      carryAt += from
    }
    if (carry.length > 0) handle(carry, carryAt, false) // no newline: the write was torn
    if (damagedAt >= 0 && !isLast) {
      throw new StoreCorruptionError(`damaged record at byte ${damagedAt} in a closed segment`, file)
    }
    return { end: expected - 1, goodBytes, fileBytes: pos }
  } finally {
    await io.close(fd)
  }
}

function isRecord(x: unknown): x is { seq: number; batch: number; synced?: number; cmd: unknown } {
  const r = x as { seq?: unknown; batch?: unknown; synced?: unknown }
  return (
    typeof x === 'object' &&
    x !== null &&
    Number.isSafeInteger(r.seq) &&
    Number.isSafeInteger(r.batch) &&
    (r.synced === undefined || Number.isSafeInteger(r.synced)) &&
    'cmd' in x
  )
}
