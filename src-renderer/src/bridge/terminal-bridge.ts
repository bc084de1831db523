// The renderer's one way to the main process: a ClientPort for createContractClient.
// - In Electron the preload exposes it as `window.terminal` (IPC, checked by main's ipc-guard).
// - In a browser tab it is a WebSocket to the browser host (in the main process), authenticated by the
//   one-time token in the URL fragment, then by the per-tab session secret the host returns (kept in
//   sessionStorage so a reload or a dropped socket reconnects). Browser APIs only: no Node.
import type { ClientPort } from '@shared/ipc/contract-client'
import { createContractClient, type ContractClient } from '@shared/ipc/contract-client'
import type { ClientMessage, ContractErrorBody, ContractShape, ServerMessage } from '@shared/ipc/contract-kit'
import { t } from '../i18n'

declare global {
  interface Window {
    /** Set by the Electron preload; absent in a browser tab. */
    readonly terminal?: ClientPort
  }
}

// Must match the browser host's auth.ts (the renderer may not import main-process code; a unit test pins them).
export const WS_PROTOCOL = 'chtrader.v1'
export const TOKEN_PREFIX = 'token.'
export const SESSION_PREFIX = 'session.'
export const SESSION_KEY = 'chtrader.session'

/**
 * What a tab without a credential is told (a printed link works once: opened again, or a tab opened by hand, has
 * none), in the window's language. Both ways are real: scripts/web.ts answers Enter, and a second `npm run web`
 * attaches to the running one.
 */
export const noCredentialAdvice = (): string => t('status.detail.unauthorized')

/** Why a call failed on a link that is given up, in the window's language. */
const givenUp = (s: 'unauthorized' | 'offline' | 'closed'): string =>
  s === 'unauthorized' ? noCredentialAdvice() : t(`app.bridge.state.${s}`)

export type BridgeStatus = 'connecting' | 'open' | 'reconnecting' | 'offline' | 'unauthorized' | 'closed'

export interface WebSocketPort extends ClientPort {
  readonly status: BridgeStatus
  onStatus(listener: (status: BridgeStatus) => void): () => void
  /** Tries again after `offline`. */
  reconnect(): void
  close(): void
}

/** `window.terminal` in Electron, else a WebSocket port to the browser host serving this page. */
export function terminalPort(): ClientPort {
  return window.terminal ?? createWebSocketPort()
}

export function connectTerminal<C extends ContractShape>(): ContractClient<C> {
  return createContractClient<C>(terminalPort())
}

/** Takes `token=…` out of a fragment: `#/market/spot/btcusdt&token=T` -> T and `#/market/spot/btcusdt`. */
export function extractToken(hash: string): { token: string | null; hash: string } {
  const m = /(^#|&)token=([A-Za-z0-9_-]+)/.exec(hash)
  if (!m) return { token: null, hash }
  const before = hash.slice(0, m.index)
  const after = hash.slice(m.index + m[0].length)
  if (m[1] === '&') return { token: m[2]!, hash: before + after }
  const restParams = after.replace(/^&/, '')
  return { token: m[2]!, hash: restParams ? `#${restParams}` : '' }
}

const MAX_RETRIES = 8

export function createWebSocketPort(
  url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/contract`
): WebSocketPort {
  // The token leaves the address bar at once: not in history, bookmarks or a copied link.
  const found = extractToken(location.hash)
  if (found.token) history.replaceState(history.state, '', `${location.pathname}${location.search}${found.hash}`)
  let token = found.token
  let handler: ((m: ServerMessage) => void) | null = null
  let socket: WebSocket | null = null
  let open = false
  let closedByUser = false
  let retries = 0
  let status: BridgeStatus = 'connecting'
  const listeners = new Set<(s: BridgeStatus) => void>()
  const queue: ClientMessage[] = []
  // Ids sent on the current socket: failed locally when it drops, since the host disposed of them.
  const calls = new Set<number>()
  const streams = new Set<number>()

  const setStatus = (s: BridgeStatus): void => {
    status = s
    for (const l of listeners) l(s)
  }
  const failed = (code: string, message: string, m: ClientMessage): ServerMessage | null => {
    const error: ContractErrorBody = { code, message }
    return m.t === 'call'
      ? { t: 'result', id: m.id, ok: false, error }
      : m.t === 'sub'
        ? { t: 'end', id: m.id, error }
        : null
  }
  const failSent = (code: string, message: string): void => {
    const ids = [...calls]
      .map((id) => ({ t: 'call', id }) as ClientMessage)
      .concat([...streams].map((id) => ({ t: 'sub', id }) as ClientMessage))
    calls.clear()
    streams.clear()
    for (const m of ids) handler?.(failed(code, message, m)!)
  }
  const failQueued = (code: string, message: string): void => {
    for (const m of queue.splice(0)) {
      const reply = failed(code, message, m)
      if (reply) handler?.(reply)
    }
  }
  const giveUp = (s: 'unauthorized' | 'offline' | 'closed'): void => {
    setStatus(s)
    failQueued(s, givenUp(s))
  }

  const transmit = (m: ClientMessage): void => {
    if (m.t === 'call') calls.add(m.id)
    else if (m.t === 'sub') streams.add(m.id)
    else streams.delete(m.id)
    socket!.send(JSON.stringify(m))
  }

  function connect(): void {
    if (closedByUser) return
    const stored = sessionStorage.getItem(SESSION_KEY)
    const credential = token ? TOKEN_PREFIX + token : stored ? SESSION_PREFIX + stored : null
    const usedToken = token !== null
    token = null // one use, whatever the outcome
    if (!credential) return giveUp('unauthorized')
    setStatus(retries ? 'reconnecting' : 'connecting')
    const ws = new WebSocket(url, [WS_PROTOCOL, credential])
    socket = ws
    ws.onmessage = (e: MessageEvent) => {
      let m: { t?: unknown; id?: unknown; session?: unknown }
      try {
        m = JSON.parse(String(e.data)) as typeof m
      } catch {
        return
      }
      if (m.t === 'hello') {
        if (typeof m.session === 'string') sessionStorage.setItem(SESSION_KEY, m.session)
        open = true
        retries = 0
        setStatus('open')
        for (const q of queue.splice(0)) transmit(q)
        return
      }
      if (m.t === 'result') calls.delete(m.id as number)
      else if (m.t === 'end') streams.delete(m.id as number)
      handler?.(m as ServerMessage)
    }
    ws.onclose = () => {
      const wasOpen = open
      open = false
      socket = null
      failSent('disconnected', t('app.bridge.lost'))
      if (closedByUser) return giveUp('closed')
      // A refused token is final unless the tab already has a session; a session retries (the host may be
      // restarting) with backoff, then stops.
      if (!wasOpen && usedToken && !sessionStorage.getItem(SESSION_KEY)) return giveUp('unauthorized')
      if (!wasOpen && ++retries > MAX_RETRIES) return giveUp('offline')
      if (wasOpen) retries = 1
      setStatus('reconnecting')
      setTimeout(connect, Math.min(5000, 250 * 2 ** (retries - 1)) * (0.75 + Math.random() / 2))
    }
  }

  connect()
  return {
    get status() {
      return status
    },
    send(m: ClientMessage): void {
      if (open) return transmit(m)
      if (status === 'unauthorized' || status === 'offline' || status === 'closed') {
        const reply = failed(status, givenUp(status), m)
        if (reply) queueMicrotask(() => handler?.(reply))
        return
      }
      queue.push(m)
    },
    onMessage(h: (m: ServerMessage) => void): void {
      handler = h
    },
    onStatus(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    reconnect(): void {
      if (status !== 'offline') return
      retries = 0
      connect()
    },
    close(): void {
      closedByUser = true
      socket?.close()
      if (!socket) giveUp('closed')
    }
  }
}

/**
 * Browser host only: opens `route` (e.g. `/market/spot/btcusdt`) in a new tab with its own one-time token,
 * minted by the host for this tab's session. In Electron, windows are opened by main through the contract.
 */
export async function openTerminalWindow(route: string): Promise<void> {
  const secret = sessionStorage.getItem(SESSION_KEY)
  if (!secret) throw new Error(t('app.bridge.notConnected'))
  const res = await fetch('/session', { method: 'POST', headers: { Authorization: `Bearer ${secret}` } })
  if (!res.ok) throw new Error(t('app.bridge.windowRefused', { status: res.status }))
  const { token } = (await res.json()) as { token: string }
  window.open(`${location.origin}${location.pathname}#${route}&token=${token}`, '_blank', 'noopener')
}
