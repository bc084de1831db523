// The socket seam: FeedConnection talks to this, not to `ws`, so unit tests inject a fake socket.
import WebSocket from 'ws'
import type { RawFrame } from './decode'

export interface SocketHandlers {
  onOpen(): void
  onMessage(data: RawFrame, binary: boolean): void
  onClose(code: number, reason: string): void
  onError(err: Error): void
}

export interface FeedSocket {
  /** JSON text only: FeedConnection never sends a bare `ping` (one venue closes the socket on it). */
  send(text: string): void
  /** Immediate teardown: a stale peer would never finish a closing handshake. */
  close(): void
}

export type SocketFactory = (url: string, handlers: SocketHandlers) => FeedSocket

export const wsSocketFactory: SocketFactory = (url, h) => {
  // No permessage-deflate: frames are already gzip (or small text), and inflate would cost per frame.
  const ws = new WebSocket(url, { perMessageDeflate: false })
  ws.on('open', () => h.onOpen())
  ws.on('message', (data: WebSocket.RawData, binary: boolean) => h.onMessage(data, binary))
  ws.on('close', (code: number, reason: Buffer) => h.onClose(code, reason.toString()))
  ws.on('error', (err: Error) => h.onError(err))
  return {
    send: (text) => {
      if (ws.readyState === WebSocket.OPEN) ws.send(text)
    },
    close: () => ws.terminate()
  }
}
