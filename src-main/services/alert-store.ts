// The price alerts on disk: alerts.json in the user-data folder, one versioned file for every profile, replaced
// atomically and private (vault/json-file.ts, as equity.json). Read through its zod schema: a file that
// cannot be read whole is kept aside as `alerts.json.unreadable-<time>`, the alerts that could be read are kept, and
// the user is told (a startup notice): no alert is dropped without a word.
import { z } from 'zod'
import { decimalText } from '@shared/ipc/schemas/common'
import type { AlertView } from '@shared/ipc/views/alerts'
import { readJsonFile, SerialWriter, versionedList } from '../vault/json-file'

/** An alert as kept: its view without the state of this run, and whether it is paused or done (fired once). */
export type StoredAlert = Omit<AlertView, 'state'> & { paused: boolean; done: boolean }

const direction = z.enum(['up', 'down', 'either'])
/** An alert's rule as kept (also in a fire kept by the notification center, src-main/notices). */
export const storedAlertRule = z.discriminatedUnion('kind', [
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
])
const storedAlert = z.strictObject({
  id: z.string().min(1),
  profileId: z.string().min(1),
  module: z.enum(['spot', 'margin', 'futures']),
  symbol: z.string().min(1).max(64),
  source: z.enum(['last', 'mark', 'index']),
  rule: storedAlertRule,
  repeat: z.enum(['once', 'every']),
  paused: z.boolean(),
  done: z.boolean(),
  createdAt: z.int().min(0),
  firedAt: z.int().min(0).nullable(),
  firedPrice: decimalText.nullable(),
  fires: z.int().min(0)
}) satisfies z.ZodType<StoredAlert>

export const ALERTS_FILE_VERSION = 1

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
  readonly #loaded: StoredAlert[]
  readonly #writer: SerialWriter

  constructor(o: AlertStoreOptions) {
    this.#o = o
    this.#writer = new SerialWriter(o.file, 'alerts', o.log)
    const r = readJsonFile(o.file, {
      name: 'alerts',
      log: o.log,
      empty: () => [],
      read: (raw) =>
        versionedList(raw, {
          version: ALERTS_FILE_VERSION,
          key: 'alerts',
          item: storedAlert,
          what: 'alerts',
          noun: 'alert(s)'
        })
    })
    this.#loaded = r.value
    this.recovery = r.keptAt !== null ? { keptAt: r.keptAt, reason: r.reason ?? '' } : null
    if (this.recovery) void this.save(r.value).catch(() => undefined) // what could be read is kept
  }

  /** The alerts read at start. */
  loaded(): StoredAlert[] {
    return this.#loaded.map((a) => structuredClone(a))
  }

  /** Writes the whole list; writes happen one after another, each resolving once it is on disk. */
  save(alerts: readonly StoredAlert[]): Promise<void> {
    const body = { version: ALERTS_FILE_VERSION, alerts }
    return this.#writer.write(`${JSON.stringify(this.#o.scrub ? this.#o.scrub(body) : body, null, 1)}\n`)
  }

  /** Resolves once every write asked so far is done (or failed). */
  flushed(): Promise<void> {
    return this.#writer.flushed()
  }
}
