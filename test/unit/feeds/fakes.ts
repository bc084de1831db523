// Test doubles for the feeds: a manual clock with timers, and a fake socket factory that records what the
// client sends and lets a test play the server.
import { gzipSync } from 'node:zlib'
import type { FeedSocket, SocketFactory, SocketHandlers } from '../../../src-main/feeds/socket'
import type { Timers } from '../../../src-main/feeds/timers'

interface Task {
  id: number
  at: number
  fn: () => void
  every?: number
}

export class FakeTimers implements Timers {
  t = 1_000_000
  private tasks: Task[] = []
  private seq = 0
  /** Every setTimeout delay asked for, in order (backoff checks). */
  readonly delays: number[] = []

  now = (): number => this.t
  setTimeout = (fn: () => void, ms: number): number => {
    this.delays.push(ms)
    return this.add(fn, ms)
  }
  setInterval = (fn: () => void, ms: number): number => this.add(fn, ms, ms)
  clearTimeout = (h: unknown): void => void (this.tasks = this.tasks.filter((t) => t.id !== h))
  clearInterval = (h: unknown): void => this.clearTimeout(h)

  get pending(): number {
    return this.tasks.length
  }

  /** Runs every task due up to now + ms, in time order. */
  advance(ms: number): void {
    const end = this.t + ms
    for (;;) {
      const due = this.tasks.filter((t) => t.at <= end).sort((a, b) => a.at - b.at || a.id - b.id)[0]
      if (!due) break
      this.t = due.at
      if (due.every) due.at += due.every
      else this.tasks = this.tasks.filter((t) => t !== due)
      due.fn()
    }
    this.t = end
  }

  private add(fn: () => void, ms: number, every?: number): number {
    const id = ++this.seq
    this.tasks.push({ id, at: this.t + Math.max(0, ms), fn, every: every && Math.max(1, every) })
    return id
  }
}

export class FakeSocket implements FeedSocket {
  readonly sent: string[] = []
  closed = false

  constructor(
    readonly url: string,
    private readonly h: SocketHandlers
  ) {}

  send(text: string): void {
    this.sent.push(text)
  }
  close(): void {
    this.closed = true
  }

  // ---- the server's side ----
  open(): void {
    this.h.onOpen()
  }
  /** A server message: gzip in a binary frame (spec), or plain text (live variance). */
  push(msg: unknown, gzip = true): void {
    const text = JSON.stringify(msg)
    this.h.onMessage(gzip ? gzipSync(text) : text, gzip)
  }
  raw(data: Buffer | string): void {
    this.h.onMessage(data, typeof data !== 'string')
  }
  drop(code = 1006): void {
    this.h.onClose(code, '')
  }

  /** Parsed client messages. */
  get messages(): Record<string, any>[] {
    return this.sent.map((s) => JSON.parse(s))
  }
  commands(event: 'sub' | 'unsub' | 'req'): string[] {
    return this.messages.filter((m) => m.event === event).map((m) => m.params.channel)
  }
}

export class FakeServer {
  readonly sockets: FakeSocket[] = []
  readonly factory: SocketFactory = (url, h) => {
    const s = new FakeSocket(url, h)
    this.sockets.push(s)
    return s
  }
  get last(): FakeSocket {
    const s = this.sockets[this.sockets.length - 1]
    if (!s) throw new Error('no socket yet')
    return s
  }
}

/** Lets pending promise callbacks run. */
export const settle = async (): Promise<void> => {
  for (let i = 0; i < 5; i++) await Promise.resolve()
}
