// Two defects of a trader trial at 1280x720, in a real Chromium against the embedded exchange: a Leverage of "abc"
// or "１５" with a Market order turned the whole Order panel into "could not be shown"; and in the positions TP/SL
// editor, "-5" then "１２３" opened the confirmation beside the old "takes no sign", the bar pushing the row out of view.
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { futuresAt1280, onTop, openLong } from './order-form-ui'
import { testId as id, useTerminalSession } from './terminal-harness'

describe('hostile leverage and TP/SL input at 1280x720, in Chromium', () => {
  let page: Page
  const { session, errors } = useTerminalSession(async (s) => {
    page = s.page
    await futuresAt1280(page)
  })

  it('a fixed TP/SL confirms without the old refusal, its row in view', { timeout: 120_000 }, async () => {
    session()
    const row = await openLong(page, '3')
    await row.locator(id('position-tpsl')).click()
    await page.locator(id('tpsl-sl')).fill('-5')
    await page.locator(id('tpsl-submit')).click()
    await expect.poll(() => page.locator(id('positions-message')).textContent()).toContain('takes no sign')
    await page.locator(id('tpsl-sl')).fill('\uFF11\uFF12\uFF13')
    await page.locator(id('tpsl-submit')).click()
    await page.locator(id('position-confirm')).waitFor()
    expect(await page.locator(id('positions-message')).count()).toBe(0)
    // the row's contract cell (a fill's toast may lie over the middle of the row)
    await onTop(row.locator('td').first())
    await page.screenshot({ path: 'test-results/e2e/hostile-tpsl-confirm.png' })
    await onTop(page.locator(id('position-confirm-send')))
    await page.locator(id('position-confirm-cancel')).click()
    expect(errors).toEqual([])
  })

  it('a leverage typed as text is refused at its field; the panel stays', { timeout: 120_000 }, async () => {
    session()
    // (after the TP/SL case: the leverage is left typed but not set)
    await page.locator(id('order-type')).selectOption('MARKET')
    await page.locator(id('order-leverage')).fill('abc')
    await expect.poll(() => page.locator(id('order-leverage-refusal')).textContent()).toContain('"a" is not allowed')
    await page.locator(id('order-leverage')).fill('\uFF11\uFF15')
    await page.locator(id('order-volume')).fill('5')
    await expect.poll(() => page.locator(id('order-leverage-refusal')).count()).toBe(0)
    expect(await page.locator(id('order-submit')).isVisible()).toBe(true)
    expect(errors).toEqual([])
  })
})
