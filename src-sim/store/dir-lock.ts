// One process per data directory: a `LOCK` file naming its owner. A lock whose owner process is gone (killed,
// crashed, previous boot) is stale and taken over. Files are created complete (written to a temp name, then
// hard-linked into place, which fails if the name exists), so nobody ever reads a half-written lock.
import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { hostname } from 'node:os'
import { join } from 'node:path'
import { isNotFound, nodeIo, unlinkIfExists, type StoreIo } from './io'

export interface LockOwner {
  pid: number
  host: string
  /** Linux boot id ('' elsewhere): a lock from an earlier boot is stale whatever its pid. */
  boot: string
  token: string
  since: string
}

export class StoreLockedError extends Error {
  override name = 'StoreLockedError'
  constructor(
    readonly dir: string,
    readonly owner: LockOwner
  ) {
    super(
      `data directory ${dir} is in use by pid ${owner.pid} on ${owner.host} since ${owner.since}; ` +
        `stop that process (or delete ${join(dir, 'LOCK')} if you are sure it is gone)`
    )
  }
}

export interface DirLock {
  readonly owner: LockOwner
  /** Removes the lock if it is still ours. */
  release(): Promise<void>
}

let bootId: string | undefined
function currentBoot(): string {
  if (bootId === undefined) {
    try {
      bootId = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim()
    } catch {
      bootId = ''
    }
  }
  return bootId
}

export function isOwnerAlive(owner: LockOwner): boolean {
  if (owner.host !== hostname()) return true // cannot probe another machine's pids: assume it is running
  if (owner.boot && currentBoot() && owner.boot !== currentBoot()) return false
  try {
    process.kill(owner.pid, 0)
    return true
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM' // exists, owned by another user
  }
}

export async function acquireDirLock(dir: string, io: StoreIo = nodeIo): Promise<DirLock> {
  const lockPath = join(dir, 'LOCK')
  const guardPath = join(dir, 'LOCK.takeover')
  const me: LockOwner = {
    pid: process.pid,
    host: hostname(),
    boot: currentBoot(),
    token: randomUUID(),
    since: new Date().toISOString()
  }
  const release = async (): Promise<void> => {
    const current = await readOwner(io, lockPath)
    if (current && current !== 'missing' && current.owner?.token === me.token) await unlinkIfExists(io, lockPath)
  }
  for (let attempt = 0; attempt < 100; attempt++) {
    if (await createExclusive(io, lockPath, me)) return { owner: me, release }
    const seen = await readOwner(io, lockPath)
    if (seen === 'missing') continue // released meanwhile
    if (seen.owner && isOwnerAlive(seen.owner)) throw new StoreLockedError(dir, seen.owner)
    // Stale. Replace it under a takeover guard, or two starters could each delete the other's fresh lock.
    if (!(await createExclusive(io, guardPath, me))) {
      const guard = await readOwner(io, guardPath)
      if (guard !== 'missing' && !(guard.owner && isOwnerAlive(guard.owner))) await unlinkIfExists(io, guardPath)
      else await new Promise((r) => setTimeout(r, 10))
      continue
    }
    try {
      const again = await readOwner(io, lockPath)
      if (again !== 'missing' && again.raw === seen.raw) await unlinkIfExists(io, lockPath)
    } finally {
      await unlinkIfExists(io, guardPath)
    }
  }
  throw new Error(`could not lock data directory ${dir}`)
}

/** Creates path with the owner as content, atomically; false if it exists. */
async function createExclusive(io: StoreIo, path: string, owner: LockOwner): Promise<boolean> {
  const temp = `${path}.${owner.token}.tmp`
  const fd = await io.open(temp, 'w')
  try {
    await io.writeAll(fd, Buffer.from(JSON.stringify(owner)), 0)
    await io.fsync(fd)
  } finally {
    await io.close(fd)
  }
  try {
    await io.link(temp, path)
    return true
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false
    throw err
  } finally {
    await unlinkIfExists(io, temp)
  }
}

async function readOwner(io: StoreIo, path: string): Promise<'missing' | { raw: string; owner?: LockOwner }> {
  let raw: string
  try {
    raw = (await io.readFile(path)).toString('utf8')
  } catch (err) {
    if (isNotFound(err)) return 'missing'
    throw err
  }
  try {
    const o = JSON.parse(raw) as LockOwner
    if (Number.isSafeInteger(o.pid) && typeof o.host === 'string' && typeof o.token === 'string') {
      return { raw, owner: { ...o, boot: typeof o.boot === 'string' ? o.boot : '' } }
    }
  } catch {
    // unreadable: treated as stale
  }
  return { raw }
}
