// Every key of the English catalog is used by the code, and every key the code names is in the catalog. A key is
// used when its full text appears quoted in a source file ('settings.title'), or when the code builds it from a
// prefix (`settings.tabs.${id}`): then every key under that prefix counts as used.
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { MESSAGES } from '@shared/i18n/messages'

const ROOT = join(import.meta.dirname, '../../..')
const SOURCES = ['src-renderer/src', 'src-main', 'src-shared', 'src-preload']
const SKIP = join(ROOT, 'src-shared/i18n')

const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((n) => {
    const p = join(dir, n)
    if (p === SKIP) return []
    return statSync(p).isDirectory() ? files(p) : /\.(ts|vue)$/.test(n) ? [p] : []
  })

type Tree = { [k: string]: string | Tree }
const keysOf = (tree: Tree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [`${prefix}${k}`] : keysOf(v, `${prefix}${k}.`)))

const KEYS = keysOf(MESSAGES.en as unknown as Tree)
const AREAS = Object.keys(MESSAGES.en)
const code = SOURCES.flatMap((d) => files(join(ROOT, d))).map((f) => ({
  f: relative(ROOT, f),
  text: readFileSync(f, 'utf8')
}))

// 'area.x.y' quoted literally, and `area.x.${...}` prefixes of built keys.
const keyish = new RegExp(`(['"\`])((?:${AREAS.join('|')})\\.[\\w.-]+?)(\\1|\\.\\$\\{)`, 'g')
const literal = new Set<string>()
const prefixes = new Set<string>()
for (const { text } of code)
  for (const m of text.matchAll(keyish)) (m[3] === '.${' ? prefixes : literal).add(m[3] === '.${' ? `${m[2]}.` : m[2]!)

describe('message keys', () => {
  it('finds the keys the code names (the scan works)', () => {
    expect(literal.has('settings.title')).toBe(true)
    expect(prefixes.has('settings.tabs.')).toBe(true)
  })

  it('every key of the catalog is used by the code', () => {
    const unused = KEYS.filter((k) => !literal.has(k) && ![...prefixes].some((p) => k.startsWith(p)))
    expect(unused).toEqual([])
  })

  it('every key the code translates is in the catalog', () => {
    const known = new Set(KEYS)
    const called = code.flatMap(({ text }) => [...text.matchAll(/\bt\(\s*(['"`])([\w.-]+)\1/g)].map((m) => m[2]!))
    expect(called.length).toBeGreaterThan(10)
    expect(called.filter((k) => !known.has(k))).toEqual([])
  })
})
