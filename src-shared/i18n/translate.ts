// Translation outside Vue (main: its log lines, the desktop menu, the English `message` beside a message key). The
// same catalogs and syntax as the renderer's vue-i18n, through its core (no Vue in main).
import {
  compile,
  type CoreContext,
  createCoreContext,
  fallbackWithLocaleChain,
  registerLocaleFallbacker,
  registerMessageCompiler,
  registerMessageResolver,
  resolveValue,
  translate
} from '@intlify/core-base'
import { MESSAGES } from './messages'
import type { Locale } from './locales'
import type { WordParams, Words } from './words'

registerMessageCompiler(compile)
registerMessageResolver(resolveValue)
registerLocaleFallbacker(fallbackWithLocaleChain)

// The core's generics do not follow a catalog given at run time: one loose context type, used only here.
type Empty = Record<never, never>
type Context = CoreContext<string, Empty, Empty, Empty, string, never, string>
const contexts = new Map<Locale, Context>()
const contextOf = (locale: Locale): Context => {
  let c = contexts.get(locale)
  if (!c) {
    c = createCoreContext({
      locale,
      fallbackLocale: 'en',
      messages: MESSAGES as never,
      missingWarn: false,
      fallbackWarn: false
    }) as unknown as Context
    contexts.set(locale, c)
  }
  return c
}

/** The message `key` in `locale` with `params` filled in; the key itself when no catalog has it. */
export function translateIn(locale: Locale, key: string, params: WordParams = {}): string {
  const out = translate(contextOf(locale), key, params)
  return typeof out === 'string' ? out : key
}

/** Words in English: what main logs and sends as `message` beside the key. */
export const inEnglish = (w: Words): string => translateIn('en', w.key, w.params)
