// `npm run web`: runs the built browser-host server (out/main/web.js, which `npm run build` bundles from
// scripts/web.ts) with plain node, so nothing is compiled at start. Plain JavaScript on purpose: it must run before
// anything is built. A missing build, or one older than a source it is built from, is said and never run.
// `--check`: only say whether the build can run (exit 1 with the reason if not); the startup bench asks this.
import { readdirSync, statSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'

const ROOT = resolve(import.meta.dirname, '..')
const BUILD_FIRST = 'run `npm run build` first.'

/** What each output is built from (folders walked, .md notes left out); the server skips what only Electron runs. */
const OUTPUTS = [
  {
    what: 'The terminal server',
    file: 'out/main/web.js',
    from: ['scripts/web.ts', 'src-main', 'src-shared', 'src-sim', 'electron.vite.config.ts'],
    skip: ['src-main/electron', 'src-main/index.ts']
  },
  {
    what: 'The UI',
    file: 'out/renderer/index.html',
    from: ['src-renderer', 'src-shared', 'electron.vite.config.ts'],
    skip: []
  }
]

/** The first source changed after `since` (ms), or null. */
function newerSource(from, skip, since) {
  const skipped = (rel) => skip.some((s) => rel === s || rel.startsWith(`${s}/`))
  for (const top of from) {
    const st = statSync(join(ROOT, top))
    if (st.isFile()) {
      if (st.mtimeMs > since) return top
      continue
    }
    for (const entry of readdirSync(join(ROOT, top), { recursive: true, withFileTypes: true })) {
      if (!entry.isFile()) continue
      const rel = relative(ROOT, join(entry.parentPath, entry.name))
      if (!skipped(rel) && !rel.endsWith('.md') && statSync(join(ROOT, rel)).mtimeMs > since) return rel
    }
  }
  return null
}

/** Why the build cannot be run as it is, or null. */
function staleBuild() {
  for (const o of OUTPUTS) {
    let built
    try {
      built = statSync(join(ROOT, o.file)).mtimeMs
    } catch {
      return `${o.what} is not built (${o.file} is missing): ${BUILD_FIRST}`
    }
    const changed = newerSource(o.from, o.skip, built)
    if (changed) return `${o.what} (${o.file}) is older than ${changed}: ${BUILD_FIRST}`
  }
  return null
}

const why = staleBuild()
if (why) {
  console.error(why)
  process.exit(1)
}
if (!process.argv.includes('--check')) await import(pathToFileURL(join(ROOT, 'out/main/web.js')).href)
