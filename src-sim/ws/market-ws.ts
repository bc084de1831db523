// The embedded exchange's market-data WebSocket, mounted on an existing node:http server by path.
// Commands: sub (ack "subed", then an immediate snapshot for ticker, depth and kline), unsub (no reply),
// req (history reply "rep" for kline and trade channels). Unknown channels, malformed JSON and unknown
// commands get no reply at all, as on the venues: a client detects a dead feed by its silence.
// Heartbeat: the server pings every pingIntervalMs; any pong resets the count (some clients pong on their
// own schedule with their own value); after maxMissedPings unanswered pings the socket is closed.
import type { Server } from 'node:http'
import { WebSocketServer, WebSocket, type RawData } from 'ws'
import type { MarketDataHub } from '../market/market-data-hub'
import type { ModuleKind } from '../market/types'
import { ChannelPump, type PumpContext, type PumpTarget } from './channel-pump'
import { encode, parseCommand, type ClientCommand, type Encoded, type Flavor } from './frames'
import { routeUpgrade } from './upgrade-router'

export interface MarketWsOptions {
  /** e.g. /spot/ws or /futures/ws */
  path: string
  hub: MarketDataHub
  /**
   * Serve only this module's channels (a live venue's /spot/ws knows nothing of futures symbols, and the
   * reverse); the others get no reply, like any unknown channel. Default: both.
   */
  module?: ModuleKind
  flavor?: Flavor
  pingIntervalMs?: number
  maxMissedPings?: number
  /** Minimum gap between two pushes of one channel; default 100 ms. */
  throttleMs?: number
  /** How often hub.tick() runs (flat candles, 24 h window); 0 leaves it to the caller. Default 1000 ms. */
  hubTickMs?: number
  /** Channels one socket may hold (default MAX_CHANNELS_PER_CONNECTION); one more is refused in its ack. */
  maxChannels?: number
  /** Wall clock for `ts` fields and ping values; default Date.now. */
  now?: () => number
}

export interface MarketWsHandle {
  readonly wss: WebSocketServer
  readonly connectionCount: number
  /** Unmounts the path, closes every socket and stops the timers. */
  close(): Promise<void>
}

/** A slow reader is dropped rather than buffered without bound. */
const MAX_BUFFERED_BYTES = 8 * 1024 * 1024
/**
 * Channels one socket may hold by default: every channel of a module's markets a client could want (4 spot markets x
 * 11 channels), with room, while one socket cannot make the server hold (and push) every alias of every channel.
 */
export const MAX_CHANNELS_PER_CONNECTION = 64
/** Close code for a heartbeat timeout (application range). */
export const CLOSE_PING_TIMEOUT = 4000

class Connection implements PumpTarget {
  missed = 0
  readonly channels = new Set<string>()

  constructor(readonly ws: WebSocket) {}

  send(e: Encoded): void {
    if (this.ws.readyState !== WebSocket.OPEN) return
    if (this.ws.bufferedAmount > MAX_BUFFERED_BYTES) {
      this.ws.terminate()
      return
    }
    this.ws.send(e.data, { binary: e.binary })
  }
}

export function attachMarketWs(server: Server, opts: MarketWsOptions): MarketWsHandle {
  const { hub, path } = opts
  const flavor = opts.flavor ?? 'spec'
  const pingIntervalMs = opts.pingIntervalMs ?? 10_000
  const maxMissedPings = opts.maxMissedPings ?? 3
  const now = opts.now ?? Date.now
  const maxChannels = opts.maxChannels ?? MAX_CHANNELS_PER_CONNECTION
  const ctx: PumpContext = { throttleMs: opts.throttleMs ?? 100, now, encode: (m) => encode(m, flavor) }

  // Client commands are tiny; a large payload can only be a mistake or abuse.
  const wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 })
  const conns = new Set<Connection>()
  const pumps = new Map<string, ChannelPump>()

  const unroute = routeUpgrade(server, path, (req, socket, head) => {
    wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req))
  })

  wss.on('connection', (ws: WebSocket) => {
    const conn = new Connection(ws)
    conns.add(conn)
    ws.on('error', () => ws.terminate())
    ws.on('message', (data: RawData) => {
      const cmd = parseCommand(rawText(data))
      if (cmd) handle(conn, cmd)
    })
    ws.on('close', () => {
      conns.delete(conn)
      for (const ch of conn.channels) leave(conn, ch)
    })
  })

  const served = (channel: string): boolean => opts.module === undefined || hub.channelModule(channel) === opts.module

  function handle(conn: Connection, cmd: ClientCommand): void {
    if ((cmd.kind === 'sub' || cmd.kind === 'req') && !served(cmd.channel)) return
    switch (cmd.kind) {
      case 'pong':
        conn.missed = 0
        return
      case 'ping':
        conn.send(ctx.encode({ pong: cmd.value }))
        return
      case 'sub':
        return subscribe(conn, cmd.channel, cmd.cbId)
      case 'unsub':
        return leave(conn, cmd.channel)
      case 'req': {
        const data = hub.history(cmd.channel, { endIdx: cmd.params.endIdx, pageSize: cmd.params.pageSize })
        if (data) conn.send(ctx.encode({ event_rep: 'rep', channel: cmd.channel, cb_id: cmd.cbId, ts: now(), data }))
        return
      }
    }
  }

  function subscribe(conn: Connection, channel: string, cbId: string): void {
    if (!conn.channels.has(channel) && conn.channels.size >= maxChannels) {
      const msg = `too many subscriptions on this connection (at most ${maxChannels}): unsubscribe one or open another connection`
      conn.send(ctx.encode({ event_rep: 'subed', channel, cb_id: cbId, ts: now(), status: 'error', msg }))
      return
    }
    let pump = pumps.get(channel)
    if (!pump) {
      const opened = ChannelPump.open(channel, hub, ctx)
      if (!opened) return
      pumps.set(channel, (pump = opened))
    }
    pump.subscribers.add(conn)
    conn.channels.add(channel)
    conn.send(ctx.encode({ event_rep: 'subed', channel, cb_id: cbId, ts: now(), status: 'ok' }))
    const snap = pump.snapshotFrame()
    if (snap) conn.send(snap)
  }

  function leave(conn: Connection, channel: string): void {
    conn.channels.delete(channel)
    const pump = pumps.get(channel)
    if (!pump) return
    pump.subscribers.delete(conn)
    if (pump.subscribers.size === 0) {
      pump.close()
      pumps.delete(channel)
    }
  }

  const heartbeat = setInterval(() => {
    for (const conn of conns) {
      if (conn.missed >= maxMissedPings) {
        closeDead(conn.ws)
        continue
      }
      conn.missed++
      conn.send(ctx.encode({ ping: now() }))
    }
  }, pingIntervalMs)
  heartbeat.unref()

  const hubTickMs = opts.hubTickMs ?? 1000
  const ticker = hubTickMs > 0 ? setInterval(() => hub.tick(), hubTickMs) : undefined
  ticker?.unref()

  return {
    wss,
    get connectionCount() {
      return conns.size
    },
    close: () =>
      new Promise<void>((resolve) => {
        clearInterval(heartbeat)
        clearInterval(ticker)
        unroute()
        for (const p of pumps.values()) p.close()
        pumps.clear()
        for (const c of conns) c.ws.terminate()
        conns.clear()
        wss.close(() => resolve())
      })
  }
}

/** Close politely, and cut the socket if the peer does not finish the closing handshake soon. */
function closeDead(ws: WebSocket): void {
  if (ws.readyState !== WebSocket.OPEN) return
  ws.close(CLOSE_PING_TIMEOUT, 'ping timeout')
  setTimeout(() => ws.terminate(), 1000).unref()
}

function rawText(data: RawData): string {
  if (Buffer.isBuffer(data)) return data.toString('utf8')
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8')
  return Buffer.from(data).toString('utf8')
}
