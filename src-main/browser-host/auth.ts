// Who may open a contract socket on the browser host. Pure bookkeeping (no I/O), so the rules are read in one
// place and unit-tested without a server:
// - a one-time *token* opens one session; it is spent by its first use, accepted or not;
// - a session's *secret* (given to the tab that spent the token) reconnects that tab, any number of times,
//   and mints further one-time tokens for windows the tab opens (POST /session);
// - every check also needs the host's own Origin, a loopback peer and the host's own Host header.
import { randomBytes } from 'node:crypto'

/** Offered by the page as a Sec-WebSocket-Protocol; the host answers with it, never with a credential. */
export const WS_PROTOCOL = 'chtrader.v1'
/** Prefixes of the credential protocol value: `token.XYZ` (one-time) or `session.XYZ` (reconnect). */
export const TOKEN_PREFIX = 'token.'
export const SESSION_PREFIX = 'session.'

/** 32 random bytes, base64url: valid in a URL fragment and in a Sec-WebSocket-Protocol value. */
export const newSecret = (): string => randomBytes(32).toString('base64url')

export interface Session {
  /** Not secret: names the session in connection ids and logs. */
  id: string
  secret: string
}

export function createAuth(now: () => number = Date.now) {
  const tokens = new Map<string, number>() // token -> expiry (ms epoch)
  const sessions = new Map<string, Session>() // secret -> session
  let seq = 0
  return {
    mintToken(ttlMs = Number.POSITIVE_INFINITY): string {
      const token = newSecret()
      tokens.set(token, now() + ttlMs)
      return token
    },
    /** Spends `token` (always) and opens a session when it was valid and unexpired. */
    redeem(token: string): Session | null {
      const expiry = tokens.get(token)
      tokens.delete(token)
      if (expiry === undefined || expiry < now()) return null
      const session = { id: `web:${++seq}`, secret: newSecret() }
      sessions.set(session.secret, session)
      return session
    },
    session(secret: string): Session | null {
      return sessions.get(secret) ?? null
    }
  }
}

export type Auth = ReturnType<typeof createAuth>

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1'])
export const isLoopback = (address: string | undefined): boolean => address !== undefined && LOOPBACK.has(address)

/** Splits `Sec-WebSocket-Protocol` into its values. */
export const offeredProtocols = (header: string | undefined): string[] =>
  (header ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
