// From HTTP status and body text to a value or an error description. Every body is parsed losslessly (ids beyond
// 2^53 and prices keep their exact text). Live venues answer errors as HTTP 200 with a string code and a Chinese
// msg ({code:"-1121", msg, data, succ:false, msgData}); a success envelope {code:"0", msg:"success", data} is
// unwrapped to its data. Whether a failure is retried, or is an unknown outcome, is the request layer's call.
import { JsonNumber, parseLosslessJson, type LosslessValue } from '../../src-shared/json/lossless-json'
import type { EndpointDef } from '../../src-shared/api/types'
import { apiErrorText, type ExchangeErrorInit } from './errors'
import type { TransportResponse } from './transport'

export type Interpreted = { ok: true; value: LosslessValue | undefined } | { ok: false; error: ExchangeErrorInit }

const isObj = (v: unknown): v is { [k: string]: LosslessValue } =>
  v !== null && typeof v === 'object' && !Array.isArray(v) && !(v instanceof JsonNumber)

function codeOf(v: LosslessValue | undefined): number | undefined {
  const t = v instanceof JsonNumber ? v.text : typeof v === 'string' ? v.trim() : undefined
  return t !== undefined && /^-?\d+$/.test(t) ? Number(t) : undefined
}

interface Envelope {
  code: number
  msg?: string
  data: LosslessValue | undefined
  failed: boolean
}

/** `{code, msg|data|succ}` with a numeric code (number or string): the family's envelope or error body. */
function envelope(v: LosslessValue | undefined): Envelope | undefined {
  if (!isObj(v) || !('code' in v) || !('msg' in v || 'data' in v || 'succ' in v)) return undefined
  const code = codeOf(v['code'])
  if (code === undefined) return undefined
  const msg = typeof v['msg'] === 'string' ? v['msg'] : undefined
  return { code, msg, data: v['data'], failed: code !== 0 || v['succ'] === false }
}

/** Retry-After as seconds or an HTTP date, in ms from now. */
export function parseRetryAfter(header: string | undefined, now: number): number | undefined {
  if (!header) return undefined
  const s = header.trim()
  if (/^\d+(\.\d+)?$/.test(s)) return Math.round(Number(s) * 1000)
  const at = Date.parse(s)
  return Number.isNaN(at) ? undefined : Math.max(0, at - now)
}

function apiFailure(def: EndpointDef, env: Envelope, httpStatus: number): ExchangeErrorInit {
  const text = apiErrorText(env.code, env.msg)
  const out: ExchangeErrorInit = {
    kind: 'api',
    endpointId: def.id,
    code: env.code,
    httpStatus,
    message: `${def.id}: ${text} (${env.code})`
  }
  // Kept even when it is the message's text: the UI tells its own words for the code and this after them.
  if (env.msg !== undefined) out.venueMessage = env.msg
  return out
}

export function interpretResponse(def: EndpointDef, res: TransportResponse, now: number): Interpreted {
  const status = res.status
  const text = res.bodyText.trim()
  let body: LosslessValue | undefined
  let parseError: string | undefined
  if (text !== '') {
    try {
      body = parseLosslessJson(text)
    } catch (e) {
      parseError = e instanceof Error ? e.message : 'invalid JSON'
    }
  }
  const env = envelope(body)
  if (status >= 200 && status < 300) {
    if (parseError !== undefined)
      return {
        ok: false,
        error: {
          kind: 'parse',
          endpointId: def.id,
          httpStatus: status,
          message: `${def.id}: answer is not valid JSON (${parseError})`
        }
      }
    if (env?.failed) return { ok: false, error: apiFailure(def, env, status) }
    return { ok: true, value: env ? env.data : body }
  }
  const retryAfterMs = status === 429 || status === 503 ? parseRetryAfter(res.headers['retry-after'], now) : undefined
  if (status === 429) {
    const e = apiFailure(def, env ?? { code: -1003, data: undefined, failed: true }, status)
    if (retryAfterMs !== undefined) e.retryAfterMs = retryAfterMs
    return { ok: false, error: e }
  }
  if (status >= 400 && status < 500 && env) return { ok: false, error: apiFailure(def, env, status) }
  const e: ExchangeErrorInit = {
    kind: 'http',
    endpointId: def.id,
    httpStatus: status,
    message: `${def.id}: HTTP ${status}`
  }
  if (env) {
    e.code = env.code
    e.message += `: ${apiErrorText(env.code, env.msg)} (${env.code})`
    if (env.msg !== undefined) e.venueMessage = env.msg
  }
  if (retryAfterMs !== undefined) e.retryAfterMs = retryAfterMs
  return { ok: false, error: e }
}
