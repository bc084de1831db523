// Every language's catalog against English's: the same keys, nothing empty, the same placeholders, and every
// message compiles in vue-i18n's syntax (a stray `@`, `{` or `|` would break it at run time, in one language only).
import { baseCompile } from '@intlify/message-compiler'
import { describe, expect, it } from 'vitest'
import { MESSAGES } from '@shared/i18n/messages'
import { LOCALES } from '@shared/i18n/locales'

type Tree = { [k: string]: string | Tree }
const flatten = (tree: Tree, prefix = ''): Map<string, string> =>
  new Map(
    Object.entries(tree).flatMap(([k, v]) =>
      typeof v === 'string' ? [[`${prefix}${k}`, v] as const] : [...flatten(v, `${prefix}${k}.`)]
    )
  )
const placeholders = (m: string): string[] => [...m.matchAll(/\{\s*([A-Za-z_]\w*)\s*\}/g)].map((x) => x[1]!).sort()
const forms = (m: string): number => m.split(/(?<!\{'\|'\})\|/).length

const en = flatten(MESSAGES.en as unknown as Tree)

describe('message catalogs', () => {
  it('English has messages', () => expect(en.size).toBeGreaterThan(20))

  for (const locale of LOCALES) {
    describe(locale, () => {
      const cat = flatten(MESSAGES[locale] as unknown as Tree)
      it('has exactly the keys of English', () => {
        expect(
          [...cat.keys()].filter((k) => !en.has(k)),
          'keys English lacks'
        ).toEqual([])
        expect(
          [...en.keys()].filter((k) => !cat.has(k)),
          'keys missing'
        ).toEqual([])
      })
      it('has no empty message', () => {
        expect([...cat].filter(([, v]) => v.trim() === '').map(([k]) => k)).toEqual([])
      })
      it('fills the same placeholders and has as many plural forms as English', () => {
        const off = [...cat]
          .filter(
            ([k, v]) => placeholders(v).join() !== placeholders(en.get(k)!).join() || forms(v) !== forms(en.get(k)!)
          )
          .map(([k, v]) => `${k}: ${v}`)
        expect(off).toEqual([])
      })
      it('compiles every message', () => {
        const broken: string[] = []
        for (const [k, v] of cat) baseCompile(v, { onError: (e) => broken.push(`${k}: ${e.message}`) })
        expect(broken).toEqual([])
      })
    })
  }

  it('a broken message is caught by the compile check (the check can fail)', () => {
    const errors: string[] = []
    baseCompile('Bought 0.01 @ 65000', { onError: (e) => errors.push(e.message) })
    expect(errors.length).toBeGreaterThan(0)
  })
})
