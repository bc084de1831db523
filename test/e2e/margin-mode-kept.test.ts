// The margin mode chosen on a perpetual is kept by main for the profile: a window opened after the first is closed
// (as a reload is) shows it chosen, not the Cross every contract starts with.
import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { mainPreferences, openRecordedPage, testId as id, useTerminalSession, type SentCall } from './terminal-harness'

const perpetual = async (page: Page) => {
  await page.locator(id('order-entry')).waitFor({ timeout: 20_000 })
  await page.locator(id('module-tab-futures')).click()
  await page.locator(`${id('order-entry')} .op-head strong`, { hasText: 'BTC/USDT perpetual' }).waitFor()
}
const isOn = (page: Page, mode: string) =>
  page.locator(id(`order-margin-${mode}`)).evaluate((b) => b.classList.contains('on'))

describe('the margin mode chosen, in Chromium', () => {
  const { session } = useTerminalSession((s) => perpetual(s.page))

  it('is shown as chosen in a window opened later', async () => {
    const s = session()
    expect(await isOn(s.page, 'cross')).toBe(true)
    await s.page.locator(id('order-margin-isolated')).click()
    await expect.poll(() => isOn(s.page, 'isolated')).toBe(true)
    await expect
      .poll(async () => (await mainPreferences(s.core)).profile.marginModes, { timeout: 10_000 })
      .toEqual({ 'E-BTC-USDT': 'isolated' })

    await s.page.close() // the window goes; one opened after it reads main's preferences, as a reload does
    const calls: SentCall[] = []
    const errors: string[] = []
    const page = await openRecordedPage(s, calls, errors)
    await perpetual(page)
    await expect.poll(() => isOn(page, 'isolated'), { timeout: 10_000 }).toBe(true)
    expect(await isOn(page, 'cross')).toBe(false)
    expect(errors).toEqual([])
    await page.close()
  })
})
