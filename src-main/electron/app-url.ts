// What counts as "our page" and "our content": the built renderer's index.html on disk, or the electron-vite
// dev server in development. The IPC guard, navigation and request filters all ask this one place.
import { dirname, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'

export interface AppUrl {
  /** What a window loads: the built index.html, or the dev server's URL. */
  entry: { file: string } | { url: string }
  /** A top-level page of ours (any route in the fragment). */
  isAppUrl(url: string): boolean
  /** A resource our pages may load; everything else is remote content and is refused. */
  isAppRequest(url: string): boolean
}

function parse(url: string): URL | null {
  try {
    return new URL(url)
  } catch {
    return null
  }
}

function filePath(u: URL): string | null {
  if (u.protocol !== 'file:' || (u.host !== '' && u.host !== 'localhost')) return null
  try {
    return resolve(fileURLToPath(new URL(u.pathname, 'file:///')))
  } catch {
    return null
  }
}

export function createAppUrl(opts: { rendererIndex: string; devUrl?: string | undefined }): AppUrl {
  const dev = opts.devUrl ? parse(opts.devUrl) : null
  if (dev && dev.protocol !== 'http:' && dev.protocol !== 'https:') throw new Error(`Unsupported dev server URL ${opts.devUrl}`)
  if (dev) {
    // HMR's socket goes to the same host and port over ws.
    const wsOrigin = `${dev.protocol === 'https:' ? 'wss' : 'ws'}://${dev.host}`
    return {
      entry: { url: dev.href.replace(/#.*$/, '') },
      isAppUrl: (url) => parse(url)?.origin === dev.origin,
      isAppRequest: (url) => {
        const u = parse(url)
        return !!u && (u.origin === dev.origin || `${u.protocol}//${u.host}` === wsOrigin || LOCAL_SCHEMES.has(u.protocol))
      }
    }
  }
  const index = resolve(opts.rendererIndex)
  const root = dirname(index) + sep
  return {
    entry: { file: index },
    isAppUrl: (url) => {
      const u = parse(url)
      return !!u && filePath(u) === index
    },
    isAppRequest: (url) => {
      const u = parse(url)
      if (!u) return false
      if (LOCAL_SCHEMES.has(u.protocol)) return true
      const p = filePath(u)
      return p !== null && p.startsWith(root)
    }
  }
}

/** In-memory and tooling schemes that never reach the network. */
const LOCAL_SCHEMES = new Set(['data:', 'blob:', 'devtools:'])
