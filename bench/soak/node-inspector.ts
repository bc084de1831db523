// The soak bench's view into the terminal server's own heap: the server is started with `--inspect` on a free
// loopback port (through NODE_OPTIONS, so no product code knows of it) and this client speaks the V8 inspector
// protocol to it, as the bench does to Chromium's windows over CDP: a forced GC, then the heap used, and
// process.memoryUsage() (RSS, external and array buffers beside the JS heap). A heap snapshot, when asked, is
// streamed to a file so two of them can be compared (heap-diff.ts).
import { createWriteStream } from 'node:fs'
import { createServer } from 'node:net'
import WebSocket from 'ws'

/** A free loopback port: the inspector takes a fixed one so the bench knows where it is without reading stderr. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer()
    s.once('error', reject)
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port
      s.close(() => resolve(port))
    })
  })
}

export interface ServerMemory {
  /** JS heap used after a forced GC (Runtime.getHeapUsage), MB. */
  heapMB: number
  /** process.memoryUsage() after that GC, MB. */
  rssMB: number
  externalMB: number
  arrayBuffersMB: number
}

export interface NodeInspector {
  memory(): Promise<ServerMemory>
  /** Streams a heap snapshot (after a GC) to `file`. */
  snapshot(file: string): Promise<void>
  close(): void
}

const MB = 1024 * 1024
const mb = (bytes: number): number => Math.round((bytes / MB) * 100) / 100

/** Connects to the inspector listening on `port`, trying for `timeoutMs` (the server opens it as it starts). */
export async function connectInspector(port: number, timeoutMs = 10_000): Promise<NodeInspector> {
  const until = Date.now() + timeoutMs
  let wsUrl: string | undefined
  for (;;) {
    try {
      const list = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as {
        webSocketDebuggerUrl: string
      }[]
      wsUrl = list[0]?.webSocketDebuggerUrl
      if (wsUrl) break
    } catch {
      // not listening yet
    }
    if (Date.now() > until) throw new Error(`no inspector on 127.0.0.1:${port} after ${timeoutMs} ms`)
    await new Promise((r) => setTimeout(r, 200))
  }
  const ws = new WebSocket(wsUrl)
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve())
    ws.once('error', reject)
  })
  let nextId = 1
  const calls = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>()
  let onEvent: ((method: string, params: Record<string, unknown>) => void) | null = null
  ws.on('message', (data: Buffer) => {
    const m = JSON.parse(data.toString('utf8')) as {
      id?: number
      result?: unknown
      error?: { message: string }
      method?: string
      params?: Record<string, unknown>
    }
    if (m.id !== undefined) {
      const c = calls.get(m.id)
      calls.delete(m.id)
      if (m.error) c?.reject(new Error(m.error.message))
      else c?.resolve(m.result)
    } else if (m.method) onEvent?.(m.method, m.params ?? {})
  })
  const send = <T>(method: string, params: Record<string, unknown> = {}): Promise<T> =>
    new Promise((resolve, reject) => {
      const id = nextId++
      calls.set(id, { resolve: resolve as (v: unknown) => void, reject })
      ws.send(JSON.stringify({ id, method, params }))
    })
  await send('HeapProfiler.enable')

  return {
    async memory() {
      await send('HeapProfiler.collectGarbage')
      const heap = await send<{ usedSize: number }>('Runtime.getHeapUsage')
      const r = await send<{ result: { value: Record<string, number> } }>('Runtime.evaluate', {
        expression: 'process.memoryUsage()',
        returnByValue: true
      })
      const u = r.result.value
      return {
        heapMB: mb(heap.usedSize),
        rssMB: mb(u['rss'] ?? 0),
        externalMB: mb(u['external'] ?? 0),
        arrayBuffersMB: mb(u['arrayBuffers'] ?? 0)
      }
    },
    async snapshot(file) {
      const out = createWriteStream(file)
      onEvent = (method, params) => {
        if (method === 'HeapProfiler.addHeapSnapshotChunk') out.write(params['chunk'] as string)
      }
      try {
        await send('HeapProfiler.collectGarbage')
        await send('HeapProfiler.takeHeapSnapshot', { reportProgress: false })
      } finally {
        onEvent = null
        await new Promise<void>((resolve, reject) => out.end((e?: Error | null) => (e ? reject(e) : resolve())))
      }
    },
    close() {
      ws.close()
    }
  }
}
