// The UI side of the contract over any message port (Electron IPC through the preload, or the browser
// host's WebSocket). Typed by the contract; never sees anything the server did not send.
import {
  ContractError,
  type ClientMessage,
  type CommandNames,
  type ContractShape,
  type EventOf,
  type InputOf,
  type OutputOf,
  type ParamsOf,
  type ServerMessage,
  type StreamNames
} from './contract-kit'

export interface ClientPort {
  send(message: ClientMessage): void
  /** Registers the single inbound handler. */
  onMessage(handler: (message: ServerMessage) => void): void
}

export interface ContractClient<C extends ContractShape> {
  invoke<K extends CommandNames<C>>(channel: K, input: InputOf<C, K>): Promise<OutputOf<C, K>>
  /** Returns the unsubscribe function. `onEnd` learns when the server ended the stream (with its error). */
  subscribe<K extends StreamNames<C>>(
    channel: K,
    params: ParamsOf<C, K>,
    listener: (event: EventOf<C, K>) => void,
    onEnd?: (error?: ContractError) => void
  ): () => void
}

export function createContractClient<C extends ContractShape>(port: ClientPort): ContractClient<C> {
  let nextId = 1
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>()
  const streams = new Map<number, { listener: (e: never) => void; onEnd?: (error?: ContractError) => void }>()
  port.onMessage((m) => {
    if (m.t === 'result') {
      const p = pending.get(m.id)
      if (!p) return
      pending.delete(m.id)
      if (m.ok) p.resolve(m.value)
      else p.reject(new ContractError(m.error))
    } else if (m.t === 'event') {
      streams.get(m.id)?.listener(m.payload as never)
    } else if (m.t === 'end') {
      const s = streams.get(m.id)
      streams.delete(m.id)
      s?.onEnd?.(m.error ? new ContractError(m.error) : undefined)
    }
  })
  return {
    invoke(channel, input) {
      const id = nextId++
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve: resolve as (v: unknown) => void, reject })
        port.send({ t: 'call', id, channel, payload: input })
      })
    },
    subscribe(channel, params, listener, onEnd) {
      const id = nextId++
      streams.set(id, { listener: listener as (e: never) => void, ...(onEnd ? { onEnd } : {}) })
      port.send({ t: 'sub', id, channel, params })
      return () => {
        if (streams.delete(id)) port.send({ t: 'unsub', id })
      }
    }
  }
}
