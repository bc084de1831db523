// PnL analytics in a real Chromium against the embedded exchange: the test makes fills at prices it chose (a
// counterparty account rests them on an emptied BTC/USDT book, the paper profile's orders take them through main's
// contract), and the PnL panel's figures are those of FIFO over those fills with the exchange's 0.2% taker fee. A
// second profile with no fills shows none of the paper account's, and switching back shows them again.
import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import type { TerminalContract } from '@shared/ipc/contract'
import { createContractClient } from '@shared/ipc/contract-client'
import { emptyBook } from '../integration/core/counterparty'
import { connected, painted, testId as id, useTerminalSession, type TerminalSession } from './terminal-harness'

const OTHER = 'PnL other'

async function switchTo(page: Page, name: string): Promise<void> {
  await page.locator(id('profile-switcher')).click()
  await page.locator(id('profile-menu')).locator('button', { hasText: name }).click()
  await expect.poll(() => page.locator(id('profile-switcher')).textContent()).toContain(name)
}

/** Places orders as a window does: through main's contract, for the active (paper) profile. */
async function fillsAtChosenPrices(s: TerminalSession): Promise<void> {
  const cp = await emptyBook(s.core.exchange, 'btcusdt', 'BTC')
  let toClient: Parameters<Parameters<typeof createContractClient>[0]['onMessage']>[0] = () => undefined
  const conn = s.core.server.connect((m) => toClient(m), { connectionId: 'e2e-pnl' })
  const client = createContractClient<TerminalContract>({
    send: (m) => conn.receive(m),
    onMessage: (h) => (toClient = h)
  })
  try {
    for (const [side, price, volume] of [
      ['BUY', '50000', '0.02'], // pays 0.00004 BTC, worth 2 USDT
      ['SELL', '51000', '0.00998'], // +9.98 - 1 - 1.01796 = 7.96204
      ['SELL', '49000', '0.00998'] // -9.98 - 1 - 0.97804 = -11.95804
    ] as const) {
      await cp.rest(side === 'BUY' ? 'SELL' : 'BUY', price, volume)
      const ack = await client.invoke('trading.placeOrder', {
        module: 'spot',
        symbol: 'btcusdt',
        side,
        type: 'LIMIT',
        price,
        volume
      })
      expect(ack.status).toBe('placed')
    }
  } finally {
    conn.close()
  }
}

describe('PnL analytics in Chromium', () => {
  const { session, errors } = useTerminalSession(async (s) => {
    await s.page.setViewportSize({ width: 1280, height: 720 })
    await connected(s.page)
  })

  it('shows the realized PnL, win rate, averages, day and fees of fills the test made, for the shown profile only', async () => {
    const s = session()
    const { page } = s
    await fillsAtChosenPrices(s)
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
    const made = await fetch(`${s.core.exchange.url}/sim/v1/accounts`, {
      method: 'POST',
      body: '{}',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${s.core.exchange.controlToken}` }
    })
    const keys = (await made.json()) as { apiKey: string; apiSecret: string }
    const paperName = (await page.locator(`${id('profile-switcher')} .name`).textContent())!.trim()
    await page.locator(id('profile-switcher')).click()
    await page.locator(id('profile-add')).click()
    const form = page.locator(id('profile-add-form'))
    await form.locator(id('profile-name')).fill(OTHER)
    await form.locator(id('profile-base-url')).fill(s.core.exchange.url)
    await form.locator(id('profile-ws-spot')).fill(`ws://127.0.0.1:${s.core.exchange.port}/spot/ws`)
    await form.locator(id('profile-ws-futures')).fill(`ws://127.0.0.1:${s.core.exchange.port}/futures/ws`)
    await form.locator(id('profile-api-key')).fill(keys.apiKey)
    await form.locator(id('profile-api-secret')).fill(keys.apiSecret)
    await form.locator(id('profile-save')).click()
    await page.locator(id('profile-card-remote')).waitFor()
    await page.keyboard.press('Escape')
    await switchTo(page, OTHER)
    await panel.locator(id('pnl-empty')).waitFor({ timeout: 30_000 })
    expect(await panel.locator(id('pnl-realized')).getAttribute('data-exact')).toBe('')
    expect(await panel.locator(`${id('pnl-fees')} tbody tr`).count()).toBe(0)
    await s.shot('pnl-panel-other-profile')

    await switchTo(page, paperName)
    await expect
      .poll(() => panel.locator(id('pnl-realized')).getAttribute('data-exact'), { timeout: 30_000 })
      .toBe('-3.996')
    expect(errors).toEqual([])
  })
})
