// The equity curves on disk: equity.json in the user-data folder, one versioned file for every profile, replaced
// atomically and private (vault/atomic-file.ts, as alerts.json). Bounded: a profile keeps its newest MAX_SAMPLES.
// A file that cannot be read is kept aside as `equity.json.unreadable-<time>` and the curves start anew (logged):
// a curve is a convenience the next samples rebuild, never worth refusing to start for.
import { existsSync, readFileSync, renameSync } from 'node:fs'
import { z } from 'zod'
import { decimalText } from '@shared/ipc/schemas/common'
import type { EquitySampleView } from '@shared/ipc/views/pnl'
import { writeFileAtomic } from '../vault/atomic-file'

/** 15-minute samples for a month. */
export const MAX_SAMPLES = 3000
export const EQUITY_FILE_VERSION = 1

const sample = z.strictObject({
  at: z.int().min(0),
  total: decimalText,
  unpriced: z.array(z.string().max(32)).max(200)
}) satisfies z.ZodType<EquitySampleView>
const fileShape = z.strictObject({
  version: z.literal(EQUITY_FILE_VERSION),
  profiles: z.record(z.string(), z.array(sample))
})

export interface EquityStoreOptions {
  /** `<userData>/equity.json` */
  file: string
  log: (line: string) => void
  maxSamples?: number
}

export class EquityStore {
  readonly #o: EquityStoreOptions
  readonly #curves = new Map<string, EquitySampleView[]>()
  #queue: Promise<unknown> = Promise.resolve()

  constructor(o: EquityStoreOptions) {
    this.#o = o
    for (const [id, list] of Object.entries(load(o.file, o.log))) this.#curves.set(id, list)
  }

  samples(profileId: string): EquitySampleView[] {
    return structuredClone(this.#curves.get(profileId) ?? [])
  }

  /** Adds a sample (the oldest beyond the bound go) and writes the file. */
  add(profileId: string, s: EquitySampleView): Promise<void> {
    const list = [...(this.#curves.get(profileId) ?? []), s]
    this.#curves.set(profileId, list.slice(Math.max(0, list.length - (this.#o.maxSamples ?? MAX_SAMPLES))))
    return this.#save()
  }

  /** A removed profile's curve goes with it. */
  forget(profileId: string): Promise<void> {
    if (!this.#curves.delete(profileId)) return Promise.resolve()
    return this.#save()
  }

  flushed(): Promise<void> {
    return this.#queue.then(() => undefined)
  }

  #save(): Promise<void> {
    const text = `${JSON.stringify({ version: EQUITY_FILE_VERSION, profiles: Object.fromEntries(this.#curves) })}\n`
    const run = this.#queue.then(() => writeFileAtomic(this.#o.file, text))
    this.#queue = run.catch((e: unknown) =>
      this.#o.log(`equity: could not write ${this.#o.file}: ${(e as Error).message}`)
    )
    return run
  }
}

function load(file: string, log: (line: string) => void): Record<string, EquitySampleView[]> {
  if (!existsSync(file)) return {}
  try {
    const r = fileShape.safeParse(JSON.parse(readFileSync(file, 'utf8')))
    if (r.success) return r.data.profiles
    throw new Error(`not a version ${EQUITY_FILE_VERSION} equity file`)
  } catch (e) {
    const keptAt = `${file}.unreadable-${new Date().toISOString().replace(/[:.]/g, '-')}`
    try {
      renameSync(file, keptAt)
    } catch (err) {
      log(`equity: could not keep ${file} aside: ${(err as Error).message}`)
    }
    log(`equity: ${file} could not be read (${(e as Error).message}); kept aside as ${keptAt}, the curves start anew`)
    return {}
  }
}
