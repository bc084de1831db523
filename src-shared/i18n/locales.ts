// The terminal's languages and how a language tag of the OS or browser picks one. Chinese is told apart by script
// (Hant: Taiwan, Hong Kong, Macau) before region; anything else reads English.

export const LOCALES = ['en', 'zh-CN', 'zh-TW'] as const
export type Locale = (typeof LOCALES)[number]

/** The user's choice: a language, or `auto` (the OS's or browser's, at each start). */
export const LANGUAGE_CHOICES = ['auto', ...LOCALES] as const
export type LanguageChoice = (typeof LANGUAGE_CHOICES)[number]

const TRADITIONAL = /^zh(?:-hant\b|-(?:tw|hk|mo)\b)/i

/** The first of `tags` (most preferred first, as `navigator.languages`) that one of ours serves; else English. */
export function matchLocale(tags: readonly string[]): Locale {
  for (const tag of tags) {
    const t = tag.trim()
    if (/^zh\b/i.test(t)) return TRADITIONAL.test(t) ? 'zh-TW' : 'zh-CN'
    if (/^en\b/i.test(t)) return 'en'
  }
  return 'en'
}

/** The locale a choice means here: `auto` follows `tags`. */
export const resolveLocale = (choice: LanguageChoice, tags: readonly string[]): Locale =>
  choice === 'auto' ? matchLocale(tags) : choice
