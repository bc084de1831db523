// A venue that echoes every request header back, as some live venues and gateways do: a loopback proxy in front of
// the embedded exchange that puts the request's headers (each value raw, base64 and URL-encoded) into every JSON
// object of every answer and into every `msg`, and into the bodies of the failures it makes up. Answers are
// rewritten as text, never parsed: futures ids are beyond a double's precision.
import { Agent, createServer, request, type IncomingHttpHeaders, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'

/** What the venue does with one request. */
export type EchoDecision =
  | 'forward' // forwarded, its answer echoing the headers
  | 'reject' // not forwarded: HTTP 400 with a JSON error whose msg echoes the headers
  | 'lose-answer' // forwarded (the venue acted), then a 502 whose JSON error echoes the headers
  | 'refuse' // not forwarded: a 403 whose JSON error echoes the headers

export interface EchoRequest {
  method: string
  /** The catalog path (the gateway prefix /spot/open, /futures/open removed). */
  path: string
  query: URLSearchParams
  body: Record<string, unknown>
}

function readAll(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => resolve(Buffer.concat(chunks)))
    req.on('error', reject)
  })
}

/** Every header as `name: raw | b64 | b64url | url`, the way a venue's debug echo might show it. */
export function echoText(headers: IncomingHttpHeaders): string {
  return Object.entries(headers)
    .map(([k, v]) => {
      const s = Array.isArray(v) ? v.join(',') : String(v ?? '')
      return `${k}: ${s} | ${Buffer.from(s).toString('base64')} | ${Buffer.from(s).toString('base64url')} | ${encodeURIComponent(s)}`
    })
    .join('; ')
}

/** The JSON text with `"echo": <echo>` in every object and the echo prefixed to every `msg` string. */
export function injectEcho(text: string, echo: string): string {
  const quoted = JSON.stringify(echo)
  let out = ''
  let i = 0
  while (i < text.length) {
    const ch = text[i]!
    if (ch === '"') {
      let j = i + 1
      while (j < text.length && text[j] !== '"') j += text[j] === '\\' ? 2 : 1
      const token = text.slice(i, j + 1)
      out += token
      i = j + 1
      const value = token === '"msg"' ? /^\s*:\s*"/.exec(text.slice(i, i + 16)) : null
      if (value) {
        out += `${value[0]}${quoted.slice(1, -1)} `
        i += value[0].length
      }
      continue
    }
    out += ch
    i++
    if (ch === '{') out += `"echo":${quoted}${/^\s*\}/.test(text.slice(i)) ? '' : ','}`
  }
  return out
}

export async function startEchoVenue(target: string, decide: (r: EchoRequest) => EchoDecision = () => 'forward') {
  const up = new URL(target)
  const agent = new Agent({ keepAlive: true })
  const decisions: (EchoRequest & { decision: EchoDecision })[] = []
  const forward = (req: IncomingMessage, body: Buffer): Promise<{ status: number; type: string; text: string }> =>
    new Promise((resolve, reject) => {
      const { 'accept-encoding': _plain, ...headers } = req.headers
      const r = request(
        {
          host: up.hostname,
          port: up.port,
          method: req.method,
          path: req.url,
          headers: { ...headers, host: up.host },
          agent
        },
        (res) => {
          readAll(res).then(
            (b) =>
              resolve({
                status: res.statusCode ?? 502,
                type: String(res.headers['content-type'] ?? 'application/json'),
                text: b.toString('utf8')
              }),
            reject
          )
        }
      )
      r.on('error', reject)
      r.end(body)
    })
  const send = (res: import('node:http').ServerResponse, status: number, type: string, text: string): void => {
    res.writeHead(status, { 'Content-Type': type, 'Content-Length': Buffer.byteLength(text) })
    res.end(text)
  }
  const server = createServer({ keepAlive: true }, (req, res) => {
    void (async () => {
      const body = await readAll(req)
      const u = new URL(req.url ?? '/', 'http://x')
      let sent: Record<string, unknown> = {}
      try {
        sent = body.length > 0 ? (JSON.parse(body.toString('utf8')) as Record<string, unknown>) : {}
      } catch {
        // not JSON: decided on its path alone
      }
      const seen = {
        method: req.method ?? 'GET',
        path: u.pathname.replace(/^\/(spot|futures)\/open/, ''),
        query: u.searchParams,
        body: sent
      }
      const decision = decide(seen)
      decisions.push({ ...seen, decision })
      const echo = echoText(req.headers)
      if (decision === 'reject')
        return send(res, 400, 'application/json', injectEcho('{"code":-1000,"msg":"request refused"}', echo))
      if (decision === 'refuse')
        return send(res, 403, 'application/json', injectEcho('{"code":-1002,"msg":"forbidden"}', echo))
      const answer = await forward(req, body)
      if (decision === 'lose-answer')
        return send(res, 502, 'application/json', injectEcho('{"code":-1000,"msg":"bad gateway"}', echo))
      send(res, answer.status, answer.type, answer.type.includes('json') ? injectEcho(answer.text, echo) : answer.text)
    })().catch(() => req.socket.destroy())
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    decisions,
    async close() {
      server.closeAllConnections()
      await new Promise<void>((r) => server.close(() => r()))
      agent.destroy()
    }
  }
}
