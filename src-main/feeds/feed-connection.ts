// One market-data WebSocket (one per gateway per profile). It answers the server's heartbeat, or
// pongs on its own schedule for venues that never ping; it decides for itself when the feed is dead, because
// silence is the only sign the spec gives: the whole connection silent past staleAfterMs, or one channel past
// its deadline (that channel is re-subscribed once as a probe first, since a quiet market is not a dead feed).
// A stale or lost socket is torn down and reconnected with jittered exponential backoff, and every active
// channel is subscribed again; onSubscribed tells the owner, which fills the gap from REST.
import type { WsDataFrame } from '../../src-shared/api/wire/ws'
import { DEFAULT_BACKOFF, backoffDelay, type BackoffPolicy } from './backoff'
import { parseChannel } from './channels'
import { decodeFrame, type RawFrame } from './decode'
import { wsSocketFactory, type FeedSocket, type SocketFactory } from './socket'
import { realTimers, type TimerHandle, type Timers } from './timers'

export type ConnectionState = 'idle' | 'connecting' | 'open' | 'stale' | 'reconnecting' | 'closed'

/** For the status bar. */
export interface ConnectionStatus {
  url: string
  state: ConnectionState
  /** Wall time of the last frame of any kind (pings included); null before the first. */
  lastFrameAt: number | null
  /** Reconnect attempts made since start (a socket opened after the first). */
  reconnects: number
  /** Why the last socket ended (stale, closed by the server, connect error). */
  lastError: string | null
  /** Frames that could not be decoded (corrupt gzip, not JSON). */
  badFrames: number
  channels: number
}

export interface FeedConnectionOptions {
  url: string
  socketFactory?: SocketFactory
  timers?: Timers
  random?: () => number
  backoff?: Partial<BackoffPolicy>
  /** Default 10 s. */
  connectTimeoutMs?: number
  /** No frame at all (pings included) for this long: stale. Default 30 s (three server pings). */
  staleAfterMs?: number
  /** Per-channel silence deadline; undefined = none. Default: depth and ticker 10 s (they move constantly). */
  channelDeadlineMs?: (channel: string) => number | undefined
  /** Send {"pong": now} this often for venues that never ping; 0 (default) = only answer pings. */
  clientPongIntervalMs?: number
  /** How often silence is checked. Default 1 s. */
  watchdogMs?: number
  /** `req` replies. Default 10 s. */
  requestTimeoutMs?: number
}

export function defaultChannelDeadline(channel: string): number | undefined {
  const kind = parseChannel(channel)?.kind
  return kind === 'depth' || kind === 'ticker' ? 10_000 : undefined
}

interface ChannelState {
  cbId: string
  /** Last data frame or ack, or when the sub was sent. */
  aliveAt: number
  /** A probe re-sub is out: the next missed deadline makes the connection stale. */
  probing: boolean
  /** Subscribed on an earlier socket: the next sub is a resubscription after a gap. */
  sentBefore: boolean
}

interface PendingReq {
  resolve(data: unknown[]): void
  reject(err: Error): void
  timer: TimerHandle
}

type Listener<A extends unknown[]> = (...args: A) => void

export class FeedConnection {
  readonly url: string
  private readonly factory: SocketFactory
  private readonly timers: Timers
  private readonly random: () => number
  private readonly backoff: BackoffPolicy
  private readonly opts: Required<
    Pick<
      FeedConnectionOptions,
      'connectTimeoutMs' | 'staleAfterMs' | 'clientPongIntervalMs' | 'watchdogMs' | 'requestTimeoutMs'
    >
  >
  private readonly deadline: (channel: string) => number | undefined

  private socket: FeedSocket | null = null
  /** Bumped per socket: events of a torn-down socket are ignored. */
  private gen = 0
  private state: ConnectionState = 'idle'
  private attempt = 0
  private reconnects = 0
  private lastFrameAt: number | null = null
  private aliveAt = 0
  private lastError: string | null = null
  private badFrames = 0
  private seq = 0
  private readonly channels = new Map<string, ChannelState>()
  private readonly pending = new Map<string, PendingReq>()
  private connectTimer: TimerHandle
  private reconnectTimer: TimerHandle
  private watchdog: TimerHandle
  private pongTimer: TimerHandle

  private readonly dataListeners = new Set<Listener<[WsDataFrame]>>()
  private readonly subListeners = new Set<Listener<[string, boolean]>>()
  private readonly statusListeners = new Set<Listener<[ConnectionStatus]>>()

  constructor(o: FeedConnectionOptions) {
    this.url = o.url
    this.factory = o.socketFactory ?? wsSocketFactory
    this.timers = o.timers ?? realTimers
    this.random = o.random ?? Math.random
    this.backoff = { ...DEFAULT_BACKOFF, ...o.backoff }
    this.deadline = o.channelDeadlineMs ?? defaultChannelDeadline
    this.opts = {
      connectTimeoutMs: o.connectTimeoutMs ?? 10_000,
      staleAfterMs: o.staleAfterMs ?? 30_000,
      clientPongIntervalMs: o.clientPongIntervalMs ?? 0,
      watchdogMs: o.watchdogMs ?? 1000,
      requestTimeoutMs: o.requestTimeoutMs ?? 10_000
    }
  }

  get status(): ConnectionStatus {
    return {
      url: this.url,
      state: this.state,
      lastFrameAt: this.lastFrameAt,
      reconnects: this.reconnects,
      lastError: this.lastError,
      badFrames: this.badFrames,
      channels: this.channels.size
    }
  }

  /** Active channels (sent again after every reconnect). */
  get activeChannels(): string[] {
    return [...this.channels.keys()]
  }

  /** Every data frame of an active channel. */
  onData(fn: (frame: WsDataFrame) => void): () => void {
    return add(this.dataListeners, fn)
  }

  /** A sub went out on a socket; `resumed` when the channel was subscribed on an earlier one (a gap to fill). */
  onSubscribed(fn: (channel: string, resumed: boolean) => void): () => void {
    return add(this.subListeners, fn)
  }

  /** State changes (lastFrameAt moves with every frame: read `status` for it). */
  onStatus(fn: (s: ConnectionStatus) => void): () => void {
    return add(this.statusListeners, fn)
  }

  start(): void {
    if (this.state === 'idle') this.connect()
  }

  close(): void {
    if (this.state === 'closed') return
    this.timers.clearTimeout(this.reconnectTimer)
    this.teardown('closed')
    this.setState('closed')
  }

  subscribe(channel: string): void {
    if (this.channels.has(channel)) return
    const st: ChannelState = { cbId: `c${++this.seq}`, aliveAt: this.timers.now(), probing: false, sentBefore: false }
    this.channels.set(channel, st)
    if (this.state === 'open') this.sendSub(channel, st)
  }

  unsubscribe(channel: string): void {
    const st = this.channels.get(channel)
    if (!st) return
    this.channels.delete(channel)
    if (this.state === 'open') this.send({ event: 'unsub', params: { channel, cb_id: st.cbId } })
  }

  /** History by `req` (kline and trade channels); rejects when not open, on timeout or on socket loss. */
  request(channel: string, params: { pageSize?: number; endIdx?: number | string } = {}): Promise<unknown[]> {
    if (this.state !== 'open') return Promise.reject(new Error('feed not connected'))
    const cbId = `r${++this.seq}`
    return new Promise((resolve, reject) => {
      const timer = this.timers.setTimeout(() => {
        this.pending.delete(cbId)
        reject(new Error(`no reply to req ${channel}`))
      }, this.opts.requestTimeoutMs)
      this.pending.set(cbId, { resolve, reject, timer })
      this.send({ event: 'req', params: { channel, cb_id: cbId, ...params } })
    })
  }

  // ---- socket lifecycle ----

  private connect(): void {
    const gen = ++this.gen
    this.setState('connecting')
    this.connectTimer = this.timers.setTimeout(() => this.lost(gen, 'connect timeout'), this.opts.connectTimeoutMs)
    try {
      this.socket = this.factory(this.url, {
        onOpen: () => this.opened(gen),
        onMessage: (data) => this.message(gen, data),
        onClose: (code, reason) => this.lost(gen, `closed by server (${code}${reason ? ' ' + reason : ''})`),
        onError: (err) => this.lost(gen, err.message)
      })
    } catch (e) {
      this.lost(gen, (e as Error).message)
    }
  }

  private opened(gen: number): void {
    if (gen !== this.gen) return
    this.timers.clearTimeout(this.connectTimer)
    this.aliveAt = this.timers.now()
    this.setState('open')
    for (const [channel, st] of this.channels) this.sendSub(channel, st)
    this.watchdog = this.timers.setInterval(() => this.check(), this.opts.watchdogMs)
    if (this.opts.clientPongIntervalMs > 0) {
      this.pongTimer = this.timers.setInterval(
        () => this.send({ pong: this.timers.now() }),
        this.opts.clientPongIntervalMs
      )
    }
  }

  private message(gen: number, data: RawFrame): void {
    if (gen !== this.gen) return
    const now = this.timers.now()
    this.lastFrameAt = now
    this.aliveAt = now
    // A frame proves the venue is serving us again: the next loss starts the backoff from the base.
    this.attempt = 0
    const msg = decodeFrame(data)
    if (typeof msg !== 'object' || msg === null || Array.isArray(msg)) {
      this.badFrames++
      return
    }
    const m = msg as Record<string, unknown>
    if ('ping' in m) return this.send({ pong: m.ping })
    if ('pong' in m) return
    const channel = typeof m.channel === 'string' ? m.channel : undefined
    if (m.event_rep === 'rep') return this.reply(m)
    const st = channel === undefined ? undefined : this.channels.get(channel)
    if (!st) return // unsubscribed (a frame in flight) or unknown
    st.aliveAt = now
    st.probing = false
    if (m.event_rep === 'subed' || !('tick' in m)) return
    for (const fn of this.dataListeners) fn(m as unknown as WsDataFrame)
  }

  private reply(m: Record<string, unknown>): void {
    const cbId = typeof m.cb_id === 'string' || typeof m.cb_id === 'number' ? String(m.cb_id) : ''
    const p = this.pending.get(cbId)
    if (!p) return
    this.pending.delete(cbId)
    this.timers.clearTimeout(p.timer)
    p.resolve(Array.isArray(m.data) ? m.data : [])
  }

  /** The watchdog: silence of the connection, then of each channel with a deadline. */
  private check(): void {
    const now = this.timers.now()
    if (now - this.aliveAt > this.opts.staleAfterMs) return this.stale(`no frame for ${now - this.aliveAt} ms`)
    for (const [channel, st] of this.channels) {
      const d = this.deadline(channel)
      if (d === undefined || now - st.aliveAt <= d) continue
      if (st.probing) return this.stale(`${channel} silent for ${now - st.aliveAt} ms`)
      st.probing = true
      st.aliveAt = now
      this.send({ event: 'sub', params: { channel, cb_id: st.cbId } })
    }
  }

  private stale(reason: string): void {
    this.lastError = `stale: ${reason}`
    this.setState('stale')
    this.teardown(this.lastError)
    this.scheduleReconnect()
  }

  private lost(gen: number, reason: string): void {
    if (gen !== this.gen || this.state === 'closed') return
    this.lastError = reason
    this.teardown(reason)
    this.scheduleReconnect()
  }

  private scheduleReconnect(): void {
    const delay = backoffDelay(this.attempt++, this.backoff, this.random)
    this.setState('reconnecting')
    this.reconnectTimer = this.timers.setTimeout(() => {
      this.reconnects++
      this.connect()
    }, delay)
  }

  private teardown(reason: string): void {
    this.gen++
    const s = this.socket
    this.socket = null
    this.timers.clearTimeout(this.connectTimer)
    this.timers.clearInterval(this.watchdog)
    this.timers.clearInterval(this.pongTimer)
    for (const st of this.channels.values()) {
      st.sentBefore ||= this.state === 'open' || this.state === 'stale'
      st.probing = false
    }
    for (const [id, p] of this.pending) {
      this.timers.clearTimeout(p.timer)
      p.reject(new Error(`feed lost: ${reason}`))
      this.pending.delete(id)
    }
    try {
      s?.close()
    } catch {
      // already gone
    }
  }

  private sendSub(channel: string, st: ChannelState): void {
    st.aliveAt = this.timers.now()
    st.probing = false
    this.send({ event: 'sub', params: { channel, cb_id: st.cbId } })
    const resumed = st.sentBefore
    for (const fn of this.subListeners) fn(channel, resumed)
  }

  /** Objects only, as JSON: there is no path that sends a bare `ping` text. */
  private send(obj: object): void {
    try {
      this.socket?.send(JSON.stringify(obj))
    } catch {
      // the socket is failing; its close event drives the reconnect
    }
  }

  private setState(s: ConnectionState): void {
    if (s === this.state) return
    this.state = s
    const status = this.status
    for (const fn of this.statusListeners) fn(status)
  }
}

function add<T>(set: Set<T>, fn: T): () => void {
  set.add(fn)
  return () => void set.delete(fn)
}
