// The main-process side of the contract, independent of the transport: one `connect` per window (Electron)
// or browser tab (browser host). Every payload is validated with its channel's schema before a handler runs;
// a bad payload gets an error naming the field, and nothing reaches the service. Streams are disposed when
// unsubscribed or when the connection closes.
import {
  parseClientMessage,
  type CommandNames,
  type ContractErrorBody,
  type ContractShape,
  type EventOf,
  type OutputOf,
  type ParsedInputOf,
  type ParsedParamsOf,
  type ServerMessage,
  type StreamNames
} from '@shared/ipc/contract-kit'
import { invalidInput } from '@shared/ipc/schemas/field-rule'

export interface ConnectionContext {
  /** Stable id of the window or tab, e.g. `window:3` or `web:ab12`. */
  connectionId: string
}

export type CommandHandler<C extends ContractShape, K extends CommandNames<C>> = (
  input: ParsedInputOf<C, K>,
  ctx: ConnectionContext
) => OutputOf<C, K> | Promise<OutputOf<C, K>>

/** Starts a stream; returns its disposer. `end(error)` ends it from the server side. */
export type StreamHandler<C extends ContractShape, K extends StreamNames<C>> = (
  params: ParsedParamsOf<C, K>,
  emit: (event: EventOf<C, K>) => void,
  ctx: ConnectionContext,
  end: (error?: ContractErrorBody) => void
) => () => void

export type ContractHandlers<C extends ContractShape> = {
  [K in keyof C & string]: K extends CommandNames<C>
    ? CommandHandler<C, K>
    : K extends StreamNames<C>
      ? StreamHandler<C, K>
      : never
}

export interface ContractServerOptions {
  /** Turns a handler's error into what the UI sees; must never include a secret. */
  mapError?: (error: unknown) => ContractErrorBody
  /** Every message on its way out (results, events, errors, ends) passes here: main's secret scrubber. */
  outgoing?: (m: ServerMessage) => ServerMessage
}

/**
 * Streams one connection may hold open: far above what a window subscribes, and a bound on what a tab can make main
 * hold.
 */
export const MAX_STREAMS_PER_CONNECTION = 256

export interface ContractConnection {
  receive(raw: unknown): void
  close(): void
}

/** A refused input: the field and its rule, in English and (a rule of the schemas) as words for the window. */
export function defaultMapError(error: unknown): ContractErrorBody {
  if (error && typeof error === 'object' && 'contractError' in error)
    return (error as { contractError: ContractErrorBody }).contractError
  return { code: 'internal', message: error instanceof Error ? error.message : 'Internal error' }
}

export function createContractServer<C extends ContractShape>(
  contract: C,
  handlers: ContractHandlers<C>,
  opts: ContractServerOptions = {}
) {
  const mapError = opts.mapError ?? defaultMapError
  const outgoing = opts.outgoing ?? ((m: ServerMessage) => m)
  const h = handlers as unknown as Record<string, (...args: unknown[]) => unknown>

  return {
    contract,
    connect(send: (m: ServerMessage) => void, ctx: ConnectionContext): ContractConnection {
      const streams = new Map<number, () => void>()
      let closed = false
      const safeSend = (m: ServerMessage): void => {
        if (!closed) send(outgoing(m))
      }
      const fail = (id: number, error: ContractErrorBody): void => safeSend({ t: 'result', id, ok: false, error })

      return {
        receive(raw: unknown): void {
          if (closed) return
          const m = parseClientMessage(raw)
          if (typeof m === 'string') {
            const id =
              raw && typeof raw === 'object' && typeof (raw as { id?: unknown }).id === 'number'
                ? (raw as { id: number }).id
                : -1
            fail(id, { code: 'invalid-message', message: m })
            return
          }
          if (m.t === 'unsub') {
            streams.get(m.id)?.()
            streams.delete(m.id)
            return
          }
          const spec = Object.prototype.hasOwnProperty.call(contract, m.channel) ? contract[m.channel] : undefined
          if (!spec || (m.t === 'call') !== (spec.kind === 'command')) {
            fail(m.id, {
              code: 'unknown-channel',
              message: `Unknown ${m.t === 'call' ? 'command' : 'stream'} '${m.channel}'`
            })
            return
          }
          if (m.t === 'call' && spec.kind === 'command') {
            const parsed = spec.input.safeParse(m.payload)
            if (!parsed.success) return fail(m.id, invalidInput(parsed.error, `${m.channel}: invalid input`))
            Promise.resolve()
              .then(() => h[m.channel]!(parsed.data, ctx))
              .then(
                (value) => safeSend({ t: 'result', id: m.id, ok: true, value }),
                (e: unknown) => fail(m.id, mapError(e))
              )
            return
          }
          if (m.t === 'sub' && spec.kind === 'stream') {
            if (streams.has(m.id))
              return fail(m.id, { code: 'invalid-message', message: `Stream id ${m.id} is in use` })
            if (streams.size >= MAX_STREAMS_PER_CONNECTION) {
              safeSend({
                t: 'end',
                id: m.id,
                error: {
                  code: 'limit',
                  message: `Too many open streams on this connection (at most ${MAX_STREAMS_PER_CONNECTION}): close one first`
                }
              })
              return
            }
            const parsed = spec.params.safeParse(m.params)
            if (!parsed.success) {
              safeSend({ t: 'end', id: m.id, error: invalidInput(parsed.error, `${m.channel}: invalid parameters`) })
              return
            }
            const end = (error?: ContractErrorBody): void => {
              const dispose = streams.get(m.id)
              streams.delete(m.id)
              dispose?.()
              safeSend(error ? { t: 'end', id: m.id, error } : { t: 'end', id: m.id })
            }
            try {
              const dispose = h[m.channel]!(
                parsed.data,
                (payload: unknown) => safeSend({ t: 'event', id: m.id, payload }),
                ctx,
                end
              ) as () => void
              streams.set(m.id, dispose)
            } catch (e) {
              safeSend({ t: 'end', id: m.id, error: mapError(e) })
            }
          }
        },
        close(): void {
          closed = true
          for (const dispose of streams.values()) dispose()
          streams.clear()
        }
      }
    }
  }
}
