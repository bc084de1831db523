// Multi-window monitoring in a real Chromium (browser host): a market popped out into a second window, the
// monitor grid with its layout kept across reloads, and the open windows reopened at the next start (main keeps
// both, as preferences).
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import {
  connected,
  mainPreferences,
  painted,
  testId,
  useTerminalSession,
  type TerminalSession
} from './terminal-harness'

const shots = resolve(import.meta.dirname, '../../test-results/e2e')
const shotOf = (page: Page, name: string): Promise<Buffer> => page.screenshot({ path: resolve(shots, `${name}.png`) })
const savedRoutes = async (s: TerminalSession): Promise<string[]> => (await mainPreferences(s.core)).app.openWindows

describe('windows in Chromium', () => {
  const { session, errors } = useTerminalSession((s) => connected(s.page))
  let popout: Page
  let monitor: Page

  it('pops a market out into a second window with its own live ticker and panels', async () => {
    const s = session()
    const { page, chromium } = s
    const row = page.locator('[data-testid="market-row-ethusdt"]')
    await row.hover()
    const [win] = await Promise.all([
      chromium.context.waitForEvent('page'),
      row.locator('[data-testid="market-popout"]').click()
    ])
    popout = win
    popout.on('pageerror', (e) => errors.push(`popout: ${e.message}`))
    await popout.locator('[data-testid="popout-view"]').waitFor()
    expect(new URL(popout.url()).hash).toBe('#/market/spot/ethusdt')
    await expect.poll(() => popout.locator('[data-testid="popout-symbol"]').textContent()).toBe('ETH/USDT')
    await connected(popout)
    // Just that market's panels (live), no market list, no order entry.
    await popout.locator('[data-testid="market-panel"]').waitFor()
    await expect
      .poll(() => popout.locator('[data-testid="stat-last"]').textContent(), { timeout: 15_000 })
      .toMatch(/\d/)
    expect(await popout.locator('[data-testid="market-list"]').count()).toBe(0)
    expect(await popout.locator('[data-testid="order-entry"]').count()).toBe(0)
    await expect.poll(() => popout.title()).toMatch(/ETH\/USDT/)
    await popout.locator(testId('orderbook-bid')).first().waitFor() // the picture shows the live book
    await painted(popout)
    await shotOf(popout, 'windows-popout')
    await expect.poll(() => savedRoutes(s)).toEqual(['/market/spot/ethusdt'])
    // The pop-out can send its market to the main window.
    await page.locator('[data-testid="market-row-btcusdt"]').click()
    await popout.locator('[data-testid="popout-show-main"]').click()
    await page.locator('[data-testid="market-row-ethusdt"][aria-selected="true"]').waitFor()
    await s.shot('windows-main-with-popout')
  })

  it('opens the monitor: a grid of markets with ticker, top-5 book and sparkline, its layout kept', async () => {
    const s = session()
    const { page, chromium } = s
    const [win] = await Promise.all([
      chromium.context.waitForEvent('page'),
      page.locator('[data-testid="open-monitor"]').click()
    ])
    monitor = win
    monitor.on('pageerror', (e) => errors.push(`monitor: ${e.message}`))
    await monitor.locator('[data-testid="monitor-view"]').waitFor()
    const tiles = monitor.locator('[data-testid^="monitor-tile-"]')
    await expect.poll(() => tiles.count(), { timeout: 15_000 }).toBe(6) // first 4 spot + first 2 futures
    const btc = monitor.locator('[data-testid="monitor-tile-btcusdt"]')
    await expect
      .poll(() => btc.locator('[data-testid="monitor-last"]').textContent(), { timeout: 15_000 })
      .toMatch(/\d/)
    await expect.poll(() => btc.locator('.lvl.ask').count(), { timeout: 15_000 }).toBe(5)
    await expect.poll(() => btc.locator('.lvl.bid').count()).toBe(5)
    await expect.poll(() => btc.locator('[data-testid="sparkline"] path.line').count(), { timeout: 15_000 }).toBe(1)

    // Edit the layout: drop one, add it back at the end; a reload shows the same grid.
    await monitor.locator('[data-testid="monitor-tile-dogeusdt"] [data-testid="monitor-remove"]').click()
    await expect.poll(() => tiles.count()).toBe(5)
    await monitor.locator('[data-testid="monitor-add-select"]').selectOption('spot:dogeusdt')
    await monitor.locator('[data-testid="monitor-add"]').click()
    const order = () => tiles.evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')))
    await expect
      .poll(order)
      .toEqual(
        ['btcusdt', 'ethusdt', 'solusdt', 'e-btc-usdt', 'e-eth-usdt', 'dogeusdt'].map((x) => `monitor-tile-${x}`)
      )
    await monitor.reload()
    await expect
      .poll(order, { timeout: 15_000 })
      .toEqual(
        ['btcusdt', 'ethusdt', 'solusdt', 'e-btc-usdt', 'e-eth-usdt', 'dogeusdt'].map((x) => `monitor-tile-${x}`)
      )
    await connected(monitor)
    await monitor.setViewportSize({ width: 1100, height: 760 })
    await expect.poll(() => monitor.locator('[data-testid="sparkline"] path.line').count(), { timeout: 15_000 }).toBe(6)
    await painted(monitor) // drawn at the new size
    await shotOf(monitor, 'windows-monitor')
    await expect.poll(() => savedRoutes(s)).toEqual(['/market/spot/ethusdt', '/monitor/default'])
  })

  it('reopens the open windows at the next start, and forgets a window the user closed', async () => {
    const s = session()
    const { chromium } = s
    // Quit: the main window goes first, then the others (nobody hears their goodbye).
    const keep = await chromium.context.newPage() // keeps the browser open between the two sessions
    await s.page.close()
    await popout.close()
    await monitor.close()

    const opened: Page[] = []
    chromium.context.on('page', (p) => opened.push(p))
    const main = keep
    await main.goto(s.launchUrl())
    await connected(main)
    await expect
      .poll(() => opened.map((p) => new URL(p.url()).hash).sort(), { timeout: 15_000 })
      .toEqual(['#/market/spot/ethusdt', '#/monitor/default'])
    const again = opened.find((p) => p.url().includes('/market/'))!
    await again.locator('[data-testid="popout-view"]').waitFor()
    await connected(again)
    await shotOf(again, 'windows-restored-popout')

    // The user closes the pop-out: it is not reopened next time.
    await again.close()
    // forgotten by its goodbye, or (a goodbye lost on a loaded machine) by the heartbeat it stops answering
    await expect.poll(() => savedRoutes(s), { timeout: 20_000 }).toEqual(['/monitor/default'])
    expect(errors).toEqual([])
  })
})
