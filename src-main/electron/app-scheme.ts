// The built renderer served from app://chtrader/ instead of file:// (which gives pages extra privileges and no
// response headers): each request is mapped to one file of the renderer folder or refused, and every answer
// carries the CSP as a real header. Plain Node (no Electron import): app-protocol.ts hands it to Electron.
import { readFile, stat } from 'node:fs/promises'
import { extname, resolve, sep } from 'node:path'

export const APP_SCHEME = 'app'
export const APP_HOST = 'chtrader'
export const APP_ENTRY = `${APP_SCHEME}://${APP_HOST}/index.html`

/**
 * The page's policy. In Electron the renderer talks to main over IPC only (src-preload), so it connects nowhere:
 * connect-src 'none'. Inline styles stay allowed for Vue's and ECharts' style attributes; scripts never inline.
 */
export function contentSecurityPolicy(connectSrc = "'none'"): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    `connect-src ${connectSrc}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'"
  ].join('; ')
}
export const APP_CSP = contentSecurityPolicy()

/** Only what electron-vite's renderer build emits; any other file is not served. */
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
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.wasm': 'application/wasm'
}

export const mimeType = (path: string): string | undefined => MIME[extname(path).toLowerCase()]

export type AppRoute = { status: 200; file: string; type: string } | { status: 400 | 403 | 404 | 405; reason: string }

/**
 * Which file of `root` the request names, or why it is refused. The raw URL is checked before any parsing can
 * normalise it away: dot segments (plain or percent-encoded), backslashes, encoded slashes, NUL, empty segments
 * (`//etc`), drive letters and hidden files are refused, and the resolved path must still lie inside `root`.
 */
export function routeAppRequest(root: string, url: string, method = 'GET'): AppRoute {
  if (method !== 'GET' && method !== 'HEAD') return { status: 405, reason: 'method' }
  const m = /^app:\/\/([^/?#]*)(\/[^?#]*)?(?:[?#].*)?$/i.exec(url)
  if (!m || m[1]!.toLowerCase() !== APP_HOST) return { status: 404, reason: 'not this app' }
  const rawPath = m[2] ?? '/'
  if (/%2f|%5c|%00|\\/i.test(rawPath)) return { status: 403, reason: 'separator' }
  let path: string
  try {
    path = decodeURIComponent(rawPath)
  } catch {
    return { status: 400, reason: 'encoding' }
  }
  const segments = path.slice(1).split('/')
  if (path === '/') segments.splice(0, 1, 'index.html')
  for (const s of segments) {
    if (s === '' || s === '.' || s === '..') return { status: 403, reason: 'path' }
    if (s.startsWith('.') || s.includes(':') || s.includes('\0')) return { status: 403, reason: 'path' }
  }
  const base = resolve(root)
  const file = resolve(base, ...segments)
  if (!file.startsWith(base + sep)) return { status: 403, reason: 'outside' }
  const type = mimeType(file)
  if (!type) return { status: 404, reason: 'type' }
  return { status: 200, file, type }
}

const BASE_HEADERS = {
  'Content-Security-Policy': APP_CSP,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cache-Control': 'no-cache'
}

/** The protocol handler itself (Request -> Response), independent of Electron so it is tested directly. */
export function createAppHandler(
  root: string,
  log: (line: string) => void = () => undefined
): (req: Request) => Promise<Response> {
  const refuse = (status: number): Response =>
    new Response(status === 404 ? 'Not found' : 'Refused', {
      status,
      headers: { ...BASE_HEADERS, 'Content-Type': 'text/plain; charset=utf-8' }
    })
  return async (req) => {
    const route = routeAppRequest(root, req.url, req.method)
    if (route.status !== 200) {
      // Never the path: it may hold whatever a page tried; the reason is enough to see an attack or a bug.
      if (route.status !== 404) log(`app scheme: refused a request (${route.status}, ${route.reason})`)
      return refuse(route.status)
    }
    try {
      if (!(await stat(route.file)).isFile()) return refuse(404)
      const body = req.method === 'HEAD' ? null : await readFile(route.file)
      return new Response(body, { status: 200, headers: { ...BASE_HEADERS, 'Content-Type': route.type } })
    } catch {
      return refuse(404)
    }
  }
}
