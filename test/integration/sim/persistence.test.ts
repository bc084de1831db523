// Durability of the embedded exchange as a separate process (the CLI) on a data directory: every order that was
// acknowledged survives `kill -9` right after its ack, the restarted exchange carries on (ids keep increasing),
// a graceful SIGTERM stop releases the directory, and restarting with the same key pair reuses the account
// while another secret for that key is refused with a clear message, as is a directory of another format version.
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { DATA_FORMAT_VERSION, startExchange } from '../../../src-sim/exchange'
import { FORMAT_FILE } from '../../../src-sim/store/data-format'
import { frame } from '../../../src-sim/store/record'
import { eventually, SimClient } from './harness'

const ROOT = resolve(import.meta.dirname, '../../..')
const KEY = 'persist-key'
const SECRET = 'persist-secret'
const dataDir = mkdtempSync(join(tmpdir(), 'sim-persist-'))
const children = new Set<ChildProcess>()

interface Exited {
  code: number | null
  signal: NodeJS.Signals | null
}

interface Running {
  proc: ChildProcess
  url: string
  exited: Promise<Exited>
  output: () => string
}

function launch(args: string[]): { proc: ChildProcess; exited: Promise<Exited>; output: () => string } {
  const proc = spawn(process.execPath, ['--import', 'tsx', 'src-sim/cli/main.ts', ...args], {
    cwd: ROOT,
    env: { ...process.env, TSX_TSCONFIG_PATH: 'tsconfig.node.json' },
    stdio: ['ignore', 'pipe', 'pipe']
  })
  children.add(proc)
  let out = ''
  proc.stdout!.on('data', (c: Buffer) => (out += c.toString('utf8')))
  proc.stderr!.on('data', (c: Buffer) => (out += c.toString('utf8')))
  const exited = new Promise<Exited>((res) =>
    proc.once('exit', (code, signal) => {
      children.delete(proc)
      res({ code, signal })
    })
  )
  return { proc, exited, output: () => out }
}

const ARGS = (secret = SECRET): string[] => [
  '--data-dir',
  dataDir,
  '--activity',
  'on',
  '--seed',
  '7',
  '--api-key',
  KEY,
  '--api-secret',
  secret,
  '--control'
]

/** Starts the CLI and resolves once it printed `listening on http://127.0.0.1:PORT`. */
async function startCli(args = ARGS()): Promise<Running> {
  const c = launch(args)
  const url = await new Promise<string>((res, rej) => {
    const timer = setTimeout(() => rej(new Error(`exchange did not start within 60 s:\n${c.output()}`)), 60_000)
    const onData = (): void => {
      const m = /^listening on (http:\/\/127\.0\.0\.1:\d+)$/m.exec(c.output())
      if (m) {
        clearTimeout(timer)
        c.proc.stdout!.off('data', onData)
        res(m[1]!)
      }
    }
    c.proc.stdout!.on('data', onData)
    c.exited.then(({ code }) => {
      clearTimeout(timer)
      rej(new Error(`exchange exited (${code}) before listening:\n${c.output()}`))
    })
  })
  return { ...c, url }
}

afterAll(async () => {
  for (const p of children) p.kill('SIGKILL')
  rmSync(dataDir, { recursive: true, force: true })
})

const SYMBOLS = ['btcusdt', 'ethusdt', 'solusdt', 'dogeusdt']
/** Ledger decimals of every asset. */
const SCALE = 8
const toUnits = (text: string, places = SCALE): bigint => {
  const neg = text.startsWith('-')
  const [i, f = ''] = (neg ? text.slice(1) : text).split('.')
  const v = BigInt(i! + f.padEnd(places, '0'))
  return neg ? -v : v
}
const BASE: Record<string, string> = { btcusdt: 'BTC', ethusdt: 'ETH', solusdt: 'SOL', dogeusdt: 'DOGE' }

async function openOrders(c: SimClient): Promise<any[]> {
  const all: any[] = []
  for (const symbol of SYMBOLS) {
    const r = await c.signed('GET', '/spot/open/sapi/v1/openOrders', { symbol })
    expect(r.status).toBe(200)
    all.push(...r.body)
  }
  return all
}

/** What open orders hold, per asset, in ledger units: price x rest for a buy (USDT), the rest for a sell (base). */
function holds(open: any[]): Map<string, bigint> {
  const m = new Map<string, bigint>()
  const add = (asset: string, v: bigint): void => void m.set(asset, (m.get(asset) ?? 0n) + v)
  for (const o of open) {
    const [, qd = ''] = o.origQty.split('.')
    const [, pd = ''] = o.price.split('.')
    const rest = toUnits(o.origQty, qd.length) - toUnits(o.executedQty, qd.length)
    if (o.side === 'BUY')
      add('USDT', (toUnits(o.price, pd.length) * rest * 10n ** BigInt(SCALE)) / 10n ** BigInt(pd.length + qd.length))
    else add(BASE[o.symbol]!, rest * 10n ** BigInt(SCALE - qd.length))
  }
  return m
}

/** free + locked of every asset as the account's fills say: starting funds plus the effect of each trade. */
async function expectedTotals(c: SimClient): Promise<Map<string, bigint>> {
  const m = new Map<string, bigint>([
    ['USDT', toUnits('100000')],
    ...Object.values(BASE).map((a) => [a, toUnits('10')] as [string, bigint])
  ])
  const add = (asset: string, v: bigint): void => void m.set(asset, m.get(asset)! + v)
  for (const symbol of SYMBOLS) {
    const r = await c.signed('GET', '/spot/open/sapi/v1/myTrades', { symbol, limit: 100 })
    expect(r.status).toBe(200)
    for (const t of r.body) {
      const base = BASE[symbol]!
      const [, pd = ''] = t.price.split('.')
      const [, qd = ''] = t.qty.split('.')
      const qty = toUnits(t.qty)
      const notional =
        (toUnits(t.price, pd.length) * toUnits(t.qty, qd.length) * 10n ** BigInt(SCALE)) /
        10n ** BigInt(pd.length + qd.length)
      add(base, t.isBuyer ? qty : -qty)
      add('USDT', t.isBuyer ? -notional : notional)
      add(t.feeCoin, -toUnits(t.fee))
    }
  }
  return m
}

describe('the exchange process on a data directory', () => {
  const acked: { kind: 'resting' | 'filled' | 'canceled'; body: any }[] = []
  let beforeLast: Record<string, { free: string; locked: string }> = {}
  let survivor: Running
  let survivorClient: SimClient
  let maxId = 0n

  it('keeps every acknowledged order through kill -9 right after the last ack', async () => {
    const first = await startCli()
    const client = new SimClient(first.url, { apiKey: KEY, apiSecret: SECRET })
    // Market activity has quoted both sides of the books the market orders below trade against.
    await eventually(
      async () => {
        const r = await Promise.all(
          ['btcusdt', 'ethusdt'].map((symbol) => client.public('/spot/open/sapi/v1/depth', { symbol, limit: 5 }))
        )
        return r.every((d) => d.body.bids?.length > 0 && d.body.asks?.length > 0)
      },
      30_000,
      200
    )

    const place = async (kind: 'resting' | 'filled', p: Record<string, string>): Promise<any> => {
      const r = await client.order(p)
      expect(r.status, JSON.stringify(r.body)).toBe(200)
      acked.push({ kind, body: r.body })
      return r.body
    }
    await place('resting', {
      symbol: 'btcusdt',
      side: 'BUY',
      type: 'LIMIT',
      price: '30000.00',
      volume: '0.1',
      newClientOrderId: 'p-1'
    })
    await place('resting', {
      symbol: 'ethusdt',
      side: 'SELL',
      type: 'LIMIT',
      price: '9000.00',
      volume: '0.5',
      newClientOrderId: 'p-2'
    })
    await place('filled', { symbol: 'btcusdt', side: 'BUY', type: 'MARKET', volume: '100', newClientOrderId: 'p-3' })
    await place('resting', {
      symbol: 'solusdt',
      side: 'BUY',
      type: 'LIMIT',
      price: '50.000',
      volume: '3',
      newClientOrderId: 'p-4'
    })
    await place('filled', { symbol: 'ethusdt', side: 'SELL', type: 'MARKET', volume: '0.005', newClientOrderId: 'p-5' })
    await place('resting', {
      symbol: 'dogeusdt',
      side: 'BUY',
      type: 'LIMIT',
      price: '0.05000',
      volume: '1000',
      newClientOrderId: 'p-6'
    })
    const doomed = await client.order({
      symbol: 'btcusdt',
      side: 'BUY',
      type: 'LIMIT',
      price: '31000.00',
      volume: '0.05',
      newClientOrderId: 'p-7'
    })
    const cancel = await client.signed('POST', '/spot/open/sapi/v1/cancel', {
      symbol: 'btcusdt',
      orderId: doomed.body.orderId
    })
    expect(cancel.body.status).toBe('CANCELED')
    acked.push({ kind: 'canceled', body: doomed.body })
    beforeLast = await client.balances()
    await place('resting', {
      symbol: 'btcusdt',
      side: 'SELL',
      type: 'LIMIT',
      price: '200000.00',
      volume: '0.3',
      newClientOrderId: 'p-8'
    })
    first.proc.kill('SIGKILL')
    expect(await first.exited).toEqual({ code: null, signal: 'SIGKILL' })

    survivor = await startCli()
    survivorClient = new SimClient(survivor.url, { apiKey: KEY, apiSecret: SECRET })
    const c = survivorClient
    for (const { kind, body } of acked) {
      const q = await c.signed('GET', '/spot/open/sapi/v1/order', { symbol: body.symbol, orderId: body.orderId })
      expect(q.status, `${body.clientOrderId}: ${JSON.stringify(q.body)}`).toBe(200)
      expect(q.body).toMatchObject({
        orderId: body.orderId,
        clientOrderId: body.clientOrderId,
        symbol: body.symbol,
        side: body.side,
        type: body.type,
        price: body.price,
        origQty: body.origQty
      })
      if (kind === 'resting') expect(q.body.status, body.clientOrderId).toBe('NEW')
      if (kind === 'canceled') expect(q.body.status).toBe('CANCELED')
      if (kind === 'filled') {
        expect(q.body.status, body.clientOrderId).toBe('FILLED')
        expect(Number(q.body.executedQty)).toBeGreaterThan(0)
      }
      if (BigInt(body.orderId) > maxId) maxId = BigInt(body.orderId)
    }
    const open = await openOrders(c)
    expect(open.map((o) => o.orderId).sort()).toEqual(
      acked
        .filter((a) => a.kind === 'resting')
        .map((a) => a.body.orderId)
        .sort()
    )

    // Balances: locked is exactly what the open orders hold; the totals are what the fills say; and nothing but
    // the last order's 0.3 BTC hold changed since just before it.
    const bal = await c.balances()
    const held = holds(open)
    for (const [asset, b] of Object.entries(bal)) expect(toUnits(b.locked), asset).toBe(held.get(asset) ?? 0n)
    expect(held.get('USDT')).toBe(toUnits('3200')) // 3000 + 150 + 50
    const totals = await expectedTotals(c)
    for (const [asset, total] of totals)
      expect(toUnits(bal[asset]!.free) + toUnits(bal[asset]!.locked), asset).toBe(total)
    expect(toUnits(bal['BTC']!.free)).toBe(toUnits(beforeLast['BTC']!.free) - toUnits('0.3'))
    expect(toUnits(bal['BTC']!.locked)).toBe(toUnits(beforeLast['BTC']!.locked) + toUnits('0.3'))
    for (const asset of ['USDT', 'ETH', 'SOL', 'DOGE']) expect(bal[asset], asset).toEqual(beforeLast[asset])
  }, 180_000)

  it('keeps working after the restart: new ids are above every acknowledged one, and the market moves on', async () => {
    const c = survivorClient
    const placed = await c.order({ symbol: 'btcusdt', side: 'BUY', type: 'LIMIT', price: '30001.00', volume: '0.01' })
    expect(placed.status).toBe(200)
    expect(BigInt(placed.body.orderId)).toBeGreaterThan(maxId)
    const cancel = await c.signed('POST', '/spot/open/sapi/v1/cancel', {
      symbol: 'btcusdt',
      orderId: placed.body.orderId
    })
    expect(cancel.body.status).toBe('CANCELED')
    // Market activity resumed: new public trades print after the restart.
    const since = Date.now()
    await eventually(
      async () => {
        const t = await c.public('/spot/open/sapi/v1/trades', { symbol: 'btcusdt', limit: 5 })
        return t.body.some((x: any) => x.time >= since)
      },
      30_000,
      250
    )
  }, 60_000)

  it('stops gracefully on SIGTERM, releasing the directory, and restarts into the same state', async () => {
    const c = survivorClient
    const open = await openOrders(c)
    const bal = await c.balances()
    survivor.proc.kill('SIGTERM')
    expect(await survivor.exited).toEqual({ code: 0, signal: null })
    expect(existsSync(join(dataDir, 'LOCK'))).toBe(false)

    const again = await startCli()
    try {
      const c2 = new SimClient(again.url, { apiKey: KEY, apiSecret: SECRET })
      expect((await openOrders(c2)).map((o) => o.orderId).sort()).toEqual(open.map((o) => o.orderId).sort())
      expect(await c2.balances()).toEqual(bal)
      // The same key pair reuses its account: it is not made or funded twice.
      const deposits = await c2.signed('GET', '/spot/open/sapi/v1/deposit/history', { startTime: 0 })
      expect(deposits.body.map((d: any) => d.symbol).sort()).toEqual(['BTC', 'DOGE', 'ETH', 'SOL', 'USDT'])

      // While it runs, a second process cannot open the same directory.
      const rival = launch(ARGS())
      expect((await rival.exited).code).toBe(1)
      expect(rival.output()).toMatch(/in use by pid \d+/)
    } finally {
      again.proc.kill('SIGTERM')
      expect((await again.exited).code).toBe(0)
    }
  }, 180_000)

  it('refuses another secret for a key already in the data directory, clearly and without harm', async () => {
    const wrong = launch(ARGS('another-secret'))
    const exit = await wrong.exited
    expect(exit.code).toBe(1)
    expect(wrong.output()).toContain(`--api-key ${KEY} exists in the data dir with another secret`)
    expect(wrong.output()).not.toContain('listening on')

    // The right pair still opens it, with its orders intact.
    const ok = await startCli()
    try {
      const c = new SimClient(ok.url, { apiKey: KEY, apiSecret: SECRET })
      const open = await openOrders(c)
      expect(open.map((o) => o.orderId).sort()).toEqual(
        acked
          .filter((a) => a.kind === 'resting')
          .map((a) => a.body.orderId)
          .sort()
      )
      const other = new SimClient(ok.url, { apiKey: KEY, apiSecret: 'another-secret' })
      const refused = await other.signed('GET', '/spot/open/sapi/v1/account')
      expect([refused.status, refused.body.code]).toEqual([401, -1022])
    } finally {
      ok.proc.kill('SIGKILL')
      await ok.exited
    }
  }, 180_000)
})

describe('a data directory of another format version', () => {
  it('is refused by the CLI with the dir, both versions and the remedy, exiting 1 and changing nothing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sim-format-'))
    try {
      const made = await startExchange({ dataDir: dir, activity: false })
      await made.close()
      const files = (): Record<string, string> =>
        Object.fromEntries(
          readdirSync(dir)
            .sort()
            .map((f) => [f, readFileSync(join(dir, f)).toString('base64')])
        )
      const refused = async (found: RegExp): Promise<void> => {
        const before = files()
        const cli = launch(['--data-dir', dir, '--activity', 'off'])
        expect((await cli.exited).code).toBe(1)
        expect(cli.output()).toContain(`data directory ${dir} has`)
        expect(cli.output()).toMatch(found)
        expect(cli.output()).toContain(`reads format version ${DATA_FORMAT_VERSION}`)
        expect(cli.output()).toContain('Start with a fresh --data-dir, or open this one with the build that wrote it')
        expect(cli.output()).not.toContain('listening on')
        expect(files()).toEqual(before)
      }
      // a later build's dir
      writeFileSync(join(dir, FORMAT_FILE), frame(JSON.stringify({ version: DATA_FORMAT_VERSION + 1 })))
      await refused(new RegExp(`has format version ${DATA_FORMAT_VERSION + 1},`))
      // a dir written before format versions
      rmSync(join(dir, FORMAT_FILE))
      await refused(/has no format version \(written before format versions existed\)/)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }, 120_000)
})

describe('a start that fails', () => {
  it('releases the data dir so a corrected retry in the same process succeeds', async () => {
    const { mkdtempSync, rmSync } = await import('node:fs')
    const { tmpdir } = await import('node:os')
    const { join } = await import('node:path')
    const { startExchange } = await import('../../../src-sim/exchange')
    const dir = mkdtempSync(join(tmpdir(), 'sim-retry-'))
    try {
      const first = await startExchange({ dataDir: dir, activity: false, keys: [{ apiKey: 'k1', apiSecret: 's1' }] })
      await first.close()
      await expect(
        startExchange({ dataDir: dir, activity: false, keys: [{ apiKey: 'k1', apiSecret: 'other' }] })
      ).rejects.toThrow(/another secret/)
      const retry = await startExchange({ dataDir: dir, activity: false, keys: [{ apiKey: 'k1', apiSecret: 's1' }] })
      await retry.close()
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
