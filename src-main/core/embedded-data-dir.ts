// The embedded exchange's data folder when this build cannot open it: written by a build of another format version
// (or before versions existed), damaged, or intact records this build cannot replay. It holds paper money only, so the
// terminal keeps it intact beside the
// fresh one and starts anyway, rather than refusing to start at all (which would also lock the user out of their
// real-exchange profiles). Any other failure (I/O, permissions, another process using the folder) stays an error.
import { rename, stat, unlink } from 'node:fs/promises'
import { dirname, join, relative } from 'node:path'
import { inEnglish } from '@shared/i18n/translate'
import type { Words } from '@shared/i18n/words'
import { acquireDirLock, nodeIo, StoreCorruptionError, StoreFormatError, StoreReplayError } from '../../src-sim'

/** The unopenable data folder, where it was kept and why: what the user is told. */
export interface SetAsideData {
  keptAt: string
  /** The files kept with the folder (`keepWith`), where they now are; missing ones are left out. */
  keptWith: string[]
  /** The whole sentence for the user: why, where it was kept, what happened instead. */
  message: string
  /** `message` in catalog words (main.notice.paperReset), for the UI to tell in its language. */
  words: Words
}

/** True for the refusals that say the folder itself cannot be opened by this build. */
export function isUnopenableData(e: unknown): e is Unopenable {
  return e instanceof StoreFormatError || e instanceof StoreCorruptionError || e instanceof StoreReplayError
}
type Unopenable = StoreFormatError | StoreCorruptionError | StoreReplayError

/** Which folder a path names (device and inode), or null if there is none: a folder replaced meanwhile differs. */
export async function folderIdentity(dir: string): Promise<string | null> {
  try {
    const s = await stat(dir, { bigint: true })
    return `${s.dev}:${s.ino}`
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null
    throw e
  }
}

/**
 * What is wrong with dir (in catalog words, main.paperData.*) and the folder-name tag for it; a damaged file is named
 * where it is kept.
 */
function why(e: Unopenable, dir: string, time: string): { tag: string; keptAt: string; text: Words } {
  if (e instanceof StoreReplayError) {
    return {
      tag: `unreplayable-${time}`,
      keptAt: `${dir}.unreplayable-${time}`,
      text:
        e.at === 'snapshot'
          ? { key: 'main.paperData.unreplayableSnapshot', params: { reason: e.reason } }
          : { key: 'main.paperData.unreplayableRecord', params: { record: e.at, reason: e.reason } }
    }
  }
  if (e instanceof StoreCorruptionError) {
    const keptAt = `${dir}.damaged-${time}`
    return {
      tag: `damaged-${time}`,
      keptAt,
      text: {
        key: 'main.paperData.damaged',
        params: { error: e.message.split(e.file).join(join(keptAt, relative(dir, e.file))) }
      }
    }
  }
  const tag = `format-${e.found ?? 'none'}-${time}`
  return {
    tag,
    keptAt: `${dir}.${tag}`,
    text:
      e.found === undefined
        ? { key: 'main.paperData.noFormat', params: { expected: e.expected } }
        : { key: 'main.paperData.otherFormat', params: { found: e.found, expected: e.expected } }
  }
}

export interface SetAsideOptions {
  /** folderIdentity(dir) taken before the open that failed: a folder replaced since is not moved. */
  seen: string
  /** Files that belong with the folder's data (the paper order history): renamed with it, or nothing is. */
  keepWith?: string[]
  now?: Date
}

/** A rename of setAsideDataDir that failed, naming both paths; the caller says what became of the others. */
class RenameError extends Error {}

/**
 * Renames dir to `<dir>.<format-N|format-none|damaged|unreplayable>-<time>` and each keepWith file to `<file>.<same
 * tag>`, under
 * the folder's lock, so a folder another process is using is never moved (that refusal, StoreLockedError, is
 * thrown as is). 'replaced' when dir is no longer the folder that failed to open (another starter kept it aside
 * and made a fresh one): nothing is moved and the caller opens dir again. All or nothing: a rename that fails
 * undoes the ones before it and throws an error naming both paths. Nothing inside the folder is changed apart
 * from a stale lock file of a dead process, which the lock takes over and this removes.
 */
export async function setAsideDataDir(
  dir: string,
  e: Unopenable,
  o: SetAsideOptions
): Promise<SetAsideData | 'replaced'> {
  const { tag, keptAt, text } = why(e, dir, (o.now ?? new Date()).toISOString().replace(/[:.]/g, '-'))
  const lock = await acquireDirLock(dir)
  const done: [string, string][] = []
  try {
    // The refusal was seen before this lock: the folder is moved only if it is still the one refused.
    if ((await folderIdentity(dir)) !== o.seen) {
      await lock.release()
      return 'replaced'
    }
    for (const file of o.keepWith ?? [])
      if (await renameIfExists(file, `${file}.${tag}`)) done.push([file, `${file}.${tag}`])
    await renameIfExists(dir, keptAt, true)
  } catch (err) {
    const stuck: string[] = []
    for (const [from, to] of done.reverse()) await rename(to, from).catch(() => stuck.push(`${from} is at ${to}`))
    await lock.release()
    if (!(err instanceof RenameError)) throw err
    // Said here, once the renames before it were undone (or not): the rename alone cannot know.
    const moved =
      stuck.length === 0 ? 'nothing was moved' : `what was moved before it could not be put back (${stuck.join('; ')})`
    // The rename's own cause (the file system's error) is the one to keep.
    // eslint-disable-next-line preserve-caught-error
    throw new Error(`${err.message}; ${moved}. Close any program using it and start again.`, { cause: err.cause })
  }
  await unlink(join(keptAt, 'LOCK')).catch(() => undefined) // ours, taken above; left behind it is stale once we exit
  await nodeIo.syncDir(dirname(dir)) // the rename is durable before a fresh folder takes the name
  const words: Words = {
    key: 'main.notice.paperReset',
    params: { ...text.params, why: text.key, path: keptAt }
  }
  return { keptAt, keptWith: done.map(([, to]) => to), message: inEnglish(words), words }
}

/** Renames from to to; false if from does not exist (unless required). A failure names both paths. */
async function renameIfExists(from: string, to: string, required = false): Promise<boolean> {
  try {
    await rename(from, to)
    return true
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code
    if (code === 'ENOENT' && !required) return false
    throw new RenameError(
      `the paper exchange's data could not be kept aside: renaming ${from} to ${to} failed (${code ?? String(e)})`,
      { cause: e }
    )
  }
}
