// The data directory's format version: a `FORMAT` file holding frame('{"version":N}'), written when the directory
// is created, before its first journal record. Journal records and snapshots are commands and state that only the
// rules of the build that wrote them replay faithfully, so a directory of another version, or of none (written
// before versions existed), is refused before anything in it is read, repaired or compacted.
import { join } from 'node:path'
import { frame, StoreCorruptionError, unframeFile } from './record'
import { unlinkIfExists, writeFileAtomically, type StoreIo } from './io'

export const FORMAT_FILE = 'FORMAT'

export class StoreFormatError extends Error {
  override name = 'StoreFormatError'
  constructor(
    readonly dir: string,
    /** undefined: the directory has data but no FORMAT file (written before format versions). */
    readonly found: number | undefined,
    readonly expected: number
  ) {
    const has =
      found === undefined ? 'no format version (written before format versions existed)' : `format version ${found}`
    super(
      `data directory ${dir} has ${has}, but this build reads format version ${expected}; nothing in it was changed. ` +
        `Start with a fresh --data-dir, or open this one with the build that wrote it.`
    )
  }
}

/** Journal segments, snapshots and their temp files: a directory holding any of them has data. */
const hasData = (names: string[]): boolean => names.some((n) => n.startsWith('journal-') || n.startsWith('snapshot-'))

/**
 * Refuses dir unless it is of format `version`. With `stamp` (the dir lock held, before the snapshot and journal
 * are opened: they may repair or compact files), a directory with no data yet is stamped with it.
 */
export async function checkDataFormat(dir: string, version: number, io: StoreIo, stamp: boolean): Promise<void> {
  const names = await io.readdir(dir)
  const file = join(dir, FORMAT_FILE)
  if (names.includes(FORMAT_FILE)) {
    const found = readVersion(await io.readFile(file), file)
    if (found !== version) throw new StoreFormatError(dir, found, version)
    return
  }
  if (hasData(names)) throw new StoreFormatError(dir, undefined, version)
  if (!stamp) return
  await unlinkIfExists(io, `${file}.tmp`) // left by a crash while stamping
  await writeFileAtomically(io, file, Buffer.from(frame(JSON.stringify({ version })), 'utf8'))
  await io.syncDir(dir) // the stamp is durable before the journal's first segment exists
}

function readVersion(data: Buffer, file: string): number {
  const version = (unframeFile(data) as { version?: unknown } | undefined)?.version
  if (!Number.isSafeInteger(version) || (version as number) < 1)
    throw new StoreCorruptionError('format file is damaged', file)
  return version as number
}
