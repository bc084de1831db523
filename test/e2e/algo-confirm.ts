// The Algo tab's confirmation from the test's side: Start waits for a tick of each price-guard warning it shows (a
// price beyond the guard from the last or mark price, stores/algo-guards.ts), so a test whose prices sit far from the
// market ticks them, and gets their words back to assert. A staleness is never ticked here: a test on live prices
// that meets one should fail.
import type { Page } from 'playwright-core'
import { testId as id } from './terminal-harness'

/** Ticks every price-guard warning of the open confirmation, presses Start, and returns the warnings' words. */
export async function confirmAlgo(page: Page): Promise<string[]> {
  await page.locator(id('algo-confirm-dialog')).waitFor()
  const said = await page.locator(`${id('algo-confirm-guard')} span`).allTextContents()
  const acks = page.locator(id('algo-confirm-guard-ack'))
  for (let n = 0; n < (await acks.count()); n++) await acks.nth(n).check()
  await page.locator(id('algo-confirm')).click()
  return said
}
