// Crash-safe replace of a small file: readers see the old content or the new, never a torn mix.
import { randomBytes } from 'node:crypto'
import { chmod, mkdir, open, rename, unlink } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'

/** Temp files start with this, so a leftover from a crash is recognisable (and ignorable) in the folder. */
export const TEMP_PREFIX = '.tmp-'

/** Folders closed to other users in this process already (chmod once per folder, not per write). */
const closed = new Set<string>()

/**
 * Makes dir (and missing parents) 0700, and an existing one 0700 too: the user-data folder holds profiles, order
 * history and undetermined orders (API keys a venue echoed), so nobody else may list or read it.
 */
export async function privateDir(dir: string): Promise<void> {
  if (closed.has(dir)) return
  await mkdir(dir, { recursive: true, mode: 0o700 })
  if (process.platform !== 'win32') await chmod(dir, 0o700)
  closed.add(dir)
}

export async function writeFileAtomic(path: string, data: string, mode = 0o600): Promise<void> {
  const dir = dirname(path)
  await privateDir(dir)
  // Same directory as the target: rename is only atomic within one file system.
  const tmp = join(dir, `${TEMP_PREFIX}${basename(path)}-${process.pid}-${randomBytes(4).toString('hex')}`)
  try {
    const fh = await open(tmp, 'wx', mode)
    try {
      await fh.writeFile(data, 'utf8')
      await fh.sync() // the bytes are on disk before the name points at them
    } finally {
      await fh.close()
    }
    await rename(tmp, path)
  } catch (e) {
    await unlink(tmp).catch(() => {})
    throw e
  }
  await syncDir(dir) // makes the rename itself durable
}

async function syncDir(dir: string): Promise<void> {
  // Windows cannot open a directory for fsync; NTFS journals the rename anyway.
  if (process.platform === 'win32') return
  const fh = await open(dir, 'r')
  try {
    await fh.sync()
  } finally {
    await fh.close()
  }
}
