// The desktop app's lifecycle: one instance, the hardened session, the terminal core (services and the
// embedded exchange on a free loopback port), the IPC guard and the windows; an orderly shutdown that saves
// the window layout and closes the core before the process exits. The menu and the dialogs speak the user's
// language (main's app.language preference; 'auto': the system's), the menu rebuilt when it changes.
import { join } from 'node:path'
import { app, dialog, session } from 'electron'
import { resolveLocale, type LanguageChoice, type Locale } from '@shared/i18n/locales'
import { translateIn } from '@shared/i18n/translate'
import { startTerminalCore, startupLanguage } from '../core/terminal-core'
import { errorText } from '../core/words'
import { contractMarkets } from './alert-markets'
import { notifyAlertFires } from './alert-notification'
import { applyMenu } from './app-menu'
import { registerAppScheme, serveRenderer } from './app-protocol'
import { createAppUrl } from './app-url'
import { bindContractIpc, type IpcGuard } from './ipc-guard'
import { hardenSession } from './security'
import { startUpdates } from './updates'
import { createWindowManager, type WindowManager } from './windows'
import { applyUserDataDir } from './user-data'

const APP_NAME = 'CH Trader'

/** The locale a language choice means on this desktop ('auto': the OS's preferred languages). */
function desktopLocale(choice: LanguageChoice): Locale {
  return resolveLocale(choice, [...app.getPreferredSystemLanguages(), app.getLocale()])
}

export function startDesktopApp(): void {
  applyUserDataDir(app) // before the lock: it is taken per userData folder
  // A second launch focuses the running terminal: two instances would share one userData and one vault.
  if (!app.requestSingleInstanceLock()) {
    app.quit()
    return
  }
  app.enableSandbox() // every renderer, including any we did not create
  // Until the core is up; then its scrubbed log carries every line.
  let log = (line: string): void => console.log(line)
  const here = import.meta.dirname // out/main in the build
  const appUrl = createAppUrl({ devUrl: app.isPackaged ? undefined : process.env['ELECTRON_RENDERER_URL'] })
  registerAppScheme() // privileges can only be granted before ready
  let core: Awaited<ReturnType<typeof startTerminalCore>> | null = null
  let guard: IpcGuard | null = null
  let windows: WindowManager | null = null
  let updates: Awaited<ReturnType<typeof startUpdates>> = null
  // What the preferences file says until the core is up (the menu, a failed start's dialog); then the core's.
  let language = (): Locale => 'en'
  const menu = (): void => applyMenu(language(), { platform: process.platform, appName: APP_NAME })

  // Belt and braces for webContents made outside windows.ts (devtools and the like).
  app.on('web-contents-created', (_event, wc) => {
    wc.on('will-attach-webview', (e) => e.preventDefault())
    wc.setWindowOpenHandler(() => ({ action: 'deny' }))
  })
  app.on('second-instance', () => windows?.openMain())
  app.on('activate', () => windows?.openMain())
  app.on('window-all-closed', () => app.quit())

  let shutdown: 'idle' | 'running' | 'done' = 'idle'
  app.on('before-quit', (event) => {
    if (shutdown === 'done') return
    event.preventDefault() // the layout save and the core's close are async: quit again once they are done
    if (shutdown === 'running') return
    shutdown = 'running'
    // While the core still counts order actions: no update is installed at quit under one in flight.
    updates?.beforeQuit()
    updates?.stop()
    void (async () => {
      await windows?.beginQuit()
      guard?.close()
      await core?.close()
    })()
      .catch((e: unknown) => log(`shutdown: ${(e as Error).message}`))
      .finally(() => {
        shutdown = 'done'
        app.quit()
      })
  })

  void app
    .whenReady()
    .then(async () => {
      const userDataDir = app.getPath('userData')
      const before = desktopLocale(startupLanguage(userDataDir))
      language = () => before
      menu()
      // Windows exist only after the core is up; the opener looks the manager up when a window is asked for.
      core = await startTerminalCore({
        userDataDir,
        windows: {
          open: (w) => {
            if (!windows) throw new Error('Windows are not ready yet')
            if (w.kind === 'market') windows.openMarketWindow(w.module, w.symbol)
            else windows.openMonitorWindow(w.layout)
          }
        }
      })
      log = core.log
      const choice = core.language
      language = () => desktopLocale(choice.choice())
      menu()
      choice.onChange(menu)
      // Price alerts fire in main: told here, windows or not.
      notifyAlertFires(core, contractMarkets(core.server), () => language(), log)
      hardenSession(session.defaultSession, appUrl, log) // before any window exists
      serveRenderer(session.defaultSession, join(here, '../renderer'), log)
      guard = bindContractIpc(core.server, { isAppUrl: appUrl.isAppUrl, log })
      windows = createWindowManager({
        appUrl,
        preloadPath: join(here, '../preload/index.cjs'),
        stateFile: join(userDataDir, 'windows.json'),
        guard,
        onMainClosed: () => app.quit(),
        log
      })
      await windows.restore()
      // A failed updater never stops the terminal: logged, the app runs on.
      updates = await startUpdates({
        actionsInFlight: () => core?.actionsInFlight() ?? 0,
        log,
        locale: () => language()
      }).catch((e: unknown) => {
        log(`updates: not started: ${(e as Error).message}`)
        return null
      })
    })
    .catch((e: unknown) => {
      const locale = language()
      dialog.showErrorBox(translateIn(locale, 'main.dialog.startFailed', { name: APP_NAME }), errorText(e, locale))
      app.exit(1)
    })
}
