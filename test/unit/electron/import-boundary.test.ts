// DESIGN.md: Electron is imported only under src-main/electron/ and src-preload/; everything else must run
// in plain Node (the browser host, tests) or a browser.
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

const root = resolve(import.meta.dirname, '../../..')
const sources = (dir: string): string[] =>
  readdirSync(join(root, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.(ts|vue)$/.test(e.name))
    .map((e) => relative(root, join(e.parentPath, e.name)))

describe('electron import boundary', () => {
  it('no file outside src-main/electron and src-preload imports electron', () => {
    const offenders = ['src-main', 'src-shared', 'src-sim', 'src-renderer', 'scripts']
      .flatMap(sources)
      .filter((f) => !f.startsWith(join('src-main', 'electron')))
      .filter((f) => /from\s+['"]electron['"]|import\(\s*['"]electron['"]\s*\)|require\(\s*['"]electron['"]\s*\)/.test(readFileSync(join(root, f), 'utf8')))
    expect(offenders).toEqual([])
  })
})
