// Shared e2e helpers: a system Chromium in a throwaway profile, and a loopback static server
// (file:// pages cannot load module scripts, and the renderer is all module scripts).
import { createReadStream } from 'node:fs'
import { mkdtemp, rm, stat } from 'node:fs/promises'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { extname, join, normalize, resolve, sep } from 'node:path'
import { chromium, type BrowserContext } from 'playwright-core'

export interface Chromium {
  context: BrowserContext
  close(): Promise<void>
}

/** Launches the system Chromium (never a downloaded one) in a fresh profile that close() deletes. */
export async function launchChromium(): Promise<Chromium> {
  const profile = await mkdtemp(join(tmpdir(), 'cht-e2e-profile-'))
  try {
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      headless: true,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync'
      ]
    })
    return {
      context,
      async close() {
        await context.close()
        await rm(profile, { recursive: true, force: true })
      }
    }
  } catch (e) {
    await rm(profile, { recursive: true, force: true })
    throw e
  }
}

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.wasm': 'application/wasm',
  '.txt': 'text/plain; charset=utf-8'
}

export interface StaticServer {
  /** Origin with no trailing slash, e.g. http://127.0.0.1:41234 */
  url: string
  close(): Promise<void>
}

/** Serves `dir` read-only on 127.0.0.1 at an ephemeral port. */
export async function serveDir(dir: string): Promise<StaticServer> {
  const root = resolve(dir)
  const server = createServer(async (req, res) => {
    let path: string
    try {
      path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)
    } catch {
      res.writeHead(400).end()
      return
    }
    // Chromium probes /favicon.ico on its own; the app declares no icon, so answer "nothing" rather than 404.
    if (path === '/favicon.ico' && !(await stat(join(root, 'favicon.ico')).catch(() => null))) {
      res.writeHead(204).end()
      return
    }
    const file = normalize(join(root, path.endsWith('/') ? `${path}index.html` : path))
    const isFile = (file === root || file.startsWith(root + sep)) && (await stat(file).catch(() => null))?.isFile()
    if (!isFile || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(isFile ? 405 : 404).end()
      return
    }
    const type = MIME[extname(file)] ?? 'application/octet-stream'
    res.writeHead(200, { 'content-type': type, 'cache-control': 'no-store' })
    if (req.method === 'HEAD') res.end()
    else createReadStream(file).pipe(res)
  })
  await new Promise<void>((ok, fail) => server.once('error', fail).listen(0, '127.0.0.1', ok))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((ok) => {
        server.closeAllConnections()
        server.close(() => ok())
      })
  }
}
