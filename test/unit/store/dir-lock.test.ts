import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { hostname } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { acquireDirLock, StoreLockedError, type LockOwner } from '../../../src-sim/store/dir-lock'
import { tempDir } from './helpers'

const deadPid = (): number => spawnSync(process.execPath, ['-e', '']).pid!
const owner = (o: Partial<LockOwner>): string =>
  JSON.stringify({ pid: process.pid, host: hostname(), boot: '', token: 'other', since: 'then', ...o })

describe('directory lock', () => {
  it('refuses a directory locked by a live process, with its pid in the message', async () => {
    const dir = tempDir()
    const lock = await acquireDirLock(dir)
    expect(JSON.parse(readFileSync(join(dir, 'LOCK'), 'utf8'))).toMatchObject({ pid: process.pid })
    const err = await acquireDirLock(dir).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(StoreLockedError)
    expect((err as Error).message).toContain(`in use by pid ${process.pid}`)
    await lock.release()
    expect(existsSync(join(dir, 'LOCK'))).toBe(false)
    await (await acquireDirLock(dir)).release()
  })

  it('takes over the lock of a dead process', async () => {
    const dir = tempDir()
    writeFileSync(join(dir, 'LOCK'), owner({ pid: deadPid() }))
    const lock = await acquireDirLock(dir)
    expect(JSON.parse(readFileSync(join(dir, 'LOCK'), 'utf8')).token).toBe(lock.owner.token)
    await lock.release()
  })

  it('takes over an unreadable lock file', async () => {
    const dir = tempDir()
    writeFileSync(join(dir, 'LOCK'), '')
    await (await acquireDirLock(dir)).release()
  })

  it.runIf(existsSync('/proc/sys/kernel/random/boot_id'))('takes over a lock from an earlier boot', async () => {
    const dir = tempDir()
    writeFileSync(join(dir, 'LOCK'), owner({ boot: 'an-earlier-boot' })) // our own (live) pid, reused
    await (await acquireDirLock(dir)).release()
  })

  it('assumes a lock from another host is live', async () => {
    const dir = tempDir()
    writeFileSync(join(dir, 'LOCK'), owner({ pid: deadPid(), host: 'elsewhere' }))
    await expect(acquireDirLock(dir)).rejects.toThrow(StoreLockedError)
  })

  it('lets exactly one of several racing starters take over a stale lock', async () => {
    const dir = tempDir()
    writeFileSync(join(dir, 'LOCK'), owner({ pid: deadPid() }))
    const results = await Promise.allSettled(Array.from({ length: 6 }, () => acquireDirLock(dir)))
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
    for (const r of results) if (r.status === 'rejected') expect(r.reason).toBeInstanceOf(StoreLockedError)
  })

  it('does not remove a lock that is no longer ours', async () => {
    const dir = tempDir()
    const lock = await acquireDirLock(dir)
    writeFileSync(join(dir, 'LOCK'), owner({ token: 'someone-else' }))
    await lock.release()
    expect(existsSync(join(dir, 'LOCK'))).toBe(true)
  })
})
