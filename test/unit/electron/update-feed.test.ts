// The update policy driving the real electron-updater (its Linux AppImage updater, the generic provider, its
// feed parsing, version comparison, download and sha512 check) against a feed served on loopback. What Electron
// would supply is replaced: the app adapter (version 0.1.0, packaged, paths in a temp folder) and the HTTP
// executor's transport (Node's http instead of Electron's net). app-update.yml is written as electron-builder writes it
// from
// `publish` (build/electron-builder.yml), pointing at the local server. Installing is not run (quitAndInstall is
// a spy): it would replace the file named by APPIMAGE and start it.
import { createHash } from 'node:crypto'
import { once } from 'node:events'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { createServer, request, type IncomingMessage, type RequestOptions, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import electronUpdater from 'electron-updater'
import type { AppAdapter } from 'electron-updater/out/AppAdapter.js'
import { ElectronHttpExecutor } from 'electron-updater/out/electronHttpExecutor.js'
import { createUpdatePolicy, type UpdatePolicy, type UpdaterLike } from '../../../src-main/core/update-policy'

const { AppImageUpdater } = electronUpdater
type ElectronRequest = ReturnType<ElectronHttpExecutor['createRequest']>

/** electron-updater's own executor (its download and checksum code) with Node's http in place of Electron's net. */
class LoopbackExecutor extends ElectronHttpExecutor {
  override createRequest(options: RequestOptions, callback: (response: IncomingMessage) => void): ElectronRequest {
    // Typed as Electron's ClientRequest; the executor uses only what Node's shares with it (on, end, abort).
    return request(options, callback) as unknown as ElectronRequest
  }
}
const PAYLOAD = Buffer.from('CH Trader 0.2.0 AppImage stand-in\n'.repeat(200))
const sha512 = (b: Buffer): string => createHash('sha512').update(b).digest('base64')

/** What the feed serves now; tests change it. */
const feed = { version: '0.2.0', sha512: sha512(PAYLOAD), payload: PAYLOAD }
const requests: string[] = []

function latestYml(): string {
  const file = `CH-Trader-${feed.version}.AppImage`
  return [
    `version: ${feed.version}`,
    'files:',
    `  - url: ${file}`,
    `    sha512: ${feed.sha512}`,
    `    size: ${feed.payload.length}`,
    `path: ${file}`,
    `sha512: ${feed.sha512}`,
    "releaseDate: '2026-01-01T00:00:00.000Z'",
    ''
  ].join('\n')
}

let server: Server
let dir: string
let url: string
const savedAppImage = process.env['APPIMAGE']

beforeAll(async () => {
  server = createServer((req, res) => {
    requests.push(req.url ?? '')
    const path = (req.url ?? '').split('?')[0]!
    // The channel file: latest-linux.yml (latest-linux-arm64.yml on arm64).
    if (/^\/latest[\w-]*\.yml$/.test(path)) return res.writeHead(200, { 'content-type': 'text/yaml' }).end(latestYml())
    if (path === `/CH-Trader-${feed.version}.AppImage`)
      return res.writeHead(200, { 'content-length': feed.payload.length }).end(feed.payload)
    res.writeHead(404).end()
  })
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`
  dir = await mkdtemp(join(tmpdir(), 'cht-update-'))
  await writeFile(
    join(dir, 'app-update.yml'),
    `provider: generic\nurl: ${url}\nupdaterCacheDirName: chtrader-updater\n`
  )
  await writeFile(join(dir, 'CH-Trader-0.1.0.AppImage'), 'the running version')
  process.env['APPIMAGE'] = join(dir, 'CH-Trader-0.1.0.AppImage') // the running AppImage the update replaces
})
afterAll(async () => {
  if (savedAppImage === undefined) delete process.env['APPIMAGE']
  else process.env['APPIMAGE'] = savedAppImage
  server.close()
  await rm(dir, { recursive: true, force: true })
})

const policies: UpdatePolicy[] = []
afterEach(() => {
  policies.splice(0).forEach((p) => p.stop())
  requests.length = 0
  Object.assign(feed, { version: '0.2.0', sha512: sha512(PAYLOAD), payload: PAYLOAD })
})

function realUpdater(cacheName: string) {
  const app: AppAdapter = {
    version: '0.1.0',
    name: 'CH Trader',
    isPackaged: true,
    appUpdateConfigPath: join(dir, 'app-update.yml'),
    userDataPath: join(dir, 'userData'),
    baseCachePath: join(dir, cacheName),
    whenReady: () => Promise.resolve(),
    relaunch: () => undefined,
    quit: () => undefined,
    onQuit: () => undefined
  }
  const updater = new AppImageUpdater(undefined, app)
  ;(updater as unknown as { httpExecutor: ElectronHttpExecutor }).httpExecutor = new LoopbackExecutor()
  updater.logger = null
  const install = vi.spyOn(updater, 'quitAndInstall').mockImplementation(() => undefined)
  return { updater, install }
}

/** The policy over `updater`; `asked` resolves with the version the first time the user would be asked. */
function policyOver(updater: UpdaterLike, inFlight: { n: number }) {
  let resolveAsked!: (v: string) => void
  const asked = new Promise<string>((r) => (resolveAsked = r))
  const askToRestart = vi.fn((v: string) => {
    resolveAsked(v)
    return Promise.resolve(true)
  })
  const policy = createUpdatePolicy({
    updater,
    actionsInFlight: () => inFlight.n,
    askToRestart,
    log: () => undefined,
    idleRecheckMs: 10
  })
  policies.push(policy)
  return { policy, asked, askToRestart }
}

describe('updates from a feed on loopback (real electron-updater)', () => {
  it('reads latest.yml, downloads the newer build in the background and checks its sha512, asks, then restarts', async () => {
    const { updater, install } = realUpdater('cache-a')
    const { policy, asked } = policyOver(updater, { n: 0 })
    const downloaded = once(updater, 'update-downloaded')
    policy.start()
    const [info] = (await downloaded) as [{ version: string; downloadedFile: string }]
    expect(info.version).toBe('0.2.0')
    expect(requests.some((r) => /^\/latest[\w-]*\.yml/.test(r))).toBe(true)
    expect(requests).toContain('/CH-Trader-0.2.0.AppImage')
    expect(await asked).toBe('0.2.0')
    await vi.waitFor(() => expect(install).toHaveBeenCalledWith(false, true))
    expect(policy.state).toBe('installing')
  })

  it('waits for the order actions in flight before asking about a downloaded update', async () => {
    const { updater, install } = realUpdater('cache-b')
    const inFlight = { n: 1 }
    const { policy, asked, askToRestart } = policyOver(updater, inFlight)
    const downloaded = once(updater, 'update-downloaded')
    policy.start()
    await downloaded
    expect(policy.state).toBe('waiting-for-orders')
    expect(askToRestart).not.toHaveBeenCalled()
    expect(install).not.toHaveBeenCalled()
    inFlight.n = 0
    expect(await asked).toBe('0.2.0')
  })

  it('does nothing when the feed names the running version', async () => {
    feed.version = '0.1.0'
    const { updater } = realUpdater('cache-c')
    const { policy, askToRestart } = policyOver(updater, { n: 0 })
    const notAvailable = once(updater, 'update-not-available')
    policy.start()
    await notAvailable
    expect(requests.some((r) => /^\/latest[\w-]*\.yml/.test(r))).toBe(true)
    expect(requests.some((r) => r.endsWith('.AppImage'))).toBe(false)
    expect(askToRestart).not.toHaveBeenCalled()
  })

  it('refuses a download whose sha512 does not match the feed: no question, no restart', async () => {
    feed.payload = Buffer.from('tampered build')
    const { updater, install } = realUpdater('cache-d')
    const { policy, askToRestart } = policyOver(updater, { n: 0 })
    const failed = once(updater, 'error')
    policy.start()
    const [error] = (await failed) as [Error]
    expect(error.message).toMatch(/sha512 checksum mismatch/)
    expect(askToRestart).not.toHaveBeenCalled()
    expect(install).not.toHaveBeenCalled()
  })
})
