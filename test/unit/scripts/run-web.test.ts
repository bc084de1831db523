// `npm run web` (scripts/run-web.mjs) runs the built server only when the build is there and newer than every
// source it is built from; otherwise it says which and what to do, and runs nothing. The launcher runs here in a
// copy of the tree's shape (its own folder), with a stand-in server, so the real out/ is neither needed nor read.
import { spawnSync } from 'node:child_process'
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'

const LAUNCHER = resolve(import.meta.dirname, '../../../scripts/run-web.mjs')
let root: string

/** Writes `rel` under the copy, dated `age` seconds ago: the test sets the order of changes, not the disk. */
function file(rel: string, age: number, text = ''): void {
  const path = join(root, rel)
  mkdirSync(dirname(path), { recursive: true })
  writeFileSync(path, text)
  const t = Date.now() / 1000 - age
  utimesSync(path, t, t)
}

function launch(...args: string[]): { code: number | null; out: string; err: string } {
  const r = spawnSync(process.execPath, [join(root, 'scripts/run-web.mjs'), ...args], { encoding: 'utf8' })
  return { code: r.status, out: r.stdout, err: r.stderr }
}

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'cht-run-web-'))
  mkdirSync(join(root, 'scripts'))
  copyFileSync(LAUNCHER, join(root, 'scripts/run-web.mjs'))
  for (const src of ['scripts/web.ts', 'src-main/core/a.ts', 'src-shared/b.ts', 'src-sim/c.ts', 'src-renderer/d.vue'])
    file(src, 100)
  file('electron.vite.config.ts', 100)
})
afterEach(() => rmSync(root, { recursive: true, force: true }))

/** A build done 50 s ago: after the sources above. */
function built(): void {
  file('out/main/web.js', 50, "console.log('server started')")
  file('out/renderer/index.html', 50)
}

describe('npm run web', () => {
  it('runs the built server when the build is newer than its sources', () => {
    built()
    expect(launch()).toMatchObject({ code: 0, out: 'server started\n', err: '' })
  })

  it('says the server is not built, and runs nothing', () => {
    file('out/renderer/index.html', 50)
    expect(launch()).toEqual({
      code: 1,
      out: '',
      err: 'The terminal server is not built (out/main/web.js is missing): run `npm run build` first.\n'
    })
  })

  it('names a server source changed since the build, and runs nothing', () => {
    built()
    file('src-sim/c.ts', 10)
    expect(launch()).toEqual({
      code: 1,
      out: '',
      err: 'The terminal server (out/main/web.js) is older than src-sim/c.ts: run `npm run build` first.\n'
    })
  })

  it('names a UI source changed since the build', () => {
    built()
    file('src-renderer/d.vue', 10)
    expect(launch().err).toBe(
      'The UI (out/renderer/index.html) is older than src-renderer/d.vue: run `npm run build` first.\n'
    )
  })

  it('names the UI for a shared source changed between the two builds (the server built after it)', () => {
    file('out/main/web.js', 5, "console.log('server started')")
    file('out/renderer/index.html', 50)
    file('src-shared/b.ts', 10)
    expect(launch().err).toBe(
      'The UI (out/renderer/index.html) is older than src-shared/b.ts: run `npm run build` first.\n'
    )
  })

  it('ignores what only Electron runs, and notes', () => {
    built()
    file('src-main/electron/app.ts', 10)
    file('src-main/index.ts', 10)
    file('src-sim/README.md', 10)
    expect(launch().code).toBe(0)
  })

  it('--check says the build is fine without starting it', () => {
    built()
    expect(launch('--check')).toEqual({ code: 0, out: '', err: '' })
  })
})
