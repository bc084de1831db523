// The session hooks: every permission denied, remote content refused, the CSP header added.
import { describe, expect, it, vi } from 'vitest'
import { APP_CSP } from '../../../src-main/electron/app-scheme'
import { createAppUrl } from '../../../src-main/electron/app-url'
import { hardenSession } from '../../../src-main/electron/security'

type Handler = (...args: never[]) => unknown

function fakeSession() {
  const h: Record<string, Handler> = {}
  const session = {
    setPermissionRequestHandler: (f: Handler) => void (h['request'] = f),
    setPermissionCheckHandler: (f: Handler) => void (h['check'] = f),
    webRequest: {
      onBeforeRequest: (f: Handler) => void (h['before'] = f),
      onHeadersReceived: (f: Handler) => void (h['headers'] = f)
    }
  }
  return { session, h }
}

describe('session hardening', () => {
  const appUrl = createAppUrl()

  it('denies every permission request and check', () => {
    const { session, h } = fakeSession()
    hardenSession(session as never, appUrl, () => undefined)
    for (const permission of ['media', 'geolocation', 'notifications', 'clipboard-read', 'openExternal']) {
      const callback = vi.fn()
      ;(h['request'] as (wc: unknown, p: string, cb: (ok: boolean) => void) => void)({}, permission, callback)
      expect(callback).toHaveBeenCalledWith(false)
    }
    expect((h['check'] as () => boolean)()).toBe(false)
  })

  it('refuses remote content and files on disk, allows the app scheme’s own files', () => {
    const { session, h } = fakeSession()
    const logs: string[] = []
    hardenSession(session as never, appUrl, (l) => logs.push(l))
    const verdict = (url: string) => {
      let out: unknown
      ;(h['before'] as (d: { url: string }, cb: (r: unknown) => void) => void)({ url }, (r) => (out = r))
      return out
    }
    expect(verdict('https://cdn.example/x.js?key=secret')).toEqual({ cancel: true })
    expect(verdict('http://127.0.0.1:8080/api')).toEqual({ cancel: true })
    expect(verdict('file:///etc/passwd')).toEqual({ cancel: true })
    expect(verdict('file:///opt/cht/out/renderer/assets/index.js')).toEqual({ cancel: true }) // file:// is never ours
    expect(verdict('app://evil/assets/index.js?secret')).toEqual({ cancel: true })
    expect(verdict('app://x@chtrader/assets/index.js')).toEqual({ cancel: true })
    expect(verdict('app://chtrader/assets/index.js')).toEqual({ cancel: false })
    expect(verdict('data:image/png;base64,AA==')).toEqual({ cancel: false })
    expect(logs.join()).not.toContain('secret') // origins only in logs
  })

  it('adds the Content-Security-Policy header to every response', () => {
    const { session, h } = fakeSession()
    hardenSession(session as never, appUrl, () => undefined)
    let out: { responseHeaders: Record<string, string[]> } | undefined
    ;(h['headers'] as (d: unknown, cb: (r: typeof out) => void) => void)(
      { responseHeaders: { 'X-A': ['1'] } },
      (r) => (out = r)
    )
    expect(out?.responseHeaders).toEqual({ 'X-A': ['1'], 'Content-Security-Policy': [appUrl.csp] })
    expect(appUrl.csp).toBe(APP_CSP) // the same policy as the app:// handler's
    expect(appUrl.csp).toMatch(/connect-src 'none'/) // the renderer talks to main over IPC only
    expect(appUrl.csp).not.toMatch(/unsafe-eval|https?:|ws:/)
  })
})

describe('app URL', () => {
  it('recognises only app://chtrader/index.html as a page of ours, with any route', () => {
    const a = createAppUrl()
    expect(a.entry).toEqual({ url: 'app://chtrader/index.html' })
    expect(a.isAppUrl('app://chtrader/index.html#/market/spot/btcusdt')).toBe(true)
    expect(a.isAppUrl('app://chtrader/')).toBe(true)
    expect(a.isAppUrl('app://chtrader/x/../index.html')).toBe(true)
    expect(a.isAppUrl('app://chtrader/evil.html')).toBe(false)
    expect(a.isAppUrl('app://chtrader/index.html?x=1')).toBe(false)
    expect(a.isAppUrl('app://attacker/index.html')).toBe(false)
    expect(a.isAppUrl('app://chtrader:99/index.html')).toBe(false)
    expect(a.isAppUrl('file:///opt/cht/out/renderer/index.html')).toBe(false)
    expect(a.isAppUrl('https://chtrader/index.html')).toBe(false)
    expect(a.isAppUrl('not a url')).toBe(false)
  })

  it('in development trusts the dev server origin only', () => {
    const a = createAppUrl({ devUrl: 'http://localhost:5173/' })
    expect(a.entry).toEqual({ url: 'http://localhost:5173/' })
    expect(a.isAppUrl('http://localhost:5173/#/monitor/a')).toBe(true)
    expect(a.isAppUrl('http://localhost:5174/')).toBe(false)
    expect(a.isAppUrl('app://chtrader/index.html')).toBe(false)
    expect(a.csp).toMatch(/connect-src 'self'/) // HMR's socket
    expect(a.isAppRequest('ws://localhost:5173/')).toBe(true) // HMR
    expect(a.isAppRequest('https://localhost:5173/')).toBe(false)
    expect(() => createAppUrl({ devUrl: 'javascript:alert(1)' })).toThrow()
  })
})
