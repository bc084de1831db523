// Who may call the control API. It moves paper prices, pauses the market and makes funded accounts, and any web
// page the user visits can reach a loopback port, so a request must carry this run's token, name our own
// Host (no DNS rebinding), come from no foreign Origin and be application/json (a page cannot send that
// cross-origin without a preflight, which this API never answers).
import { randomBytes, timingSafeEqual } from 'node:crypto'
import type { IncomingHttpHeaders } from 'node:http'

/** A fresh per-run token: 32 random bytes, base64url (safe in a header and on a command line). */
export const newControlToken = (): string => randomBytes(32).toString('base64url')

/** Header that carries the token: `Authorization: Bearer <token>`. */
export const controlAuthHeader = (token: string): Record<string, string> => ({ Authorization: `Bearer ${token}` })

/** Why a request may not use the control API: its HTTP status, the family's code and the words. */
export interface ControlRefusal {
  status: 401 | 403 | 415
  code: number
  msg: string
}

const refusal = (status: ControlRefusal['status'], msg: string, code = -1002): ControlRefusal => ({ status, code, msg })

function one(headers: IncomingHttpHeaders, name: string): string | undefined {
  const v = headers[name]
  return Array.isArray(v) ? v[0] : v
}

function sameToken(given: string, token: string): boolean {
  const a = Buffer.from(given)
  const b = Buffer.from(token)
  return a.length === b.length && timingSafeEqual(a, b)
}

/** The refusal (401, 403 or 415, in words), or undefined when the request may use the control API; port is ours. */
export function checkControlRequest(
  headers: IncomingHttpHeaders,
  token: string,
  port: number
): ControlRefusal | undefined {
  const hosts = [`127.0.0.1:${port}`, `localhost:${port}`]
  const host = one(headers, 'host')
  if (!host || !hosts.includes(host.toLowerCase()))
    return refusal(403, `Control API: Host must be 127.0.0.1:${port} or localhost:${port}`)
  const origin = one(headers, 'origin')
  if (origin !== undefined && !hosts.some((h) => origin.toLowerCase() === `http://${h}`))
    return refusal(403, 'Control API: requests from another origin are refused')
  const bearer = /^Bearer (\S+)$/.exec(one(headers, 'authorization') ?? '')?.[1]
  if (!bearer)
    return refusal(
      401,
      "Control API: the token is missing (send 'Authorization: Bearer <token>'; the exchange prints it at start)"
    )
  if (!sameToken(bearer, token)) return refusal(401, 'Control API: the token is not this run’s token')
  const type = one(headers, 'content-type')?.split(';')[0]?.trim().toLowerCase()
  if (type !== 'application/json') return refusal(415, 'Control API: Content-Type must be application/json', -1017)
  return undefined
}
