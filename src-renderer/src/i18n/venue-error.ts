// An exchange's refusal in the user's language: a code of the family (docs/spec/api-family-notes.md "Errors") is
// told in our words with the code; an unknown code is told as the venue wrote it (often Chinese), with the code.
import { t, type MessageKey } from './index'
import { MESSAGES } from '@shared/i18n/messages'

const KNOWN = new Set(Object.keys(MESSAGES.en.venueErrors.codes))

/** The words for venue code `code`, or null when there is no code or the venue said nothing to show. */
export function venueErrorWords(code: number | undefined, venueMessage: string | undefined): string | null {
  if (code === undefined) return null
  const key = `e${Math.abs(code)}`
  if (code < 0 && KNOWN.has(key))
    return t('venueErrors.withCode', { message: t(`venueErrors.codes.${key}` as MessageKey), code })
  return venueMessage ? t('venueErrors.asReceived', { message: venueMessage, code }) : null
}
