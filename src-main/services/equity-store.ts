// The equity curves on disk: equity.json in the user-data folder, one versioned file for every profile, replaced
// atomically and private (vault/json-file.ts, as alerts.json). Bounded: a profile keeps its newest MAX_SAMPLES.
// A file that cannot be read is kept aside as `equity.json.unreadable-<time>` and the curves start anew (logged):
// a curve is a convenience the next samples rebuild, never worth refusing to start for.
import { z } from 'zod'
import { decimalText } from '@shared/ipc/schemas/common'
import type { EquitySampleView } from '@shared/ipc/views/pnl'
import { readJsonFile, SerialWriter } from '../vault/json-file'

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
  readonly #writer: SerialWriter

  constructor(o: EquityStoreOptions) {
    this.#o = o
    this.#writer = new SerialWriter(o.file, 'equity', o.log)
    // A curve is a convenience the next samples rebuild: a file not read whole starts the curves anew.
    const r = readJsonFile<Record<string, EquitySampleView[]>>(o.file, {
      name: 'equity',
      log: o.log,
      empty: () => ({}),
      read: (raw) => {
        const f = fileShape.safeParse(raw)
        if (!f.success) throw new Error(`not a version ${EQUITY_FILE_VERSION} equity file`)
        return { value: f.data.profiles, dropped: null }
      }
    })
    for (const [id, list] of Object.entries(r.value)) this.#curves.set(id, list)
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
    return this.#writer.flushed()
  }

  #save(): Promise<void> {
    return this.#writer.write(
      `${JSON.stringify({ version: EQUITY_FILE_VERSION, profiles: Object.fromEntries(this.#curves) })}\n`
    )
  }
}
