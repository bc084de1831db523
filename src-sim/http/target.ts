// Splitting a request target into the path that routes and the raw query that was signed.
/**
 * A request target whose path and query WHATWG URL parsing would leave byte for byte as they are (no dot segments,
 * no '//' start, no characters it percent-encodes or rewrites): the common case, split without building a URL.
 */
const PLAIN_TARGET = /^(\/(?:[A-Za-z0-9_-][A-Za-z0-9_\-/]*)?)(?:\?([A-Za-z0-9\-._~%&=+,:]*))?$/

/** Path and raw query (without '?') as `new URL(target)` gives them, whose query is the one the client signed. */
export function splitTarget(target: string): { pathname: string; rawQuery: string; url: URL | null } {
  const m = PLAIN_TARGET.exec(target)
  if (m) return { pathname: m[1] as string, rawQuery: m[2] ?? '', url: null }
  const url = new URL(target, 'http://127.0.0.1')
  return { pathname: url.pathname, rawQuery: url.search.startsWith('?') ? url.search.slice(1) : '', url }
}
