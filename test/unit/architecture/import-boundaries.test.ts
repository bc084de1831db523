// docs/ARCHITECTURE.md "Layout and who may import whom": the folder table is read from the doc, and every import
// and export-from of every .ts and .vue file of the repo (type-only and dynamic ones included) is checked against
// it. The doc and the check cannot drift: changing who may import whom means changing the table.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { builtinModules } from 'node:module'
import { dirname, join, relative, resolve } from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

const root = resolve(import.meta.dirname, '../../..')
const DOC = 'docs/ARCHITECTURE.md'
const HEADING = '## Layout and who may import whom'
/** Folders that hold no source of ours: dependencies, build output, results. Dot folders are skipped too. */
const SKIP = new Set(['node_modules', 'out', 'release', 'dist', 'test-results', 'bench-results'])

interface Row {
  /** Paths the row covers: folders end with '/', files do not. */
  keys: string[]
  allow: string[]
}

/** The first table under HEADING: column 1 the row's paths, column 3 what it may import (backticked tokens). */
function parseTable(doc: string): Row[] {
  const start = doc.indexOf(HEADING)
  if (start < 0) throw new Error(`${DOC} has no "${HEADING}" section`)
  const lines = doc.slice(start + HEADING.length).split('\n')
  const first = lines.findIndex((l) => l.startsWith('|'))
  const table = lines.slice(first, first + lines.slice(first).findIndex((l) => !l.startsWith('|')))
  const ticks = (cell: string): string[] => [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1]!)
  return table.slice(2).map((line) => {
    // A cell may hold an escaped pipe (\|); split on the others.
    const cells = line.split(/(?<!\\)\|/).slice(1, -1)
    if (cells.length !== 3) throw new Error(`${DOC}: a table row needs 3 cells: ${line}`)
    return { keys: ticks(cells[0]!), allow: ticks(cells[2]!) }
  })
}

const BUILTINS = new Set(builtinModules)
const isFileToken = (t: string): boolean => t.includes('/') && !t.endsWith('/') && !t.startsWith('@')

/** The row a repo path belongs to: the longest key that is the path itself or a folder holding it. */
function homeOf(rows: Row[], path: string): string | undefined {
  let best: string | undefined
  for (const k of rows.flatMap((r) => r.keys)) {
    const hit = k.endsWith('/') ? path.startsWith(k) : path === k
    if (hit && (best === undefined || k.length > best.length)) best = k
  }
  return best
}

type Target =
  | { kind: 'file'; path: string }
  | { kind: 'package'; name: string }
  | { kind: 'node' }
  | { kind: 'unresolved'; spec: string }

const CANDIDATES = ['', '.ts', '.vue', '.d.ts', '/index.ts', '.json']
function resolveFile(base: string, exists: (p: string) => boolean): string | undefined {
  for (const c of CANDIDATES) if (exists(base + c)) return base + c
  // `./x.js` written for a `./x.ts`
  if (/\.js$/.test(base) && exists(base.replace(/\.js$/, '.ts'))) return base.replace(/\.js$/, '.ts')
  return undefined
}

/** What an import specifier of `from` names: a repo file, a package, a Node built-in. */
function targetOf(from: string, specifier: string, exists: (p: string) => boolean): Target {
  const spec = specifier.replace(/[?#].*$/, '')
  let base: string | undefined
  if (spec.startsWith('.')) base = relative(root, resolve(root, dirname(from), spec))
  else if (spec === '@shared' || spec.startsWith('@shared/')) base = 'src-shared' + spec.slice('@shared'.length)
  if (base !== undefined) {
    const file = resolveFile(base, exists)
    return file === undefined ? { kind: 'unresolved', spec: specifier } : { kind: 'file', path: file }
  }
  if (spec.startsWith('node:') || BUILTINS.has(spec.split('/')[0]!)) return { kind: 'node' }
  const parts = spec.split('/')
  return { kind: 'package', name: spec.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]! }
}

/** Whether a row's list lets its files import target. */
function allows(rows: Row[], allow: readonly string[], target: Target): boolean {
  if (allow.includes('*')) return true
  switch (target.kind) {
    case 'node':
      return allow.includes('node:')
    case 'package':
      return allow.includes(target.name)
    case 'unresolved':
      return false
    case 'file': {
      if (allow.includes(target.path)) return true
      const home = homeOf(rows, target.path)
      return home !== undefined && home.endsWith('/') && allow.includes(home)
    }
  }
}

/** Every import, export-from, dynamic import and require of a source text (a .vue file: its script blocks). */
function importsOf(file: string, text: string): string[] {
  const code = file.endsWith('.vue')
    ? [...text.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]).join('\n')
    : text
  return ts.preProcessFile(code, true, true).importedFiles.map((f) => f.fileName)
}

function sourceFiles(): string[] {
  const out: string[] = []
  const walk = (dir: string): void => {
    for (const e of readdirSync(join(root, dir), { withFileTypes: true })) {
      if (e.name.startsWith('.') || SKIP.has(e.name)) continue
      const p = dir ? `${dir}/${e.name}` : e.name
      if (e.isDirectory()) walk(p)
      else if (/\.(ts|mts|cts|tsx|vue)$/.test(e.name)) out.push(p)
    }
  }
  walk('')
  return out.sort()
}

interface Offence {
  file: string
  imports: string
  why: string
}

/** Every import of `files` (path -> text) that the table does not allow. */
function offences(rows: Row[], files: ReadonlyMap<string, string>, exists: (p: string) => boolean): Offence[] {
  const out: Offence[] = []
  for (const [file, text] of files) {
    const home = homeOf(rows, file)
    if (home === undefined) {
      out.push({ file, imports: '', why: `belongs to no row of the table in ${DOC}` })
      continue
    }
    const allow = rows.find((r) => r.keys.includes(home))!.allow
    for (const spec of importsOf(file, text)) {
      const t = targetOf(file, spec, exists)
      if (allows(rows, allow, t)) continue
      const what =
        t.kind === 'file'
          ? `${t.path} (row ${homeOf(rows, t.path) ?? 'none'})`
          : t.kind === 'package'
            ? `package ${t.name}`
            : t.kind === 'node'
              ? 'a Node built-in'
              : 'a path that does not resolve'
      out.push({ file, imports: spec, why: `row ${home} may not import ${what}` })
    }
  }
  return out
}

/** A static import or export-from of a file, and whether it is type-only (erased at runtime). */
interface StaticImport {
  spec: string
  typeOnly: boolean
}

function staticImportsOf(file: string, text: string): StaticImport[] {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest)
  const out: StaticImport[] = []
  for (const s of sf.statements) {
    if (ts.isImportDeclaration(s) && ts.isStringLiteral(s.moduleSpecifier)) {
      const c = s.importClause
      const named = c?.namedBindings && ts.isNamedImports(c.namedBindings) ? c.namedBindings.elements : undefined
      const allNamedTypes = !c?.name && named !== undefined && named.length > 0 && named.every((e) => e.isTypeOnly)
      out.push({ spec: s.moduleSpecifier.text, typeOnly: !!c && (c.isTypeOnly || allNamedTypes) })
    } else if (ts.isExportDeclaration(s) && s.moduleSpecifier && ts.isStringLiteral(s.moduleSpecifier)) {
      const named = s.exportClause && ts.isNamedExports(s.exportClause) ? s.exportClause.elements : undefined
      const allNamedTypes = named !== undefined && named.length > 0 && named.every((e) => e.isTypeOnly)
      out.push({ spec: s.moduleSpecifier.text, typeOnly: s.isTypeOnly || allNamedTypes })
    }
  }
  return out
}

/** The repo files each file imports (runtime imports only, or type-only ones too). */
function importGraph(
  files: ReadonlyMap<string, string>,
  exists: (p: string) => boolean,
  withTypes: boolean
): Map<string, string[]> {
  const graph = new Map<string, string[]>()
  for (const [file, text] of files) {
    const to: string[] = []
    for (const i of staticImportsOf(file, text)) {
      if (i.typeOnly && !withTypes) continue
      const t = targetOf(file, i.spec, exists)
      if (t.kind === 'file' && files.has(t.path)) to.push(t.path)
    }
    graph.set(file, to)
  }
  return graph
}

/** Every import cycle of a graph: its strongly connected components of two or more files (Tarjan), sorted. */
function cyclesOf(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let next = 0
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const out: string[][] = []
  const visit = (v: string): void => {
    index.set(v, next)
    low.set(v, next++)
    stack.push(v)
    onStack.add(v)
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w)
        low.set(v, Math.min(low.get(v)!, low.get(w)!))
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!))
    }
    if (low.get(v) !== index.get(v)) return
    const scc: string[] = []
    let w: string
    do {
      w = stack.pop()!
      onStack.delete(w)
      scc.push(w)
    } while (w !== v)
    if (scc.length > 1 || graph.get(v)!.includes(v)) out.push(scc.sort())
  }
  for (const v of graph.keys()) if (!index.has(v)) visit(v)
  return out.sort((a, b) => (a[0]! < b[0]! ? -1 : 1))
}

/** The HTTP error class: only the HTTP front and the handlers may import it; domain code throws DomainError. */
const HTTP_ERROR = 'src-sim/http/api-error.ts'
const MAY_IMPORT_HTTP_ERROR = ['src-sim/http/', 'src-sim/handlers/']

function httpErrorImporters(files: ReadonlyMap<string, string>, exists: (p: string) => boolean): string[] {
  const out: string[] = []
  for (const [file, text] of files) {
    if (!file.startsWith('src-sim/') || MAY_IMPORT_HTTP_ERROR.some((d) => file.startsWith(d))) continue
    const reaches = importsOf(file, text).some((spec) => {
      const t = targetOf(file, spec, exists)
      return t.kind === 'file' && t.path === HTTP_ERROR
    })
    if (reaches) out.push(file)
  }
  return out
}

const rows = parseTable(readFileSync(join(root, DOC), 'utf8'))
const existsInRepo = (p: string): boolean => existsSync(join(root, p)) && statSync(join(root, p)).isFile()
const rowOf = (key: string): Row => rows.find((r) => r.keys.includes(key))!

describe('import boundaries (docs/ARCHITECTURE.md)', () => {
  it('reads the folder table: every row names paths that exist, every folder it allows is a row', () => {
    const keys = rows.flatMap((r) => r.keys)
    expect(keys).toEqual(
      expect.arrayContaining([
        'src-shared/',
        'src-shared/node/',
        'src-sim/',
        'src-main/core/',
        'src-main/electron/',
        'src-preload/',
        'src-renderer/',
        'test/'
      ])
    )
    expect(new Set(keys).size).toBe(keys.length)
    for (const k of keys) expect(existsSync(join(root, k)), `${DOC} names ${k}, which does not exist`).toBe(true)
    for (const r of rows) {
      for (const t of r.allow) {
        if (t.endsWith('/')) expect(keys, `${r.keys.join(', ')} allows ${t}, which is no row`).toContain(t)
        if (isFileToken(t)) expect(existsInRepo(t), `${r.keys.join(', ')} allows ${t}, which is no file`).toBe(true)
      }
    }
  })

  it('holds the design in the table: Electron only in its shell and the preload; src-sim only through its front file; the renderer and the preload never reach Node, main or the exchange; src-shared is pure', () => {
    const open = (r: Row): boolean => r.allow.includes('*')
    const closed = rows.filter((r) => !open(r))
    expect(
      closed
        .filter((r) => r.allow.includes('electron'))
        .flatMap((r) => r.keys)
        .sort()
    ).toEqual(['src-main/electron/', 'src-preload/'])
    expect(closed.filter((r) => r.allow.includes('src-sim/')).flatMap((r) => r.keys)).toEqual(['src-sim/'])
    expect(
      closed
        .filter((r) => r.allow.some((t) => t.startsWith('src-sim/') && t !== 'src-sim/'))
        .flatMap((r) => r.allow.filter((t) => t.startsWith('src-sim/') && t !== 'src-sim/'))
    ).toEqual(['src-sim/index.ts'])
    for (const k of ['src-renderer/', 'src-preload/']) {
      expect(
        rowOf(k).allow.filter(
          (t) => t === 'node:' || t.startsWith('src-main') || t.startsWith('src-sim') || t === 'src-shared/node/'
        ),
        k
      ).toEqual([])
    }
    expect(rowOf('src-shared/').allow.filter((t) => t.startsWith('src-') && t !== 'src-shared/')).toEqual([])
    expect(rowOf('src-shared/').allow).not.toContain('node:')
    // Only main and the exchange may sign.
    expect(
      closed
        .filter((r) => r.allow.includes('src-shared/node/'))
        .flatMap((r) => r.keys)
        .every((k) => /^src-(main|sim|shared)\//.test(k))
    ).toBe(true)
  })

  it('every .ts and .vue file of the repo imports only what its row allows', () => {
    const files = sourceFiles()
    expect(files.length).toBeGreaterThan(500)
    const texts = new Map(files.map((f) => [f, readFileSync(join(root, f), 'utf8')]))
    expect(offences(rows, texts, existsInRepo)).toEqual([])
  })

  it('main reaches the embedded exchange through src-sim/index.ts alone', () => {
    const reached = new Set<string>()
    for (const f of sourceFiles().filter((f) => f.startsWith('src-main/'))) {
      for (const spec of importsOf(f, readFileSync(join(root, f), 'utf8'))) {
        const t = targetOf(f, spec, existsInRepo)
        if (t.kind === 'file' && t.path.startsWith('src-sim/')) reached.add(t.path)
      }
    }
    expect([...reached]).toEqual(['src-sim/index.ts'])
  })

  it('catches what it is for (files made up here, checked against the real table)', () => {
    const exists = (p: string): boolean => existsInRepo(p) || p === 'src-main/core/made-up.ts'
    const made = new Map([
      [
        'src-main/core/made-up.ts',
        "import { nodeIo } from '../../src-sim/store/io'\nimport type { X } from '../../src-sim/exchange'"
      ],
      [
        'src-main/services/made-up.ts',
        "export { startExchange } from '../../src-sim'\nimport { app } from 'electron'\nimport { x } from '../core/terminal-core'"
      ],
      [
        'src-renderer/src/made-up.ts',
        "import { readFileSync } from 'fs'\nconst m = await import('../../src-main/vault')\nimport { hmac } from '@shared/node/hmac-signing'"
      ],
      [
        'src-renderer/src/MadeUp.vue',
        "<template><p>import x from 'y'</p></template>\n<script setup lang=\"ts\">\nimport { ref } from 'vue'\nimport { Engine } from '../../src-sim/engine'\n</script>"
      ],
      [
        'src-shared/trading/made-up.ts',
        "import { z } from 'zod'\nimport { createHash } from 'node:crypto'\nconst k = require('keytar')\nimport { x } from './nowhere'"
      ],
      [
        'src-preload/made-up.ts',
        "import { contextBridge } from 'electron'\nimport { terminalContract } from '@shared/ipc/contract'"
      ],
      ['src-main/index.ts', "import { startApp } from './electron/app'"],
      ['tools/made-up.ts', "import x from 'y'"]
    ])
    const found = offences(rows, made, exists).map((o) => `${o.file}: ${o.imports}`)
    expect(found.sort()).toEqual(
      [
        'src-main/core/made-up.ts: ../../src-sim/store/io',
        'src-main/core/made-up.ts: ../../src-sim/exchange',
        'src-main/services/made-up.ts: ../../src-sim',
        'src-main/services/made-up.ts: electron',
        'src-main/services/made-up.ts: ../core/terminal-core',
        'src-renderer/src/made-up.ts: fs',
        'src-renderer/src/made-up.ts: ../../src-main/vault',
        'src-renderer/src/made-up.ts: @shared/node/hmac-signing',
        'src-renderer/src/MadeUp.vue: ../../src-sim/engine',
        'src-shared/trading/made-up.ts: node:crypto',
        'src-shared/trading/made-up.ts: keytar',
        'src-shared/trading/made-up.ts: ./nowhere',
        'tools/made-up.ts: '
      ].sort()
    )
  })

  it('inside src-sim, only the HTTP front and the handlers import the HTTP error class', () => {
    const sim = sourceFiles().filter((f) => f.startsWith('src-sim/'))
    const texts = new Map(sim.map((f) => [f, readFileSync(join(root, f), 'utf8')]))
    expect(existsInRepo(HTTP_ERROR)).toBe(true)
    expect(httpErrorImporters(texts, existsInRepo)).toEqual([])
    // What it is for: a domain file reaching it is caught, the HTTP front and a handler are not.
    const made = new Map([
      ['src-sim/futures/made-up.ts', "import { apiFail } from '../http/api-error'"],
      ['src-sim/control/made-up.ts', "import type { ApiError } from '../http/api-error.js'"],
      ['src-sim/http/made-up.ts', "import { ApiError } from './api-error'"],
      ['src-sim/handlers/made-up.ts', "import { apiFail } from '../http/api-error'"]
    ])
    expect(httpErrorImporters(made, existsInRepo).sort()).toEqual([
      'src-sim/control/made-up.ts',
      'src-sim/futures/made-up.ts'
    ])
  })

  it('src-sim has no runtime import cycle, and no cycle at all outside the engine', () => {
    const sim = sourceFiles().filter((f) => f.startsWith('src-sim/'))
    expect(sim.length).toBeGreaterThan(100)
    const texts = new Map(sim.map((f) => [f, readFileSync(join(root, f), 'utf8')]))
    expect(cyclesOf(importGraph(texts, existsInRepo, false))).toEqual([])
    // The engine's order, its book level and its ledger slot name each other's types (erased at runtime); nothing
    // else in src-sim may, even type-only.
    const typed = cyclesOf(importGraph(texts, existsInRepo, true))
    expect(typed.filter((c) => !c.every((f) => f.startsWith('src-sim/engine/')))).toEqual([])
  })

  it('finds import cycles, and tells type-only ones from runtime ones (files made up here)', () => {
    const made = new Map([
      ['src-sim/a.ts', "import { b } from './b'\nexport const a = 1"],
      ['src-sim/b.ts', "export { c } from './c'\nexport const b = 1"],
      ['src-sim/c.ts', "import { a } from './a'\nimport type { D } from './d'\nexport const c = 1"],
      ['src-sim/d.ts', "import { type C, c } from './c'\nexport type D = 1"],
      ['src-sim/e.ts', "import { type F } from './f'\nexport type E = 1"],
      ['src-sim/f.ts', "import type { E } from './e'\nexport type F = 1"]
    ])
    const exists = (p: string): boolean => made.has(p)
    expect(cyclesOf(importGraph(made, exists, false))).toEqual([['src-sim/a.ts', 'src-sim/b.ts', 'src-sim/c.ts']])
    expect(cyclesOf(importGraph(made, exists, true))).toEqual([
      ['src-sim/a.ts', 'src-sim/b.ts', 'src-sim/c.ts', 'src-sim/d.ts'],
      ['src-sim/e.ts', 'src-sim/f.ts']
    ])
  })
})
