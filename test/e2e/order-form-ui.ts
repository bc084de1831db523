// The order form driven as a user does, for the e2e tests.
import type { Locator, Page } from 'playwright-core'
import { expect } from 'vitest'
import { formatFixed, mul } from '@shared/decimal'
import { testId as id } from './terminal-harness'

/** Submits the form as filled, says yes in its confirmation and waits until the form says the order was placed. */
export async function submitConfirmed(page: Page): Promise<void> {
  await page.locator(id('order-submit')).click()
  await page.locator(id('order-confirm-dialog')).waitFor()
  await page.locator(id('order-confirm')).click()
  await expect
    .poll(() => page.locator(id('order-result')).textContent(), { timeout: 10_000 })
    .toMatch(/ order placed: /)
}

/** A LIMIT order of `side` through the form and its confirmation. */
export async function placeLimit(page: Page, side: 'buy' | 'sell', price: string, volume: string): Promise<void> {
  await page.locator(id(`order-side-${side}`)).click()
  await page.locator(id('order-type')).selectOption('LIMIT')
  await page.locator(id('order-price')).fill(price)
  await page.locator(id('order-volume')).fill(volume)
  await submitConfirmed(page)
}

/** A price 0.2% under the book's best bid, in cents: a buy there rests, inside the chart's drawn price range. */
export async function underBestBid(page: Page): Promise<string> {
  const bid = Number(await page.locator(id('orderbook-bid')).first().getAttribute('data-price', { timeout: 15_000 }))
  return (Math.floor(bid * 0.998 * 100) / 100).toFixed(2)
}

/**
 * A futures long of `contracts` opened from the order form, already on a futures contract: a LIMIT open 1% above the
 * mark (it takes the bots' asks at once), confirmed, then the positions tab until its row holds that size. Its row.
 */
export async function openLong(page: Page, contracts: string): Promise<Locator> {
  const mark = page.locator(`${id('order-entry')} .op-mark`)
  await mark.waitFor({ timeout: 20_000 })
  await page.locator(id('orderbook-ask')).first().waitFor({ timeout: 20_000 })
  const markText = ((await mark.textContent()) ?? '').replace(/[^\d.]/g, '')
  await page.locator(id('order-type')).selectOption('LIMIT')
  await page.locator(id('order-open')).click()
  await page.locator(id('order-side-buy')).click()
  await page.locator(id('order-price')).fill(formatFixed(mul(markText, '1.01'), 1, 'down'))
  await page.locator(id('order-volume')).fill(contracts)
  await submitConfirmed(page)
  await page.locator(id('bottom-tab-positions')).click()
  const row = page.locator(id('position-row')).first()
  await expect.poll(() => row.locator(id('position-size')).textContent(), { timeout: 20_000 }).toBe(contracts)
  return row
}

/** The terminal at 1280x720 (a small laptop's window) on the BTC/USDT perpetual's order form. */
export async function futuresAt1280(page: Page): Promise<void> {
  await page.setViewportSize({ width: 1280, height: 720 })
  await page.locator(id('order-entry')).waitFor({ timeout: 20_000 })
  await page.locator(id('module-tab-futures')).click()
  await page.locator(`${id('order-entry')} .op-head strong`, { hasText: 'BTC/USDT perpetual' }).waitFor()
}

/** Inside the window and not covered: the element at the centre of its box is it (or inside it). */
export async function onTop(l: Locator): Promise<void> {
  const box = await l.boundingBox()
  expect(box).not.toBeNull()
  const b = box!
  const view = l.page().viewportSize()!
  expect(b.x).toBeGreaterThanOrEqual(0)
  expect(b.y).toBeGreaterThanOrEqual(0)
  expect(b.x + b.width).toBeLessThanOrEqual(view.width)
  expect(b.y + b.height).toBeLessThanOrEqual(view.height)
  const hit = await l.evaluate((el) => {
    const r = el.getBoundingClientRect()
    const at = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2)
    return at !== null && (at === el || el.contains(at))
  })
  expect(hit).toBe(true)
}
