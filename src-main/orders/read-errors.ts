// Which failed reconciliation read is worth repeating. Reconciliation (orders: reconcile.ts; other futures
// operations: op-reconcile.ts) retries a read with back-off while the venue cannot be reached; a read the venue
// refuses for good would be refused the same way for ever, so the check must end as "cannot tell" instead of
// leaving the action "reconciling" (and its client id or identical-request lock held) with the user never told.
import { ERR } from '../../src-shared/api/errors'
import type { Words } from '@shared/i18n/words'
import { ClientValidationError, isExchangeError } from '../client/errors'

/** The family's codes that say "try again" (src-shared/api/errors.ts): the venue's own fault, rate limit, clock. */
const TRANSIENT_CODES: ReadonlySet<number> = new Set([ERR.UNKNOWN, ERR.TOO_MANY_REQUESTS, ERR.INVALID_TIMESTAMP])

/**
 * Statuses that pass: request timeout, rate limit, the venue's own faults. 418 (an IP ban, not in the spec; some
 * venues send it after ignored 429s) is NOT among them: a ban lasts minutes to days and repeated reads lengthen it.
 */
const transientStatus = (status: number): boolean => status === 408 || status === 429 || status >= 500

/**
 * The read's error text when repeating it cannot help (a revoked or wrong key -1002/-1022/-2015, HTTP 401/403,
 * a ban, a parameter the venue or the client refuses); undefined when it may pass later (network,
 * timeout, 5xx, 429/-1003, -1000, -1021, an unreadable answer, keys that could not be loaded: the keychain is
 * locked or the keys are being replaced, which the user can fix, and the venue was not even asked).
 */
export function permanentReadError(e: unknown): string | undefined {
  if (!isExchangeError(e)) return undefined
  const status = e.httpStatus ?? 0
  if (e.kind === 'validation') return e instanceof ClientValidationError ? e.message : undefined
  if (e.kind === 'api' && !transientStatus(status) && !(e.code !== undefined && TRANSIENT_CODES.has(e.code)))
    return e.message
  if (e.kind === 'http' && status >= 400 && !transientStatus(status)) return e.message
  return undefined
}

/** Why a check ends as "cannot tell" when its read failed for good (the read's error quoted), else undefined. */
export function readRefusal(e: unknown): Words | undefined {
  const permanent = permanentReadError(e)
  return permanent === undefined ? undefined : { key: 'main.reason.readsRefused', params: { error: permanent } }
}
