// A price alert made in the Alerts panel in a real Chromium, fired by main when the embedded exchange's control API
// steers BTC/USDT across its level: the toast and the notification-center entry tell it, and the list shows it fired;
// a new alert's form then follows the steered price live.
import { describe, expect, it } from 'vitest'
import { mul, roundToDecimals } from '@shared/decimal'
import type { RunningExchange } from '../../src-sim/exchange'
import { testId as id, useTerminalSession } from './terminal-harness'

async function steer(e: RunningExchange, symbol: string, price: string): Promise<void> {
  const res = await fetch(`${e.url}/sim/v1/price`, {
    method: 'POST',
    body: JSON.stringify({ symbol, price }),
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${e.controlToken}` }
  })
  if (res.status !== 200) throw new Error(`steer: ${await res.text()}`)
}

describe('a price alert in Chromium', () => {
  const { session } = useTerminalSession(async (s) => {
    await s.page.locator(id('order-entry')).waitFor({ timeout: 20_000 })
  })

  it('is created from the panel and fires when the steered price crosses its level', async () => {
    const s = session()
    const { page } = s
    await page.setViewportSize({ width: 1280, height: 720 })
    await page.locator(id('bottom-tab-alerts')).click()
    await page.locator(id('alert-new')).click()
    const level = page.locator(id('alert-level'))
    await expect.poll(() => level.inputValue(), { timeout: 15_000 }).not.toBe('') // the last price, filled in
    const last = await level.inputValue()
    const above = roundToDecimals(mul(last, '1.03'), 2, 'up')
    await level.fill(above)
    // In the short bottom panel at 1280x720 the form's buttons lie under its edge: the wheel brings them up (the panel
    // did not scroll, and only a program could reach them).
    const submit = page.locator(id('alert-submit'))
    const panel = (await page.locator(id('alerts')).boundingBox())!
    await page.mouse.move(panel.x + panel.width / 2, panel.y + panel.height / 2)
    await expect
      .poll(async () => {
        await page.mouse.wheel(0, 120)
        // wholly over the status bar at the window's foot
        return submit.evaluate((b) => b.getBoundingClientRect().bottom <= window.innerHeight - 24)
      })
      .toBe(true)
    await submit.click()
    const item = page.locator(id('alert-item'))
    await expect.poll(() => item.getAttribute('data-state'), { timeout: 20_000 }).toBe('armed')

    // The same alert again is refused by main, in words in the form; nothing is added.
    await page.locator(id('alert-new')).click()
    await expect.poll(() => level.inputValue(), { timeout: 15_000 }).not.toBe('')
    await level.fill(above)
    await submit.evaluate((b: HTMLElement) => b.scrollIntoView({ block: 'nearest' }))
    await submit.click()
    const refusal = page.locator(id('alert-refusal'))
    await expect.poll(() => refusal.textContent(), { timeout: 15_000 }).toContain('the same alert already exists')
    expect(await item.count()).toBe(1)
    // A level a thousand times the price now is asked about, naming the distance, and kept as typed on a no.
    const far = roundToDecimals(mul(last, '1000'), 2, 'up')
    await level.fill(far)
    await submit.evaluate((b: HTMLElement) => b.scrollIntoView({ block: 'nearest' }))
    await submit.click()
    const ask = page.locator(id('alert-far'))
    // About a thousand times: the market moves on between reading its price and the form measuring against it.
    await expect
      .poll(() => ask.textContent(), { timeout: 10_000 })
      .toMatch(/is (9\d\d(\.\d+)?|1,0\d\d(\.\d+)?)× that, (9\d|10\d),\d{3}(\.\d+)?% above it/)
    await s.shot('alert-far', id('alert-form'))
    await page.locator(id('alert-far-no')).click()
    expect(await level.inputValue()).toBe(far)
    await page.locator(id('alert-cancel')).click()
    expect(await item.count()).toBe(1)

    await steer(s.core.exchange, 'btcusdt', roundToDecimals(mul(last, '1.2'), 2, 'up'))
    const toast = page.locator(id('toast-warn'), { hasText: 'Price alert: BTC/USDT' })
    await toast.waitFor({ timeout: 30_000 })
    expect(await toast.textContent()).toContain('Last price crosses')
    await expect.poll(() => item.getAttribute('data-state'), { timeout: 10_000 }).toBe('fired')

    await page.locator(id('notices-bell')).click()
    const notice = page.locator(`${id('notices-list')} [data-kind="warn"]`, { hasText: 'Price alert: BTC/USDT' })
    await expect.poll(() => notice.count()).toBe(1)
    await page.locator(id('notices-bell')).click()

    // A new alert's form follows the price live: a crossing-up level under the price now is said to be passed
    // already, and no longer once the price is steered back under it (the form read the price once when it opened).
    await page.locator(id('alert-new')).click()
    const now = page.locator(id('alert-now'))
    await expect.poll(() => now.textContent(), { timeout: 15_000 }).toMatch(/^Last price now: \d/)
    await level.fill(roundToDecimals(mul(last, '1.1'), 2, 'up'))
    const sideNow = page.locator(id('alert-side-now'))
    await sideNow.waitFor({ timeout: 15_000 })
    const high = await now.textContent()
    await steer(s.core.exchange, 'btcusdt', last)
    await expect.poll(() => now.textContent(), { timeout: 30_000 }).not.toBe(high)
    await sideNow.waitFor({ state: 'detached', timeout: 30_000 })
  }, 120_000)
})
