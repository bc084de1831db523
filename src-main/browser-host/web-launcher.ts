// What `npm run web` does (scripts/web.ts is its command line): if a browser host of this user-data folder is
// already running, ask it for a fresh one-time link and print that (one terminal per data folder: a second one
// could not open the paper exchange's data anyway); otherwise start the terminal core behind a browser host, print
// the first link as soon as the host listens (the core goes on starting while the page loads), leave the address card
// for the next run (host-file.ts), and print a fresh link on every Enter.
import { existsSync } from 'node:fs'
import { createInterface } from 'node:readline'
import { resolve } from 'node:path'
import { startTerminalCore, type TerminalCore, type TerminalCoreOptions } from '../core/terminal-core'
import { attachToRunningHost } from './attach'
import { deferredEndpoint } from './deferred-endpoint'
import { LAUNCH_TTL_MS, startBrowserHost, type BrowserHost } from './browser-host'
import { newControlSecret, removeHostFile, writeHostFile } from './host-file'

export interface WebOptions {
  userDataDir: string
  /** The built renderer (holds index.html). */
  rendererDir: string
  /** 0 or absent: a free port. */
  port?: number
  /** Where the lines for the user go (stdout). */
  print: (line: string) => void
  /** Lines typed here (Enter) print a fresh link; the command line passes stdin when it is a terminal. */
  input?: NodeJS.ReadableStream | null
  /** Tests: the keychain, the embedded exchange's seed, a log sink. */
  core?: Omit<TerminalCoreOptions, 'userDataDir'>
}

export type WebRun =
  | { kind: 'attached'; url: string }
  | { kind: 'started'; url: string; core: TerminalCore; host: BrowserHost; stop(): Promise<void> }

export const NOT_BUILT = 'The UI is not built: run `npm run build` first.'

export async function runWeb(o: WebOptions): Promise<WebRun> {
  const running = await attachToRunningHost(o.userDataDir)
  if (running.kind === 'attached') {
    o.print(
      `terminal already running at ${running.origin}; a fresh one-time link for a new tab (it expires in ${LAUNCH_TTL_MS / 60_000} minutes; run \`npm run web\` again for another): ${running.url}`
    )
    return { kind: 'attached', url: running.url }
  }
  if (running.stale) o.print(`(${running.stale}; starting a new terminal)`)
  if (!existsSync(resolve(o.rendererDir, 'index.html'))) throw new Error(NOT_BUILT)

  // The host listens and the link is printed while the core starts (its exchange, keys and services): the page loads
  // meanwhile, and its contract messages wait for the core (deferred-endpoint.ts).
  const starting = startTerminalCore({ ...o.core, userDataDir: o.userDataDir })
  const held: string[] = []
  let log: (line: string) => void = (line) => void held.push(line)
  const controlSecret = newControlSecret()
  let host: BrowserHost
  try {
    host = await startBrowserHost({
      core: { server: deferredEndpoint(starting.then((c) => c.server)) },
      rendererDir: o.rendererDir,
      port: o.port ?? 0,
      controlSecret,
      log: (line) => log(line)
    })
  } catch (e) {
    await starting.then((c) => c.close()).catch(() => undefined)
    throw e
  }
  const url = host.launchUrl()
  o.print(`terminal ready at ${url}`)
  // The address card for the next `npm run web` after the link (the first tab does not need it; a synced write takes
  // long on a busy disk), before the line that offers it.
  let card = true
  await writeHostFile(o.userDataDir, { pid: process.pid, origin: host.origin, controlSecret }).catch((e: unknown) => {
    card = false
    o.print(
      `(could not write the browser-host file, so \`npm run web\` run again cannot find this terminal: ${(e as Error).message})`
    )
  })
  const ways = [o.input ? 'press Enter here' : null, card ? 'run `npm run web` again' : null].filter(Boolean)
  o.print(
    `Each link opens one tab, once, within ${LAUNCH_TTL_MS / 60_000} minutes.${ways.length ? ` For another tab or an expired link: ${ways.join(', or ')}, and open the fresh link printed.` : ''}`
  )
  let core: TerminalCore
  try {
    core = await starting
  } catch (e) {
    // The link was printed: its page loses its connection (and says so) when the host closes; the caller says why.
    await host.close()
    await removeHostFile(o.userDataDir, controlSecret).catch(() => undefined)
    throw e
  }
  log = core.log
  for (const line of held.splice(0)) core.log(line)

  const lines = o.input ? createInterface({ input: o.input }) : null
  lines?.on('line', () => o.print(`fresh one-time link: ${host.launchUrl()}`))

  let stopped: Promise<void> | null = null
  return {
    kind: 'started',
    url,
    core,
    host,
    stop: () =>
      (stopped ??= (async () => {
        lines?.close()
        await host.close()
        await core.close()
        await removeHostFile(o.userDataDir, controlSecret)
      })())
  }
}
