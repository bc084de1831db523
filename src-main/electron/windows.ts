// The main window and the market / monitor pop-outs. Every window is made here, with the security checklist,
// admitted to the contract through the IPC guard (its own connection, so its own subscriptions), and its
// route and bounds kept in userData so the same set of windows comes back at the next start.
import { BrowserWindow, screen } from 'electron'
import type { AppUrl } from './app-url'
import type { IpcGuard } from './ipc-guard'
import { hardenWebContents, secureWebPreferences } from './security'
import {
  loadWindowState,
  MAIN_ROUTE,
  marketRoute,
  monitorRoute,
  saveWindowState,
  visibleBounds,
  type SavedWindow
} from './window-state'
import type { Module } from '@shared/module'

export interface WindowManagerOptions {
  appUrl: AppUrl
  /** The built preload (CJS: sandboxed preloads cannot be ES modules). */
  preloadPath: string
  /** userData/windows.json */
  stateFile: string
  guard: Pick<IpcGuard, 'attach'>
  /** The user closed the main window: the app quits (pop-outs stay recorded for the next start). */
  onMainClosed(): void
  log?: (line: string) => void
  saveDelayMs?: number
}

const DEFAULT_SIZE: Record<'main' | 'popout', { width: number; height: number }> = {
  main: { width: 1440, height: 900 },
  popout: { width: 720, height: 560 }
}

export function createWindowManager(opts: WindowManagerOptions) {
  const log = opts.log ?? (() => undefined)
  const open = new Map<string, BrowserWindow>() // route -> window
  let quitting = false
  let saveTimer: ReturnType<typeof setTimeout> | undefined

  function snapshot(): SavedWindow[] {
    return [...open].flatMap(([route, win]) =>
      win.isDestroyed() ? [] : [{ route, bounds: win.getNormalBounds(), maximized: win.isMaximized() }]
    )
  }
  // Saves run one after another: an older snapshot can never land after a newer one.
  let saving = Promise.resolve()
  const persist = (list: SavedWindow[]): Promise<void> =>
    (saving = saving
      .then(() => saveWindowState(opts.stateFile, list))
      .catch((e: unknown) => log(`windows: could not save state: ${(e as Error).message}`)))
  const scheduleSave = (): void => {
    if (quitting) return
    clearTimeout(saveTimer)
    saveTimer = setTimeout(() => void persist(snapshot()), opts.saveDelayMs ?? 500)
  }

  function openWindow(route: string, saved?: SavedWindow): BrowserWindow {
    const existing = open.get(route)
    if (existing && !existing.isDestroyed()) {
      if (existing.isMinimized()) existing.restore()
      existing.focus()
      return existing
    }
    const isMain = route === MAIN_ROUTE
    const bounds = visibleBounds(
      saved?.bounds,
      screen.getAllDisplays().map((d) => d.workArea)
    )
    const win = new BrowserWindow({
      ...(bounds ?? DEFAULT_SIZE[isMain ? 'main' : 'popout']),
      title: isMain ? 'CH Trader' : `CH Trader · ${route.split('/').slice(2).join(' ').toUpperCase()}`,
      show: false,
      backgroundColor: '#101418',
      webPreferences: secureWebPreferences(opts.preloadPath)
    })
    hardenWebContents(win.webContents, opts.appUrl, log)
    opts.guard.attach(win.webContents)
    open.set(route, win)
    win.once('ready-to-show', () => {
      if (saved?.maximized) win.maximize()
      win.show()
    })
    for (const e of ['resize', 'move', 'maximize', 'unmaximize'] as const) win.on(e as 'resize', scheduleSave)
    win.on('close', (event) => {
      if (quitting || !isMain) return
      event.preventDefault()
      opts.onMainClosed()
    })
    win.on('closed', () => {
      if (open.get(route) === win) open.delete(route)
      scheduleSave() // a pop-out the user closed is not restored next time
    })
    // The route travels in the fragment: the renderer reads it, and it is not part of the page's identity.
    void win.loadURL(`${opts.appUrl.entry.url}#${route}`)
    if (!saved) scheduleSave()
    return win
  }

  return {
    /** Opens the windows saved at the last exit (the main window always), main first. */
    async restore(): Promise<BrowserWindow> {
      const saved = await loadWindowState(opts.stateFile)
      const main = openWindow(
        MAIN_ROUTE,
        saved.find((w) => w.route === MAIN_ROUTE)
      )
      for (const w of saved) if (w.route !== MAIN_ROUTE) openWindow(w.route, w)
      return main
    },
    openMain: (): BrowserWindow => openWindow(MAIN_ROUTE),
    openMarketWindow: (module: Module, symbol: string): BrowserWindow => openWindow(marketRoute(module, symbol)),
    openMonitorWindow: (layout: string): BrowserWindow => openWindow(monitorRoute(layout)),
    /** Records every open window as it is now, before quitting closes them; nothing is saved after this. */
    async beginQuit(): Promise<void> {
      if (quitting) return saving
      const list = snapshot()
      quitting = true
      clearTimeout(saveTimer)
      await persist(list)
    }
  }
}

export type WindowManager = ReturnType<typeof createWindowManager>
