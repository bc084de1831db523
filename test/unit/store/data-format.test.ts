// The data dir's format version: stamped on creation; a dir of another version, or with data and no version
// (written before versions existed), is refused with the dir, both versions and what to do, and left unchanged.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { hostname } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { FORMAT_FILE, StoreFormatError } from '../../../src-sim/store/data-format'
import { openDurableState } from '../../../src-sim/store/durable-state'
import { StoreCorruptionError } from '../../../src-sim/store/record'
import { counterMachine, tempDir, type Counter, type CounterCmd } from './helpers'

const open = (dir: string, formatVersion?: number) =>
  openDurableState<Counter, CounterCmd, number>({ dir, ...counterMachine, formatVersion })

/** Every file of dir with its bytes. */
const contents = (dir: string): Record<string, string> =>
  Object.fromEntries(
    readdirSync(dir)
      .sort()
      .map((f) => [f, readFileSync(join(dir, f)).toString('base64')])
  )

/** A dir with a snapshot, a journal after it and the lock of a writer killed with -9 (a dead pid of another boot). */
async function written(formatVersion?: number): Promise<string> {
  const dir = tempDir()
  const ds = await open(dir, formatVersion)
  for (let i = 1; i <= 3; i++) await ds.commit({ id: i, add: i })
  await ds.takeSnapshot()
  await ds.commit({ id: 4, add: 4 })
  await ds.close()
  const dead = {
    pid: 2 ** 22 + 1,
    host: hostname(),
    boot: 'an-earlier-boot',
    token: 'killed',
    since: '2026-01-01T00:00:00.000Z'
  }
  writeFileSync(join(dir, 'LOCK'), JSON.stringify(dead))
  return dir
}

describe('data dir format version', () => {
  it('stamps a new dir and reopens it at the same version with its state', async () => {
    const dir = await written(3)
    expect(readdirSync(dir)).toContain(FORMAT_FILE)
    const again = await open(dir, 3)
    expect(again.state).toEqual({ total: 10, ids: [1, 2, 3, 4] })
    expect(again.recovery.snapshotSeq).toBe(3)
    await again.close()
  })

  it('refuses a dir of another version, naming dir, versions and remedy, and changes nothing', async () => {
    const dir = await written(3)
    const before = contents(dir)
    const err = await open(dir, 4).then(
      () => undefined,
      (e: unknown) => e
    )
    expect(err).toBeInstanceOf(StoreFormatError)
    expect(err).toMatchObject({ dir, found: 3, expected: 4 })
    const msg = (err as Error).message
    expect(msg).toContain(dir)
    expect(msg).toContain('format version 3')
    expect(msg).toContain('reads format version 4')
    expect(msg).toMatch(/fresh --data-dir.*the build that wrote it/)
    expect(contents(dir)).toEqual(before)
    // the build that wrote it still opens it
    const same = await open(dir, 3)
    expect(same.state.total).toBe(10)
    await same.close()
  })

  it('refuses a dir written before format versions (data, no FORMAT) and changes nothing', async () => {
    const dir = await written(undefined)
    const before = contents(dir)
    expect(Object.keys(before)).not.toContain(FORMAT_FILE)
    const err = await open(dir, 1).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(StoreFormatError)
    expect(err).toMatchObject({ found: undefined, expected: 1 })
    expect((err as Error).message).toContain('no format version')
    expect(contents(dir)).toEqual(before)
  })

  it('refuses a damaged FORMAT file as corruption, naming it', async () => {
    const dir = await written(2)
    writeFileSync(
      join(dir, FORMAT_FILE),
      readFileSync(join(dir, FORMAT_FILE), 'utf8').replace('"version":2', '"version":7')
    )
    const before = contents(dir)
    const err = await open(dir, 2).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(StoreCorruptionError)
    expect((err as Error).message).toContain(join(dir, FORMAT_FILE))
    expect(contents(dir)).toEqual(before)
  })

  it('stamps a dir left by a crash while stamping (temp file, no data)', async () => {
    const dir = tempDir()
    writeFileSync(join(dir, `${FORMAT_FILE}.tmp`), 'torn')
    const ds = await open(dir, 5)
    await ds.commit({ id: 1, add: 1 })
    await ds.close()
    expect(readdirSync(dir)).not.toContain(`${FORMAT_FILE}.tmp`)
    const again = await open(dir, 5)
    expect(again.state.total).toBe(1)
    await again.close()
  })
})
