import { readdirSync } from 'node:fs'
import fc from 'fast-check'
import { runs } from '../../fast-check-env'
import { describe, expect, it } from 'vitest'
import { openDurableState, StoreReplayError, type DurableStateOptions } from '../../../src-sim/store/durable-state'
import { nodeIo } from '../../../src-sim/store/io'
import { segmentName } from '../../../src-sim/store/journal'
import { snapshotName } from '../../../src-sim/store/snapshot-store'
import { countingIo, counterMachine, tempDir, type Counter, type CounterCmd } from './helpers'

const open = (dir: string, extra: Partial<DurableStateOptions<Counter, CounterCmd, number>> = {}) =>
  openDurableState<Counter, CounterCmd, number>({ dir, ...counterMachine, ...extra })

const fold = (cmds: CounterCmd[]): Counter => {
  const s = counterMachine.initial()
  for (const c of cmds) counterMachine.apply(s, c)
  return s
}

describe('durable state', () => {
  it('applies synchronously and resolves with the result once durable', async () => {
    const ds = await open(tempDir())
    const p = ds.commit({ id: 1, add: 5 })
    expect(ds.state.total).toBe(5)
    expect(ds.seq).toBe(1)
    expect(await p).toBe(5)
    expect(ds.durableSeq).toBe(1)
    await ds.close()
  })

  it('recovers the same state from any mix of snapshots and journal', async () => {
    // size 'max': fast-check's default size caps an array at 2 x minLength + 10 items, whatever maxLength says
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 1000 }), fc.boolean(), fc.boolean()), {
          maxLength: 40,
          size: 'max'
        }),
        fc.option(fc.integer({ min: 1, max: 7 }), { nil: undefined }),
        async (steps, snapshotEvery) => {
          const dir = tempDir()
          const cmds: CounterCmd[] = []
          let ds = await open(dir, { snapshotEvery })
          for (const [add, snap, reopen] of steps) {
            const cmd = { id: cmds.length + 1, add }
            cmds.push(cmd)
            await ds.commit(cmd)
            if (snap) await ds.takeSnapshot()
            if (reopen) {
              await ds.close()
              ds = await open(dir, { snapshotEvery })
              expect(ds.state).toEqual(fold(cmds))
            }
          }
          await ds.close()
          const again = await open(dir)
          expect(again.state).toEqual(fold(cmds))
          expect(again.seq).toBe(cmds.length)
          await again.close()
        }
      ),
      { numRuns: runs(40) }
    )
    // A fixed number of runs, each syncing to disk per commit: ~3 s on a quiet machine, 23-30+ s beside a CPU hog
    // with other disk writers (suite-under-load at load 10), so the budget is the engine property tests' 120 s.
  }, 120_000)

  it('keeps one snapshot and only the journal after it', async () => {
    const dir = tempDir()
    const ds = await open(dir, { snapshotEvery: 10 })
    await Promise.all(Array.from({ length: 25 }, (_, i) => ds.commit({ id: i + 1, add: 1 })))
    await ds.takeSnapshot()
    await Promise.all(Array.from({ length: 3 }, (_, i) => ds.commit({ id: 26 + i, add: 1 })))
    await ds.close()
    expect(readdirSync(dir).sort()).toEqual([segmentName(26), snapshotName(25)])
    const again = await open(dir)
    expect(again.recovery).toEqual({ snapshotSeq: 25, replayed: 3, tornBytes: 0 })
    expect(again.state.total).toBe(28)
    await again.close()
  })

  it('deletes no journal when the snapshot could not be made durable', async () => {
    const dir = tempDir()
    const { io } = countingIo({
      rename: async () => {
        throw new Error('ENOSPC: no space left')
      }
    })
    const ds = await open(dir, { io })
    for (let i = 1; i <= 4; i++) await ds.commit({ id: i, add: i })
    await expect(ds.takeSnapshot()).rejects.toThrow(/ENOSPC/)
    await ds.commit({ id: 5, add: 5 })
    await ds.close()
    expect(readdirSync(dir).sort()).toEqual([segmentName(1), segmentName(5)])
    const again = await open(dir)
    expect(again.state).toEqual(fold([1, 2, 3, 4, 5].map((i) => ({ id: i, add: i }))))
    await again.close()
  })

  it('does not journal a command that apply rejects, and reports it after earlier commits are durable', async () => {
    const dir = tempDir()
    const ds = await open(dir)
    const ok = ds.commit({ id: 1, add: 2 })
    let okDone = false
    void ok.then(() => (okDone = true))
    await expect(ds.commit({ id: 2, add: -1 })).rejects.toThrow('negative add refused')
    expect(okDone).toBe(true)
    expect(ds.seq).toBe(1)
    await ds.close()
    const again = await open(dir)
    expect(again.state).toEqual({ total: 2, ids: [1] })
    await again.close()
  })

  it('applies the JSON form of the command, the same value replay sees', async () => {
    const seen: unknown[] = []
    const ds = await openDurableState<unknown[], unknown>({
      dir: tempDir(),
      initial: () => seen,
      apply: (s, c) => void s.push(c),
      snapshot: (s) => s,
      restore: (d) => d as unknown[]
    })
    await ds.commit({ at: new Date(0), skip: undefined })
    expect(seen).toEqual([{ at: '1970-01-01T00:00:00.000Z' }])
    await ds.close()
  })

  it('applies a flat command as its JSON round trip too: a copy, -0 as 0, undefined left out, __proto__ as data', async () => {
    const seen: unknown[] = []
    const dir = tempDir()
    const machine = {
      initial: () => seen,
      apply: (s: unknown[], c: unknown) => void s.push(c),
      snapshot: (s: unknown[]) => s,
      restore: (d: unknown) => d as unknown[]
    }
    const ds = await openDurableState<unknown[], unknown>({ dir, ...machine })
    const flat = { t: 'place', price: '1.5', n: 3, ok: true, none: null, skip: undefined }
    await ds.commit(flat)
    flat.price = '9' // the caller's object changed later: what was applied is not
    await ds.commit({ t: 'x', z: -0 })
    await ds.commit(JSON.parse('{"__proto__":{"polluted":1},"t":"y"}'))
    await ds.close()
    const live = seen.splice(0)
    expect(live.slice(0, 2)).toEqual([
      { t: 'place', price: '1.5', n: 3, ok: true, none: null },
      { t: 'x', z: 0 }
    ])
    expect(Object.is((live[1] as { z: number }).z, 0)).toBe(true)
    expect(Object.keys(live[2] as object)).toEqual(['__proto__', 't'])
    expect(Object.getPrototypeOf(live[2])).toBe(Object.prototype)
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined()
    // Replay sees the same values.
    const again = await openDurableState<unknown[], unknown>({ dir, ...machine })
    expect(JSON.stringify(seen)).toBe(JSON.stringify(live))
    await again.close()
  })

  it('refuses to open when replay throws, naming the seq', async () => {
    const dir = tempDir()
    const ds = await open(dir)
    await ds.commit({ id: 1, add: 1 })
    await ds.commit({ id: 2, add: 1 })
    await ds.close()
    const flaky = {
      apply: (s: Counter, c: CounterCmd) => {
        if (c.id === 2) throw new Error('clock moved')
        return counterMachine.apply(s, c)
      }
    }
    const refused = await open(dir, flaky).catch((e: unknown) => e)
    // what the terminal sets aside (src-main/core/embedded-data-dir.ts)
    expect(refused).toBeInstanceOf(StoreReplayError)
    expect((refused as StoreReplayError).message).toBe(
      `data directory ${dir}: journal record 2 could not be replayed by this build (clock moved); nothing in it was changed. ` +
        'Start with a fresh --data-dir, or open this one with the build that wrote it.'
    )
    expect([(refused as StoreReplayError).at, (refused as StoreReplayError).reason]).toEqual([2, 'clock moved'])
    // a stack or memory limit says nothing about the records: not a refusal of the directory
    const overflow = await open(dir, {
      apply: () => {
        throw new RangeError('Maximum call stack size exceeded')
      }
    }).catch((e: unknown) => e)
    expect(overflow).toBeInstanceOf(RangeError)
    await (await open(dir)).close() // the lock was released
  })

  it('refuses to open when a snapshot does not restore, as a replay refusal; a failing initial state stays as it is', async () => {
    const dir = tempDir()
    const ds = await open(dir)
    await ds.commit({ id: 1, add: 1 })
    await ds.takeSnapshot()
    await ds.close()
    const refused = await open(dir, {
      restore: () => {
        throw new Error('unknown snapshot shape')
      }
    }).catch((e: unknown) => e)
    expect(refused).toBeInstanceOf(StoreReplayError)
    expect((refused as Error).message).toMatch(
      /: its snapshot could not be restored by this build \(unknown snapshot shape\); nothing in it was changed/
    )
    const empty = tempDir()
    const initialFails = await open(empty, {
      initial: () => {
        throw new Error('no initial state')
      }
    }).catch((e: unknown) => e)
    expect(initialFails).not.toBeInstanceOf(StoreReplayError)
    expect((initialFails as Error).message).toBe('no initial state')
    await (await open(dir)).close() // the locks were released
    await (await open(empty)).close()
  })

  it('refuses a second open of the same directory until the first is closed', async () => {
    const dir = tempDir()
    const ds = await open(dir)
    await expect(open(dir)).rejects.toThrow(/in use by pid/)
    await ds.close()
    await expect(ds.commit({ id: 1, add: 1 })).rejects.toThrow(/closed/)
    await (await open(dir)).close()
  })

  it('stops applying once the journal has failed', async () => {
    const dir = tempDir()
    let broken = false
    const { io } = countingIo({
      writeAll: async (fd, data, at) => {
        if (broken) throw new Error('EIO')
        return nodeIo.writeAll(fd, data, at)
      }
    })
    const ds = await open(dir, { io })
    await ds.commit({ id: 1, add: 1 })
    broken = true
    await expect(ds.commit({ id: 2, add: 1 })).rejects.toThrow(/restart to recover/)
    await expect(ds.commit({ id: 3, add: 1 })).rejects.toThrow(/restart to recover/)
    expect(ds.state.ids).toEqual([1, 2])
    await ds.close()
  })
})
