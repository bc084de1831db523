// The price alerts on disk: alerts.json in the user-data folder, one versioned file for every profile, replaced
// atomically and private (vault/atomic-file.ts, as preferences.json). Read through its zod schema: a file that
// cannot be read whole is kept aside as `alerts.json.unreadable-<time>`, the alerts that could be read are kept, and
// the user is told (a startup notice): no alert is dropped without a word.
import { existsSync, readFileSync, renameSync } from 'node:fs'
import { z } from 'zod'
import { decimalText } from '@shared/ipc/schemas/common'
import type { AlertView } from '@shared/ipc/views/alerts'
import { writeFileAtomic } from '../vault/atomic-file'

/** An alert as kept: its view without the state of this run, and whether it is paused or done (fired once). */
export type StoredAlert = Omit<AlertView, 'state'> & { paused: boolean; done: boolean }

const direction = z.enum(['up', 'down', 'either'])
const storedAlert = z.strictObject({
  id: z.string().min(1),
  profileId: z.string().min(1),
  module: z.enum(['spot', 'margin', 'futures']),
  symbol: z.string().min(1).max(64),
  source: z.enum(['last', 'mark', 'index']),
  rule: z.discriminatedUnion('kind', [
    z.strictObject({ kind: z.literal('cross'), level: decimalText, direction }),
    z.strictObject({
      kind: z.literal('move'),
      percent: decimalText,
      windowMinutes: z.int().min(1).max(1440),
      direction
    }),
    z.strictObject({
      kind: z.literal('channel'),
      low: decimalText,
      high: decimalText,
      on: z.enum(['enter', 'leave', 'either'])
    })
  ]),
  repeat: z.enum(['once', 'every']),
  paused: z.boolean(),
  done: z.boolean(),
  createdAt: z.int().min(0),
  firedAt: z.int().min(0).nullable(),
  firedPrice: decimalText.nullable(),
  fires: z.int().min(0)
}) satisfies z.ZodType<StoredAlert>

export const ALERTS_FILE_VERSION = 1
const fileShape = z.strictObject({ version: z.literal(ALERTS_FILE_VERSION), alerts: z.array(z.unknown()) })

/** What was kept aside at start, for the user's notice. */
export interface AlertsRecovery {
  keptAt: string
  /** Why: the whole file, or how many alerts could not be read. */
  reason: string
}

export interface AlertStoreOptions {
  /** `<userData>/alerts.json` */
  file: string
  log: (line: string) => void
  /** Takes every secret out of what is written. */
  scrub?: <T>(value: T) => T
}

export class AlertStore {
  readonly recovery: AlertsRecovery | null
  readonly #o: AlertStoreOptions
  #loaded: StoredAlert[]
  #queue: Promise<unknown> = Promise.resolve()

  constructor(o: AlertStoreOptions) {
    this.#o = o
    const { alerts, recovery } = load(o.file, o.log)
    this.#loaded = alerts
    this.recovery = recovery
    if (recovery) void this.save(alerts).catch(() => undefined) // what could be read is kept
  }

  /** The alerts read at start. */
  loaded(): StoredAlert[] {
    return this.#loaded.map((a) => structuredClone(a))
  }

  /** Writes the whole list; writes happen one after another, each resolving once it is on disk. */
  save(alerts: readonly StoredAlert[]): Promise<void> {
    const body = { version: ALERTS_FILE_VERSION, alerts }
    const text = `${JSON.stringify(this.#o.scrub ? this.#o.scrub(body) : body, null, 1)}\n`
    const run = this.#queue.then(() => writeFileAtomic(this.#o.file, text))
    this.#queue = run.catch((e: unknown) =>
      this.#o.log(`alerts: could not write ${this.#o.file}: ${(e as Error).message}`)
    )
    return run
  }

  /** Resolves once every write asked so far is done (or failed). */
  flushed(): Promise<void> {
    return this.#queue.then(() => undefined)
  }
}

function load(file: string, log: (line: string) => void): { alerts: StoredAlert[]; recovery: AlertsRecovery | null } {
  if (!existsSync(file)) return { alerts: [], recovery: null }
  const alerts: StoredAlert[] = []
  let reason: string | null = null
  try {
    const raw = fileShape.safeParse(JSON.parse(readFileSync(file, 'utf8')))
    if (!raw.success) throw new Error(`not a version ${ALERTS_FILE_VERSION} alerts file`)
    let bad = 0
    for (const a of raw.data.alerts) {
      const r = storedAlert.safeParse(a)
      if (r.success) alerts.push(r.data)
      else bad++
    }
    if (bad) reason = `${bad} of ${raw.data.alerts.length} alert(s) could not be read`
  } catch (e) {
    reason = `the whole file: ${(e as Error).message}`
  }
  if (reason === null) return { alerts, recovery: null }
  const keptAt = `${file}.unreadable-${new Date().toISOString().replace(/[:.]/g, '-')}`
  try {
    renameSync(file, keptAt)
  } catch (e) {
    log(`alerts: could not keep ${file} aside: ${(e as Error).message}`)
  }
  log(`alerts: ${file} was kept aside as ${keptAt}; not read: ${reason}`)
  return { alerts, recovery: { keptAt, reason } }
}
