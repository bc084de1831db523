// The renderer's translator. Components and stores import `t` from here (no plugin install needed, so a test can
// mount any component as it is); it reads the current locale, a ref, so whatever shows a message re-renders when the
// language changes: no reload. The language is main's preference (`app.language`), `auto` meaning the browser's or
// the system's (`navigator.languages`), applied by `followLanguage`.
import { watch } from 'vue'
import { createI18n } from 'vue-i18n'
import { MESSAGES, type Messages } from '@shared/i18n/messages'
import { resolveLocale, type LanguageChoice, type Locale } from '@shared/i18n/locales'

export const i18n = createI18n<[Messages], Locale, false>({
  legacy: false,
  locale: 'en',
  fallbackLocale: 'en',
  messages: MESSAGES as unknown as Record<Locale, Messages>,
  // A missing key is a defect the catalog test catches; at run time English stands in, without console noise.
  missingWarn: false,
  fallbackWarn: false
})

/** Every message's key, from the English catalog: a key it lacks fails the typecheck. */
export type MessageKey = Leaves<Messages>
type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>
}[keyof T & string]
export type MessageParams = Record<string, string | number>

/** The message `key` in the current language, `params` filled in (a number chooses the plural form). */
export function t(key: MessageKey, params?: MessageParams | number): string {
  return params === undefined ? i18n.global.t(key) : i18n.global.t(key, params as never)
}
export const locale = (): Locale => i18n.global.locale.value as Locale

export function setLocale(l: Locale): void {
  i18n.global.locale.value = l
  if (typeof document !== 'undefined') document.documentElement.lang = l
}

/** Applies the chosen language now and whenever it changes (from this window's settings or another window's). */
export function followLanguage(choice: () => LanguageChoice): () => void {
  const tags = (): readonly string[] => (typeof navigator !== 'undefined' ? navigator.languages : [])
  return watch(choice, (c) => setLocale(resolveLocale(c, tags())), { immediate: true })
}
