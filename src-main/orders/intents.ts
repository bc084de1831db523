// Order actions in flight, on disk before they are sent: a terminal killed while a place or cancel is "sending" or
// "reconciling" finds it at its next start and reconciles it (order-gateway.ts resumes each one), so no action is
// forgotten. Places reconciled as "not placed" stay here a while longer ('confirming'): they are read back once more
// later, and one found after all is a correction the trader is told at once (a venue that took a copy past its own
// window). Kept in the profile's undetermined-orders file (undetermined-store.ts); without a store, in memory only.
import { randomBytes } from 'node:crypto'
import { inEnglish } from '@shared/i18n/translate'
import type { Words } from '@shared/i18n/words'
import type { PlacedFields } from './types'
import type { UndeterminedStore } from './undetermined-store'
import type { Module } from '@shared/module'

export interface Intent {
  /** Unique in the file: what strikes it off. */
  id: string
  action: 'place' | 'cancel'
  market: Module
  symbol: string
  /** A place's always; a cancel's when it named one ('' otherwise). */
  clientOrderId: string
  /** A cancel's order. */
  orderId?: string
  /** What a place asked for (told with its verdict, recorded in the order history). */
  request?: PlacedFields
  /** A place's own time window (recvWindow), when it had one. */
  windowMs?: number
  /** The venue (base URL) it was sent to: only that venue can answer it. */
  venue: string
  /** 'sending': no verdict yet; 'confirming': reconciled as not placed, read back again at `confirmAt` (epoch ms). */
  phase: 'sending' | 'confirming'
  confirmAt?: number
}

/** `id`: the action id the gateway gave it (newId), so the entry and the action's events share one id. */
export type NewIntent = Omit<Intent, 'venue'>

/** A write of the in-flight list failed: the action is not sent (it could be forgotten by a crash). */
export class IntentWriteError extends Error {
  readonly words: Words = { key: 'main.order.notRecordedSeeLog' }
  constructor() {
    super()
    this.message = inEnglish(this.words)
  }
}

/**
 * The in-flight list of one profile on one venue. Every change reads and rewrites the store's list, so two gateways
 * of the profile in one run (one rebuilt after a profile edit while the old one still finishes a send) never
 * overwrite each other's entries.
 */
export class IntentLog {
  private mem: Intent[] = []
  private restored: Intent[]
  private readonly prefix = randomBytes(6).toString('hex')
  private seq = 0

  constructor(
    private readonly store: UndeterminedStore | undefined,
    private readonly venue: string
  ) {
    this.restored = this.all().filter((i) => i.venue === venue)
  }

  /** What was in flight on this venue when this log was made (a previous run's); the caller resumes each, once. */
  takeRestored(): Intent[] {
    const out = this.restored
    this.restored = []
    return out
  }

  /**
   * A new action id, unique in this run and across runs (a random prefix per log): the gateway names each place and
   * cancel with one (its result, its events) and writes it down under the same id.
   */
  newId(): string {
    return `${this.prefix}-${++this.seq}`
  }

  /** Records actions about to be sent; resolves with their ids once on disk. Throws IntentWriteError if that failed. */
  async add(intents: NewIntent[]): Promise<string[]> {
    const added = intents.map((i) => ({ ...i, venue: this.venue }))
    const ids = added.map((i) => i.id)
    if (!(await this.put([...this.all(), ...added]))) {
      void this.put(this.all().filter((i) => !ids.includes(i.id)))
      throw new IntentWriteError()
    }
    return ids
  }

  /** An action reached its verdict (or its confirmation is done): no longer in flight. */
  remove(id: string | undefined): void {
    const all = this.all()
    if (id !== undefined && all.some((i) => i.id === id)) void this.put(all.filter((i) => i.id !== id))
  }

  /** A place reconciled as "not placed": kept to be read back once more at `confirmAt`. */
  confirmLater(id: string | undefined, confirmAt: number): void {
    const all = this.all()
    if (id !== undefined && all.some((i) => i.id === id))
      void this.put(all.map((i) => (i.id === id ? { ...i, phase: 'confirming', confirmAt } : i)))
  }

  has(id: string): boolean {
    return this.all().some((i) => i.id === id)
  }

  /** Places of this venue told "not placed" and awaiting their read-back. */
  confirming(): Intent[] {
    return this.all().filter((i) => i.phase === 'confirming' && i.venue === this.venue)
  }

  private all(): Intent[] {
    return this.store ? this.store.load().intents : this.mem
  }

  private put(list: Intent[]): Promise<boolean> {
    if (this.store) return this.store.save({ intents: list })
    this.mem = list
    return Promise.resolve(true)
  }
}
