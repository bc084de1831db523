// PnL analytics in a real Chromium against the embedded exchange: the test makes fills at prices it chose (a
// counterparty account rests them on an emptied BTC/USDT book, the paper profile's orders take them through main's
// contract), and the PnL panel's figures are those of FIFO over those fills with the exchange's 0.2% taker fee. A
// second profile with no fills shows none of the paper account's, and switching back shows them again.
import { describe, expect, it } from 'vitest'
import { fillAtChosenPrices } from '../integration/core/chosen-fills'
import { addRemoteProfile, newAccount, switchProfile, venueAddresses } from './profiles-ui'
import { connected, painted, testId as id, useTerminalSession, withContract } from './terminal-harness'

const OTHER = 'PnL other'

describe('PnL analytics in Chromium', () => {
  const { session, errors } = useTerminalSession(async (s) => {
    await s.page.setViewportSize({ width: 1280, height: 720 })
    await connected(s.page)
  })

  it('shows the realized PnL, win rate, averages, day and fees of fills the test made, for the shown profile only', async () => {
    const s = session()
    const { page } = s
    // Placed as a window does: through main's contract, for the active (paper) profile.
    await withContract(s.core, (client) => fillAtChosenPrices(s.core.exchange, client))
    await page.locator(id('bottom-tab-pnl')).click()
    const panel = page.locator(id('pnl-panel'))
    await expect
      .poll(() => panel.locator(id('pnl-realized')).getAttribute('data-exact'), { timeout: 30_000 })
      .toBe('-3.996')
    expect(await panel.locator(id('pnl-win-rate')).textContent()).toContain('50.00%')
    expect((await panel.locator(id('pnl-wins')).textContent())?.trim()).toBe('1 / 1')
    expect(await panel.locator(id('pnl-avg-win')).getAttribute('data-exact')).toBe('7.96204')
    expect(await panel.locator(id('pnl-avg-loss')).getAttribute('data-exact')).toBe('-11.95804')
    expect(await panel.locator(`${id('pnl-fees')} tr[data-asset="BTC"] td.r`).getAttribute('data-exact')).toBe(
      '0.00004'
    )
    expect(await panel.locator(`${id('pnl-fees')} tr[data-asset="USDT"] td.r`).getAttribute('data-exact')).toBe('1.996')
    expect(await panel.locator(`${id('pnl-days')} tbody tr td.r`).allTextContents()).toEqual(['-3.996'])
    expect(await panel.locator(`${id('pnl-markets')} tr[data-market="spot:btcusdt"]`).textContent()).toContain(
      'BTC/USDT'
    )
    // The equity curve has its first sample (taken by main when the panel asked), drawn on a canvas.
    await panel
      .locator(`${id('pnl-equity')} canvas`)
      .first()
      .waitFor({ timeout: 15_000 })
    await painted(page)
    await s.shot('pnl-panel')

    // Another profile (an account of its own on the same exchange) shows none of the paper account's figures.
    const keys = await newAccount(s.core.exchange)
    const paperName = (await page.locator(`${id('profile-switcher')} .name`).textContent())!.trim()
    await addRemoteProfile(page, { name: OTHER, ...venueAddresses(s.core.exchange), ...keys })
    await switchProfile(page, OTHER)
    await panel.locator(id('pnl-empty')).waitFor({ timeout: 30_000 })
    expect(await panel.locator(id('pnl-realized')).getAttribute('data-exact')).toBe('')
    expect(await panel.locator(`${id('pnl-fees')} tbody tr`).count()).toBe(0)
    await s.shot('pnl-panel-other-profile')

    await switchProfile(page, paperName)
    await expect
      .poll(() => panel.locator(id('pnl-realized')).getAttribute('data-exact'), { timeout: 30_000 })
      .toBe('-3.996')
    expect(errors).toEqual([])
  })
})
