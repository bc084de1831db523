// Wire encoding of server messages and decoding of client commands.
// Flavor `spec`: every server message (data, acks, replies, pings) is gzip in a binary frame, as the family
// sends it. Flavor `live`: plain text frames, as some live venues send them.
import { gzipSync } from 'node:zlib'

export type Flavor = 'spec' | 'live'

/** One encoded message, ready to send to any number of sockets unchanged. */
export interface Encoded {
  data: Buffer
  binary: boolean
}

export function encode(message: unknown, flavor: Flavor): Encoded {
  const json = Buffer.from(JSON.stringify(message))
  return flavor === 'spec' ? { data: gzipSync(json), binary: true } : { data: json, binary: false }
}

export type ClientCommand =
  | { kind: 'ping'; value: unknown }
  | { kind: 'pong'; value: unknown }
  | { kind: 'sub' | 'unsub' | 'req'; channel: string; cbId: string; params: Record<string, unknown> }

/**
 * Null for anything that is not a command we know (malformed JSON, bare `ping` text, unknown event): such
 * input is ignored, never answered with a close, because one stray message should not cost a client its feed.
 */
export function parseCommand(raw: string): ClientCommand | null {
  let msg: unknown
  try {
    msg = JSON.parse(raw)
  } catch {
    return null
  }
  if (typeof msg !== 'object' || msg === null || Array.isArray(msg)) return null
  const m = msg as Record<string, unknown>
  if ('ping' in m) return { kind: 'ping', value: m.ping }
  if ('pong' in m) return { kind: 'pong', value: m.pong }
  const event = m.event
  if (event !== 'sub' && event !== 'unsub' && event !== 'req') return null
  const params = m.params
  if (typeof params !== 'object' || params === null) return null
  const p = params as Record<string, unknown>
  if (typeof p.channel !== 'string') return null
  const cbId = typeof p.cb_id === 'string' || typeof p.cb_id === 'number' ? String(p.cb_id) : ''
  return { kind: event, channel: p.channel, cbId, params: p }
}
