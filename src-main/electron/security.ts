// Electron's security checklist in one file: the web preferences of every window, and the per-session and
// per-webContents hooks that keep our pages to our own content.
import type { Session, WebContents, WebPreferences } from 'electron'
import type { AppUrl } from './app-url'

export function secureWebPreferences(preload: string): WebPreferences {
  return {
    preload,
    contextIsolation: true, // the page cannot touch the preload's world
    sandbox: true, // no Node in the renderer or the preload
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    experimentalFeatures: false,
    webviewTag: false,
    navigateOnDragDrop: false,
    safeDialogs: true
  }
}

/**
 * Denies every permission, refuses remote content and sets our CSP header on every response (the app://
 * handler sends the same one; this also covers the dev server). index.html's meta policy applies on top.
 */
export function hardenSession(session: Session, appUrl: AppUrl, log: (line: string) => void): void {
  session.setPermissionRequestHandler((_wc, permission, callback) => {
    log(`security: denied permission '${permission}'`)
    callback(false)
  })
  session.setPermissionCheckHandler(() => false)
  session.webRequest.onBeforeRequest((details, callback) => {
    const allowed = appUrl.isAppRequest(details.url)
    if (!allowed) log(`security: blocked a request to ${originOf(details.url)}`)
    callback({ cancel: !allowed })
  })
  session.webRequest.onHeadersReceived((details, callback) => {
    callback({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [appUrl.csp] } })
  })
}

/**
 * No new windows (ours are opened by main through the contract, never by a page), no webviews, no navigation
 * away from our page (app://chtrader/index.html, or the dev server).
 */
export function hardenWebContents(wc: WebContents, appUrl: AppUrl, log: (line: string) => void): void {
  wc.setWindowOpenHandler(({ url }) => {
    log(`security: denied window.open of ${originOf(url)}`)
    return { action: 'deny' }
  })
  const guardNavigation = (event: { preventDefault(): void }, url: string): void => {
    if (appUrl.isAppUrl(url)) return
    event.preventDefault()
    log(`security: blocked navigation to ${originOf(url)}`)
  }
  wc.on('will-navigate', guardNavigation)
  wc.on('will-redirect', guardNavigation)
  wc.on('will-attach-webview', (event) => event.preventDefault())
}

/** For logs: never a path, query or fragment (they may carry a token or a symbol the user typed). */
export function originOf(url: string): string {
  try {
    const u = new URL(url)
    return u.origin === 'null' ? u.protocol : u.origin
  } catch {
    return 'an invalid URL'
  }
}
