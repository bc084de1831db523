// The embedded exchange's data folder when this build cannot open it: written by a build of another format version
// (or before versions existed), or damaged. It holds paper money only, so the terminal keeps it intact beside the
// fresh one and starts anyway, rather than refusing to start at all (which would also lock the user out of their
// real-exchange profiles). Any other failure (I/O, permissions, another process using the folder) stays an error.
import { rename, unlink } from 'node:fs/promises'
import { dirname, join, relative } from 'node:path'
import { StoreFormatError } from '../../src-sim/store/data-format'
import { acquireDirLock } from '../../src-sim/store/dir-lock'
import { nodeIo } from '../../src-sim/store/io'
import { StoreCorruptionError } from '../../src-sim/store/record'

/** The unopenable data folder, where it was kept and why: what the user is told. */
export interface SetAsideData {
  keptAt: string
  /** What keptAt adds to the folder's name (`format-2-<time>`), for files kept with it. */
  tag: string
  /** The whole sentence for the user: why, where it was kept, what happened instead. */
  message: string
}

/** True for the refusals that say the folder itself cannot be opened by this build. */
export function isUnopenableData(e: unknown): e is StoreFormatError | StoreCorruptionError {
  return e instanceof StoreFormatError || e instanceof StoreCorruptionError
}

/** What is wrong with dir and the folder-name tag for it; a damaged file is named where it is kept. */
function why(e: StoreFormatError | StoreCorruptionError, dir: string, time: string): { tag: string; keptAt: string; text: string } {
  if (e instanceof StoreCorruptionError) {
    const keptAt = `${dir}.damaged-${time}`
    return { tag: `damaged-${time}`, keptAt, text: `could not be read (${e.message.split(e.file).join(join(keptAt, relative(dir, e.file)))})` }
  }
  const tag = `format-${e.found ?? 'none'}-${time}`
  const found = e.found === undefined ? 'written before format versions existed' : `format version ${e.found}`
  return { tag, keptAt: `${dir}.${tag}`, text: `was written by another version (${found}; this version reads ${e.expected})` }
}

/**
 * Renames dir to `<dir>.<format-N|format-none|damaged>-<time>`, under its lock, so a folder another process is
 * using is never moved (that refusal, StoreLockedError, is thrown as is). Nothing inside is changed apart from a
 * stale lock file of a dead process, which the lock takes over and this removes.
 */
export async function setAsideDataDir(dir: string, e: StoreFormatError | StoreCorruptionError, now = new Date()): Promise<SetAsideData> {
  const { tag, keptAt, text } = why(e, dir, now.toISOString().replace(/[:.]/g, '-'))
  const lock = await acquireDirLock(dir)
  try {
    await rename(dir, keptAt)
  } catch (err) {
    await lock.release()
    throw err
  }
  await unlink(join(keptAt, 'LOCK')) // ours: taken just above
  await nodeIo.syncDir(dirname(dir)) // the rename is durable before a fresh folder takes the name
  return { keptAt, tag, message: `The paper exchange's data ${text} and was kept at ${keptAt}; a fresh paper exchange was started.` }
}

/** Renames path to `<path>.<tag>` if it exists (a file that belongs with the kept folder); the new path or null. */
export async function setAsideFile(path: string, tag: string): Promise<string | null> {
  try {
    await rename(path, `${path}.${tag}`)
    return `${path}.${tag}`
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null
    throw e
  }
}
