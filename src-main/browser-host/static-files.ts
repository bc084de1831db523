// Serves the built renderer from a directory on loopback, with MIME types and no path traversal.
import { createReadStream, statSync } from 'node:fs'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { extname, join, normalize, sep } from 'node:path'

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2'
}

/** Answers GET/HEAD for files under `root`; returns false when nothing matched. */
export function serveStatic(root: string, req: IncomingMessage, res: ServerResponse): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false
  let path: string
  try {
    path = decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').pathname)
  } catch {
    return false // malformed escapes: not a file of ours (and never a thrown error in the server)
  }
  const rel = normalize(path === '/' ? '/index.html' : path)
  const file = join(root, rel)
  if (!file.startsWith(root.endsWith(sep) ? root : root + sep)) return false
  let size: number
  try {
    const st = statSync(file)
    if (!st.isFile()) return false
    size = st.size
  } catch {
    return false
  }
  res.writeHead(200, {
    'Content-Type': MIME[extname(file)] ?? 'application/octet-stream',
    'Content-Length': size,
    'Cache-Control': 'no-cache',
    'X-Content-Type-Options': 'nosniff',
    // The page holds the session secret: no framing by other sites, no URL leaks through Referer.
    'Content-Security-Policy': "frame-ancestors 'none'; object-src 'none'; base-uri 'none'",
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'no-referrer'
  })
  if (req.method === 'HEAD') res.end()
  else createReadStream(file).pipe(res)
  return true
}
