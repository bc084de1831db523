// The notification center in a real Chromium, kept by main: a spot fill made on the paper account is an entry (main
// lists it from its order history), a reload shows the same list with the same unread count, a second window shows
// the same list, reading it in one window reads it in the other, and a clear in one clears the other.
import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import {
  connected,
  openRecordedPage,
  testId as id,
  useTerminalSession,
  withContract,
  type SentCall
} from './terminal-harness'

const count = (page: Page) => page.locator(id('notices-count'))
const fills = (page: Page) => page.locator(`${id('notices-list')} [data-kind="fill"]`, { hasText: 'BTC/USDT' })

describe('the notification center in Chromium', () => {
  const { session, errors } = useTerminalSession(async (s) => {
    await s.page.setViewportSize({ width: 1280, height: 720 })
    await s.page.locator(id('order-entry')).waitFor({ timeout: 20_000 })
  })

  it('keeps a fill across a reload, shows one list in two windows, read and cleared in one for both', async () => {
    const s = session()
    const { page } = s
    await withContract(s.core, (c) =>
      c.invoke('trading.placeOrder', { module: 'spot', symbol: 'btcusdt', side: 'BUY', type: 'MARKET', volume: '50' })
    )
    // Main lists the fill; the bell counts it unread.
    await expect.poll(() => count(page).count(), { timeout: 30_000 }).toBe(1)
    const unread = await count(page).textContent()

    await page.reload()
    await connected(page)
    await expect.poll(() => count(page).textContent(), { timeout: 20_000 }).toBe(unread)

    const calls: SentCall[] = []
    const other = await openRecordedPage(s, calls, errors)
    await expect.poll(() => count(other).textContent(), { timeout: 20_000 }).toBe(unread)

    // Read in the second window: the first one's count is gone too.
    // (A background page's click waits for navigations that never come: none is asked.)
    await other.bringToFront()
    await other.locator(id('notices-bell')).click({ noWaitAfter: true })
    await expect.poll(() => fills(other).count()).toBe(1)
    expect(await fills(other).textContent()).toMatch(/bought [\d.]+ BTC/)
    await other.locator(id('notices-panel')).screenshot({ path: 'test-results/e2e/notices-second-window.png' })
    await expect.poll(() => count(page).count()).toBe(0)
    await expect.poll(() => count(other).count()).toBe(0)

    // The first window shows the same entry, read.
    await page.bringToFront()
    await page.locator(id('notices-bell')).click()
    await expect.poll(() => fills(page).count()).toBe(1)
    expect(await fills(page).getAttribute('data-unread')).toBe('false')
    await s.shot('notices-first-window')

    // Cleared in the first window: the second's list is empty.
    await page.locator(id('notices-clear')).click()
    await page.locator(id('notices-empty')).waitFor({ timeout: 10_000 })
    await other.locator(id('notices-empty')).waitFor({ timeout: 10_000 })
    await other.close()
    expect(errors).toEqual([])
  }, 120_000)
})
