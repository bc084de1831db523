// The undetermined order verdicts of one profile on disk, so a restart does not forget them: their rows, the client
// ids they keep taken and their re-checks come back (undetermined-book.ts). One small JSON file a profile, rewritten
// whole and atomically at each change, the writes in order. A file this build cannot read is reported and ignored
// (the venue still has the truth; the user was told when the verdict came).
import { readFileSync } from 'node:fs'
import { ExchangeError, type ExchangeErrorInit } from '../client/errors'
import { writeFileAtomic } from '../vault/atomic-file'
import type { Settled } from './undetermined-book'

/** One kept verdict and where its re-checks start (the venue's clock, ms). */
export interface KeptVerdict {
  event: Settled
  settleAt: number
}

export interface UndeterminedStore {
  load(): KeptVerdict[]
  /** Replaces what is stored (written in the background, in the order asked). */
  save(kept: readonly KeptVerdict[]): void
  /** Resolves once every save asked so far is on disk (or failed and was reported). */
  flushed(): Promise<void>
}

const VERSION = 1

const isKept = (x: unknown): x is KeptVerdict => {
  const k = x as { event?: { type?: unknown; action?: unknown; result?: { status?: unknown; clientOrderId?: unknown; error?: Partial<Record<keyof ExchangeErrorInit, unknown>> } }; settleAt?: unknown }
  const error = k?.event?.result?.error
  return (
    typeof k?.settleAt === 'number' &&
    k.event?.type === 'settled' &&
    (k.event.action === 'place' || k.event.action === 'cancel') &&
    k.event.result?.status === 'undetermined' &&
    typeof k.event.result.clientOrderId === 'string' &&
    typeof error?.kind === 'string' &&
    typeof error.message === 'string' &&
    typeof error.endpointId === 'string'
  )
}

/** The verdict as the gateway made it: its error an ExchangeError again (stored as its safe fields, toJSON). */
const revived = (k: KeptVerdict): KeptVerdict => {
  const result = k.event.result as typeof k.event.result & { error: ExchangeErrorInit }
  return { ...k, event: { ...k.event, result: { ...result, error: new ExchangeError(result.error) } } as KeptVerdict['event'] }
}

/** The store at `path`; `report` is told of a file it cannot read or write (never of its contents). */
export function fileUndeterminedStore(path: string, report: (message: string) => void): UndeterminedStore {
  let chain: Promise<void> = Promise.resolve()
  /** What this store saved last: a gateway rebuilt within the run (a profile edit) reads it, not a file still being written. */
  let latest: KeptVerdict[] | null = null
  return {
    load() {
      if (latest) return [...latest]
      let text: string
      try {
        text = readFileSync(path, 'utf8')
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'ENOENT') report(`undetermined orders: cannot read ${path}: ${(e as Error).message}`)
        return []
      }
      try {
        const data = JSON.parse(text) as { version?: unknown; kept?: unknown }
        if (data.version !== VERSION || !Array.isArray(data.kept) || !data.kept.every(isKept)) throw new Error(`not a version ${VERSION} list of undetermined verdicts`)
        return data.kept.map(revived)
      } catch (e) {
        report(`undetermined orders: ignoring ${path}: ${(e as Error).message}`)
        return []
      }
    },
    save(kept) {
      latest = [...kept]
      const text = `${JSON.stringify({ version: VERSION, kept })}\n`
      chain = chain.then(() => writeFileAtomic(path, text)).catch((e: unknown) => report(`undetermined orders: cannot write ${path}: ${(e as Error).message}`))
    },
    flushed: () => chain
  }
}
