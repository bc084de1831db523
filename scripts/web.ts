// `npm run web`: the terminal core (with its embedded exchange on a free loopback port) behind the browser host,
// serving the built UI on loopback, and the one-time URL that opens the first tab (the token is in the fragment:
// see src-main/browser-host/browser-host.ts). Run again while it runs, it prints a fresh link for another tab
// instead (src-main/browser-host/web-launcher.ts); so does Enter in the terminal where it runs.
// `npm run build` bundles this file as out/main/web.js, which `npm run web` runs with plain node
// (scripts/run-web.mjs); the startup bench also runs it from source under tsx, the old way, to compare.
import { homedir } from 'node:os'
import { basename, join, resolve } from 'node:path'
import { NOT_BUILT, runWeb } from '../src-main/browser-host/web-launcher'

// Its own folder, not the desktop app's userData: both may run at once, and each owns its state.
const userDataDir = process.env['CHTRADER_USER_DATA'] ?? join(homedir(), '.chtrader-web')
// out/main/web.js once built, scripts/web.ts from source: the built UI is out/renderer from both.
const outDir = resolve(import.meta.dirname, basename(import.meta.dirname) === 'main' ? '..' : '../out')

const run = await runWeb({
  userDataDir,
  rendererDir: join(outDir, 'renderer'),
  port: Number(process.env['PORT'] ?? 0),
  print: (line) => console.log(line),
  input: process.stdin.isTTY ? process.stdin : null
}).catch((e: unknown) => {
  // e.g. no OS keychain on a headless box: the core never falls back to storing secrets elsewhere.
  const why = e instanceof Error ? e.message : String(e)
  console.error(why === NOT_BUILT ? why : `The terminal could not start: ${why}`)
  process.exit(1)
})
if (run.kind === 'attached') process.exit(0)

let stopping = false
const stop = (): void => {
  if (stopping) return
  stopping = true
  void run.stop().finally(() => process.exit(0))
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
