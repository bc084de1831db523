// A multi-chart layout at 1280x720 in a real Chromium: with three charts of other markets added beside the market,
// the order column keeps its width (layout/dock-panels.ts holdOrderWidth): the order form reads whole and its submit
// button lies wholly inside the window, where a click reaches it.
import { describe, expect, it } from 'vitest'
import { clippedTexts } from './clipped-text'
import { testId as id, useTerminalSession } from './terminal-harness'

describe('the order form beside a multi-chart layout', () => {
  const { session, errors } = useTerminalSession(async (s) => {
    await s.page.setViewportSize({ width: 1280, height: 720 })
    await s.page.locator(id('order-entry')).waitFor({ timeout: 20_000 })
  })

  it('keeps the order form whole and its submit button reachable with three charts added', async () => {
    const s = session()
    const { page } = s
    for (const [n, market] of ['ethusdt', 'solusdt', 'dogeusdt'].entries()) {
      await page.locator(id(`market-row-${market}`)).click()
      await page.locator(id('layouts-menu')).click()
      await page.locator(id('layouts-add-chart')).click()
      await expect.poll(() => page.locator(id('market-panel')).count(), { timeout: 20_000 }).toBe(n + 2)
    }
    await page.locator(id('market-row-btcusdt')).click()
    const submit = page.locator(id('order-submit'))
    await expect
      .poll(() => submit.evaluate((b) => b.getBoundingClientRect().right <= window.innerWidth), { timeout: 10_000 })
      .toBe(true)
    const box = (await submit.boundingBox())!
    expect(box.x).toBeGreaterThanOrEqual(0)
    expect(box.y + box.height).toBeLessThanOrEqual(720 - 24) // over the status bar at the window's foot
    expect(await clippedTexts(page, id('order-entry'))).toEqual([])
    await s.shot('multi-chart-order')
    expect(errors).toEqual([])
  }, 120_000)
})
