import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { StoreCorruptionError } from '../../../src-sim/store/record'
import { loadLatestSnapshot, pruneSnapshots, snapshotName, writeSnapshot } from '../../../src-sim/store/snapshot-store'
import { countingIo, tempDir } from './helpers'

describe('snapshot store', () => {
  it('writes through a temp file, fsyncs it and the directory, and loads the newest', async () => {
    const dir = tempDir()
    const { io, calls } = countingIo()
    await writeSnapshot(dir, 7, JSON.stringify({ a: 1 }), io)
    expect(calls).toMatchObject({ fsync: 1, rename: 1, syncDir: 1 })
    await writeSnapshot(dir, 12, JSON.stringify({ a: 2 }), io)
    expect(await loadLatestSnapshot(dir)).toEqual({ seq: 12, state: { a: 2 } })
    await pruneSnapshots(dir, 12)
    expect(readdirSync(dir)).toEqual([snapshotName(12)])
  })

  it('ignores and removes the temp file of a crashed write', async () => {
    const dir = tempDir()
    await writeSnapshot(dir, 3, '"old"')
    writeFileSync(join(dir, `${snapshotName(9)}.tmp`), 'half a snap')
    expect(await loadLatestSnapshot(dir)).toEqual({ seq: 3, state: 'old' })
    expect(readdirSync(dir)).toEqual([snapshotName(3)])
  })

  it('returns undefined for an empty directory', async () => {
    expect(await loadLatestSnapshot(tempDir())).toBeUndefined()
  })

  it('refuses a damaged snapshot instead of falling back', async () => {
    const dir = tempDir()
    await writeSnapshot(dir, 3, '{"balance":100}')
    const file = join(dir, snapshotName(3))
    writeFileSync(file, readFileSync(file, 'utf8').replace('100', '900'))
    const err = await loadLatestSnapshot(dir).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(StoreCorruptionError)
    expect((err as Error).message).toContain(`snapshot is damaged (${file})`)
  })
})
