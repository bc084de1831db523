// `npm run web`: the terminal core (with its embedded exchange on a free loopback port) behind the browser host,
// serving the built UI on loopback. Prints the one-time URL that opens the first tab (the token is in the
// fragment: see src-main/browser-host/browser-host.ts for the whole scheme).
import { existsSync } from 'node:fs'
import { homedir } from 'node:os'
import { join, resolve } from 'node:path'
import { startTerminalCore } from '../src-main/core/terminal-core'
import { startBrowserHost } from '../src-main/browser-host/browser-host'

const rendererDir = resolve(import.meta.dirname, '../out/renderer')
if (!existsSync(resolve(rendererDir, 'index.html'))) {
  console.error('The UI is not built: run `npm run build` first.')
  process.exit(1)
}
// Its own folder, not the desktop app's userData: both may run at once, and each owns its state.
const userDataDir = process.env['CHTRADER_USER_DATA'] ?? join(homedir(), '.chtrader-web')

const core = await startTerminalCore({ userDataDir }).catch((e: unknown) => {
  // e.g. no OS keychain on a headless box: the core never falls back to storing secrets elsewhere.
  console.error(`The terminal could not start: ${e instanceof Error ? e.message : String(e)}`)
  process.exit(1)
})
const host = await startBrowserHost({ core, rendererDir, port: Number(process.env['PORT'] ?? 0), log: core.log })
console.log(`terminal ready at ${host.launchUrl()}`)

let stopping = false
const stop = (): void => {
  if (stopping) return
  stopping = true
  void host
    .close()
    .then(() => core.close())
    .finally(() => process.exit(0))
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
