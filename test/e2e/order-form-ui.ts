// The order form driven as a user does, for the e2e tests.
import type { Page } from 'playwright-core'
import { expect } from 'vitest'
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
