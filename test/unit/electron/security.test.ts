// The session hooks: every permission denied, remote content refused, the CSP header added.
import { describe, expect, it, vi } from 'vitest'
import { createAppUrl } from '../../../src-main/electron/app-url'
import { CSP, hardenSession } from '../../../src-main/electron/security'

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
  const appUrl = createAppUrl({ rendererIndex: '/opt/cht/out/renderer/index.html' })

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

  it('refuses remote content and files outside the app, allows the app’s own files', () => {
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
    expect(verdict('file:///opt/cht/out/renderer/../../secret')).toEqual({ cancel: true })
    expect(verdict('file:///opt/cht/out/renderer/assets/index.js')).toEqual({ cancel: false })
    expect(verdict('data:image/png;base64,AA==')).toEqual({ cancel: false })
    expect(logs.join()).not.toContain('secret') // origins only in logs
  })

  it('adds the Content-Security-Policy header to every response', () => {
    const { session, h } = fakeSession()
    hardenSession(session as never, appUrl, () => undefined)
    let out: { responseHeaders: Record<string, string[]> } | undefined
    ;(h['headers'] as (d: unknown, cb: (r: typeof out) => void) => void)({ responseHeaders: { 'X-A': ['1'] } }, (r) => (out = r))
    expect(out?.responseHeaders).toEqual({ 'X-A': ['1'], 'Content-Security-Policy': [CSP] })
    expect(CSP).toMatch(/default-src 'self'/)
    expect(CSP).toMatch(/object-src 'none'/)
    expect(CSP).not.toMatch(/unsafe-eval|https?:/)
  })
})

describe('app URL', () => {
  it('recognises only the built index.html as a page of ours, with any route', () => {
    const a = createAppUrl({ rendererIndex: '/opt/cht/out/renderer/index.html' })
    expect(a.entry).toEqual({ file: '/opt/cht/out/renderer/index.html' })
    expect(a.isAppUrl('file:///opt/cht/out/renderer/index.html#/market/spot/btcusdt')).toBe(true)
    expect(a.isAppUrl('file:///opt/cht/out/renderer/x/../index.html')).toBe(true)
    expect(a.isAppUrl('file:///opt/cht/out/renderer/evil.html')).toBe(false)
    expect(a.isAppUrl('file://attacker.host/opt/cht/out/renderer/index.html')).toBe(false)
    expect(a.isAppUrl('https://opt/cht/out/renderer/index.html')).toBe(false)
    expect(a.isAppUrl('not a url')).toBe(false)
  })

  it('in development trusts the dev server origin only', () => {
    const a = createAppUrl({ rendererIndex: '/x/index.html', devUrl: 'http://localhost:5173/' })
    expect(a.entry).toEqual({ url: 'http://localhost:5173/' })
    expect(a.isAppUrl('http://localhost:5173/#/monitor/a')).toBe(true)
    expect(a.isAppUrl('http://localhost:5174/')).toBe(false)
    expect(a.isAppUrl('file:///x/index.html')).toBe(false)
    expect(a.isAppRequest('ws://localhost:5173/')).toBe(true) // HMR
    expect(a.isAppRequest('https://localhost:5173/')).toBe(false)
    expect(() => createAppUrl({ rendererIndex: '/x', devUrl: 'javascript:alert(1)' })).toThrow()
  })
})
