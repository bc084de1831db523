// The renderer bridge's WebSocket port against a scripted socket: the credential it offers, the token leaving
// the address bar, queueing until the host's hello, and what a dropped socket does to calls and streams.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createContractClient } from '@shared/ipc/contract-client'
import { loadBridge } from './load-bridge'

const { createWebSocketPort, SESSION_KEY, terminalPort } = await loadBridge()

class FakeSocket {
  static all: FakeSocket[] = []
  onmessage: ((e: { data: string }) => void) | null = null
  onclose: (() => void) | null = null
  readonly sent: unknown[] = []
  constructor(
    readonly url: string,
    readonly protocols: string[]
  ) {
    FakeSocket.all.push(this)
  }
  send(data: string): void {
    this.sent.push(JSON.parse(data))
  }
  close(): void {
    this.onclose?.()
  }
  hello(session?: string): void {
    this.onmessage?.({ data: JSON.stringify({ t: 'hello', connectionId: 'web:1:1', ...(session ? { session } : {}) }) })
  }
  reply(m: unknown): void {
    this.onmessage?.({ data: JSON.stringify(m) })
  }
}
const last = () => FakeSocket.all.at(-1)!

function browser(hash: string) {
  const store = new Map<string, string>()
  const location = {
    protocol: 'http:',
    host: '127.0.0.1:4000',
    origin: 'http://127.0.0.1:4000',
    pathname: '/',
    search: '',
    hash
  }
  vi.stubGlobal('location', location)
  vi.stubGlobal('history', {
    state: null,
    replaceState: (_s: unknown, _t: string, url: string) => (location.hash = url.replace(/^[^#]*/, ''))
  })
  vi.stubGlobal('sessionStorage', {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => store.set(k, v)
  })
  vi.stubGlobal('WebSocket', FakeSocket)
  vi.stubGlobal('window', {})
  return { location, store }
}

beforeEach(() => {
  FakeSocket.all = []
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

describe('bridge WebSocket port', () => {
  it('prefers window.terminal (Electron) when the preload exposed it', () => {
    const electronPort = { send: () => undefined, onMessage: () => undefined }
    vi.stubGlobal('window', { terminal: electronPort })
    expect(terminalPort()).toBe(electronPort)
  })

  it('offers the token once, drops it from the address bar, queues until hello and keeps the session', async () => {
    const { location, store } = browser('#/market/spot/btcusdt&token=T1')
    const port = createWebSocketPort()
    expect(location.hash).toBe('#/market/spot/btcusdt')
    expect(last().url).toBe('ws://127.0.0.1:4000/contract')
    expect(last().protocols).toEqual(['chtrader.v1', 'token.T1'])
    const client = createContractClient(port)
    const result = client.invoke('x.y' as never, { a: 1 } as never)
    expect(last().sent).toEqual([]) // nothing goes before the host said hello
    last().hello('S1')
    expect(store.get(SESSION_KEY)).toBe('S1')
    expect(port.status).toBe('open')
    expect(last().sent).toEqual([{ t: 'call', id: 1, channel: 'x.y', payload: { a: 1 } }])
    last().reply({ t: 'result', id: 1, ok: true, value: 42 })
    await expect(result).resolves.toBe(42)
  })

  it('fails in-flight calls and ends streams when the socket drops, then reconnects with the session', async () => {
    browser('#token=T1')
    const port = createWebSocketPort()
    const client = createContractClient(port)
    last().hello('S1')
    const pending = client.invoke('x.y' as never, {} as never)
    let ended: unknown
    client.subscribe(
      'x.onZ' as never,
      {} as never,
      () => undefined,
      (e) => (ended = e)
    )
    const first = last()
    first.close()
    await expect(pending).rejects.toMatchObject({ code: 'disconnected' })
    expect(ended).toMatchObject({ code: 'disconnected' })
    expect(port.status).toBe('reconnecting')
    const queued = client.invoke('x.y' as never, { again: true } as never) // waits for the new socket
    await vi.advanceTimersByTimeAsync(1000)
    expect(last()).not.toBe(first)
    expect(last().protocols).toEqual(['chtrader.v1', 'session.S1'])
    last().hello()
    expect(last().sent).toEqual([{ t: 'call', id: 3, channel: 'x.y', payload: { again: true } }])
    last().reply({ t: 'result', id: 3, ok: true, value: 'ok' })
    await expect(queued).resolves.toBe('ok')
  })

  it('is unauthorized without a credential, or when its token is refused', async () => {
    browser('')
    const none = createContractClient(createWebSocketPort())
    expect(FakeSocket.all).toEqual([])
    await expect(none.invoke('x.y' as never, {} as never)).rejects.toMatchObject({ code: 'unauthorized' })

    browser('#token=SPENT')
    const port = createWebSocketPort()
    const client = createContractClient(port)
    const queued = client.invoke('x.y' as never, {} as never)
    last().close() // refused before hello
    expect(port.status).toBe('unauthorized')
    await expect(queued).rejects.toMatchObject({ code: 'unauthorized' })
    await vi.advanceTimersByTimeAsync(60_000)
    expect(FakeSocket.all).toHaveLength(1) // a refused token is not retried
  })

  it('falls back to its session when a tab re-opens its spent link', async () => {
    const { store } = browser('#token=SPENT')
    store.set(SESSION_KEY, 'S1')
    const port = createWebSocketPort()
    expect(last().protocols).toEqual(['chtrader.v1', 'token.SPENT'])
    last().close()
    await vi.advanceTimersByTimeAsync(1000)
    expect(last().protocols).toEqual(['chtrader.v1', 'session.S1'])
    last().hello()
    expect(port.status).toBe('open')
  })

  it('gives up after repeated refusals of its session, until asked to reconnect', async () => {
    const { store } = browser('')
    store.set(SESSION_KEY, 'OLD')
    const port = createWebSocketPort()
    for (let i = 0; i < 20 && port.status !== 'offline'; i++) {
      last().close()
      await vi.advanceTimersByTimeAsync(10_000)
    }
    expect(port.status).toBe('offline')
    const count = FakeSocket.all.length
    expect(count).toBe(9) // the first attempt and 8 retries
    port.reconnect()
    expect(FakeSocket.all).toHaveLength(count + 1)
    last().hello()
    expect(port.status).toBe('open')
  })
})
