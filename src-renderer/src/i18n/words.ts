// Main's words (an error or a notice sent as a catalog key and values) in this window's language; main's English
// text when this build's catalogs lack the key (an older window of a newer main).
import type { Words } from '@shared/i18n/words'
import { i18n, t, type MessageKey } from './index'
import { contractLabel } from './market-words'

export function wordsText(words: Words | undefined, english: string): string {
  if (!words || !i18n.global.te(words.key, 'en')) return english
  // A market named by its contract (src-shared/trading/refusal.ts ofContract) is named in this window's language.
  const p = words.params
  const contract = p?.['contract']
  return t(words.key as MessageKey, typeof contract === 'string' ? { ...p, market: contractLabel(contract) } : p)
}

/** An error's text: its words when it has them, else its message. */
export const wordsOrMessage = (e: { words?: Words; message: string }): string => wordsText(e.words, e.message)
