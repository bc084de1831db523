// The app:// handler as a plain function (Request -> Response) over a renderer folder on disk: files of the
// folder with their MIME type and the CSP header; traversal in every spelling, other hosts and methods refused.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { APP_CSP, createAppHandler, routeAppRequest } from '../../../src-main/electron/app-scheme'
import { protocolCalls } from './fake-electron'

vi.mock('electron', async () => (await import('./fake-electron')).electron)

let base: string
let root: string
let handler: (req: Request) => Promise<Response>
const logs: string[] = []
beforeAll(async () => {
  // base/renderer is served; base/secret.txt and base/renderer-evil/x.js sit beside it and must stay out of reach.
  base = await mkdtemp(join(tmpdir(), 'cht-scheme-'))
  root = join(base, 'renderer')
  await mkdir(join(root, 'assets'), { recursive: true })
  await mkdir(join(base, 'renderer-evil'))
  await writeFile(join(root, 'index.html'), '<!doctype html><title>CH Trader</title>')
  await writeFile(join(root, 'assets/index-1.js'), 'export {}')
  await writeFile(join(root, 'assets/index-1.css'), 'body{}')
  await writeFile(join(root, 'assets/logo.svg'), '<svg/>')
  await writeFile(join(root, 'assets/font.woff2'), 'w')
  await writeFile(join(root, 'assets/notes.txt'), 'not a renderer file')
  await writeFile(join(root, '.env'), 'SECRET=1')
  await writeFile(join(base, 'secret.txt'), 'SECRET')
  await writeFile(join(base, 'renderer-evil/x.js'), 'SECRET')
  handler = createAppHandler(root, (l) => logs.push(l))
})
afterAll(() => rm(base, { recursive: true, force: true }))

const get = (url: string, method = 'GET') => handler(new Request(url, { method }))

describe('app:// handler', () => {
  it.each([
    ['app://chtrader/', 'text/html; charset=utf-8', '<!doctype html>'],
    ['app://chtrader/index.html#/market/spot/btcusdt', 'text/html; charset=utf-8', '<!doctype html>'],
    ['app://chtrader/assets/index-1.js?v=1', 'text/javascript; charset=utf-8', 'export'],
    ['app://chtrader/assets/index-1.css', 'text/css; charset=utf-8', 'body'],
    ['app://chtrader/assets/logo.svg', 'image/svg+xml', '<svg'],
    ['app://chtrader/assets/font.woff2', 'font/woff2', 'w']
  ])('serves %s as %s with the CSP header', async (url, type, start) => {
    const res = await get(url)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe(type)
    expect(res.headers.get('content-security-policy')).toBe(APP_CSP)
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect((await res.text()).startsWith(start)).toBe(true)
  })

  it('sends the policy the issue asks for, connecting nowhere (the renderer uses IPC)', () => {
    const directives = new Map(APP_CSP.split('; ').map((d) => [d.split(' ')[0], d.slice(d.indexOf(' ') + 1)]))
    expect(directives.get('default-src')).toBe("'self'")
    expect(directives.get('object-src')).toBe("'none'")
    expect(directives.get('base-uri')).toBe("'none'")
    expect(directives.get('form-action')).toBe("'none'")
    expect(directives.get('connect-src')).toBe("'none'")
    expect(directives.get('script-src')).toBe("'self'")
    expect(APP_CSP).not.toMatch(/unsafe-eval|\*|https?:|wss?:/)
  })

  // As a page could write them. Chromium (like Node's URL) resolves dot segments of a standard scheme before the
  // handler sees the URL, so the mapping is checked on the raw strings and the handler on what reaches it.
  const TRAVERSALS = [
    'app://chtrader/../secret.txt',
    'app://chtrader/assets/../../secret.txt',
    'app://chtrader/%2e%2e/secret.txt',
    'app://chtrader/%2E%2E/secret.txt',
    'app://chtrader/.%2e/secret.txt',
    'app://chtrader/assets/%2e%2e%2f%2e%2e%2fsecret.txt',
    'app://chtrader/..%2fsecret.txt',
    'app://chtrader/..%5csecret.txt',
    'app://chtrader/..\\secret.txt',
    'app://chtrader/assets\\..\\..\\secret.txt',
    'app://chtrader//etc/passwd',
    'app://chtrader/%2Fetc%2Fpasswd',
    'app://chtrader/C:/Windows/win.ini',
    'app://chtrader/%00index.html',
    'app://chtrader/../renderer-evil/x.js',
    'app://chtrader/.env'
  ]

  it.each(TRAVERSALS)('refuses %s (raw) with 403', (url) => {
    expect(routeAppRequest(root, url)).toMatchObject({ status: 403 })
  })

  it.each(TRAVERSALS)('never answers %s with a file outside the folder', async (url) => {
    const res = await get(url)
    expect([403, 404]).toContain(res.status)
    expect(await res.text()).not.toContain('SECRET')
    expect(res.headers.get('content-security-policy')).toBe(APP_CSP)
  })

  it('answers 404 for a missing file, a folder, a file type the renderer never emits, or another host', async () => {
    for (const url of [
      'app://chtrader/missing.js',
      'app://chtrader/assets',
      'app://chtrader/assets/notes.txt',
      'app://other/index.html'
    ])
      expect((await get(url)).status, url).toBe(404)
  })

  it('answers only GET and HEAD (405), HEAD without a body', async () => {
    expect((await get('app://chtrader/index.html', 'POST')).status).toBe(405)
    const head = await get('app://chtrader/index.html', 'HEAD')
    expect(head.status).toBe(200)
    expect(await head.text()).toBe('')
  })

  it('logs refusals without the path asked for', async () => {
    logs.length = 0
    await get('app://chtrader/..%2fsecret-token-123.txt')
    expect(logs).toEqual(['app scheme: refused a request (403, separator)'])
  })

  it('is a pure mapping under the handler: no file system needed to decide', () => {
    expect(routeAppRequest('/r', 'app://chtrader/a/b.js')).toEqual({
      status: 200,
      file: '/r/a/b.js',
      type: 'text/javascript; charset=utf-8'
    })
    expect(routeAppRequest('/r', 'app://chtrader/%zz')).toMatchObject({ status: 400 })
    expect(routeAppRequest('/r', 'app://CHTRADER/index.html')).toMatchObject({ status: 200, file: '/r/index.html' })
  })
})

describe('app:// registration', () => {
  it('is privileged as a standard, secure scheme with the Fetch API, nothing more, and served on the session', async () => {
    const { registerAppScheme, serveRenderer } = await import('../../../src-main/electron/app-protocol')
    registerAppScheme()
    expect(protocolCalls.privileged).toEqual([
      { scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true } }
    ])
    const handled = new Map<string, (r: Request) => Promise<Response>>()
    const session = {
      protocol: { handle: (scheme: string, h: (r: Request) => Promise<Response>) => void handled.set(scheme, h) }
    }
    serveRenderer(session as never, root, () => undefined)
    const res = await handled.get('app')!(new Request('app://chtrader/..%2fsecret.txt'))
    expect(res.status).toBe(403)
    expect((await handled.get('app')!(new Request('app://chtrader/'))).status).toBe(200)
  })
})
