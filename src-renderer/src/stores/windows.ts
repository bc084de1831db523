// Pop-out and monitor windows, and what comes back at the next start.
// Browser host: a window is a tab opened with its own one-time token (openTerminalWindow). The main window keeps
// the routes of the open windows in main's preferences (openWindows: so a restart on another port reopens them too);
// each secondary window says hello / bye on a BroadcastChannel, so
// a window the user closes is forgotten, while the windows still open when the main window goes away (the app
// was quit) are remembered and reopened at the next start. A bye is acted on after a short delay: when the whole
// browser quits, the main window's timers die with it and nothing is forgotten.
// Electron: main makes, records (windows.json) and restores windows itself; the renderer asks it for one through
// the contract's `windows.open`.
// Monitor layouts (which markets a monitor shows) live here too, by layout name: main keeps them per profile (a
// preference), since they name a venue's markets.
import { defineStore } from 'pinia'
import { computed } from 'vue'
import { openTerminalWindow } from '../bridge/terminal-bridge'
import { t } from '../i18n'
import { terminal } from '../services/terminal'
import { marketRoute, monitorRoute } from '../layout/routes'
import { useFeedbackStore } from './feedback'
import { usePreferencesStore } from './preferences'
import type { Module } from '@shared/module'

const CHANNEL = 'chtrader.windows'
/** How long the main window waits for open windows to answer before reopening the rest. */
const RESTORE_WAIT_MS = 600
const FORGET_DELAY_MS = 1500
/**
 * The main window pings every window this often; one that did not answer the previous ping is gone (its goodbye was
 * lost: a killed tab, or a pagehide message that did not get out). Timers of a hidden main window are throttled, so
 * the check is against the previous ping, never against a wall-clock age.
 */
const HEARTBEAT_MS = 3000

type Message =
  { t: 'hello' | 'bye'; route: string; id: string } | { t: 'ping' } | { t: 'select'; module: Module; symbol: string }

export const useWindowsStore = defineStore('windows', () => {
  const feedback = useFeedbackStore()
  const prefs = usePreferencesStore()
  const desktop = typeof window !== 'undefined' && window.terminal !== undefined
  /** Both hosts can open windows: Electron through the contract, the browser host as tabs. */
  const canOpen = true
  const routes = computed(() => prefs.app.openWindows)
  /** Live windows by route (a route may be open twice), from their hellos. */
  const alive = new Map<string, Set<string>>()
  const forgetting = new Map<string, ReturnType<typeof setTimeout>>()
  /** Each window's route and whether it answered since the last ping (main window only). */
  const answered = new Map<string, { route: string; since: boolean }>()
  let heartbeat: ReturnType<typeof setInterval> | null = null
  let channel: BroadcastChannel | null = null

  function remember(route: string): void {
    clearTimeout(forgetting.get(route))
    forgetting.delete(route)
    if (!routes.value.includes(route)) prefs.setApp({ openWindows: [...routes.value, route] })
  }
  function forget(route: string): void {
    if (routes.value.includes(route)) prefs.setApp({ openWindows: routes.value.filter((r) => r !== route) })
  }

  /** Electron: main opens (and records) the window. */
  async function openDesktop(
    w: { kind: 'market'; module: Module; symbol: string } | { kind: 'monitor'; layout: string }
  ): Promise<boolean> {
    try {
      await terminal().invoke('windows.open', w)
      return true
    } catch (e) {
      feedback.error(e, t('app.windows.openFailed'))
      return false
    }
  }

  async function open(route: string): Promise<boolean> {
    try {
      await openTerminalWindow(route)
      remember(route)
      return true
    } catch (e) {
      feedback.error(e, t('app.windows.openFailed'))
      return false
    }
  }
  const popOut = (module: Module, symbol: string): Promise<boolean> =>
    desktop ? openDesktop({ kind: 'market', module, symbol }) : open(marketRoute(module, symbol))
  const openMonitor = (layout = 'default'): Promise<boolean> =>
    desktop ? openDesktop({ kind: 'monitor', layout }) : open(monitorRoute(layout))

  function connect(onMessage: (m: Message) => void): void {
    if (channel || typeof BroadcastChannel === 'undefined') return
    channel = new BroadcastChannel(CHANNEL)
    channel.onmessage = (e: MessageEvent<Message>) => onMessage(e.data)
  }

  /**
   * The main window: follows the other windows, reopens the ones of the last session that are not open, and shows
   * the market another window asks for (`onSelect`).
   */
  function startMain(onSelect: (module: Module, symbol: string) => void): void {
    connect((m) => {
      if (m.t === 'select') onSelect(m.module, m.symbol)
      else if (m.t === 'hello') {
        alive.set(m.route, (alive.get(m.route) ?? new Set()).add(m.id))
        remember(m.route)
        answered.set(m.id, { route: m.route, since: true })
      } else if (m.t === 'bye') gone(m.route, m.id)
    })
    channel?.postMessage({ t: 'ping' } satisfies Message)
    heartbeat = setInterval(() => {
      for (const [id, w] of answered) if (!w.since) gone(w.route, id)
      for (const w of answered.values()) w.since = false
      channel?.postMessage({ t: 'ping' } satisfies Message)
    }, HEARTBEAT_MS)
    // Electron restores its windows itself (windows.json in main).
    if (!desktop && routes.value.length) setTimeout(() => void restore(), RESTORE_WAIT_MS)
  }

  /** A window closed (its bye, or no answer to a ping): its route is forgotten once no window of it is left. */
  function gone(route: string, id: string): void {
    answered.delete(id)
    const ids = alive.get(route)
    ids?.delete(id)
    if (ids?.size) return
    alive.delete(route)
    clearTimeout(forgetting.get(route))
    forgetting.set(
      route,
      setTimeout(() => forget(route), FORGET_DELAY_MS)
    )
  }

  async function restore(): Promise<void> {
    const missing = routes.value.filter((r) => !alive.has(r))
    if (!missing.length) return
    const failed: string[] = []
    for (const r of missing) await openTerminalWindow(r).catch(() => failed.push(r))
    if (failed.length) {
      // Typically a popup blocker (no click behind a restore): one click of the user's opens them.
      feedback.warn(t('app.windows.notReopened', failed.length), '', {
        label: t('app.windows.reopen'),
        run: () => void Promise.all(failed.map((r) => open(r)))
      })
    }
  }

  /** A pop-out or monitor window: tells the main window it is open, and when it closes. */
  function announce(route: string): void {
    const id = Math.random().toString(36).slice(2)
    connect((m) => m.t === 'ping' && channel?.postMessage({ t: 'hello', route, id } satisfies Message))
    channel?.postMessage({ t: 'hello', route, id } satisfies Message)
    globalThis.addEventListener?.('pagehide', () => channel?.postMessage({ t: 'bye', route, id } satisfies Message))
  }

  /** From a pop-out or monitor: the main window switches to this market. */
  const showInMain = (module: Module, symbol: string): void =>
    channel?.postMessage({ t: 'select', module, symbol } satisfies Message)

  /** Leaves the channel (a window going away for good; tests). */
  function dispose(): void {
    channel?.close()
    channel = null
    for (const t of forgetting.values()) clearTimeout(t)
    if (heartbeat) clearInterval(heartbeat)
  }

  // ---- monitor layouts (the window's profile's) ----
  const layouts = computed(() => prefs.profile.monitors)
  /** Whether the layouts are main's for the window's profile yet (a monitor seeds a new layout only then). */
  const layoutsKnown = computed(() => prefs.profileReady)
  function setMonitorMarkets(layout: string, keys: string[]): void {
    prefs.setProfile({ monitors: { ...prefs.profile.monitors, [layout]: [...new Set(keys)] } })
  }

  return {
    canOpen,
    routes,
    open,
    popOut,
    openMonitor,
    startMain,
    restore,
    announce,
    showInMain,
    dispose,
    layouts,
    layoutsKnown,
    setMonitorMarkets
  }
})
