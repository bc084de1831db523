import { appendFileSync, constants, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { nodeIo } from '../../../src-sim/store/io'
import { Journal, PIPELINE_DEPTH, segmentName } from '../../../src-sim/store/journal'
import { frame, StoreCorruptionError } from '../../../src-sim/store/record'
import { countingIo, tempDir } from './helpers'

/** `sync: 'fdatasync'` where a test watches or stalls the sync step (the default, O_DSYNC, has none). */
async function openAll(dir: string, afterSeq = 0, io = countingIo().io, sync?: 'dsync' | 'fdatasync') {
  const records: { seq: number; cmd: unknown }[] = []
  const opened = await Journal.open(dir, afterSeq, (seq, cmd) => records.push({ seq, cmd }), { io, sync })
  return { ...opened, records }
}

async function appendSequential(journal: Journal, n: number, from = 1): Promise<void> {
  for (let i = from; i < from + n; i++) await journal.append({ n: i })
}

/** Flips one byte inside the JSON of the record with this seq. */
function damageRecord(file: string, seq: number): void {
  const buf = readFileSync(file)
  const at = buf.indexOf(`{"seq":${seq},`) + 3
  buf[at] = buf[at]! ^ 0x01
  writeFileSync(file, buf)
}

const seg = (dir: string, start = 1) => join(dir, segmentName(start))

/**
 * An I/O call whose first use waits for release(), so a later call can finish first. laterDone() resolves once
 * a later call has finished and the journal has seen it.
 */
function holdFirst<A extends unknown[]>(inner: (...args: A) => Promise<void>) {
  let release!: () => void
  const gate = new Promise<void>((r) => (release = r))
  let started = 0
  let finished = 0
  return {
    release: () => release(),
    call: async (...args: A): Promise<void> => {
      if (++started === 1) await gate
      await inner(...args)
      finished++
    },
    async laterDone(): Promise<void> {
      // The journal handles a finished call in promise continuations: a macrotask turn runs only after all of them.
      while (finished < 1) await new Promise((r) => setImmediate(r))
    }
  }
}

describe('journal', () => {
  it('reads back what was appended and continues the sequence', async () => {
    const dir = tempDir()
    const a = await openAll(dir)
    await appendSequential(a.journal, 3)
    await a.journal.close()
    const b = await openAll(dir)
    expect(b.records).toEqual([1, 2, 3].map((n) => ({ seq: n, cmd: { n } })))
    expect(b.journal.seq).toBe(3)
    await b.journal.append({ n: 4 })
    await b.journal.close()
    expect((await openAll(dir)).records.map((r) => r.seq)).toEqual([1, 2, 3, 4])
  })

  it('writes one JSON line per record with seq, batch and a CRC', async () => {
    const dir = tempDir()
    const { journal } = await openAll(dir)
    await journal.append({ hello: 'wörld' })
    await journal.close()
    expect(readFileSync(seg(dir), 'utf8')).toMatch(/^[0-9a-f]{8} \{"seq":1,"batch":1,"cmd":\{"hello":"wörld"\}\}\n$/)
  })

  it('writes a batch as frame() frames each record, multi-byte characters too, and reads it back', async () => {
    const dir = tempDir()
    const { journal } = await openAll(dir)
    const cmds = [{ a: 'wörld' }, { b: '价格 €' }, { c: '\ud83d\ude00 \u2028' }, { d: 'ascii' }]
    await Promise.all(cmds.map((c) => journal.append(c)))
    await journal.close()
    const lines = cmds.map((c, i) => frame(`{"seq":${i + 1},"batch":1,"cmd":${JSON.stringify(c)}}`))
    expect(readFileSync(seg(dir), 'utf8')).toBe(lines.join(''))
    expect((await openAll(dir)).records.map((r) => r.cmd)).toEqual(cmds)
  })

  it('refuses a command whose JSON holds a raw newline, which would end its record early; later ones go on', async () => {
    const dir = tempDir()
    const { journal } = await openAll(dir)
    await expect(journal.appendJson('{\n"a":1}')).rejects.toThrow(/raw newline/)
    await journal.append({ b: 2 })
    expect(journal.seq).toBe(1)
    await journal.close()
    expect((await openAll(dir)).records).toEqual([{ seq: 1, cmd: { b: 2 } }])
  })

  it('batches appends made in the same turn into one write and one fdatasync', async () => {
    const dir = tempDir()
    const { io, calls } = countingIo()
    const { journal } = await openAll(dir, 0, io, 'fdatasync')
    await Promise.all(Array.from({ length: 200 }, (_, i) => journal.append({ i })))
    expect(calls.fdatasync).toBe(1)
    expect(calls.writeAll).toBe(1)
    expect(journal.stats).toEqual({ batches: 1, records: 200 })
    await appendSequential(journal, 3)
    expect(calls.fdatasync).toBe(4) // awaited one by one: nothing to batch
    await journal.close()
  })

  it('caps one batch write at maxBatchBytes and writes the rest in the batches after it', async () => {
    const dir = tempDir()
    const { journal } = await Journal.open(dir, 0, () => {}, { maxBatchBytes: 200 })
    // each record frames to ~50 bytes: a batch stops at the first record that starts past 200 bytes
    await Promise.all(Array.from({ length: 20 }, (_, i) => journal.append({ i })))
    expect(journal.stats.records).toBe(20)
    expect(journal.stats.batches).toBeGreaterThanOrEqual(4)
    await journal.close()
    expect((await openAll(dir)).records.map((r) => r.cmd)).toEqual(Array.from({ length: 20 }, (_, i) => ({ i })))
  })

  it('writes the next batch while a sync is in flight, and batches the rest while the pipeline is full', async () => {
    const dir = tempDir()
    let release!: () => void
    const gate = new Promise<void>((r) => (release = r))
    const { io, calls } = countingIo({
      fdatasync: async (fd) => {
        await gate
        return nodeIo.fdatasync(fd)
      }
    })
    const { journal } = await openAll(dir, 0, io, 'fdatasync')
    const first = journal.append({ i: 0 })
    while (calls.fdatasync === 0) await new Promise((r) => setImmediate(r))
    const rest: Promise<void>[] = []
    for (let tick = 0; tick < 5; tick++) {
      for (let i = 0; i < 10; i++) rest.push(journal.append({ tick, i }))
      await new Promise((r) => setImmediate(r))
    }
    // The first tick's records went out as a second batch at once; ticks 1..4 wait for a free slot.
    expect(PIPELINE_DEPTH).toBe(2)
    expect(calls.writeAll).toBe(2)
    expect(journal.durableSeq).toBe(0)
    release()
    await Promise.all([first, ...rest])
    expect(calls.fdatasync).toBe(3)
    expect(journal.stats).toEqual({ batches: 3, records: 51 })
    expect(journal.durableSeq).toBe(51)
    await journal.close()
    // The second batch was written while record 1 was unsynced, and says so; the third, written once 1 (and
    // perhaps 2..11, whichever sync ended first) was durable, says how far.
    const lines = readFileSync(seg(dir), 'utf8').trim().split('\n')
    expect(lines[0]).toContain('{"seq":1,"batch":1,"cmd"')
    expect(lines[1]).toContain('{"seq":2,"batch":2,"synced":0,"cmd"')
    expect(lines[11]).toMatch(/\{"seq":12,"batch":12,("synced":1,)?"cmd"/)
    expect((await openAll(dir)).records).toHaveLength(51)
  })

  it('acknowledges batches in order even when a later sync finishes first', async () => {
    const dir = tempDir()
    const sync = holdFirst(nodeIo.fdatasync)
    const { io } = countingIo({ fdatasync: sync.call })
    const { journal } = await openAll(dir, 0, io, 'fdatasync')
    const acks: number[] = []
    const a = journal.append({ n: 1 }).then(() => acks.push(1))
    await new Promise((r) => setImmediate(r))
    const b = journal.append({ n: 2 }).then(() => acks.push(2))
    const flushed = journal.flush().then(() => acks.push(0))
    await sync.laterDone() // the second sync is done (a loaded disk can take a while), and the journal has seen it
    expect(acks).toEqual([])
    expect(journal.durableSeq).toBe(0)
    sync.release()
    await Promise.all([a, b, flushed])
    expect(acks).toEqual([1, 2, 0])
    await journal.close()
  })

  it('by default opens segments with O_DSYNC and acknowledges once the write itself returns', async () => {
    const dir = tempDir()
    const flags: (string | number)[] = []
    let release!: () => void
    const gate = new Promise<void>((r) => (release = r))
    const { io, calls } = countingIo({
      open: (path, f) => {
        flags.push(f)
        return nodeIo.open(path, f)
      },
      writeAll: async (fd, data, at) => {
        await gate
        return nodeIo.writeAll(fd, data, at)
      }
    })
    const { journal } = await openAll(dir, 0, io)
    expect(typeof flags[0] === 'number' && (flags[0] & constants.O_DSYNC) !== 0).toBe(true)
    let acked = false
    const p = journal.append({ n: 1 }).then(() => (acked = true))
    // The batch has gone to the (held) write, and the journal has run all it does before the write returns.
    while (calls.writeAll === 0) await new Promise((r) => setImmediate(r))
    await new Promise((r) => setImmediate(r))
    expect(acked).toBe(false)
    release()
    await p
    expect(calls.fdatasync).toBe(0)
    journal.rotate()
    await journal.append({ n: 2 })
    await journal.close()
    expect(flags.filter((f) => typeof f === 'number' && (f & constants.O_DSYNC) !== 0)).toHaveLength(2) // the new segment too
    expect((await openAll(dir)).records.map((r) => r.seq)).toEqual([1, 2])
  })

  it('acknowledges O_DSYNC batches in order even when a later write finishes first', async () => {
    const dir = tempDir()
    const write = holdFirst(nodeIo.writeAll)
    const { io } = countingIo({ writeAll: write.call })
    const { journal } = await openAll(dir, 0, io)
    const acks: number[] = []
    const a = journal.append({ n: 1 }).then(() => acks.push(1))
    await new Promise((r) => setImmediate(r))
    const b = journal.append({ n: 2 }).then(() => acks.push(2))
    await write.laterDone() // the second write is done, and the journal has seen it
    expect(acks).toEqual([])
    write.release()
    await Promise.all([a, b])
    expect(acks).toEqual([1, 2])
    await journal.close()
  })

  it('resolves an append only after its fdatasync', async () => {
    const dir = tempDir()
    const order: string[] = []
    const { io } = countingIo({
      fdatasync: async (fd) => {
        order.push('sync')
        return nodeIo.fdatasync(fd)
      }
    })
    const { journal } = await openAll(dir, 0, io, 'fdatasync')
    await journal.append({}).then(() => order.push('ack'))
    expect(order).toEqual(['sync', 'ack'])
    await journal.close()
  })

  it('discards a torn last line, truncates it and appends after it', async () => {
    const dir = tempDir()
    const a = await openAll(dir)
    await appendSequential(a.journal, 5)
    await a.journal.close()
    const goodSize = statSync(seg(dir)).size
    appendFileSync(seg(dir), '1a2b3c4d {"seq":6,"batch":6,"cmd":{"n"') // crash mid-write
    const b = await openAll(dir)
    expect(b.records.map((r) => r.seq)).toEqual([1, 2, 3, 4, 5])
    expect(b.tornBytes).toBeGreaterThan(0)
    expect(statSync(seg(dir)).size).toBe(goodSize)
    await b.journal.append({ n: 6 })
    await b.journal.close()
    expect((await openAll(dir)).records.map((r) => r.seq)).toEqual([1, 2, 3, 4, 5, 6])
  })

  it('treats a complete record without its newline as torn', async () => {
    const dir = tempDir()
    const a = await openAll(dir)
    await appendSequential(a.journal, 2)
    await a.journal.close()
    const buf = readFileSync(seg(dir))
    writeFileSync(seg(dir), buf.subarray(0, buf.length - 1))
    expect((await openAll(dir)).records.map((r) => r.seq)).toEqual([1])
  })

  it('treats damage inside the last batch as torn, even with intact records of that batch after it', async () => {
    const dir = tempDir()
    const a = await openAll(dir)
    await appendSequential(a.journal, 2)
    await Promise.all(Array.from({ length: 8 }, (_, i) => a.journal.append({ n: 3 + i }))) // seq 3..10, one batch
    await a.journal.close()
    damageRecord(seg(dir), 5) // pages of an unsynced write can land out of order on power loss
    const b = await openAll(dir)
    expect(b.records.map((r) => r.seq)).toEqual([1, 2, 3, 4])
    expect(b.journal.seq).toBe(4)
    await b.journal.close()
  })

  it('refuses a damaged record followed by records of later batches', async () => {
    const dir = tempDir()
    const a = await openAll(dir)
    await appendSequential(a.journal, 5)
    await a.journal.close()
    damageRecord(seg(dir), 2)
    const err = await openAll(dir).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(StoreCorruptionError)
    expect((err as Error).message).toMatch(/record seq 2 at byte \d+ is damaged but later records are intact/)
    expect((err as Error).message).toContain(segmentName(1))
  })

  it('treats damage as torn when later batches were written before it was synced, and refuses it otherwise', async () => {
    const dir = tempDir()
    const line = (seq: number, batch: number, synced?: number) =>
      frame(`{"seq":${seq},"batch":${batch},${synced === undefined ? '' : `"synced":${synced},`}"cmd":{"n":${seq}}}`)
    // Batches 1, 2-3 and 4 (written while only seq 1 was durable): a power loss can tear 2-3 and keep 4.
    writeFileSync(seg(dir), line(1, 1) + line(2, 2) + line(3, 2) + line(4, 4, 1))
    damageRecord(seg(dir), 2)
    const a = await openAll(dir)
    expect(a.records.map((r) => r.seq)).toEqual([1])
    expect(a.tornBytes).toBeGreaterThan(0)
    await a.journal.close()
    // Record 4 written once seq 3 was durable: damage to 2 is damage to acknowledged data.
    writeFileSync(seg(dir), line(1, 1) + line(2, 2) + line(3, 2) + line(4, 4, 3))
    damageRecord(seg(dir), 2)
    await expect(openAll(dir)).rejects.toThrow(/record seq 2 at byte \d+ is damaged but later records are intact/)
  })

  it('refuses a damaged record at the end of a closed segment', async () => {
    const dir = tempDir()
    const a = await openAll(dir)
    await appendSequential(a.journal, 3)
    a.journal.rotate()
    await appendSequential(a.journal, 2, 4)
    await a.journal.close()
    damageRecord(seg(dir, 1), 3)
    await expect(openAll(dir)).rejects.toThrow(/damaged record at byte \d+ in a closed segment/)
  })

  it('rotates segments and drops the ones a snapshot covers', async () => {
    const dir = tempDir()
    const a = await openAll(dir)
    await appendSequential(a.journal, 3)
    a.journal.rotate()
    a.journal.rotate() // no-op: the new segment is still empty
    await appendSequential(a.journal, 2, 4)
    expect(readdirSync(dir).sort()).toEqual([segmentName(1), segmentName(4)])
    await a.journal.dropThrough(3)
    expect(readdirSync(dir)).toEqual([segmentName(4)])
    await a.journal.close()
    await expect(openAll(dir)).rejects.toThrow(/journal records 1\.\.3 are missing/)
    const b = await openAll(dir, 3)
    expect(b.records.map((r) => r.seq)).toEqual([4, 5])
    await b.journal.close()
  })

  it('skips segments wholly covered by the snapshot and deletes them on open', async () => {
    const dir = tempDir()
    const a = await openAll(dir)
    await appendSequential(a.journal, 3)
    a.journal.rotate()
    await appendSequential(a.journal, 2, 4)
    await a.journal.close()
    const b = await openAll(dir, 4)
    expect(b.records.map((r) => r.seq)).toEqual([5])
    expect(readdirSync(dir)).toEqual([segmentName(4)])
    await b.journal.close()
  })

  it('refuses everything after a failed O_DSYNC write', async () => {
    const dir = tempDir()
    const { io } = countingIo({
      writeAll: async () => {
        throw Object.assign(new Error('EIO: i/o error'), { code: 'EIO' })
      }
    })
    const { journal } = await openAll(dir, 0, io)
    const results = await Promise.allSettled([journal.append({ a: 1 }), journal.append({ a: 2 })])
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected'])
    await expect(journal.append({ a: 3 })).rejects.toThrow(/restart to recover: EIO/)
    expect(journal.durableSeq).toBe(0)
    await journal.close()
  })

  it('refuses everything after a failed fdatasync', async () => {
    const dir = tempDir()
    const { io } = countingIo({
      fdatasync: async () => {
        throw Object.assign(new Error('EIO: i/o error'), { code: 'EIO' })
      }
    })
    const { journal } = await openAll(dir, 0, io, 'fdatasync')
    const results = await Promise.allSettled([journal.append({ a: 1 }), journal.append({ a: 2 })])
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected'])
    await expect(journal.append({ a: 3 })).rejects.toThrow(/restart to recover: EIO/)
    expect(journal.durableSeq).toBe(0)
    await journal.close()
  })
})
