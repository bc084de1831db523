// The desktop app itself, launched in Electron against its build (run by `npm run test:electron`, which names the
// runtime; where none is installed that command says which of these checks it did not run). One app, one userData
// folder, the checks in order: the same session relaunches to see what was kept.
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import type { ElectronApplication, Page } from 'playwright-core'
import { SMOKE_CHECKS } from '../../scripts/electron-smoke-checks'
import { appEnv, electronPath, launchApp, root, sandboxArgs } from './electron-app'
import { keychainDelete, keychainHas, profilesIn } from './keychain-entry'

const userData = mkdtempSync(join(tmpdir(), 'cht-electron-'))
const POPOUT_ROUTE = '#/market/spot/ethusdt'
let app: ElectronApplication
let page: Page

/** The main window: the one with the market list (a pop-out has none; its URL may not be committed yet). */
const mainWindowOf = async (a: ElectronApplication): Promise<Page> => {
  const find = async (): Promise<Page | undefined> => {
    for (const w of a.windows()) if ((await w.locator('[data-testid="market-list"]').count()) > 0) return w
    return undefined
  }
  await expect.poll(async () => (await find()) !== undefined, { timeout: 60_000 }).toBe(true)
  return (await find())!
}

/** The pids of a process and all its descendants (Linux and macOS: ps; Windows: wmic is gone, so powershell). */
function processTree(pid: number): Promise<number[]> {
  return new Promise((resolve) => {
    const ps =
      process.platform === 'win32'
        ? spawn('powershell', [
            '-NoProfile',
            '-Command',
            'Get-CimInstance Win32_Process | % { "$($_.ProcessId) $($_.ParentProcessId)" }'
          ])
        : spawn('ps', ['-A', '-o', 'pid=,ppid='])
    let out = ''
    ps.stdout.on('data', (d: Buffer) => (out += d.toString()))
    ps.on('close', () => {
      const children = new Map<number, number[]>()
      for (const line of out.split('\n')) {
        const [p, pp] = line.trim().split(/\s+/).map(Number)
        if (p && pp !== undefined) children.set(pp, [...(children.get(pp) ?? []), p])
      }
      const all = [pid]
      for (let i = 0; i < all.length; i++) all.push(...(children.get(all[i]!) ?? []))
      resolve(all)
    })
  })
}

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

afterAll(async () => {
  await app?.close().catch(() => undefined)
  // The keys this run stored (the paper profile's and the smoke venue's) leave the keychain with the folder.
  try {
    for (const p of profilesIn(userData)) keychainDelete(p.id)
  } finally {
    rmSync(userData, { recursive: true, force: true })
  }
})

describe('the desktop app in Electron', () => {
  it(SMOKE_CHECKS.window, async () => {
    app = await launchApp(userData)
    page = await mainWindowOf(app)
    await page.waitForLoadState('domcontentloaded')
    expect(page.url()).toMatch(/^app:\/\/chtrader\/index\.html#\//)
    // The header the session serves app:// pages with (the scheme handler sets it; security.ts enforces it too).
    const csp = await app.evaluate(async ({ session }, url) => {
      const r = await session.defaultSession.fetch(url.split('#')[0]!)
      return r.headers.get('content-security-policy')
    }, page.url())
    expect(csp).toContain("script-src 'self'")
    expect(csp).toContain("connect-src 'none'")
    expect(csp).toContain("object-src 'none'")
  })

  it(SMOKE_CHECKS.isolation, async () => {
    const seen = await page.evaluate(() => {
      const w = window as unknown as Record<string, unknown>
      return {
        require: typeof w['require'],
        process: typeof w['process'],
        module: typeof w['module'],
        bridge: Object.keys((w['terminal'] as object | undefined) ?? {}).sort()
      }
    })
    expect(seen).toEqual({
      require: 'undefined',
      process: 'undefined',
      module: 'undefined',
      bridge: ['onMessage', 'send']
    })
  })

  it(SMOKE_CHECKS.market, async () => {
    await page.locator('[data-testid="market-panel"]').first().waitFor({ timeout: 60_000 })
    await expect
      .poll(() => page.locator('[data-testid="stat-last"]').first().textContent(), { timeout: 60_000 })
      .toMatch(/\d/)
    const first = await page.locator('[data-testid="orderbook-bids"]').first().textContent({ timeout: 30_000 })
    // The paper venue's market activity moves the book: streaming, not a picture of one answer.
    await expect
      .poll(() => page.locator('[data-testid="orderbook-bids"]').first().textContent(), { timeout: 60_000 })
      .not.toBe(first)
  })

  it(SMOKE_CHECKS.popout, async () => {
    const row = page.locator('[data-testid="market-row-ethusdt"]')
    await row.hover()
    const [popout] = await Promise.all([
      app.waitForEvent('window'),
      row.locator('[data-testid="market-popout"]').click()
    ])
    await popout.locator('[data-testid="popout-view"]').waitFor({ timeout: 60_000 })
    expect(popout.url()).toContain(POPOUT_ROUTE)

    await app.close()
    app = await launchApp(userData)
    page = await mainWindowOf(app)
    // Main plus the pop-out (the main window's own route may have moved on to its selected market).
    await expect.poll(() => app.windows().length, { timeout: 60_000 }).toBe(2)
    expect(app.windows().filter((w) => w.url().includes(POPOUT_ROUTE))).toHaveLength(1)
  })

  it(SMOKE_CHECKS.singleInstance, async () => {
    // The handover as main sees it; and where a window manager exists (not a bare Xvfb), the window it brings back.
    await app.evaluate(({ app: electronApp }) => {
      const g = globalThis as unknown as { secondInstances: number }
      g.secondInstances = 0
      electronApp.on('second-instance', () => g.secondInstances++)
    })
    const main = await app.browserWindow(page)
    const canMinimize = process.platform !== 'linux'
    if (canMinimize) {
      await main.evaluate((w) => w.minimize())
      await expect.poll(() => main.evaluate((w) => w.isMinimized())).toBe(true)
    }
    const windowsBefore = app.windows().length
    const second = spawn(electronPath(), [...sandboxArgs(), root], {
      cwd: root,
      env: appEnv(userData),
      stdio: 'ignore'
    })
    const code = await new Promise<number | null>((r) => second.once('exit', r))
    expect(code).toBe(0) // it found the lock taken, handed over and quit
    await expect
      .poll(() => app.evaluate(() => (globalThis as unknown as { secondInstances: number }).secondInstances))
      .toBe(1)
    if (canMinimize) {
      await expect.poll(() => main.evaluate((w) => !w.isMinimized() && w.isVisible()), { timeout: 30_000 }).toBe(true)
    }
    expect(app.windows().length).toBe(windowsBefore)
  })

  it(SMOKE_CHECKS.keychain, async () => {
    await page.locator('[data-testid="profile-switcher"]').click()
    await page.locator('[data-testid="profile-add"]').click()
    const form = page.locator('[data-testid="profile-add-form"]')
    await form.locator('[data-testid="profile-name"]').fill('Smoke venue')
    await form.locator('[data-testid="profile-base-url"]').fill('https://api.smoke-venue.test')
    await form.locator('[data-testid="profile-ws-spot"]').fill('wss://ws.smoke-venue.test/spot')
    await form.locator('[data-testid="profile-ws-futures"]').fill('wss://ws.smoke-venue.test/futures')
    await form.locator('[data-testid="profile-api-key"]').fill('smoke-api-key-0123456789')
    await form.locator('[data-testid="profile-api-secret"]').fill('smoke-api-secret-0123456789')
    await form.locator('[data-testid="profile-save"]').click()
    // Saved with keys only if the keychain took them (a remote profile's keys never fall back to memory).
    await page
      .locator('[data-testid="profile-card-remote"] [data-testid="profile-key-masked"]')
      .waitFor({ timeout: 30_000 })
    const named = (): string | undefined => profilesIn(userData).find((p) => p.name === 'Smoke venue')?.id
    await expect.poll(named).toBeDefined()
    const smoke = named()!
    expect(keychainHas(smoke)).toBe(true)
  })

  it(SMOKE_CHECKS.quit, async () => {
    const pid = app.process().pid!
    const tree = await processTree(pid)
    expect(tree.length).toBeGreaterThan(1) // main plus its renderers, GPU and utility processes
    await app.close()
    await expect.poll(() => tree.filter(alive), { timeout: 30_000 }).toEqual([])
  })
})
