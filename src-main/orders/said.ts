// Errors whose text main wrote, carried as catalog words too (src-shared/i18n/en/main.ts), so each window tells them
// in its language while main keeps its English `message` (logs, and a window that lacks the key). An error of the
// exchange client's kinds (a verdict, a refusal before sending) keeps its class and fields; its words go with it to
// the UI (errorBody reads `words` off any error) and into the undetermined-orders file (toJSON).
import { ClientValidationError, ExchangeError, type ExchangeErrorInit } from '../client/errors'
import { inEnglish } from '@shared/i18n/translate'
import type { Words } from '@shared/i18n/words'

/** A value that is catalog words (a key and string or number values): read back from a file or off an error. */
export function isWords(x: unknown): x is Words {
  if (x === null || typeof x !== 'object') return false
  const w = x as { key?: unknown; params?: unknown }
  if (typeof w.key !== 'string' || w.key === '') return false
  if (w.params === undefined) return true
  return (
    w.params !== null &&
    typeof w.params === 'object' &&
    Object.values(w.params).every((v) => typeof v === 'string' || typeof v === 'number')
  )
}

/** The words an error (or a refusal of the shared rules) carries as `words`, if any. */
export function wordsOf(e: unknown): Words | undefined {
  const w = e !== null && typeof e === 'object' ? (e as { words?: unknown }).words : undefined
  return isWords(w) ? w : undefined
}

/**
 * `frame` with another message linked in as `name` (the catalog writes `@:{name}`): the inner message's key is the
 * value of `name`, and its values join the frame's (the frame's win a clash; the catalog keeps their names apart).
 */
export const linking = (frame: Words, name: string, inner: Words): Words => ({
  key: frame.key,
  params: { ...inner.params, ...frame.params, [name]: inner.key }
})

/** Text main has no words for (a venue's or the client's own): told as it is inside a message that links it. */
export const asSaid = (text: string): Words => ({ key: 'main.reason.said', params: { text } })

/** An error's words: its own when it carries them, else its message as said. */
export const errorWords = (e: unknown): Words => wordsOf(e) ?? asSaid(e instanceof Error ? e.message : String(e))

/** An exchange-client error main made, with its words; `message` is given (a stored one comes back as it was). */
export class SaidError extends ExchangeError {
  readonly words: Words
  constructor(init: ExchangeErrorInit, words: Words) {
    super(init)
    this.words = words
  }
  override toJSON(): ExchangeErrorInit & { name: string; words: Words } {
    return { ...super.toJSON(), words: this.words }
  }
}

/** A SaidError whose message is its words in English, after `prefix: ` (by default its endpoint, as the client's). */
export function said(
  init: Omit<ExchangeErrorInit, 'message'>,
  words: Words,
  prefix: string | null = init.endpointId
): SaidError {
  const text = inEnglish(words)
  return new SaidError({ ...init, message: prefix === null ? text : `${prefix}: ${text}` }, words)
}

/** A parameter refused before sending (the client's validation kind), in words. */
export class SaidValidationError extends ClientValidationError {
  readonly words: Words
  constructor(endpointId: string, field: string, rule: string, words: Words) {
    super(endpointId, field, rule)
    this.words = words
  }
  override toJSON(): ReturnType<ClientValidationError['toJSON']> & { words: Words } {
    return { ...super.toJSON(), words: this.words }
  }
}

/** A stored error (its safe fields, toJSON) as an error again, with its words when it had valid ones. */
export function revivedError(init: ExchangeErrorInit & { words?: unknown }): ExchangeError {
  const { words, ...rest } = init
  return isWords(words) ? new SaidError(rest, words) : new ExchangeError(rest)
}
