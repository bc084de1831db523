// Electron's side of the app:// scheme (app-scheme.ts holds the handler): the privileges, which must be
// registered before the app is ready, and the handler bound on a session before any window loads.
import { protocol, type Session } from 'electron'
import { APP_SCHEME, createAppHandler } from './app-scheme'

/**
 * standard: a real origin (app://chtrader), so 'self' in the CSP and same-origin rules mean our files only.
 * secure: treated like https (no mixed-content downgrade). supportFetchAPI: module scripts and modulepreload
 * are fetched through the Fetch API. No bypassCSP, no CORS, no service workers, no stream: not needed.
 */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true } }
  ])
}

/** Serves `rendererDir` (out/renderer) as app://chtrader/ in `session`. */
export function serveRenderer(session: Session, rendererDir: string, log: (line: string) => void): void {
  session.protocol.handle(APP_SCHEME, createAppHandler(rendererDir, log))
}
