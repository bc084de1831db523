// The embedded exchange's HTTP front: every request walks one pipeline driven by the catalog entry it
// routes to: raw bytes read once -> auth over those bytes -> rate limit -> lossless parse -> time window ->
// parameter validation -> handler -> exact JSON. Errors are {code, msg} with the table's HTTP status.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { endpointByPath } from '@shared/api/catalog'
import type { EndpointDef, Module } from '@shared/api/types'
import { parseLosslessJson, type LosslessValue } from '@shared/json/lossless-json'
import { ApiError, apiFail } from './api-error'
import { authenticate, checkTimeWindow, type Credential } from './auth'
import { queryToRecord, validateParams, type ParamRecord } from './params'
import { jsonText } from './json-text'
import { splitTarget } from './target'
import { SlidingWindowLimiter } from './rate-limiter'

export interface HandlerContext {
  def: EndpointDef
  params: ParamRecord
  /** Present on signed endpoints. */
  credential?: Credential
  now: number
  ip: string
}

export type Handler = (ctx: HandlerContext) => unknown

/** Rewrites a response or an error for a flavor (the live-venue variance); identity for the spec flavor. */
export interface ResponseShaper {
  success(def: EndpointDef, body: unknown): unknown
  error(err: ApiError): { status: number; body: unknown }
}

export interface RouteExtension {
  /** Returns true when it answered the request (control API, health). */
  (req: IncomingMessage, res: ServerResponse, url: URL, body: Buffer): boolean | Promise<boolean>
}

export interface HttpFrontOptions {
  handlers: ReadonlyMap<string, Handler>
  lookupCredential: (apiKey: string) => Credential | undefined
  clock: () => number
  shaper: ResponseShaper
  extension?: RouteExtension
}

const MODULES: readonly [string, Module][] = [
  ['/spot/open/', 'spot'],
  ['/futures/open/', 'futures']
]
const MAX_BODY = 256 * 1024

export const specShaper: ResponseShaper = {
  success: (_def, body) => body,
  error: (err) => ({ status: err.status, body: { code: err.code, msg: err.message } })
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    req.on('data', (c: Buffer) => {
      size += c.length
      if (size > MAX_BODY) {
        reject(new ApiError(-1101, `Request body exceeds ${MAX_BODY} bytes`, {}, 413))
        req.destroy()
        return
      }
      chunks.push(c)
    })
    req.on('end', () => resolve(chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks)))
    req.on('error', reject)
  })
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = jsonText(body)
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text), ...headers })
  res.end(text)
}

function parseBody(body: Buffer): LosslessValue {
  const text = body.toString('utf8')
  if (text.trim() === '') return {}
  try {
    return parseLosslessJson(text)
  } catch (e) {
    return apiFail('MANDATORY_PARAM', `Request body is not valid JSON: ${(e as Error).message}`)
  }
}

export function createHttpFront(opts: HttpFrontOptions): Server {
  const limiter = new SlidingWindowLimiter()

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const target = req.url ?? '/'
    const { pathname, rawQuery, url } = splitTarget(target)
    const body = await readBody(req)
    if (opts.extension && (await opts.extension(req, res, url ?? new URL(target, 'http://127.0.0.1'), body))) return

    const route = MODULES.find(([prefix]) => pathname.startsWith(prefix))
    const requestPath = route ? pathname.slice(route[0].length - 1) : ''
    const def = route ? endpointByPath(route[1], req.method ?? 'GET', requestPath) : undefined
    if (!route || !def) {
      throw new ApiError(-1000, `Unknown path: ${req.method} ${pathname}`, {}, 404)
    }
    const ip = req.socket.remoteAddress ?? 'unknown'
    let credential: Credential | undefined
    let timestamp = 0
    if (def.security !== 'NONE') {
      const auth = authenticate(def.security, { headers: req.headers, method: def.method, requestPath, query: rawQuery, body }, opts.lookupCredential)
      credential = auth.credential
      timestamp = auth.timestamp
    }
    const now = opts.clock()
    if (!credential?.unlimited) {
      const scopeKey = def.rateLimit.scope === 'ip' || !credential ? `ip:${ip}` : `key:${credential.apiKey}`
      const admission = limiter.admit(`${def.id}|${scopeKey}`, def.rateLimit, now)
      if (!admission.ok) {
        const seconds = Math.max(1, Math.ceil(admission.retryAfterMs / 1000))
        apiFail('TOO_MANY_REQUESTS', `Too many requests: ${def.rateLimit.count} per ${def.rateLimit.windowMs} ms on ${def.method} ${def.path}`, {
          'Retry-After': String(seconds)
        })
      }
    }
    // GET reads the query; a GET may instead carry its parameters as a JSON body (deposit history allows it).
    const input: LosslessValue =
      def.method === 'GET' ? (rawQuery === '' && body.length > 0 ? parseBody(body) : queryToRecord(new URLSearchParams(rawQuery))) : parseBody(body)
    const params = validateParams(def, input)
    if (credential) checkTimeWindow(timestamp, now, params['recvWindow'] === undefined ? undefined : Number(params['recvWindow']))

    const handler = opts.handlers.get(def.id)
    if (!handler) throw new ApiError(-1000, `${def.method} ${def.path} is not served by this exchange`, {}, 404)
    const result = await handler({ def, params, credential, now, ip })
    send(res, 200, opts.shaper.success(def, result))
  }

  return createServer({ keepAlive: true }, (req, res) => {
    handle(req, res).catch((err: unknown) => {
      if (res.headersSent) return
      const apiErr = err instanceof ApiError ? err : new ApiError(-1000, 'Unknown error while processing')
      if (!(err instanceof ApiError)) console.error('[exchange] internal error:', err instanceof Error ? err.stack : err)
      const shaped = opts.shaper.error(apiErr)
      send(res, shaped.status, shaped.body, apiErr.headers)
    })
  })
}
