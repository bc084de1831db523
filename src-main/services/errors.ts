// Errors of the services and the one mapping from any failure to what the UI may see (ContractErrorBody). The
// mapping copies only fields known to be safe: codes, the catalog endpoint, messages the client and vault already
// wrote without secrets. Anything unexpected becomes a generic 'internal' error; the core logs its detail.
import { ZodError } from 'zod'
import type { ContractErrorBody } from '@shared/ipc/contract-kit'
import { invalidInput } from '@shared/ipc/schemas/field-rule'
import { DecimalError } from '@shared/decimal'
import { inEnglish } from '@shared/i18n/translate'
import type { Words } from '@shared/i18n/words'
import type { Refusal } from '@shared/trading/refusal'
import { ClientValidationError, ExchangeError } from '../client/errors'
import { wordsOf } from '../orders/said'
import {
  KeychainEntryUnreadableError,
  KeychainUnavailableError,
  ProfileNotFoundError,
  ProfileValidationError,
  ProfilesFileError,
  SecretValidationError
} from '../vault'

/** A refusal by a service; `contractError` is what the UI receives. */
export class ServiceError extends Error {
  readonly contractError: ContractErrorBody
  /** `said`: English text, or catalog words (the UI tells them in its language; `message` is their English). */
  constructor(code: string, said: string | Words, field?: string) {
    const message = typeof said === 'string' ? said : inEnglish(said)
    super(message)
    this.name = 'ServiceError'
    const body: ContractErrorBody = { code, message }
    if (typeof said !== 'string') body.words = said
    if (field !== undefined) body.field = field
    this.contractError = body
  }
}

/**
 * An order that breaks its symbol's rules, refused before anything is sent; `rule` is the venue's field name. `said`:
 * the refusal's catalog words (the UI tells them in its language), or English text.
 */
export class OrderRuleError extends ServiceError {
  constructor(
    readonly rule: string,
    field: string,
    said: string | Words
  ) {
    super('order-rule', said, field)
    this.name = 'OrderRuleError'
  }
}

/** Throws a broken order rule (the shared checks in src-shared/trading) as the service's refusal, in its words. */
export function enforce(refusal: Refusal | null): void {
  if (refusal) throw new OrderRuleError(refusal.rule, refusal.field, wordsOf(refusal) ?? refusal.message)
}

const ACTION_ID = Symbol('actionId')

/**
 * Names the action a failed command (or one still being checked: 'unknown-outcome') was, so the UI gets `actionId`
 * with the error and a verdict that arrives later on trading.onOrderEvents names the action it answers. The error
 * stays what it was (its class, its fields): the id is a hidden property only errorBody reads.
 */
export function withActionId<E>(e: E, actionId: string): E {
  if (e !== null && typeof e === 'object') Object.defineProperty(e, ACTION_ID, { value: actionId, configurable: true })
  return e
}

export const noActiveProfile = (): ServiceError => new ServiceError('no-profile', { key: 'main.noProfile' })

const INTERNAL: Words = { key: 'main.internal' }

/**
 * The UI's view of an error; `internal` for anything not known to be safe to show. An error main wrote in catalog
 * words (a verdict of the order gateway, a refusal of the vault) carries them as `words`.
 */
export function errorBody(e: unknown): ContractErrorBody {
  const actionId = e !== null && typeof e === 'object' ? (e as { [ACTION_ID]?: unknown })[ACTION_ID] : undefined
  const body = bodyOf(e)
  const words = body.code === 'internal' || e instanceof ServiceError ? undefined : (wordsOf(e) ?? transportWords(e))
  const out = words ? { ...body, words } : body
  return typeof actionId === 'string' ? { ...out, actionId } : out
}

/** A failed connection in words (its message keeps the codes for the log: "network error (ECONNREFUSED)"). */
function transportWords(e: unknown): Words | undefined {
  if (!(e instanceof ExchangeError)) return undefined
  if (e.kind === 'network') return { key: 'main.transport.network' }
  if (e.kind === 'timeout') return { key: 'main.transport.timeout' }
  return undefined
}

function bodyOf(e: unknown): ContractErrorBody {
  if (e instanceof ServiceError) return { ...e.contractError }
  if (e instanceof ClientValidationError) {
    return {
      code: 'invalid-input',
      message: e.message,
      field: e.field,
      exchange: { endpointId: e.endpointId, kind: e.kind }
    }
  }
  if (e instanceof ExchangeError) {
    const exchange: NonNullable<ContractErrorBody['exchange']> = { endpointId: e.endpointId, kind: e.kind }
    if (e.code !== undefined) exchange.code = e.code
    if (e.httpStatus !== undefined) exchange.httpStatus = e.httpStatus
    // The venue's own words (redacted by the client like the message), bounded: a venue's page is not a message.
    if (e.venueMessage) exchange.venueMessage = e.venueMessage.slice(0, 300)
    return { code: e.kind === 'unknown-outcome' ? 'unknown-outcome' : 'exchange', message: e.message, exchange }
  }
  if (e instanceof ProfileValidationError) return { code: 'invalid-input', message: e.message, field: e.field }
  if (e instanceof SecretValidationError) return { code: 'invalid-input', message: e.message, field: e.field }
  if (e instanceof DecimalError) return { code: 'invalid-input', message: e.message, field: e.field }
  if (e instanceof ProfileNotFoundError) return { code: 'not-found', message: e.message, field: 'profileId' }
  if (e instanceof KeychainUnavailableError || e instanceof KeychainEntryUnreadableError)
    return { code: 'keychain', message: e.message }
  if (e instanceof ProfilesFileError) return { code: 'profiles-file', message: e.message }
  if (e instanceof ZodError) return invalidInput(e)
  return { code: 'internal', message: inEnglish(INTERNAL), words: INTERNAL }
}
