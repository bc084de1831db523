// What counts as "our page" and "our content": the built renderer served as app://chtrader/ (app-scheme.ts),
// or the electron-vite dev server in development. The IPC guard, navigation and request filters all ask this
// one place. file:// is never ours: the renderer is not loaded from disk by path.
import { APP_ENTRY, APP_HOST, APP_SCHEME, contentSecurityPolicy } from './app-scheme'

export interface AppUrl {
  /** What a window loads: app://chtrader/index.html, or the dev server's URL. */
  entry: { url: string }
  /** The CSP header of our pages (the dev server's HMR socket needs connect-src 'self'). */
  csp: string
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

/** Ours: app://chtrader/... exactly (Node gives non-special schemes no origin, so protocol and host are compared). */
const isOurs = (u: URL): boolean =>
  u.protocol === `${APP_SCHEME}:` && u.host === APP_HOST && u.username === '' && u.password === ''

export function createAppUrl(opts: { devUrl?: string | undefined } = {}): AppUrl {
  const dev = opts.devUrl ? parse(opts.devUrl) : null
  if (dev && dev.protocol !== 'http:' && dev.protocol !== 'https:')
    throw new Error(`Unsupported dev server URL ${opts.devUrl}`)
  if (dev) {
    // HMR's socket goes to the same host and port over ws.
    const wsOrigin = `${dev.protocol === 'https:' ? 'wss' : 'ws'}://${dev.host}`
    return {
      entry: { url: dev.href.replace(/#.*$/, '') },
      csp: contentSecurityPolicy("'self'"),
      isAppUrl: (url) => parse(url)?.origin === dev.origin,
      isAppRequest: (url) => {
        const u = parse(url)
        return (
          !!u && (u.origin === dev.origin || `${u.protocol}//${u.host}` === wsOrigin || LOCAL_SCHEMES.has(u.protocol))
        )
      }
    }
  }
  return {
    entry: { url: APP_ENTRY },
    csp: contentSecurityPolicy(),
    isAppUrl: (url) => {
      const u = parse(url)
      return !!u && isOurs(u) && (u.pathname === '/index.html' || u.pathname === '/') && u.search === ''
    },
    isAppRequest: (url) => {
      const u = parse(url)
      return !!u && (isOurs(u) || LOCAL_SCHEMES.has(u.protocol))
    }
  }
}

/** In-memory and tooling schemes that never reach the network. */
const LOCAL_SCHEMES = new Set(['data:', 'blob:', 'devtools:'])
