// Main's words outside a window (the desktop shell's dialogs): an error told in a language, from its catalog words
// when it has them.
import type { Locale } from '@shared/i18n/locales'
import { translateIn } from '@shared/i18n/translate'
import { wordsOf } from '../orders/said'

/** The error's words in `locale`, else its (English) message. */
export function errorText(e: unknown, locale: Locale): string {
  const words = wordsOf(e)
  if (words) return translateIn(locale, words.key, words.params)
  return e instanceof Error ? e.message : String(e)
}
