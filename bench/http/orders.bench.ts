// Signed order placement over real loopback HTTP: requests/s and latency of POST /spot/open/sapi/v1/order
// (LIMIT, never crossing, varied prices) from 64 concurrent keep-alive connections, with every 10th request a
// batchCancel of the worker's previous 9 orders so the books stay bounded. Bench accounts have rate limits
// lifted (startExchange unlimitedKeys). Four setups: the exchange in this process or in a child process (so
// client and server each get a core), each without and with a data directory (journal + fdatasync).
// Figures only; nothing is asserted. Writes bench-results/http.json.
//
// Run:  npx tsx --tsconfig tsconfig.node.json bench/http/orders.bench.ts [--seconds 5] [--warmup 1.5]
//       [--concurrency 64] [--only child-durable,...] [--client undici,http] [--reps 1] [--cpu-prof]
// --cpu-prof writes a V8 profile of the child server (child setups) to bench-results/prof/.
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { Agent, request } from 'node:http'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { signRequest } from '../../src-shared/node/hmac-signing'
import { startExchange } from '../../src-sim/exchange'

const ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..')
const ACCOUNTS = 8
const KEYS = Array.from({ length: ACCOUNTS }, (_, i) => ({ apiKey: `bench-key-${i}`, apiSecret: `bench-secret-${i}` }))

function arg(name: string, def: string): string {
  const i = process.argv.indexOf(`--${name}`)
  return i >= 0 && process.argv[i + 1] !== undefined ? (process.argv[i + 1] as string) : def
}
const flag = (name: string): boolean => process.argv.includes(`--${name}`)

// ---- server side (also the entry of the child process: --serve) ----

async function serve(dataDir: string | null): Promise<{ url: string; cpuMs(): null; close(): Promise<void> }> {
  const ex = await startExchange({ activity: false, keys: KEYS, unlimitedKeys: true, dataDir, port: 0 })
  return { url: ex.url, cpuMs: () => null, close: () => ex.close() }
}

if (flag('serve')) {
  const dir = arg('data-dir', '')
  const s = await serve(dir || null)
  console.log(`listening on ${s.url}`)
  const stop = (): void => void s.close().then(() => process.exit(0))
  process.on('SIGTERM', stop)
  process.on('SIGINT', stop)
} else {
  await main()
}

interface Server {
  url: string
  /** CPU time (user + system, ms) the server process has used so far; null when it cannot be read. */
  cpuMs(): number | null
  close(): Promise<void>
}

/** utime + stime of a process from /proc (Linux), in ms. */
function procCpuMs(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100 // USER_HZ is 100 on Linux
  } catch {
    return null
  }
}

async function childServer(dataDir: string | null, cpuProf: boolean): Promise<Server> {
  const profDir = join(ROOT, 'bench-results', 'prof')
  if (cpuProf) mkdirSync(profDir, { recursive: true })
  const args = [
    ...(cpuProf ? ['--cpu-prof', '--cpu-prof-dir', profDir] : []),
    '--import',
    'tsx',
    fileURLToPath(import.meta.url),
    '--serve',
    ...(dataDir ? ['--data-dir', dataDir] : [])
  ]
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, TSX_TSCONFIG_PATH: 'tsconfig.node.json' },
    stdio: ['ignore', 'pipe', 'inherit']
  })
  const exited = new Promise<void>((r) => child.once('exit', () => r()))
  const url = await new Promise<string>((res, rej) => {
    let out = ''
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString()
      const m = /listening on (http:\/\/\S+)/.exec(out)
      if (m) res(m[1] as string)
    })
    void exited.then(() => rej(new Error(`bench server exited early: ${out}`)))
  })
  return {
    url,
    cpuMs: () => procCpuMs(child.pid!),
    async close() {
      child.kill('SIGTERM')
      await exited
    }
  }
}

// ---- client side ----

interface Sender {
  post(url: string, path: string, body: string, headers: Record<string, string>): Promise<{ status: number; text: string }>
  close(): Promise<void>
}

function httpSender(concurrency: number): Sender {
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency, maxFreeSockets: concurrency })
  return {
    post: (url, path, body, headers) =>
      new Promise((res, rej) => {
        const u = new URL(url)
        const req = request(
          { host: u.hostname, port: u.port, path, method: 'POST', agent, headers: { ...headers, 'Content-Length': String(Buffer.byteLength(body)) } },
          (r) => {
            let text = ''
            r.setEncoding('utf8')
            r.on('data', (c: string) => (text += c))
            r.on('end', () => res({ status: r.statusCode ?? 0, text }))
            r.on('error', rej)
          }
        )
        req.on('error', rej)
        req.end(body)
      }),
    close: async () => agent.destroy()
  }
}

async function undiciSender(url: string, concurrency: number): Promise<Sender> {
  // undici is not a dependency of the project; it is used only when importable (transitively installed).
  const { Pool } = (await import('undici' as string)) as { Pool: new (url: string, o: object) => any }
  const pool = new Pool(url, { connections: concurrency, pipelining: 1 })
  return {
    async post(_url, path, body, headers) {
      const r = await pool.request({ path, method: 'POST', body, headers })
      return { status: r.statusCode, text: await r.body.text() }
    },
    close: () => pool.close()
  }
}

interface Result {
  setup: string
  server: 'in-process' | 'child-process'
  durable: boolean
  client: string
  concurrency: number
  seconds: number
  requests: number
  requestsPerSec: number
  ordersPerSec: number
  errors: number
  orderLatencyMs: { p50: number; p90: number; p99: number; p999: number; max: number }
  cancelLatencyMs: { p50: number; p99: number }
  /** CPU time per request: of the server process (child setups), of this whole process (client, and server in-process). */
  cpuUsPerRequest: { server: number | null; clientProcess: number }
  /** 1-minute load average when the run started: other work on the machine skews every figure. */
  loadavg1: number
}

async function drive(setup: string, srv: Server, opts: { seconds: number; warmup: number; concurrency: number; client: string; server: Result['server']; durable: boolean }): Promise<Result> {
  const url = srv.url
  const sender = opts.client === 'undici' ? await undiciSender(url, opts.concurrency) : httpSender(opts.concurrency)
  let measuring = false
  let stopping = false
  const orderLat: number[] = []
  const cancelLat: number[] = []
  let requests = 0
  let orders = 0
  let errors = 0
  let firstError = ''

  const signed = async (key: (typeof KEYS)[number], requestPath: string, params: Record<string, unknown>): Promise<{ status: number; text: string; ms: number }> => {
    const body = JSON.stringify(params)
    const headers = signRequest({ apiKey: key.apiKey, secret: key.apiSecret, method: 'POST', requestPath, body, timestamp: String(Date.now()) })
    const t = performance.now()
    const r = await sender.post(url, `/spot/open${requestPath}`, body, headers as unknown as Record<string, string>)
    return { ...r, ms: performance.now() - t }
  }

  const worker = async (w: number): Promise<void> => {
    const key = KEYS[w % KEYS.length]!
    let n = 0
    const mine: string[] = []
    while (!stopping) {
      if (mine.length >= 9) {
        const ids = mine.splice(0)
        const r = await signed(key, '/sapi/v1/batchCancel', { symbol: 'btcusdt', orderIds: ids })
        if (measuring) {
          requests++
          cancelLat.push(r.ms)
          if (r.status !== 200) errors++
        }
        continue
      }
      n++
      // Buys well under and sells well over any price a buy reaches: nothing ever crosses.
      const buy = (w + n) % 2 === 0
      const cents = Math.floor(Math.random() * 1_000_000)
      const price = buy ? 30_000 + cents / 100 : 100_000 + cents / 100
      const r = await signed(key, '/sapi/v1/order', { symbol: 'btcusdt', side: buy ? 'BUY' : 'SELL', type: 'LIMIT', price: price.toFixed(2), volume: '0.001' })
      if (r.status === 200) mine.push((JSON.parse(r.text) as { orderId: string }).orderId)
      else if (!firstError) firstError = r.text
      if (measuring) {
        requests++
        orders++
        orderLat.push(r.ms)
        if (r.status !== 200) errors++
      }
    }
  }

  const load = Number((loadavg()[0] ?? 0).toFixed(2))
  const workers = Array.from({ length: opts.concurrency }, (_, w) => worker(w))
  await new Promise((r) => setTimeout(r, opts.warmup * 1000))
  measuring = true
  const start = performance.now()
  const cpu0 = process.cpuUsage()
  const srvCpu0 = srv.cpuMs()
  await new Promise((r) => setTimeout(r, opts.seconds * 1000))
  measuring = false
  const elapsed = (performance.now() - start) / 1000
  const cpu = process.cpuUsage(cpu0)
  const srvCpu1 = srv.cpuMs()
  stopping = true
  await Promise.all(workers)
  await sender.close()
  if (firstError) console.error(`  first error (${setup}): ${firstError.slice(0, 200)}`)

  const pct = (xs: number[], p: number): number => (xs.length ? Number(xs[Math.min(xs.length - 1, Math.floor(xs.length * p))]!.toFixed(3)) : NaN)
  orderLat.sort((a, b) => a - b)
  cancelLat.sort((a, b) => a - b)
  return {
    setup,
    server: opts.server,
    durable: opts.durable,
    client: opts.client,
    concurrency: opts.concurrency,
    seconds: Number(elapsed.toFixed(2)),
    requests,
    requestsPerSec: Math.round(requests / elapsed),
    ordersPerSec: Math.round(orders / elapsed),
    errors,
    orderLatencyMs: { p50: pct(orderLat, 0.5), p90: pct(orderLat, 0.9), p99: pct(orderLat, 0.99), p999: pct(orderLat, 0.999), max: pct(orderLat, 1) },
    cancelLatencyMs: { p50: pct(cancelLat, 0.5), p99: pct(cancelLat, 0.99) },
    cpuUsPerRequest: {
      server: srvCpu0 === null || srvCpu1 === null ? null : Math.round(((srvCpu1 - srvCpu0) * 1000) / Math.max(1, requests)),
      clientProcess: Math.round((cpu.user + cpu.system) / Math.max(1, requests))
    },
    loadavg1: load
  }
}

async function main(): Promise<void> {
  const seconds = Number(arg('seconds', '5'))
  const warmup = Number(arg('warmup', '1.5'))
  const concurrency = Number(arg('concurrency', '64'))
  // Both clients by default: node:http (Agent keepAlive) and undici's Pool (when importable).
  const clients = arg('client', 'undici,http').split(',').filter(Boolean)
  const undiciOk = await import('undici' as string).then(
    () => true,
    () => false
  )
  if (!undiciOk && clients.includes('undici')) {
    console.log('undici is not importable here: node:http client only')
    clients.splice(clients.indexOf('undici'), 1)
  }
  const cpuProf = flag('cpu-prof')
  const only = arg('only', '').split(',').filter(Boolean)
  // Each setup runs `reps` times on a fresh server; the best run (by requests/s) is reported and kept, all runs logged.
  const reps = Number(arg('reps', '1'))
  const setups: { name: string; server: Result['server']; durable: boolean }[] = [
    { name: 'in-process', server: 'in-process', durable: false },
    { name: 'in-process-durable', server: 'in-process', durable: true },
    { name: 'child', server: 'child-process', durable: false },
    { name: 'child-durable', server: 'child-process', durable: true }
  ].filter((s) => only.length === 0 || only.includes(s.name)) as typeof setups

  console.log(`node ${process.version}, ${cpus().length} cores (${cpus()[0]?.model ?? '?'}), concurrency ${concurrency}, ${warmup} s warm-up + ${seconds} s`)
  const results: Result[] = []
  for (const client of clients) {
    for (const s of setups) {
      let best: Result | null = null
      for (let rep = 0; rep < reps; rep++) {
        const dir = s.durable ? mkdtempSync(join(tmpdir(), 'http-bench-')) : null
        const srv = s.server === 'in-process' ? await serve(dir) : await childServer(dir, cpuProf)
        try {
          const r = await drive(s.name, srv, { seconds, warmup, concurrency, client, server: s.server, durable: s.durable })
          if (!best || r.requestsPerSec > best.requestsPerSec) best = r
          const l = r.orderLatencyMs
          console.log(
            `${client.padEnd(7)} ${s.name.padEnd(19)} ${String(r.requestsPerSec).padStart(6)} req/s (${r.ordersPerSec} orders/s)  order p50 ${l.p50} ms  p90 ${l.p90} ms  p99 ${l.p99} ms  max ${l.max} ms  errors ${r.errors}  cpu/req server ${r.cpuUsPerRequest.server ?? '-'} us, this process ${r.cpuUsPerRequest.clientProcess} us  (load ${r.loadavg1})`
          )
        } finally {
          await srv.close()
          if (dir) rmSync(dir, { recursive: true, force: true })
        }
      }
      results.push(best!)
    }
  }
  const outDir = join(ROOT, 'bench-results')
  mkdirSync(outDir, { recursive: true })
  const out = { date: new Date().toISOString(), node: process.version, cores: cpus().length, goal: { requestsPerSec: 15_000, p99Ms: 5 }, results }
  writeFileSync(join(outDir, 'http.json'), JSON.stringify(out, null, 2) + '\n')
  console.log(`wrote ${join(outDir, 'http.json')}`)
  if (cpuProf) console.log(`profiles: ${readdirSync(join(outDir, 'prof')).filter((f) => f.endsWith('.cpuprofile')).join(', ')}`)
}
