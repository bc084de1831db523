// The notification center on disk: notices.json in the user-data folder, one versioned file for every profile,
// replaced atomically and private (vault/json-file.ts). Read through its zod schema: a file that cannot be read whole
// is kept aside as `notices.json.unreadable-<time>`, the entries that could be read are kept, and the user is told (a
// startup notice). Writes are coalesced: a burst of entries (an error told on every retry) is one write.
import { z } from 'zod'
import { decimalText } from '@shared/ipc/schemas/common'
import type { NoticeKind, NoticeSubject } from '@shared/ipc/views/notices'
import { storedAlertRule } from '../services/alert-store'
import { readJsonFile, SerialWriter, versionedList } from '../vault/json-file'

/** An entry as kept: its view's fields, its profile, whether it was read, and what news it is (told once). */
export interface StoredNotice {
  /** Grows over the file's whole life (the next entry's is one more than the largest read). */
  n: number
  profileId: string
  at: number
  kind: NoticeKind
  count: number
  read: boolean
  key: string | null
  subject: NoticeSubject
}

const text = (max: number) => z.string().max(max)
const module = z.enum(['spot', 'margin', 'futures'])
const subject = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('told'), title: text(300), text: text(2000), code: text(200).nullable() }),
  z.strictObject({
    type: z.literal('alert'),
    fire: z.strictObject({
      alertId: z.string().min(1),
      module,
      symbol: z.string().min(1).max(64),
      source: z.enum(['last', 'mark', 'index']),
      rule: storedAlertRule,
      at: z.int().min(0),
      price: decimalText
    })
  }),
  z.strictObject({
    type: z.literal('order'),
    order: z.strictObject({
      module: z.enum(['spot', 'margin']),
      symbol: z.string().min(1).max(64),
      orderId: z.string().min(1),
      clientOrderId: z.string().nullable(),
      side: z.enum(['BUY', 'SELL']),
      type: z.string(),
      price: z.string(),
      volume: z.string(),
      executed: z.string(),
      avgPrice: z.string().nullable(),
      status: z.string(),
      final: z.boolean(),
      time: z.number(),
      updatedAt: z.number()
    })
  })
])
const storedNotice = z.strictObject({
  n: z.int().min(1),
  profileId: z.string().min(1),
  at: z.int().min(0),
  kind: z.enum(['fill', 'error', 'warn', 'info']),
  count: z.int().min(1),
  read: z.boolean(),
  key: text(200).nullable(),
  subject
}) satisfies z.ZodType<StoredNotice>

export const NOTICES_FILE_VERSION = 1

export interface NoticesRecovery {
  keptAt: string
  reason: string
}

export interface NoticeStoreOptions {
  /** `<userData>/notices.json` */
  file: string
  log: (line: string) => void
  /** Takes every secret out of what is written. */
  scrub?: <T>(value: T) => T
}

export class NoticeStore {
  readonly recovery: NoticesRecovery | null
  readonly #o: NoticeStoreOptions
  readonly #loaded: StoredNotice[]
  readonly #writer: SerialWriter
  /** What the next write writes (null: nothing asked since the last one started). */
  #next: (() => readonly StoredNotice[]) | null = null
  #written: Promise<void> = Promise.resolve()

  constructor(o: NoticeStoreOptions) {
    this.#o = o
    this.#writer = new SerialWriter(o.file, 'notices', o.log)
    const r = readJsonFile(o.file, {
      name: 'notices',
      log: o.log,
      empty: () => [],
      read: (raw) =>
        versionedList(raw, {
          version: NOTICES_FILE_VERSION,
          key: 'notices',
          item: storedNotice,
          what: 'notices',
          noun: 'notice(s)'
        })
    })
    this.#loaded = r.value
    this.recovery = r.keptAt !== null ? { keptAt: r.keptAt, reason: r.reason ?? '' } : null
    if (this.recovery) this.save(() => r.value) // what could be read is kept
  }

  /** The entries read at start. */
  loaded(): StoredNotice[] {
    return this.#loaded.map((x) => structuredClone(x))
  }

  /**
   * Asks for a write of what `all` returns when the write starts: every ask before then is the same write. Resolves
   * once it is on disk; a failed write is logged (by the writer) and resolves too: the list lives on in memory.
   */
  save(all: () => readonly StoredNotice[]): Promise<void> {
    if (this.#next) {
      this.#next = all
      return this.#written
    }
    this.#next = all
    this.#written = Promise.resolve().then(() => {
      const list = this.#next!()
      this.#next = null
      const body = { version: NOTICES_FILE_VERSION, notices: list }
      return this.#writer
        .write(`${JSON.stringify(this.#o.scrub ? this.#o.scrub(body) : body)}\n`)
        .catch(() => undefined)
    })
    return this.#written
  }

  /** Resolves once every write asked so far is done (or failed). */
  async flushed(): Promise<void> {
    await this.#written
    await this.#writer.flushed()
  }
}
