// The wire, behind an interface so tests and the overhead bench can stand in for it. The default uses global
// fetch (undici), whose global dispatcher keeps connections alive between requests.

export interface TransportInit {
  method: 'GET' | 'POST'
  headers: Record<string, string>
  /** Exactly the bytes that were signed (POST), or undefined. */
  body?: string
  signal?: AbortSignal
}

export interface TransportResponse {
  status: number
  /** Header names in lower case. */
  headers: Record<string, string>
  bodyText: string
}

export interface Transport {
  send(url: string, init: TransportInit): Promise<TransportResponse>
}

export function fetchTransport(): Transport {
  return {
    async send(url, init) {
      const res = await fetch(url, {
        method: init.method,
        headers: init.headers,
        body: init.body,
        signal: init.signal,
        redirect: 'error'
      })
      const bodyText = await res.text()
      const headers: Record<string, string> = {}
      res.headers.forEach((value, name) => {
        headers[name] = value
      })
      return { status: res.status, headers, bodyText }
    }
  }
}

/** Failure codes that mean the connection was never made: the request cannot have reached the venue. */
const NOT_SENT = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ERR_INVALID_URL',
  'UND_ERR_CONNECT_TIMEOUT'
])

/**
 * A short safe description of a transport failure and whether the request surely never left. Only the error
 * codes and messages are read (never the request), so no header can leak through.
 */
export function describeNetworkError(e: unknown): { text: string; notSent: boolean } {
  const codes: string[] = []
  let text = 'network error'
  let cur: unknown = e
  for (let depth = 0; cur && typeof cur === 'object' && depth < 4; depth++) {
    const c = (cur as { code?: unknown }).code
    if (typeof c === 'string') codes.push(c)
    cur = (cur as { cause?: unknown }).cause
  }
  if (codes.length > 0) text = `network error (${codes.join(', ')})`
  return { text, notSent: codes.some((c) => NOT_SENT.has(c)) }
}
