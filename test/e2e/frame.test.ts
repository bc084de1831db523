// The frame in a real Chromium against the real core and embedded exchange: it opens on the paper profile, the
// market list streams live prices, the status bar reports the connection, modules switch, settings and the theme
// work, and nothing logs an error.
import { describe, expect, it } from 'vitest'
import { connected, painted, useTerminalSession } from './terminal-harness'

describe('frame in Chromium', () => {
  const { session, errors } = useTerminalSession()

  it('loads with the paper profile, shows live prices in the market list and a connected status bar', async () => {
    const s = session()
    const { page } = s
    await connected(page)
    await expect.poll(() => page.locator('[data-testid="profile-switcher"]').textContent()).toMatch(/Paper/)
    expect(await page.locator('[data-testid="profile-switcher"]').textContent()).toMatch(/paper/i)

    const rows = page.locator('[data-testid="market-list"] [data-testid^="market-row-"]')
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(4)
    const last = page.locator('[data-testid="market-row-btcusdt"] [data-testid="market-last"]')
    await expect.poll(() => last.textContent(), { timeout: 15_000 }).toMatch(/\d/)
    await expect
      .poll(() => page.locator('[data-testid="market-row-btcusdt"] [data-testid="market-change"]').textContent())
      .toMatch(/%/)

    // Live: some price of the list moves while we watch (the embedded exchange's market activity).
    const prices = () => page.locator('[data-testid="market-list"] [data-testid="market-last"]').allTextContents()
    const before = (await prices()).join('|')
    await expect.poll(async () => (await prices()).join('|'), { timeout: 30_000, interval: 250 }).not.toBe(before)

    // The status bar's figures: REST latency and the clock offset are measured, the rate meter shows.
    await expect
      .poll(() => page.locator('[data-testid="status-latency"]').textContent(), { timeout: 15_000 })
      .toMatch(/\d+ ms/)
    await expect.poll(() => page.locator('[data-testid="feed-spot"] .dot.ok').count(), { timeout: 15_000 }).toBe(1)
    await page.locator('[data-testid="orderbook-bid"]').first().waitFor() // the picture shows the live book
    await painted(page)
    await s.shot('frame-paper-dark')
    expect(errors).toEqual([])
  })

  it('switches module, searches and pins a favourite', async () => {
    const s = session()
    const { page } = s
    await page.locator('[data-testid="module-tab-futures"]').click()
    await page.locator('[data-testid="market-row-e-btc-usdt"]').waitFor()
    await page.locator('[data-testid="market-search"]').fill('eth')
    await expect.poll(() => page.locator('[data-testid^="market-row-"]').count()).toBe(1)
    await page.locator('[data-testid="market-row-e-eth-usdt"] [data-testid="market-fav"]').click()
    await page.locator('[data-testid="market-search"]').fill('')
    await page.locator('[data-testid="market-favourites"]').click()
    await expect.poll(() => page.locator('[data-testid^="market-row-"]').count()).toBe(1)
    await s.shot('frame-futures-favourites', '[data-testid="market-list"]')
    await page.locator('[data-testid="market-favourites"]').locator('xpath=preceding-sibling::button').click()
    await page.locator('[data-testid="module-tab-spot"]').click()
    await page.locator('[data-testid="market-row-btcusdt"]').waitFor()
    expect(errors).toEqual([])
  })

  it('switches to the light theme and shows settings', async () => {
    const s = session()
    const { page } = s
    await page.locator('[data-testid="theme-toggle"]').click()
    expect(await page.evaluate(() => document.documentElement.dataset['theme'])).toBe('light')
    await painted(page) // the light theme is drawn
    await s.shot('frame-paper-light')
    await page.locator('[data-testid="open-settings"]').click()
    await page.locator('[data-testid="settings"]').waitFor()
    await page.locator('[data-testid="settings-tab-shortcuts"]').click()
    await s.shot('frame-settings-shortcuts-light')
    await page.keyboard.press('Escape')
    await page.locator('[data-testid="settings"]').waitFor({ state: 'detached' })
    await page.locator('[data-testid="theme-toggle"]').click()
    expect(errors).toEqual([])
  })

  it('tells a fill with a desktop notification and a toast', async () => {
    const s = session()
    const { page, chromium } = s
    await chromium.context.grantPermissions(['notifications'], { origin: new URL(page.url()).origin })
    // Record what the page shows as desktop notifications (and still show them).
    await page.evaluate(() => {
      const Real = window.Notification
      const shown: string[] = []
      ;(window as unknown as { shownNotifications: string[] }).shownNotifications = shown
      class Recording extends Real {
        constructor(title: string, o?: NotificationOptions) {
          super(title, o)
          shown.push(`${title} | ${o?.body ?? ''}`)
        }
      }
      Object.defineProperty(window, 'Notification', { value: Recording, configurable: true })
    })
    await page.locator('[data-testid="order-entry"]').waitFor()
    await page.locator('[data-testid="order-side-buy"]').click()
    await page.locator('[data-testid="order-type"]').selectOption('MARKET')
    await page.locator('[data-testid="order-volume"]').fill('120') // a market buy is sized in USDT
    await page.locator('[data-testid="order-submit"]').click()
    const confirm = page.locator('[data-testid="order-confirm"]')
    if (await confirm.isVisible().catch(() => false)) await confirm.click()
    const toast = page.locator('[data-testid="toast-success"]', { hasText: 'Filled · BTC/USDT' })
    await toast.first().waitFor({ timeout: 20_000 })
    // Slippage protection sends it as a limit sized in BTC (whole lots of what 120 USDT buys at the worst price)
    expect(await toast.first().textContent()).toMatch(/Filled: bought [\d.]+ BTC at [\d,.]+ \(avg\)/)
    const shown = await page.evaluate(() => (window as unknown as { shownNotifications: string[] }).shownNotifications)
    expect(shown.some((n) => n.startsWith('Filled · BTC/USDT | Filled: bought'))).toBe(true)
    await s.shot('frame-fill-notification')
    expect(errors).toEqual([])
  })
})
