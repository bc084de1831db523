// Serves the built renderer from a directory on loopback, with MIME types and no path traversal. A file is read once
// and kept in memory while its size and time are unchanged (a rebuild is seen at the next request): a cold start asks
// for ~40 files while the server is busiest, and a kept file is answered in one write, where a read stream took
// several turns of the event loop each. The hashed build assets (`/assets/name-HASH.ext`) never change under one
// name, so the browser may keep them; the page itself is revalidated each time.
import { readFileSync, statSync } from 'node:fs'
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

/** A build asset's name carries its content hash (electron-vite's `[name]-[hash].[ext]`). */
const HASHED_ASSET = /^\/assets\/[^/]+-[A-Za-z0-9_-]{8}\.[a-z0-9]+$/

/** Files kept in memory: the renderer's build is a few MB. Larger files are read each time and never kept. */
const KEEP_MAX_BYTES = 8 * 1024 * 1024
const kept = new Map<string, { size: number; mtimeMs: number; body: Buffer }>()

function body(file: string, size: number, mtimeMs: number): Buffer {
  const k = kept.get(file)
  if (k && k.size === size && k.mtimeMs === mtimeMs) return k.body
  const b = readFileSync(file)
  if (size <= KEEP_MAX_BYTES) kept.set(file, { size, mtimeMs, body: b })
  return b
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
  let b: Buffer
  try {
    const st = statSync(file)
    if (!st.isFile()) return false
    b = body(file, st.size, st.mtimeMs)
  } catch {
    return false
  }
  res.writeHead(200, {
    'Content-Type': MIME[extname(file)] ?? 'application/octet-stream',
    'Content-Length': b.length,
    'Cache-Control': HASHED_ASSET.test(rel.split(sep).join('/')) ? 'public, max-age=31536000, immutable' : 'no-cache',
    'X-Content-Type-Options': 'nosniff',
    // The page holds the session secret: no framing by other sites, no URL leaks through Referer.
    'Content-Security-Policy': "frame-ancestors 'none'; object-src 'none'; base-uri 'none'",
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'no-referrer'
  })
  res.end(req.method === 'HEAD' ? undefined : b)
  return true
}
