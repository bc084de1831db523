// Preferences belong to main, in a real Chromium against the terminal `npm run web` starts (runWeb, a real core):
// what an older build left in the page's localStorage is imported once; theme, favourites, the chart interval, the
// last market, the bottom tab and a dragged area size are kept by main; the terminal restarted on another port (a
// new origin, whose localStorage is empty) shows them all from the first paint.
import { mkdirSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { mainPreferences, testId, useWebTerminal, type WebTerminal } from './terminal-harness'

const shots = resolve(import.meta.dirname, '../../test-results/e2e')
const { start, open, restart, chromium, errors } = useWebTerminal()
beforeAll(() => mkdirSync(shots, { recursive: true }))

const theme = (page: Page) => page.evaluate(() => document.documentElement.dataset['theme'])
const sideWidth = (page: Page) =>
  page.locator(testId('workspace')).evaluate((el) => getComputedStyle(el).getPropertyValue('--side-w').trim())

describe('preferences kept by main', () => {
  let first: WebTerminal
  let page: Page

  it('imports what an older build left in this origin’s localStorage, once', async () => {
    first = await start()
    const old = await chromium().context.newPage()
    await old.goto(`${first.host.origin}/`) // the origin an older build served (this tab has no credential: nothing is read)
    await old.evaluate(() => {
      localStorage.setItem(
        'chtrader.preferences',
        JSON.stringify({ theme: 'light', confirmOrders: true, shortcuts: true })
      )
      localStorage.setItem('chtrader.favourites', JSON.stringify(['spot:solusdt']))
    })
    await old.close()
    page = await open(first.url)
    expect(await theme(page)).toBe('light')
    await expect.poll(() => page.locator(`${testId('market-row-solusdt')} ${testId('market-fav')}.on`).count()).toBe(1)
    expect(await mainPreferences(first.core)).toMatchObject({
      legacyImported: true,
      app: { theme: 'light' },
      profile: { favourites: ['spot:solusdt'] }
    })
  })

  it('shows at least ten levels a side in the order book at 1280x720, with the default area sizes', async () => {
    // The bottom area yields to the market area in a short window (layout/Workspace.vue), and the book keeps the
    // market body's whole height (MarketPanel.vue): it showed 3 levels a side here before.
    const shown = (side: string) => page.locator(`${testId(`orderbook-${side}`)}:not([hidden])`).count()
    await expect.poll(() => shown('ask'), { timeout: 20_000 }).toBeGreaterThanOrEqual(10)
    await expect.poll(() => shown('bid'), { timeout: 20_000 }).toBeGreaterThanOrEqual(10)
    await page.screenshot({ path: join(shots, 'book-levels-1280x720.png') })
  })

  it('keeps what the user changes in main: theme, favourites, interval, last market, bottom tab, area size', async () => {
    await page.locator(testId('theme-toggle')).click()
    await expect.poll(() => theme(page)).toBe('dark')
    await page.locator(testId('market-row-ethusdt')).hover()
    await page.locator(`${testId('market-row-ethusdt')} ${testId('market-fav')}`).click()
    await page.locator(testId('interval-60min')).click()
    await page.locator(testId('bottom-tab-account')).click()
    const splitter = page.locator('.splitter.s-side')
    const box = (await splitter.boundingBox())!
    await page.mouse.move(box.x + box.width / 2, box.y + 200)
    await page.mouse.down()
    await page.mouse.move(box.x + box.width / 2 + 60, box.y + 200, { steps: 6 })
    await page.mouse.up()
    await page.locator(testId('module-tab-futures')).click()
    await page.locator(`${testId('market-row-e-eth-usdt')}`).click()
    await expect
      .poll(async () => {
        const p = await mainPreferences(first.core)
        return [
          p.app.theme,
          p.app.interval,
          p.app.bottomTab,
          p.app.layout.side,
          p.profile.favourites,
          p.profile.lastMarket.module,
          p.profile.lastMarket.symbols.futures
        ]
      })
      .toEqual(['dark', '60min', 'account', 328, ['spot:solusdt', 'spot:ethusdt'], 'futures', 'E-ETH-USDT'])
    await page.screenshot({ path: resolve(shots, 'preferences-before-restart.png') })
  })

  it('the terminal restarted on another port shows them all, from the first paint', async () => {
    const before = first.host.port
    await restart(first, page, async (again, second) => {
      expect(second.host.port).not.toBe(before)
      expect(await again.evaluate(() => Object.keys(localStorage))).toEqual([]) // a new origin: nothing of its own
      expect(await theme(again)).toBe('dark')
      expect(await sideWidth(again)).toBe('328px')
      await again.locator(`${testId('module-tab-futures')}.active`).waitFor()
      await again.locator(`${testId('market-row-e-eth-usdt')}[aria-selected="true"]`).waitFor()
      await again.locator(`${testId('interval-60min')}.on`).waitFor()
      expect(await again.locator(`${testId('bottom-tab-account')}`).getAttribute('aria-selected')).toBe('true')
      await again.locator(testId('module-tab-spot')).click()
      await expect.poll(() => again.locator(`.fav.on`).count(), { timeout: 15_000 }).toBe(2)
      expect(
        await again.locator(`${testId('market-row-ethusdt')} ${testId('market-fav')}`).getAttribute('class')
      ).toContain('on')
      await again.screenshot({ path: resolve(shots, 'preferences-after-restart.png') })
      expect(errors).toEqual([])
    })
  })
})
