// The undetermined order verdicts of one profile on disk, so a restart does not forget them: their rows, the client
// ids they keep taken and their re-checks come back (undetermined-book.ts); with them the actions in flight, written
// before they are sent (intents.ts). One small JSON file a profile, rewritten whole and atomically at each change,
// the writes in order; saves asked while one is being written are written together by the next. A file this build
// cannot read is reported and ignored (the venue still has the truth; the user was told when the verdict came).
import { readFileSync, renameSync } from 'node:fs'
import { randomUUID } from 'node:crypto'
import { rm } from 'node:fs/promises'
import type { ExchangeErrorInit } from '../client/errors'
import { writeFileAtomic } from '../vault/atomic-file'
import { isModule } from '@shared/module'
import type { Intent } from './intents'
import { revivedError } from './said'
import type { Settled } from './undetermined-book'

/** One kept verdict, where its re-checks start (the venue's clock, ms) and the venue (base URL) it is about. */
export interface KeptVerdict {
  event: Settled
  settleAt: number
  venue: string
}

/**
 * What a profile's file holds: the kept verdicts, every client id still refused (kept or not), the actions in flight.
 */
export interface StoredUndetermined {
  kept: KeptVerdict[]
  heldIds: string[]
  intents: Intent[]
}

export interface UndeterminedStore {
  load(): StoredUndetermined
  /**
   * Replaces the parts given (written in the background, in the order asked); resolves true once a write holding
   * them is on disk, false when it failed (reported) or the store is destroyed.
   */
  save(data: Partial<StoredUndetermined>): Promise<boolean>
  /** Resolves once every save asked so far is on disk (or failed and was reported). */
  flushed(): Promise<void>
  /** The profile is gone: the file is deleted after the writes before it, and later saves write nothing. */
  destroy(): Promise<void>
}

const VERSION = 1

const str = (x: unknown): x is string => typeof x === 'string'
const optional = (x: unknown, type: 'string' | 'number'): boolean => x === undefined || typeof x === type

/** A stored entry the gateway and the renderer can use as it is (hand-edited or damaged ones are skipped). */
const isKept = (x: unknown): x is KeptVerdict => {
  const k = x as {
    event?: {
      type?: unknown
      action?: unknown
      request?: Record<string, unknown>
      result?: Record<string, unknown> & { error?: Record<string, unknown> }
    }
    settleAt?: unknown
    venue?: unknown
  }
  const r = k?.event?.result
  const error = r?.error
  const request = k?.event?.request
  return (
    typeof k?.settleAt === 'number' &&
    Number.isFinite(k.settleAt) &&
    str(k.venue) &&
    k.event?.type === 'settled' &&
    (k.event.action === 'place' || k.event.action === 'cancel') &&
    r?.status === 'undetermined' &&
    r.reconciled === true &&
    isModule(r.market) &&
    str(r.symbol) &&
    str(r.clientOrderId) &&
    (k.event.action === 'place' ? r.clientOrderId !== '' : str(r.orderId) || r.clientOrderId !== '') &&
    str(error?.kind) &&
    str(error.message) &&
    str(error.endpointId) &&
    optional(error.code, 'number') &&
    optional(error.httpStatus, 'number') &&
    optional(error.detail, 'string') &&
    (request === undefined || Object.values(request).every((v) => v === undefined || str(v)))
  )
}

/** A stored action in flight this build can reconcile (others are skipped like unusable verdicts). */
const isIntent = (x: unknown): x is Intent => {
  const i = x as Partial<Intent> | undefined
  return (
    str(i?.id) &&
    (i.action === 'place' || i.action === 'cancel') &&
    isModule(i.market) &&
    str(i.symbol) &&
    str(i.clientOrderId) &&
    optional(i.orderId, 'string') &&
    str(i.venue) &&
    (i.phase === 'sending' || i.phase === 'confirming') &&
    optional(i.windowMs, 'number') &&
    optional(i.confirmAt, 'number') &&
    (i.action === 'place' ? i.clientOrderId !== '' : !!i.orderId || i.clientOrderId !== '') &&
    (i.request === undefined ||
      (typeof i.request === 'object' &&
        i.request !== null &&
        Object.values(i.request).every((v) => v === undefined || str(v))))
  )
}

/**
 * The verdict as the gateway made it: its error an ExchangeError again (stored as its safe fields, toJSON), with its
 * catalog words when it had them (a file of an older build has none: the UI tells the English message).
 */
const revived = (k: KeptVerdict): KeptVerdict => {
  const result = k.event.result as typeof k.event.result & { error: ExchangeErrorInit }
  // A verdict an older build stored has no action id: it gets one now, so its later events name it too.
  const actionId =
    typeof result.actionId === 'string' && result.actionId !== '' ? result.actionId : `kept-${randomUUID()}`
  return {
    ...k,
    event: {
      ...k.event,
      result: { ...result, actionId, error: revivedError(result.error) }
    } as KeptVerdict['event']
  }
}

/**
 * The store at `path`; `report` is told of a file it cannot read or write (never of its contents). `scrub` takes
 * every secret out of what is written (a verdict's error may quote a venue that echoed the API key).
 */
export function fileUndeterminedStore(
  path: string,
  report: (message: string) => void,
  scrub: <T>(value: T) => T = (v) => v
): UndeterminedStore {
  let chain: Promise<void> = Promise.resolve()
  /**
   * What this store holds now: a gateway rebuilt within the run (a profile edit) reads it, not a file still being
   * written.
   */
  let latest: StoredUndetermined | null = null
  /** The write queued and not yet started: later saves ride on it. */
  let queued: Promise<boolean> | null = null
  let destroyed = false
  const empty = (): StoredUndetermined => ({ kept: [], heldIds: [], intents: [] })
  const copy = (d: StoredUndetermined): StoredUndetermined => ({
    kept: [...d.kept],
    heldIds: [...d.heldIds],
    intents: [...d.intents]
  })
  /** A file that cannot be read is kept aside, never overwritten by the next save (its verdicts may still matter). */
  const setAside = (why: string): StoredUndetermined => {
    const to = `${path}.unreadable-${new Date().toISOString().replace(/[:.]/g, '-')}`
    try {
      renameSync(path, to)
      report(`undetermined orders: ${path} ${why}; kept at ${to}`)
    } catch (e) {
      report(`undetermined orders: ${path} ${why}, and it could not be kept aside (${(e as Error).message})`)
    }
    return empty()
  }
  const read = (): StoredUndetermined => {
    let text: string
    try {
      text = readFileSync(path, 'utf8')
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return empty()
      return setAside(`cannot be read (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`)
    }
    let data: { version?: unknown; kept?: unknown; heldIds?: unknown; intents?: unknown }
    try {
      data = JSON.parse(text) as typeof data
    } catch {
      return setAside('is not valid JSON') // the parser's message would quote the file
    }
    const intents = data?.intents ?? [] // files of builds before intents have none
    if (
      data?.version !== VERSION ||
      !Array.isArray(data.kept) ||
      !Array.isArray(data.heldIds) ||
      !Array.isArray(intents)
    )
      return setAside(`is not a version ${VERSION} list of undetermined verdicts`)
    const kept = data.kept.filter(isKept)
    const heldIds = data.heldIds.filter(str)
    const usable = intents.filter(isIntent)
    const skipped =
      data.kept.length - kept.length + data.heldIds.length - heldIds.length + intents.length - usable.length
    if (skipped)
      report(
        `undetermined orders: ${path}: skipped ${skipped} entr${skipped === 1 ? 'y' : 'ies'} this build cannot use`
      )
    return { kept: kept.map(revived), heldIds, intents: usable }
  }
  const write = async (): Promise<boolean> => {
    queued = null
    if (destroyed || !latest) return false
    try {
      await writeFileAtomic(path, `${JSON.stringify(scrub({ version: VERSION, ...latest }))}\n`)
      return true
    } catch (e) {
      report(`undetermined orders: cannot write ${path}: ${(e as Error).message}`)
      return false
    }
  }
  return {
    load() {
      latest ??= read()
      return copy(latest)
    },
    save(data) {
      if (destroyed) return Promise.resolve(false) // a re-check answer that was in flight when the profile was removed
      latest = { ...(latest ?? read()), ...data }
      if (!queued) {
        const next = chain.then(write)
        queued = next
        chain = next.then(() => undefined)
      }
      return queued
    },
    flushed: () => chain,
    destroy() {
      destroyed = true
      latest = empty()
      chain = chain
        .then(() => rm(path, { force: true }))
        .catch((e: unknown) => report(`undetermined orders: cannot delete ${path}: ${(e as Error).message}`))
      return chain
    }
  }
}
