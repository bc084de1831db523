// Main's small durable JSON files (alerts.json, equity.json, algos/<profileId>.json): read through a schema at
// start, a file that cannot be read (whole or in part) kept aside as `<file>.unreadable-<time>` so the next save never
// overwrites what the user may still need, and written one after another, each replacing the file atomically and
// privately (atomic-file.ts).
import { existsSync, readFileSync, renameSync } from 'node:fs'
import { z } from 'zod'
import { writeFileAtomic } from './atomic-file'

/** What a read takes from the file, and why part of it was not taken (null: all of it was). */
export interface JsonPart<T> {
  value: T
  dropped: string | null
}

export interface JsonRead<T> {
  value: T
  /** Where the file was kept aside (null: it was read whole, or there was none). */
  keptAt: string | null
  /** Why it was kept aside: the whole file, or what part could not be read. */
  reason: string | null
}

export interface ReadJsonOptions<T> {
  /** The log line's prefix (`alerts`, `equity`, `algos`). */
  name: string
  log: (line: string) => void
  /** The value of no file, or of a file not read at all. */
  empty: () => T
  /** Takes the parsed JSON; throws when none of it can be used. */
  read: (raw: unknown) => JsonPart<T>
}

/** Reads `file`; anything not read is kept aside and logged, and what could be read is returned. */
export function readJsonFile<T>(file: string, o: ReadJsonOptions<T>): JsonRead<T> {
  if (!existsSync(file)) return { value: o.empty(), keptAt: null, reason: null }
  let part: JsonPart<T>
  try {
    part = o.read(JSON.parse(readFileSync(file, 'utf8')))
  } catch (e) {
    part = { value: o.empty(), dropped: `the whole file: ${(e as Error).message}` }
  }
  if (part.dropped === null) return { value: part.value, keptAt: null, reason: null }
  const keptAt = asideName(file)
  try {
    renameSync(file, keptAt)
  } catch (e) {
    o.log(`${o.name}: could not keep ${file} aside: ${(e as Error).message}`)
  }
  o.log(`${o.name}: ${file} was kept aside as ${keptAt}; not read: ${part.dropped}`)
  return { value: part.value, keptAt, reason: part.dropped }
}

/** `<file>.unreadable-<time>`, never the name of an earlier one kept aside within the same millisecond. */
function asideName(file: string): string {
  const stamp = `${file}.unreadable-${new Date().toISOString().replace(/[:.]/g, '-')}`
  let name = stamp
  for (let n = 2; existsSync(name); n++) name = `${stamp}-${n}`
  return name
}

/**
 * A `{ version, [key]: [...] }` file read item by item: the items `item` takes, and how many it did not (`noun`
 * names them: `alert(s)`). Throws when the file is not that shape (`what` names the file: `alerts`).
 */
export function versionedList<T>(
  raw: unknown,
  o: { version: number; key: string; item: z.ZodType<T>; what: string; noun: string }
): JsonPart<T[]> {
  const file = z.strictObject({ version: z.literal(o.version), [o.key]: z.array(z.unknown()) }).safeParse(raw)
  if (!file.success) throw new Error(`not a version ${o.version} ${o.what} file`)
  const all = file.data[o.key] as unknown[]
  const value: T[] = []
  for (const a of all) {
    const r = o.item.safeParse(a)
    if (r.success) value.push(r.data)
  }
  const bad = all.length - value.length
  return { value, dropped: bad ? `${bad} of ${all.length} ${o.noun} could not be read` : null }
}

/** Writes of one file one after another; each resolves once on disk, and a failed one is logged and rejects. */
export class SerialWriter {
  #queue: Promise<unknown> = Promise.resolve()

  constructor(
    private readonly file: string,
    private readonly name: string,
    private readonly log: (line: string) => void
  ) {}

  write(text: string): Promise<void> {
    const run = this.#queue.then(() => writeFileAtomic(this.file, text))
    this.#queue = run.catch((e: unknown) =>
      this.log(`${this.name}: could not write ${this.file}: ${(e as Error).message}`)
    )
    return run
  }

  /** Resolves once every write asked so far is done (or failed). */
  flushed(): Promise<void> {
    return this.#queue.then(() => undefined)
  }
}
