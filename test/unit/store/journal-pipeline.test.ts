// The pipelined group commit's promises: a commit is acknowledged only once its own record is on disk, in journal
// order, whatever order the writes in flight return in; a crash between batches loses nothing acknowledged; a failed
// write fails exactly the commits still waiting.
import { describe, expect, it } from 'vitest'
import { nodeIo, type StoreIo } from '../../../src-sim/store/io'
import { Journal } from '../../../src-sim/store/journal'
import { countingIo, tempDir } from './helpers'

/** One held journal write (O_DSYNC: the write is the sync); the test decides when and how it returns. */
interface HeldWrite {
  /** Seqs of the records it carries. */
  seqs: number[]
  /** Set once its bytes are on disk and it has returned. */
  done: boolean
  /** Writes the bytes, then returns. */
  complete(): Promise<void>
  /** Writes the first 10 bytes (inside its first record) and never returns: the process dies mid-write. */
  tear(): Promise<void>
  fail(err: Error): void
}

function heldWrites() {
  const writes: HeldWrite[] = []
  const onDisk = new Set<number>()
  const writeAll: StoreIo['writeAll'] = (fd, data, at) =>
    new Promise<void>((resolve, reject) => {
      const w: HeldWrite = {
        seqs: [...data.toString('utf8').matchAll(/\{"seq":(\d+),/g)].map((m) => Number(m[1])),
        done: false,
        async complete() {
          await nodeIo.writeAll(fd, data, at)
          for (const s of w.seqs) onDisk.add(s)
          w.done = true
          resolve()
        },
        tear: () => nodeIo.writeAll(fd, data.subarray(0, 10), at),
        fail: reject
      }
      writes.push(w)
    })
  return { io: countingIo({ writeAll }).io, writes, onDisk }
}

const turn = (): Promise<void> => new Promise((r) => setImmediate(r))

/** Waits until `n` writes have been handed to the io layer. */
async function writesSeen(writes: HeldWrite[], n: number): Promise<void> {
  while (writes.length < n) await turn()
}

/** Appends `n` records now; `onAck` gets each one's seq once it is acknowledged. */
function append(journal: Journal, n: number, onAck: (seq: number) => void): void {
  for (let k = 0; k < n; k++) {
    const seq = journal.seq + 1
    journal.append({ seq }).then(
      () => onAck(seq),
      () => {} // refused: the tests below look at what was acknowledged
    )
  }
}

describe('journal pipeline', () => {
  it('acknowledges a commit only once its own record is on disk, in seq order, when later writes return first', async () => {
    const { io, writes, onDisk } = heldWrites()
    const { journal } = await Journal.open(tempDir(), 0, () => {}, { io })
    const acked: number[] = []
    const early: number[] = [] // seqs acknowledged while their record was not yet on disk
    const appended = (async () => {
      for (let t = 0; t < 10; t++) {
        append(journal, 3, (seq) => {
          if (!onDisk.has(seq)) early.push(seq)
          acked.push(seq)
        })
        await turn()
      }
    })()
    let mostInFlight = 0
    // Always return the newest write in flight first: every batch but the last waits on an earlier one.
    while (acked.length < 30) {
      const open = writes.filter((w) => !w.done)
      mostInFlight = Math.max(mostInFlight, open.length)
      if (open.length > 0) await open[open.length - 1]!.complete()
      await turn()
    }
    await appended
    expect(mostInFlight).toBe(2) // the next batch was written while the one before it was still being synced
    expect(early).toEqual([])
    expect(acked).toEqual(Array.from({ length: 30 }, (_, i) => i + 1))
    await journal.close()
  })

  it('writes one batch at a time with pipelineDepth 1 (the benches compare depths), and refuses a depth below 1', async () => {
    const { io, writes } = heldWrites()
    const { journal } = await Journal.open(tempDir(), 0, () => {}, { io, pipelineDepth: 1 })
    const acked: number[] = []
    append(journal, 1, (seq) => acked.push(seq))
    await writesSeen(writes, 1)
    append(journal, 2, (seq) => acked.push(seq))
    await turn() // the journal's dispatch, queued by append before this turn, has run
    expect(writes).toHaveLength(1) // seq 2 and 3 wait for the write in flight
    await writes[0]!.complete()
    await writesSeen(writes, 2)
    expect(writes[1]!.seqs).toEqual([2, 3])
    await writes[1]!.complete()
    while (acked.length < 3) await turn()
    await journal.close()
    await expect(Journal.open(tempDir(), 0, () => {}, { pipelineDepth: 0 })).rejects.toThrow(/pipelineDepth 0/)
  })

  it('with a batch in flight, writes the next once as many records wait as it holds, or once it is acknowledged', async () => {
    const { io, writes } = heldWrites()
    const { journal } = await Journal.open(tempDir(), 0, () => {}, { io })
    const acked: number[] = []
    const ack = (seq: number): void => void acked.push(seq)
    append(journal, 4, ack)
    await writesSeen(writes, 1) // batch 1: seq 1-4
    append(journal, 3, ack)
    await turn()
    await turn()
    expect(writes).toHaveLength(1) // 3 waiting < 4 in flight: held, not a small batch of its own
    append(journal, 1, ack)
    await writesSeen(writes, 2) // 4 waiting: written while batch 1 is in flight
    expect(writes[1]!.seqs).toEqual([5, 6, 7, 8])
    append(journal, 1, ack) // held behind batch 2 ...
    await turn()
    expect(writes).toHaveLength(2)
    await writes[0]!.complete()
    await writes[1]!.complete()
    await writesSeen(writes, 3) // ... until the batches before it are acknowledged
    expect(writes[2]!.seqs).toEqual([9])
    await writes[2]!.complete()
    while (acked.length < 9) await turn()
    expect(acked).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9])
    await journal.close()
  })

  it('loses nothing acknowledged in a crash between batches: reopened, it replays exactly the acknowledged records', async () => {
    const dir = tempDir()
    const { io, writes } = heldWrites()
    const { journal } = await Journal.open(dir, 0, () => {}, { io })
    const acked: number[] = []
    const ack = (seq: number): void => void acked.push(seq)
    append(journal, 2, ack)
    await writesSeen(writes, 1)
    await writes[0]!.complete() // batch 1: seq 1, 2
    append(journal, 2, ack)
    await writesSeen(writes, 2)
    await writes[1]!.complete() // batch 2: seq 3, 4
    while (acked.length < 4) await turn()
    append(journal, 2, ack)
    await writesSeen(writes, 3) // batch 3: seq 5, 6
    append(journal, 2, ack)
    await writesSeen(writes, 4) // batch 4: seq 7, 8, written while batch 3 is in flight
    expect(writes.map((w) => w.seqs)).toEqual([
      [1, 2],
      [3, 4],
      [5, 6],
      [7, 8]
    ])
    // The crash: batch 3 (seq 5, 6) torn in its first record, batch 4 (seq 7, 8) wholly on disk but never
    // acknowledged, as it waits for batch 3.
    await writes[2]!.tear()
    await writes[3]!.complete()
    await turn()
    expect(acked).toEqual([1, 2, 3, 4])

    const replayed: number[] = []
    const reopened = await Journal.open(dir, 0, (seq) => replayed.push(seq))
    expect(replayed).toEqual([1, 2, 3, 4])
    expect(reopened.tornBytes).toBeGreaterThan(0)
    await reopened.journal.append({ after: 'crash' })
    expect(reopened.journal.seq).toBe(5)
    await reopened.journal.close()

    writes[2]!.fail(new Error('the crashed process is gone')) // lets the first journal close its file
    await turn()
    await journal.close()
  })

  it('fails exactly the commits still waiting when a write fails; the acknowledged stay so, later ones refused', async () => {
    const dir = tempDir()
    const { io, writes } = heldWrites()
    // Uneven batches (a lone record written behind two), so that three writes are in the air when one fails.
    const { journal } = await Journal.open(dir, 0, () => {}, { io, evenBatches: false })
    const settled = new Map<number, string>()
    const track = (seq: number, p: Promise<void>): void =>
      void p.then(
        () => settled.set(seq, 'acknowledged'),
        (e: Error) => settled.set(seq, e.message)
      )
    const commit = (): void => track(journal.seq + 1, journal.append({ seq: journal.seq + 1 }))
    commit()
    commit()
    await writesSeen(writes, 1)
    await writes[0]!.complete() // batch 1 (seq 1, 2) acknowledged
    while (settled.size < 2) await turn()
    commit()
    commit()
    await writesSeen(writes, 2) // batch 2 (seq 3, 4) in flight
    commit()
    await writesSeen(writes, 3) // batch 3 (seq 5) in flight
    commit() // seq 6 queued: the pipeline is full
    await turn()
    expect(writes.map((w) => w.seqs)).toEqual([[1, 2], [3, 4], [5]])
    track(0, journal.flush())

    writes[2]!.fail(Object.assign(new Error('EIO: i/o error'), { code: 'EIO' }))
    while (settled.size < 7) await turn()
    // Batch 2's write may have reached the disk, but the error may have been reported to it or the batch after it
    // alike: nothing not yet acknowledged is.
    await writes[1]!.complete()
    await turn()
    expect(settled.get(1)).toBe('acknowledged')
    expect(settled.get(2)).toBe('acknowledged')
    for (const seq of [0, 3, 4, 5, 6]) expect(settled.get(seq)).toMatch(/restart to recover: EIO/)
    expect(journal.durableSeq).toBe(2)
    await expect(journal.append({ later: true })).rejects.toThrow(/restart to recover: EIO/)
    await journal.close()

    const replayed: number[] = []
    const reopened = await Journal.open(dir, 0, (seq) => replayed.push(seq))
    expect(replayed.slice(0, 2)).toEqual([1, 2])
    await reopened.journal.close()
  })
})
