// Futures in a real Chromium through the browser host, against the embedded exchange's paper futures wallet
// (10,000 USDT): a long opened at market, a stop-loss and take-profit attached on either side of the mark, the
// position closed at market, and its PnL shown in the PnL history.
import { describe, expect, it } from 'vitest'
import { formatFixed, mul } from '@shared/decimal'
import { submitConfirmed } from './order-form-ui'
import { testId as id, useTerminalSession } from './terminal-harness'

describe('futures trading in Chromium', () => {
  const { session, errors } = useTerminalSession(async (s) => {
    await s.page.locator(id('order-entry')).waitFor({ timeout: 20_000 })
    await s.page.locator(id('module-tab-futures')).click()
    await s.page.locator(`${id('order-entry')} .op-head strong`, { hasText: 'BTC/USDT perpetual' }).waitFor()
  })

  it('opens a position, attaches TP/SL, closes it and shows its PnL', async () => {
    const s = session()
    const { page } = s
    const rows = page.locator(id('position-row'))
    // The futures bots lay their ladder shortly after start; the form shows the mark once it streams.
    await page.locator(`${id('order-entry')} .op-mark`).waitFor({ timeout: 20_000 })
    // the market open below needs their asks: wait for a level in the book rather than for a fixed moment
    await page.locator(id('orderbook-ask')).first().waitFor({ timeout: 20_000 })

    // Leverage is set on the venue before opening; the position then carries it.
    await page.locator(id('order-leverage')).fill('20')
    await page.locator(id('order-leverage-set')).click()
    await expect
      .poll(() => page.locator(id('order-result')).textContent(), { timeout: 10_000 })
      .toBe('BTC/USDT perpetual leverage 20x')

    await page.locator(id('order-type')).selectOption('MARKET')
    await page.locator(id('order-open')).click()
    await page.locator(id('order-side-buy')).click()
    await page.locator(id('order-volume')).fill('3') // a market open is sized in USDT: below minOrderMoney
    await expect
      .poll(() => page.locator(id('order-refusal')).textContent())
      .toBe('the order value of a market open 3 USDT is below the minimum 5 USDT on BTC/USDT perpetual')
    expect(await page.locator(id('order-submit')).isDisabled()).toBe(true)
    await page.locator(id('order-volume')).fill('300')
    await submitConfirmed(page)
    await s.shot('futures-order-entry', id('order-entry'))

    await page.locator(id('bottom-tab-positions')).click()
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(1)
    await expect.poll(() => rows.first().locator(id('position-pnl')).textContent(), { timeout: 10_000 }).toMatch(/USDT/)
    expect(await rows.first().textContent()).toContain('Long BTC/USDT perpetual Cross 20x')

    // TP/SL around the mark: a stop above the mark is refused by rule, then the right pair is attached.
    const mark = ((await rows.first().locator(id('position-mark')).textContent()) ?? '').replace(/,/g, '')
    await rows.first().locator(id('position-tpsl')).click()
    await page.locator(id('tpsl-sl')).fill(formatFixed(mul(mark, '1.05'), 1, 'down'))
    await page.locator(id('tpsl-submit')).click()
    await expect
      .poll(() => page.locator(id('positions-message')).textContent())
      .toMatch(/^a sell stop-loss triggers below the mark price [\d.]+; [\d.]+ is not below it$/)
    await page.locator(id('tpsl-sl')).fill(formatFixed(mul(mark, '0.9'), 1, 'down'))
    await page.locator(id('tpsl-tp')).fill(formatFixed(mul(mark, '1.1'), 1, 'down'))
    await page.locator(id('tpsl-submit')).click()
    await page.locator(id('position-confirm-send')).click()
    await expect
      .poll(() => page.locator(id('positions-message')).textContent(), { timeout: 10_000 })
      .toBe('TP/SL attached to BTC/USDT perpetual')
    await s.shot('futures-position', id('position-panel'))
    await s.shot('futures-workspace')

    // The triggers show in the orders panel.
    await page.locator(id('bottom-tab-orders')).click()
    await page.locator(id('orders-tab-triggers')).click()
    await expect.poll(() => page.locator(`${id('trigger-orders')} tbody tr`).count(), { timeout: 10_000 }).toBe(2)
    await s.shot('futures-trigger-orders', id('orders-panel'))

    // Close at market; the position leaves and its PnL is in the history.
    await page.locator(id('bottom-tab-positions')).click()
    await rows.first().locator(id('position-close-market')).click()
    await page.locator(id('position-confirm-send')).click()
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(0)
    await page.locator(id('positions-tab-pnl')).click()
    const pnl = page.locator(`${id('records-pnl')} tbody tr`)
    await expect.poll(() => pnl.count(), { timeout: 15_000 }).toBe(1)
    expect(await pnl.first().textContent()).toContain('BTC/USDT perpetual')
    expect(await pnl.first().textContent()).toMatch(/long/)
    await s.shot('futures-pnl-history', id('position-panel'))

    await page.locator(id('positions-tab-capital')).click()
    await expect
      .poll(() => page.locator(`${id('records-capital')} tbody tr`).count(), { timeout: 10_000 })
      .toBeGreaterThan(0)
    expect(errors).toEqual([])
  })
})
