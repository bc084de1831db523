// The embedded exchange's HTTP front: every request walks one pipeline driven by the catalog entry it
// routes to: raw bytes read once -> auth over those bytes -> rate limit -> lossless parse -> time window (recvWindow
// capped at 60000 ms) -> parameter validation -> handler -> exact JSON. Errors are {code, msg} with the table's HTTP
// status (error-answer.ts).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { endpointByPath } from '@shared/api/catalog'
import { GATEWAY_PREFIX, type EndpointDef, type Gateway } from '@shared/api/types'
import { JsonNumber, parseLosslessJson, type LosslessValue } from '@shared/json/lossless-json'
import { DomainError } from '../domain-error'
import { ApiError, apiFail } from './api-error'
import { errorAnswer, faultAnswer, type ErrorAnswer } from './error-answer'
import { authenticate, checkTimeWindow, type AuthRules, type Credential } from './auth'
import { queryToRecord, validateParams, type ParamRecord } from './params'
import { jsonText } from './json-text'
import { splitTarget } from './target'
import { SlidingWindowLimiter } from './rate-limiter'
import { applyKeepAlive, DEFAULT_HTTP_TIMEOUTS, serverTimeoutOptions, type HttpTimeouts } from './timeouts'

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
  /** `params`: the request's, validated (a ticker's symbol names the book its best prices come from). */
  success(def: EndpointDef, body: unknown, params: ParamRecord): unknown
  error(err: ErrorAnswer): { status: number; body: unknown }
}

/** A flavor's leniencies in reading requests, as live venues have them; none in the spec flavor. */
export interface RequestRules extends AuthRules {
  /** Rewrites the parsed parameters to the spec's before they are validated (a live venue's codes). */
  input?(def: EndpointDef, input: LosslessValue): LosslessValue
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
  /** How a flavor reads requests (flavor/live-requests.ts); the spec's rules when absent. */
  requests?: RequestRules
  /**
   * Paths under `prefix` go to `handle` first (the control API's /sim/v1/); no other request pays for its URL and
   * its promise.
   */
  extension?: { prefix: string; handle: RouteExtension }
  /** Slow-client bounds (timeouts.ts); tests shorten them. */
  timeouts?: Partial<HttpTimeouts>
}

const MAX_BODY = 256 * 1024
const EMPTY = Buffer.alloc(0)
const JSON_HEADERS = ['Content-Type', 'application/json', 'Content-Length'] as const

/** An endpoint a request target routes to, with the path its signature covers (gateway prefix stripped). */
interface Route {
  def: EndpointDef
  requestPath: string
}

export const specShaper: ResponseShaper = {
  success: (_def, body) => body,
  error: (err) => ({ status: err.status, body: { code: err.code, msg: err.msg } })
}

/**
 * An answer in one writeHead with a flat header list; extra headers (Retry-After) are added, never replace the JSON
 * ones.
 */
function send(res: ServerResponse, status: number, body: unknown, headers?: Readonly<Record<string, string>>): void {
  const text = jsonText(body)
  const list: string[] = [...JSON_HEADERS, String(Buffer.byteLength(text))]
  if (headers) for (const name in headers) list.push(name, headers[name] as string)
  res.writeHead(status, list)
  res.end(text)
}

/** String.prototype.trim's test for an empty body, without decoding the common (non-blank) one. */
function isBlank(body: Buffer): boolean {
  for (let i = 0; i < body.length; i++) {
    const c = body[i] as number
    if (c >= 0x80) return body.toString('utf8').trim() === '' // Unicode spaces (NBSP, BOM, ...) count as blank too
    if (c !== 0x20 && (c < 0x09 || c > 0x0d)) return false
  }
  return true
}

function parseBody(body: Buffer): LosslessValue {
  if (isBlank(body)) return {}
  try {
    return parseLosslessJson(body.toString('utf8'))
  } catch (e) {
    return apiFail('MANDATORY_PARAM', `Request body is not valid JSON: ${(e as Error).message}`)
  }
}

/** recvWindow as the request sent it (a number, or digits in a string), before the parameters are validated. */
function recvWindowOf(input: LosslessValue): unknown {
  if (input === null || typeof input !== 'object' || Array.isArray(input) || input instanceof JsonNumber)
    return undefined
  const v = (input as Record<string, LosslessValue>)['recvWindow']
  if (v === undefined || v === null || v === '') return undefined
  return v instanceof JsonNumber ? v.text : v
}

function isPromise(v: unknown): v is PromiseLike<unknown> {
  return typeof (v as PromiseLike<unknown> | null)?.then === 'function'
}

export function createHttpFront(opts: HttpFrontOptions): Server {
  const limiter = new SlidingWindowLimiter()
  // method -> pathname -> route. Only targets naming an endpoint are kept, so it stays as small as the catalog.
  const routes = new Map<string, Map<string, Route>>()

  function routeOf(method: string, pathname: string): Route | undefined {
    let byPath = routes.get(method)
    const known = byPath?.get(pathname)
    if (known) return known
    const gateway: Gateway | undefined = pathname.startsWith('/spot/open/')
      ? 'spot'
      : pathname.startsWith('/futures/open/')
        ? 'futures'
        : undefined
    if (!gateway) return undefined
    // The path the client signed: the gateway prefix stripped.
    const requestPath = pathname.slice(GATEWAY_PREFIX[gateway].length)
    const def = endpointByPath(gateway, method, requestPath)
    if (!def) return undefined
    if (!byPath) routes.set(method, (byPath = new Map()))
    const route = { def, requestPath }
    byPath.set(pathname, route)
    return route
  }

  /**
   * The pipeline after the body is read; returns the validated parameters and the handler's result (a promise when the
   * handler is async).
   */
  function run(
    req: IncomingMessage,
    route: Route,
    rawQuery: string,
    body: Buffer
  ): { params: ParamRecord; result: unknown } {
    const { def, requestPath } = route
    const ip = req.socket.remoteAddress ?? 'unknown'
    let credential: Credential | undefined
    let timestamp = 0
    if (def.security !== 'NONE') {
      const auth = authenticate(
        def.security,
        { headers: req.headers, method: def.method, requestPath, query: rawQuery, body },
        opts.lookupCredential,
        opts.requests
      )
      credential = auth.credential
      timestamp = auth.timestamp
    }
    const now = opts.clock()
    if (!credential?.unlimited) {
      const scopeKey = def.rateLimit.scope === 'ip' || !credential ? `ip:${ip}` : `key:${credential.apiKey}`
      const admission = limiter.admit(`${def.id}|${scopeKey}`, def.rateLimit, now)
      if (!admission.ok) {
        const seconds = Math.max(1, Math.ceil(admission.retryAfterMs / 1000))
        apiFail(
          'TOO_MANY_REQUESTS',
          `Too many requests: ${def.rateLimit.count} per ${def.rateLimit.windowMs} ms on ${def.method} ${def.path}`,
          {
            'Retry-After': String(seconds)
          }
        )
      }
    }
    // GET reads the query; a GET may instead carry its parameters as a JSON body (deposit history allows it).
    const input: LosslessValue =
      def.method === 'GET'
        ? rawQuery === '' && body.length > 0
          ? parseBody(body)
          : queryToRecord(new URLSearchParams(rawQuery))
        : parseBody(body)
    // The time window before the parameters: a stale (replayed) request is refused as such whatever it carries.
    if (credential) checkTimeWindow(timestamp, now, recvWindowOf(input))
    const params = validateParams(def, opts.requests?.input ? opts.requests.input(def, input) : input)
    const handler = opts.handlers.get(def.id)
    if (!handler) throw new ApiError(-1000, `${def.method} ${def.path} is not served by this exchange`, {}, 404)
    return { params, result: handler({ def, params, credential, now, ip }) }
  }

  function fail(res: ServerResponse, err: unknown): void {
    if (res.headersSent || res.destroyed) return
    if (!(err instanceof DomainError))
      console.error('[exchange] internal error:', err instanceof Error ? err.stack : err)
    const answer = err instanceof DomainError ? errorAnswer(err) : faultAnswer('Unknown error while processing')
    const shaped = opts.shaper.error(answer)
    send(res, shaped.status, shaped.body, answer.headers)
  }

  function answer(res: ServerResponse, def: EndpointDef, params: ParamRecord, result: unknown): void {
    try {
      send(res, 200, opts.shaper.success(def, result, params))
    } catch (e) {
      fail(res, e) // e.g. a value JSON cannot carry: still one answer, never an unhandled rejection
    }
  }

  /** Runs the pipeline, synchronously up to the handler; only an async handler or extension adds a tick. */
  function dispatch(req: IncomingMessage, res: ServerResponse, body: Buffer): void {
    try {
      const target = req.url ?? '/'
      const { pathname, rawQuery, url } = splitTarget(target)
      if (opts.extension && pathname.startsWith(opts.extension.prefix)) {
        const claimed = opts.extension.handle(req, res, url ?? new URL(target, 'http://127.0.0.1'), body)
        if (isPromise(claimed)) {
          claimed.then(
            (done) => (done ? undefined : finish(req, res, pathname, rawQuery, body)),
            (e: unknown) => fail(res, e)
          )
          return
        }
        if (claimed) return
      }
      finish(req, res, pathname, rawQuery, body)
    } catch (e) {
      fail(res, e)
    }
  }

  function finish(req: IncomingMessage, res: ServerResponse, pathname: string, rawQuery: string, body: Buffer): void {
    try {
      const route = routeOf(req.method ?? 'GET', pathname)
      if (!route) throw new ApiError(-1000, `Unknown path: ${req.method} ${pathname}`, {}, 404)
      const def = route.def
      const { params, result } = run(req, route, rawQuery, body)
      if (isPromise(result)) {
        result.then(
          (value) => answer(res, def, params, value),
          (e: unknown) => fail(res, e)
        )
      } else {
        answer(res, def, params, result)
      }
    } catch (e) {
      fail(res, e)
    }
  }

  const timeouts = { ...DEFAULT_HTTP_TIMEOUTS, ...opts.timeouts }
  const server = createServer({ keepAlive: true, ...serverTimeoutOptions(timeouts) }, (req, res) => {
    // The raw bytes are read once: the signature covers exactly them. Most bodies arrive in one chunk.
    let first: Buffer | undefined
    let more: Buffer[] | undefined
    let size = 0
    req.on('data', (c: Buffer) => {
      if (size < 0) return
      size += c.length
      if (size > MAX_BODY) {
        size = -1
        // Answered, then the connection closed: the rest of the body is not read.
        res.shouldKeepAlive = false
        fail(res, new ApiError(-1101, `Request body exceeds ${MAX_BODY} bytes`, {}, 413))
        res.once('finish', () => req.destroy())
        return
      }
      if (first === undefined) first = c
      else (more ??= [first]).push(c)
    })
    req.on('end', () => {
      if (size >= 0) dispatch(req, res, more ? Buffer.concat(more) : (first ?? EMPTY))
    })
    req.on('error', (e) => fail(res, e))
  })
  applyKeepAlive(server, timeouts)
  return server
}
