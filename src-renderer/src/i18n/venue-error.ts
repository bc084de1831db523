// An exchange's refusal in the user's language: a code of the family (docs/spec/api-family-notes.md "Errors") is
// told in our words with the code; an unknown code is told as the venue wrote it (often Chinese), with the code.
import { t, type MessageKey } from './index'
import { MESSAGES } from '@shared/i18n/messages'

const KNOWN = new Set(Object.keys(MESSAGES.en.venueErrors.codes))
/**
 * Codes whose words name no cause (which parameter, what failed): the venue's own message is the only one that does
 * ("cannot change while it has positions" behind -1102), so it is told after ours.
 */
const VAGUE = new Set(['e1000', 'e1100', 'e1101', 'e1102', 'e1103'])

/** Our words for known code `key` (`e1102`), followed by the venue's own message where ours name no cause. */
export function knownCodeText(key: string, venueMessage: string | undefined): string {
  const ours = t(`venueErrors.codes.${key}` as MessageKey)
  const said = venueMessage?.trim()
  return said && VAGUE.has(key) ? t('venueErrors.saidToo', { message: ours, said }) : ours
}

/** The words for venue code `code`, or null when there is no code or the venue said nothing to show. */
export function venueErrorWords(code: number | undefined, venueMessage: string | undefined): string | null {
  if (code === undefined) return null
  const key = `e${Math.abs(code)}`
  if (code < 0 && KNOWN.has(key)) return t('venueErrors.withCode', { message: knownCodeText(key, venueMessage), code })
  return venueMessage ? t('venueErrors.asReceived', { message: venueMessage, code }) : null
}
