// CPU per signed order through the exchange's HTTP pipeline: node:http parsing, auth, validation, matching,
// answer, with the requests fed through in-memory sockets (no kernel, no second process, no scheduler), so that
// a change to the pipeline shows even on a busy machine, where orders.bench.ts's throughput is mostly noise.
// The figure also holds this process's client side (signing each request, reading each answer), the same for
// every root: judge a change by the difference between roots.
// With --roots, several checkouts (e.g. a copy of HEAD and the working tree) run in this one process, their
// slices alternating, and each gets the median CPU us per request over its slices, and each root after the first
// the median of its per-slice difference from the first (the steadier figure on a loaded machine). The traffic is
// orders.bench.ts's: 16 connections, one request in flight on each, every 10th a batchCancel of the previous 9.
// Figures only; nothing is asserted.
//
// --data-dir: each root's exchange keeps a journal in a fresh temp folder (orders.bench.ts's durable setups): the
// figure is still CPU per request (the waits on the disk are not in it), with the durable commit's work in it.
// Run:  npx tsx --tsconfig tsconfig.node.json bench/http/pipeline.bench.ts [--roots /tmp/old,.] [--slices 10]
//       [--requests 20000] [--connections 16] [--data-dir]
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { Duplex } from 'node:stream'
import { Server as NetServer } from 'node:net'
import type { Server } from 'node:http'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { signRequest } from '../../src-shared/node/hmac-signing'
import { arg, flag } from '../args'
import { median } from '../stats'

const KEY = { apiKey: 'pipeline-key', apiSecret: 'pipeline-secret' }

interface Target {
  root: string
  server: Server
  close(): Promise<void>
}

/** Starts the exchange of checkout `root` and catches its HTTP server as it starts listening. */
async function start(root: string): Promise<Target> {
  const listen = NetServer.prototype.listen
  let caught: Server | undefined
  NetServer.prototype.listen = function (this: NetServer, ...a: unknown[]) {
    caught ??= this as Server
    return (listen as (...x: unknown[]) => NetServer).apply(this, a)
  } as typeof listen
  try {
    const mod = (await import(
      pathToFileURL(resolve(root, 'src-sim/exchange.ts')).href
    )) as typeof import('../../src-sim/exchange')
    // control: as the terminal's embedded exchange runs (src-main/core/embedded.ts), with the control API on.
    const dataDir = flag('data-dir') ? mkdtempSync(join(tmpdir(), 'cht-pipeline-')) : null
    const ex = await mod.startExchange({
      activity: false,
      keys: [KEY],
      unlimitedKeys: true,
      port: 0,
      control: true,
      dataDir
    })
    if (!caught) throw new Error(`${root}: no HTTP server seen`)
    const close = async (): Promise<void> => {
      await ex.close()
      if (dataDir) rmSync(dataDir, { recursive: true, force: true })
    }
    return { root, server: caught, close }
  } finally {
    NetServer.prototype.listen = listen
  }
}

/** One client connection over an in-memory socket: one request in flight; resolves with the response body. */
class MemoryConnection {
  private received = ''
  private pending: ((body: string) => void) | null = null
  private readonly socket: Duplex

  constructor(server: Server) {
    const onBytes = (chunk: Buffer | string): void => this.onBytes(String(chunk))
    this.socket = new Duplex({
      read() {},
      write(chunk: Buffer, _enc, cb) {
        onBytes(chunk)
        cb()
      },
      writev(chunks, cb) {
        for (const c of chunks) onBytes(c.chunk as Buffer)
        cb()
      }
    })
    server.emit('connection', this.socket)
  }

  post(path: string, body: string): Promise<string> {
    const requestPath = path.slice('/spot/open'.length)
    const h = signRequest({
      apiKey: KEY.apiKey,
      secret: KEY.apiSecret,
      method: 'POST',
      requestPath,
      body,
      timestamp: String(Date.now())
    })
    const head =
      `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n` +
      `X-CH-APIKEY: ${h['X-CH-APIKEY']}\r\nX-CH-TS: ${h['X-CH-TS']}\r\nX-CH-SIGN: ${h['X-CH-SIGN']}\r\n` +
      `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`
    return new Promise((done) => {
      this.pending = done
      this.socket.push(head + body)
    })
  }

  private onBytes(text: string): void {
    this.received += text
    const end = this.received.indexOf('\r\n\r\n')
    if (end < 0) return
    const m = /content-length: (\d+)/i.exec(this.received.slice(0, end))
    const length = Number(m?.[1])
    if (this.received.length < end + 4 + length) return // ASCII answers: length in characters is length in bytes
    const body = this.received.slice(end + 4, end + 4 + length)
    if (!this.received.startsWith('HTTP/1.1 200')) throw new Error(`answer: ${this.received.slice(0, 200)}`)
    this.received = this.received.slice(end + 4 + length)
    const done = this.pending
    this.pending = null
    done?.(body)
  }
}

/** `count` requests over `connections` connections; returns CPU us (user + system) per request. */
async function slice(conns: MemoryConnection[], count: number, seq: { n: number }): Promise<number> {
  let left = count
  const cpu0 = process.cpuUsage()
  await Promise.all(
    conns.map(async (c) => {
      const ids: string[] = []
      while (left > 0) {
        left--
        if (ids.length === 9) {
          const body = JSON.stringify({ symbol: 'btcusdt', orderIds: ids.splice(0) })
          await c.post('/spot/open/sapi/v1/batchCancel', body)
          continue
        }
        const i = seq.n++
        const buy = i % 2 === 0
        const cents = (i * 7919) % 100_000
        const price = buy ? 30_000 + cents / 100 : 100_000 + cents / 100
        const body = `{"symbol":"btcusdt","side":"${buy ? 'BUY' : 'SELL'}","type":"LIMIT","price":"${price.toFixed(2)}","volume":"0.001"}`
        ids.push((JSON.parse(await c.post('/spot/open/sapi/v1/order', body)) as { orderId: string }).orderId)
      }
      if (ids.length)
        await c.post('/spot/open/sapi/v1/batchCancel', JSON.stringify({ symbol: 'btcusdt', orderIds: ids }))
    })
  )
  const cpu = process.cpuUsage(cpu0)
  return (cpu.user + cpu.system) / count
}

const roots = arg('roots', '.')
  .split(',')
  .map((r) => resolve(r))
const slices = Number(arg('slices', '10'))
const requests = Number(arg('requests', '20000'))
const connections = Number(arg('connections', '16'))

const targets: Target[] = []
for (const r of roots) targets.push(await start(r))
const conns = targets.map((t) => Array.from({ length: connections }, () => new MemoryConnection(t.server)))
const seqs = targets.map(() => ({ n: 0 }))
const figures = targets.map((): number[] => [])
// Warm-up, then slices in alternating order so drift in machine load falls on every checkout alike.
for (const i of targets.keys()) await slice(conns[i]!, requests / 2, seqs[i]!)
for (let s = 0; s < slices; s++) {
  const order = s % 2 === 0 ? targets.map((_, i) => i) : targets.map((_, i) => targets.length - 1 - i)
  for (const i of order) figures[i]!.push(await slice(conns[i]!, requests, seqs[i]!))
}
for (const [i, t] of targets.entries()) {
  const f = figures[i]!
  console.log(
    `${t.root}: median ${median(f).toFixed(1)} us CPU per request (slices ${f.map((x) => x.toFixed(1)).join(' ')})`
  )
}
// Neighbouring slices share the machine's load of the moment, so the per-slice difference from the first root
// varies far less than either figure alone.
for (const [i, t] of targets.entries()) {
  if (i === 0) continue
  const d = figures[i]!.map((x, s) => x - figures[0]![s]!)
  const ratio = figures[i]!.map((x, s) => x / figures[0]![s]!)
  console.log(
    `${t.root} - ${targets[0]!.root}: median ${median(d).toFixed(1)} us per request (${((median(ratio) - 1) * 100).toFixed(1)} %) over ${d.length} paired slices`
  )
}
await Promise.all(targets.map((t) => t.close()))
process.exit(0)
