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

/** Whether `rel` is built into `o`: under one of its sources, not in its skip list, not a note. */
const feeds = (o, rel) =>
  !rel.endsWith('.md') &&
  o.from.some((top) => rel === top || rel.startsWith(`${top}/`)) &&
  !o.skip.some((s) => rel === s || rel.startsWith(`${s}/`))

/**
 * Why the build cannot be run as it is, or null. It runs before the server's bundle loads, on every `npm run web`:
 * one walk over the sources of all outputs, each file stat'ed once (the folders both are built from too), and only
 * a file newer than the oldest build is matched to the outputs it feeds. The first stale one found is named.
 */
function staleBuild() {
  const built = []
  for (const o of OUTPUTS) {
    try {
      built.push(statSync(join(ROOT, o.file)).mtimeMs)
    } catch {
      return `${o.what} is not built (${o.file} is missing): ${BUILD_FIRST}`
    }
  }
  const oldest = Math.min(...built)
  const older = (path, mtimeMs) => {
    if (mtimeMs <= oldest) return null
    const rel = relative(ROOT, path)
    const o = OUTPUTS.find((o, i) => mtimeMs > built[i] && feeds(o, rel))
    return o ? `${o.what} (${o.file}) is older than ${rel}: ${BUILD_FIRST}` : null
  }
  for (const top of new Set(OUTPUTS.flatMap((o) => o.from))) {
    const st = statSync(join(ROOT, top))
    if (!st.isDirectory()) {
      const why = older(join(ROOT, top), st.mtimeMs)
      if (why) return why
      continue
    }
    for (const entry of readdirSync(join(ROOT, top), { recursive: true, withFileTypes: true })) {
      if (!entry.isFile()) continue
      const path = join(entry.parentPath, entry.name)
      const why = older(path, statSync(path).mtimeMs)
      if (why) return why
    }
  }
  return null
}

const why = staleBuild()
if (why) {
  console.error(why)
  process.exit(1)
}
if (!process.argv.includes('--check')) await import(pathToFileURL(join(ROOT, 'out/main/web.js')).href)
