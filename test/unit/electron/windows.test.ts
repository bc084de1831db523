// Every window is made with the security checklist, denies window.open and foreign navigation, is admitted to
// the IPC guard, and the set of windows with their bounds comes back at the next start.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createAppUrl } from '../../../src-main/electron/app-url'
import { createWindowManager } from '../../../src-main/electron/windows'
import { FakeBrowserWindow } from './fake-electron'

vi.mock('electron', async () => (await import('./fake-electron')).electron)

const ENTRY = 'app://chtrader/index.html'
const CHECKLIST = {
  preload: '/opt/cht/out/preload/index.cjs',
  contextIsolation: true,
  sandbox: true,
  nodeIntegration: false,
  nodeIntegrationInWorker: false,
  nodeIntegrationInSubFrames: false,
  webSecurity: true,
  allowRunningInsecureContent: false,
  experimentalFeatures: false,
  webviewTag: false
}

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cht-windows-'))
  FakeBrowserWindow.created = []
})
const managers: { beginQuit(): Promise<void> }[] = []
afterEach(async () => {
  // Pending debounced saves finish before the folder goes.
  await Promise.all(managers.splice(0).map((m) => m.beginQuit()))
  await rm(dir, { recursive: true, force: true })
})

function manager(onMainClosed = vi.fn()) {
  const attached: unknown[] = []
  const m = createWindowManager({
    appUrl: createAppUrl(),
    preloadPath: CHECKLIST.preload,
    stateFile: join(dir, 'windows.json'),
    guard: { attach: (wc) => void attached.push(wc) },
    onMainClosed,
    saveDelayMs: 0
  })
  managers.push(m)
  return { m, attached, onMainClosed }
}
const created = () => FakeBrowserWindow.created
const state = async () =>
  JSON.parse(await readFile(join(dir, 'windows.json'), 'utf8')) as {
    windows: { route: string; bounds: object; maximized: boolean }[]
  }

describe('windows', () => {
  it('creates every window with the security checklist and admits its webContents to the guard', async () => {
    const { m, attached } = manager()
    await m.restore()
    m.openMarketWindow('futures', 'BTCUSDT')
    m.openMonitorWindow('default')
    expect(created()).toHaveLength(3)
    for (const w of created()) {
      expect(w.options['webPreferences']).toMatchObject(CHECKLIST)
      expect(w.options['show']).toBe(false)
    }
    expect(attached).toEqual(created().map((w) => w.webContents))
    expect(created().map((w) => w.loaded)).toEqual([
      { url: `${ENTRY}#/` },
      { url: `${ENTRY}#/market/futures/btcusdt` },
      { url: `${ENTRY}#/monitor/default` }
    ])
  })

  it('denies window.open, webviews and navigation away from the app', async () => {
    const { m } = manager()
    const wc = (await m.restore()).webContents as unknown as FakeBrowserWindow['webContents']
    expect(wc.windowOpenHandler?.({ url: 'https://evil.example/' })).toEqual({ action: 'deny' })
    // Even our own page: windows are opened by main through the contract, never by a page.
    expect(wc.windowOpenHandler?.({ url: `${ENTRY}#/market/spot/btcusdt` })).toEqual({ action: 'deny' })
    expect(wc.fire('will-navigate', 'https://evil.example/')).toBe(true)
    expect(wc.fire('will-navigate', 'file:///etc/passwd')).toBe(true)
    expect(wc.fire('will-navigate', 'file:///opt/cht/out/renderer/index.html')).toBe(true) // file:// is never ours
    expect(wc.fire('will-navigate', 'app://evil/index.html')).toBe(true)
    expect(wc.fire('will-navigate', 'app://chtrader/other.html')).toBe(true)
    expect(wc.fire('will-redirect', 'http://127.0.0.1:9/')).toBe(true)
    expect(wc.fire('will-attach-webview')).toBe(true)
    expect(wc.fire('will-navigate', `${ENTRY}#/monitor/x`)).toBe(false)
  })

  it('focuses an open market window instead of opening it twice; rejects bad names', async () => {
    const { m } = manager()
    await m.restore()
    const a = m.openMarketWindow('spot', 'ethusdt')
    const b = m.openMarketWindow('spot', 'ETHUSDT')
    expect(b).toBe(a)
    expect((a as unknown as FakeBrowserWindow).focused).toBe(1)
    expect(() => m.openMarketWindow('spot', '../../etc')).toThrow(/Invalid/)
    expect(() => m.openMonitorWindow('a b')).toThrow(/Invalid/)
  })

  it('saves bounds atomically and restores the same windows, bounds and maximized state at the next start', async () => {
    const first = manager()
    const main = (await first.m.restore()) as unknown as FakeBrowserWindow
    const market = first.m.openMarketWindow('spot', 'btcusdt') as unknown as FakeBrowserWindow
    main.setBounds({ x: 100, y: 50, width: 1200, height: 800 })
    market.setBounds({ x: 1300, y: 200, width: 500, height: 400 })
    market.maximized = true
    await first.m.beginQuit()
    main.close() // windows closing during the quit are not forgotten
    market.close()
    expect((await state()).windows).toEqual([
      { route: '/', bounds: { x: 100, y: 50, width: 1200, height: 800 }, maximized: false },
      { route: '/market/spot/btcusdt', bounds: { x: 1300, y: 200, width: 500, height: 400 }, maximized: true }
    ])
    expect((await readFile(join(dir, 'windows.json'), 'utf8')).length).toBeGreaterThan(0)

    FakeBrowserWindow.created = []
    await manager().m.restore()
    const [main2, market2] = created()
    expect(created()).toHaveLength(2)
    expect(main2!.bounds).toEqual({ x: 100, y: 50, width: 1200, height: 800 })
    expect(market2!.loaded.url).toBe(`${ENTRY}#/market/spot/btcusdt`)
    expect(market2!.bounds).toEqual({ x: 1300, y: 200, width: 500, height: 400 })
    market2!.emit('ready-to-show')
    expect(market2!.maximized && market2!.shown).toBe(true)
  })

  it('places a window whose saved bounds are off every display at the default position', async () => {
    await writeFile(
      join(dir, 'windows.json'),
      JSON.stringify({
        version: 1,
        windows: [{ route: '/', bounds: { x: 5000, y: 3000, width: 900, height: 700 }, maximized: false }]
      })
    )
    await manager().m.restore()
    expect(created()[0]!.options).not.toHaveProperty('x')
    expect(created()[0]!.options).toMatchObject({ width: 1440, height: 900 })
  })

  it('ignores a corrupt state file and unknown routes', async () => {
    await writeFile(
      join(dir, 'windows.json'),
      '{"version":1,"windows":[{"route":"https://evil","bounds":{"x":0,"y":0,"width":9,"height":9}}]}'
    )
    await manager().m.restore()
    expect(created().map((w) => w.loaded.url)).toEqual([`${ENTRY}#/`])
    await writeFile(join(dir, 'windows.json'), 'not json')
    FakeBrowserWindow.created = []
    await manager().m.restore()
    expect(created()).toHaveLength(1)
  })

  it('forgets a pop-out the user closed; closing the main window asks the app to quit', async () => {
    const { m, onMainClosed } = manager()
    const main = (await m.restore()) as unknown as FakeBrowserWindow
    const market = m.openMarketWindow('margin', 'btcusdt') as unknown as FakeBrowserWindow
    // the save is asynchronous disk I/O: wait for it rather than for a fixed moment
    await vi.waitFor(
      async () => expect((await state()).windows.map((w) => w.route)).toEqual(['/', '/market/margin/btcusdt']),
      { timeout: 10_000 }
    )
    expect(market.close()).toBe(true)
    await vi.waitFor(async () => expect((await state()).windows.map((w) => w.route)).toEqual(['/']), {
      timeout: 10_000
    })
    expect(main.close()).toBe(false) // held open until the app's orderly quit
    expect(onMainClosed).toHaveBeenCalledOnce()
  })
})
