// The building blocks of the UI <-> main contract. A contract is one object of named channels, defined once
// and used by main (server), preload and renderer (client): commands (request -> response) and streams
// (subscribe with parameters -> events). Every inbound payload is checked with its zod schema on the main
// side before any service sees it. Channel names follow `service.verb` and streams `service.onThing`.
import type { Words } from '../i18n/words'
import type { z } from 'zod'

export interface CommandSpec<I extends z.ZodType = z.ZodType, O = unknown> {
  readonly kind: 'command'
  readonly input: I
  readonly summary: string
  /** Type-only: the command's result. */
  readonly __output?: O
}

export interface StreamSpec<P extends z.ZodType = z.ZodType, E = unknown> {
  readonly kind: 'stream'
  readonly params: P
  readonly summary: string
  /** Type-only: one event of the stream. */
  readonly __event?: E
}

export type ChannelSpec = CommandSpec | StreamSpec
export type ContractShape = Readonly<Record<string, ChannelSpec>>

/** `command<Result>()(inputSchema, summary)`: the result type is given, the input inferred from the schema. */
export function command<O>() {
  return <I extends z.ZodType>(input: I, summary: string): CommandSpec<I, O> => ({ kind: 'command', input, summary })
}

/** `stream<Event>()(paramsSchema, summary)`. */
export function stream<E>() {
  return <P extends z.ZodType>(params: P, summary: string): StreamSpec<P, E> => ({ kind: 'stream', params, summary })
}

export type CommandNames<C extends ContractShape> = { [K in keyof C]: C[K] extends CommandSpec ? K : never }[keyof C] &
  string
export type StreamNames<C extends ContractShape> = { [K in keyof C]: C[K] extends StreamSpec ? K : never }[keyof C] &
  string
export type InputOf<C extends ContractShape, K extends CommandNames<C>> =
  C[K] extends CommandSpec<infer I> ? z.input<I> : never
export type ParsedInputOf<C extends ContractShape, K extends CommandNames<C>> =
  C[K] extends CommandSpec<infer I> ? z.output<I> : never
export type OutputOf<C extends ContractShape, K extends CommandNames<C>> =
  C[K] extends CommandSpec<z.ZodType, infer O> ? O : never
export type ParamsOf<C extends ContractShape, K extends StreamNames<C>> =
  C[K] extends StreamSpec<infer P> ? z.input<P> : never
export type ParsedParamsOf<C extends ContractShape, K extends StreamNames<C>> =
  C[K] extends StreamSpec<infer P> ? z.output<P> : never
export type EventOf<C extends ContractShape, K extends StreamNames<C>> =
  C[K] extends StreamSpec<z.ZodType, infer E> ? E : never

// ---- wire messages, the same over Electron IPC and the browser host's WebSocket ----

export type ClientMessage =
  | { t: 'call'; id: number; channel: string; payload: unknown }
  | { t: 'sub'; id: number; channel: string; params: unknown }
  | { t: 'unsub'; id: number }

export interface ContractErrorBody {
  /** `invalid-input`, `unknown-channel`, `exchange`, `keychain`, `internal`, ... */
  code: string
  message: string
  /** The offending field's path for invalid input, e.g. `order.price`. */
  field?: string
  /**
   * For exchange errors: the venue's code, HTTP status, catalog endpoint, and its own words as received (`msg`, often
   * Chinese; the UI tells a known code in the user's language instead).
   */
  exchange?: { code?: number; httpStatus?: number; endpointId?: string; kind?: string; venueMessage?: string }
  /** A trading command's action (its events on trading.onOrderEvents carry the same id), when it got that far. */
  actionId?: string
  /** The message as a catalog key and values, for the UI to tell in its language (`message` is the English). */
  words?: Words
}

export type ServerMessage =
  | { t: 'result'; id: number; ok: true; value: unknown }
  | { t: 'result'; id: number; ok: false; error: ContractErrorBody }
  | { t: 'event'; id: number; payload: unknown }
  | { t: 'end'; id: number; error?: ContractErrorBody }

/** Raised on the client side when a command fails; carries the server's error body. */
export class ContractError extends Error {
  readonly code: string
  readonly field?: string
  readonly exchange?: ContractErrorBody['exchange']
  readonly actionId?: string
  readonly words?: Words
  constructor(body: ContractErrorBody) {
    super(body.message)
    this.name = 'ContractError'
    this.code = body.code
    if (body.field !== undefined) this.field = body.field
    if (body.exchange !== undefined) this.exchange = body.exchange
    if (body.actionId !== undefined) this.actionId = body.actionId
    if (body.words !== undefined) this.words = body.words
  }
}

/** Shape check of an inbound client message (before any schema of a channel is consulted). */
export function parseClientMessage(raw: unknown): ClientMessage | string {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return 'message must be an object'
  const m = raw as Record<string, unknown>
  if (typeof m['id'] !== 'number' || !Number.isSafeInteger(m['id'])) return "message field 'id' must be an integer"
  switch (m['t']) {
    case 'call':
      if (typeof m['channel'] !== 'string') return "message field 'channel' must be a string"
      return { t: 'call', id: m['id'], channel: m['channel'], payload: m['payload'] }
    case 'sub':
      if (typeof m['channel'] !== 'string') return "message field 'channel' must be a string"
      return { t: 'sub', id: m['id'], channel: m['channel'], params: m['params'] }
    case 'unsub':
      return { t: 'unsub', id: m['id'] }
    default:
      return "message field 't' must be call, sub or unsub"
  }
}
