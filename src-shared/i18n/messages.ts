// Every language's catalog by locale. Messages use vue-i18n's syntax: `{name}` is filled in, and the characters
// `{ } @ $ |` are written as a literal (`{'@'}`); `a | b` chooses by count.
import type { Catalog } from './catalog'
import { en, type Messages } from './en'
import type { Locale } from './locales'
import { zhCN } from './zh-CN'
import { zhTW } from './zh-TW'

export type { Messages }
export const MESSAGES: Record<Locale, Catalog<Messages>> = { en, 'zh-CN': zhCN, 'zh-TW': zhTW }
