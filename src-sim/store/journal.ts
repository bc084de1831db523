// Append-only command journal split into segments `journal-<first seq, 20 digits>.log`.
// Each line is frame('{"seq":N,"batch":B,"cmd":...}'): seq numbers are contiguous from 1, and B is the seq of the
// first record written by the same write+fdatasync (group commit).
//
// Recovery rule: a batch is written only after the previous one is durable, so damage can only be legitimate in
// the last batch of the last segment (a crash before its fdatasync finished; none of it was acknowledged). A
// damaged record is therefore a torn tail, cut off on open, when every intact record after it belongs to the same
// batch; an intact record of a later batch after it means durable data was damaged, and opening is refused.
import { join } from 'node:path'
import { frame, seqPad, StoreCorruptionError, unframe } from './record'
import { nodeIo, unlinkIfExists, type StoreIo } from './io'

const SEGMENT = /^journal-(\d{20})\.log$/
export const segmentName = (start: number): string => `journal-${seqPad(start)}.log`

export interface JournalOptions {
  io?: StoreIo
  /** Upper bound of one group-commit write; the rest waits for the next batch. */
  maxBatchBytes?: number
}

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
  private writing = false
  private scheduled = false
  private failure: Error | undefined
  private closed = false
  readonly stats = { batches: 0, records: 0 }

  private constructor(
    private readonly dir: string,
    private readonly io: StoreIo,
    private readonly maxBatchBytes: number,
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

    let fd: number
    if (starts.length === 0) {
      starts.push(lastSeq + 1)
      fd = await io.open(join(dir, segmentName(lastSeq + 1)), 'wx')
      await io.syncDir(dir)
    } else {
      fd = await io.open(join(dir, segmentName(starts[starts.length - 1]!)), 'r+')
      if (tornBytes > 0) {
        await io.ftruncate(fd, goodBytes)
        await io.fsync(fd)
      }
    }
    const journal = new Journal(dir, io, options.maxBatchBytes ?? 8 << 20, { starts, fd, size: goodBytes, lastSeq })
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

  /** As append, for a command already serialized. The seq is taken synchronously, so journal order is call order. */
  appendJson(json: string): Promise<void> {
    const refused = this.refusal()
    if (refused) return Promise.reject(refused)
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
    if (this.queue.length === 0 && !this.writing) return Promise.resolve()
    return new Promise((resolve, reject) => {
      this.queue.push({ resolve, reject })
      this.schedule()
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
      await this.io.close(this.fd)
    }
  }

  private refusal(): Error | undefined {
    return this.failure ?? (this.closed ? new Error('journal is closed') : undefined)
  }

  private schedule(): void {
    if (this.writing || this.scheduled) return
    this.scheduled = true
    // setImmediate, not a microtask: appends from every I/O callback of this loop turn join the first batch.
    setImmediate(() => void this.drain())
  }

  private async drain(): Promise<void> {
    this.scheduled = false
    this.writing = true
    try {
      while (this.queue.length > 0) {
        const head = this.queue[0]!
        if (!('seq' in head)) {
          this.queue.shift()
          if (head.rotateTo !== undefined) await this.openSegment(head.rotateTo)
          head.resolve()
          continue
        }
        let text = ''
        let n = 0
        for (const entry of this.queue) {
          if (!('seq' in entry) || text.length >= this.maxBatchBytes) break
          text += frame(`{"seq":${entry.seq},"batch":${head.seq},"cmd":${entry.json}}`)
          n++
        }
        const data = Buffer.from(text, 'utf8')
        await this.io.writeAll(this.fd, data, this.size)
        this.size += data.length
        await this.io.fdatasync(this.fd)
        const batch = this.queue.splice(0, n) as Pending[]
        this.durable = batch[n - 1]!.seq
        this.stats.batches++
        this.stats.records += n
        for (const entry of batch) entry.resolve()
      }
    } catch (err) {
      this.fail(err)
    } finally {
      this.writing = false
    }
  }

  private async openSegment(start: number): Promise<void> {
    const fd = await this.io.open(join(this.dir, segmentName(start)), 'wx')
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
    this.failure = new Error(`journal write failed, restart to recover: ${(err as Error)?.message ?? err}`, {
      cause: err
    })
    for (const entry of this.queue.splice(0)) entry.reject(this.failure)
  }
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
        // Intact record after a damaged one: fine only if it was written by the same (last, unsynced) batch.
        if (!isLast || rec.batch > expected) {
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

function isRecord(x: unknown): x is { seq: number; batch: number; cmd: unknown } {
  const r = x as { seq?: unknown; batch?: unknown }
  return (
    typeof x === 'object' && x !== null && Number.isSafeInteger(r.seq) && Number.isSafeInteger(r.batch) && 'cmd' in x
  )
}
