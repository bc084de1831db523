// The browser host in a real Chromium: a tab opened with the printed URL connects through the renderer's
// bridge and runs the contract (demo contract here); a page without the token, a spent token and a foreign
// origin cannot; a pop-out gets its own token and session; the production renderer is served intact.
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { build } from 'vite'
import type { Page } from 'playwright-core'
import { z } from 'zod'
import { command, stream } from '@shared/ipc/contract-kit'
import { createContractServer, type ContractHandlers } from '../../src-main/contract/contract-server'
import { startBrowserHost, type BrowserHost } from '../../src-main/browser-host/browser-host'
import { launchChromium, serveDir, type Chromium, type StaticServer } from './browser'

const repo = resolve(import.meta.dirname, '../..')
const demo = {
  'demo.echo': command<{ text: string; connectionId: string }>()(z.object({ text: z.string() }), 'Echoes.'),
  'demo.onTick': stream<{ n: number }>()(z.object({ count: z.number().int() }), 'Ticks.')
} as const
const handlers: ContractHandlers<typeof demo> = {
  'demo.echo': ({ text }, ctx) => ({ text, connectionId: ctx.connectionId }),
  'demo.onTick': ({ count }, emit) => {
    for (let n = 1; n <= count; n++) emit({ n })
    return () => undefined
  }
}
const server = createContractServer(demo, handlers)

// A page that is nothing but the renderer's bridge and a contract client over it (the app's own UI does not
// use the contract yet), built by vite exactly as the renderer is.
const PAGE_HTML = `<!doctype html><html><head><meta charset="UTF-8" />
<meta http-equiv="Content-Security-Policy" content="default-src 'self'; script-src 'self'; connect-src 'self' ws://127.0.0.1:*" />
<title>bridge</title></head><body><button id="popout">pop out</button><script type="module" src="./entry.ts"></script></body></html>`
const PAGE_ENTRY = `
import { createWebSocketPort, openTerminalWindow, SESSION_KEY } from '@bridge'
import { createContractClient } from '@shared/ipc/contract-client'
const port = createWebSocketPort()
const client = createContractClient(port)
const show = (s) => (document.body.dataset.status = s)
show(port.status)
port.onStatus(show)
window.bridge = { client, port, session: () => sessionStorage.getItem(SESSION_KEY) }
document.getElementById('popout').addEventListener('click', () => void openTerminalWindow('/market/spot/btcusdt'))
`

interface PageGlobals {
  bridge: {
    client: {
      invoke(c: string, i: unknown): Promise<{ text: string; connectionId: string }>
      subscribe(c: string, p: unknown, l: (e: { n: number }) => void): () => void
    }
    session(): string | null
  }
  location: { href: string; hash: string }
  WebSocket: new (url: string, protocols: string[]) => { onopen: (() => void) | null; onclose: (() => void) | null }
}

const status = (page: Page, s: string) => page.locator(`body[data-status="${s}"]`).waitFor()
const invoke = (page: Page, text: string) =>
  page.evaluate(
    (t) =>
      (globalThis as unknown as PageGlobals).bridge.client.invoke('demo.echo', { text: t }).then(
        (v) => ({ ok: true as const, v }),
        (e: { code?: string }) => ({ ok: false as const, code: e.code })
      ),
    text
  )
/** From inside `page`: does a socket with these protocols open? */
const socketOpens = (page: Page, url: string, protocols: string[]) =>
  page.evaluate(
    ([u, p]) =>
      new Promise<boolean>((done) => {
        const ws = new (globalThis as unknown as PageGlobals).WebSocket(u as string, p as string[])
        ws.onopen = () => done(true)
        ws.onclose = () => done(false)
      }),
    [url, protocols] as const
  )

describe('browser host in Chromium', () => {
  let pageDir: string
  let host: BrowserHost
  let foreign: StaticServer
  let browser: Chromium

  beforeAll(async () => {
    pageDir = await mkdtemp(join(tmpdir(), 'cht-bridge-page-'))
    await writeFile(join(pageDir, 'index.html'), PAGE_HTML)
    await writeFile(join(pageDir, 'entry.ts'), PAGE_ENTRY)
    await build({
      root: pageDir,
      configFile: false,
      logLevel: 'warn',
      resolve: {
        alias: {
          '@shared': resolve(repo, 'src-shared'),
          '@bridge': resolve(repo, 'src-renderer/src/bridge/terminal-bridge.ts')
        }
      },
      build: { outDir: join(pageDir, 'dist'), emptyOutDir: true }
    })
    host = await startBrowserHost({ core: { server }, rendererDir: join(pageDir, 'dist') })
    foreign = await serveDir(join(pageDir, 'dist'))
    browser = await launchChromium()
  })
  afterAll(async () => {
    await browser?.close()
    await host?.close()
    await foreign?.close()
    await rm(pageDir, { recursive: true, force: true })
  })

  it('connects a tab opened with the printed URL, removes the token from the address bar, and runs the contract', async () => {
    const page = await browser.context.newPage()
    await page.goto(host.launchUrl('/monitor/main'))
    await status(page, 'open')
    expect(page.url()).toBe(`${host.origin}/#/monitor/main`)
    const r = await invoke(page, 'hello')
    expect(r).toEqual({ ok: true, v: { text: 'hello', connectionId: expect.stringMatching(/^web:/) } })
    const ticks = await page.evaluate(
      () =>
        new Promise<number[]>((done) => {
          const got: number[] = []
          ;(globalThis as unknown as PageGlobals).bridge.client.subscribe(
            'demo.onTick',
            { count: 3 },
            (e) => (got.push(e.n), got.length === 3 && done(got))
          )
        })
    )
    expect(ticks).toEqual([1, 2, 3])

    // A reload has no token any more: the tab comes back with its session secret.
    const session = await page.evaluate(() => (globalThis as unknown as PageGlobals).bridge.session())
    expect(session).toMatch(/^[\w-]{43}$/)
    await page.reload()
    await status(page, 'open')
    const again = await invoke(page, 'after reload')
    expect(again.ok && again.v.connectionId).not.toBe(r.ok && r.v.connectionId)
    await page.close()
  })

  it('a page opened without the token cannot talk to the contract', async () => {
    const page = await browser.context.newPage()
    await page.goto(`${host.origin}/`)
    await status(page, 'unauthorized')
    expect(await invoke(page, 'x')).toEqual({ ok: false, code: 'unauthorized' })
    const ws = `ws://127.0.0.1:${host.port}/contract`
    expect(await socketOpens(page, ws, ['chtrader.v1'])).toBe(false)
    expect(await socketOpens(page, ws, ['chtrader.v1', `token.${'A'.repeat(43)}`])).toBe(false)
    expect(await socketOpens(page, ws, ['chtrader.v1', `session.${'A'.repeat(43)}`])).toBe(false)
    await page.close()
  })

  it('a spent launch URL does not open a second tab', async () => {
    const url = host.launchUrl()
    const first = await browser.context.newPage()
    await first.goto(url)
    await status(first, 'open')
    const second = await browser.context.newPage()
    await second.goto(url)
    await status(second, 'unauthorized')
    expect(await invoke(second, 'x')).toEqual({ ok: false, code: 'unauthorized' })
    await first.close()
    await second.close()
  })

  it('a page of another origin cannot use even a valid token', async () => {
    const token = /token=([\w-]+)$/.exec(host.launchUrl())![1]!
    const page = await browser.context.newPage()
    await page.goto(`${foreign.url}/`) // same page, other port: another origin
    expect(await socketOpens(page, `ws://127.0.0.1:${host.port}/contract`, ['chtrader.v1', `token.${token}`])).toBe(
      false
    )
    await page.goto(`${host.origin}/`) // the token was refused for the Origin, not spent
    expect(await socketOpens(page, `ws://127.0.0.1:${host.port}/contract`, ['chtrader.v1', `token.${token}`])).toBe(
      true
    )
    await page.close()
  })

  it('a pop-out gets its own one-time token and its own session', async () => {
    const page = await browser.context.newPage()
    await page.goto(host.launchUrl())
    await status(page, 'open')
    const [popup] = await Promise.all([browser.context.waitForEvent('page'), page.click('#popout')])
    await status(popup, 'open')
    expect(popup.url()).toBe(`${host.origin}/#/market/spot/btcusdt`)
    const a = await invoke(page, 'main')
    const b = await invoke(popup, 'popout')
    expect(b.ok).toBe(true)
    const sessionOf = (r: typeof a) => (r.ok ? /^web:\d+/.exec(r.v.connectionId)?.[0] : undefined)
    expect(sessionOf(b)).toBeDefined()
    expect(sessionOf(a)).not.toBe(sessionOf(b))
    const sessions = await Promise.all(
      [page, popup].map((p) => p.evaluate(() => (globalThis as unknown as PageGlobals).bridge.session()))
    )
    expect(sessions[0]).not.toBe(sessions[1])
    await popup.close()
    await page.close()
  })
})

describe('browser host serving the production renderer', () => {
  it('opens the terminal UI from the launch URL without errors', async () => {
    const host = await startBrowserHost({ core: { server }, rendererDir: inject('rendererDir') })
    const browser = await launchChromium()
    try {
      const page = await browser.context.newPage()
      const errors: string[] = []
      page.on('console', (m) => m.type() === 'error' && errors.push(m.text()))
      page.on('pageerror', (e) => errors.push(e.message))
      page.on('response', (r) => r.status() >= 400 && errors.push(`HTTP ${r.status()} ${r.url()}`))
      await page.goto(host.launchUrl())
      await page.locator('[data-testid="app-shell"]').waitFor({ state: 'visible' })
      expect(errors).toEqual([])
    } finally {
      await browser.close()
      await host.close()
    }
  })
})
