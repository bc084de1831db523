// Main's words (an error or a notice sent as a catalog key and values) in this window's language; main's English
// text when this build's catalogs lack the key (an older window of a newer main).
import type { Words } from '@shared/i18n/words'
import { contractNameParts } from '@shared/trading/market-name'
import { i18n, t, type MessageKey } from './index'

export function wordsText(words: Words | undefined, english: string): string {
  if (!words || !i18n.global.te(words.key, 'en')) return english
  // A market named by its contract (src-shared/trading/refusal.ts ofContract) is named in this window's language.
  const p = words.params
  const contract = typeof p?.['contract'] === 'string' ? contractNameParts(p['contract']) : null
  if (!contract) return t(words.key as MessageKey, p)
  return t(words.key as MessageKey, { ...p, market: t(`market.contract.${contract.kind}`, { pair: contract.pair }) })
}

/** An error's text: its words when it has them, else its message. */
export const wordsOrMessage = (e: { words?: Words; message: string }): string => wordsText(e.words, e.message)
