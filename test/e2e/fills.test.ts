// A fill told truthfully, in a real Chromium against the embedded exchange: the exchange's control API pauses its
// market bots and a second account takes every ask of BTC/USDT, leaving one ask of 0.0015 BTC at 90,000 (135.00
// USDT, above every bid). A 500 USDT market buy from the UI then fills that much and is canceled for the rest: the
// toast, the
// notification center and the order history tell it as partial, with the 365.00 USDT left unspent. A limit order
// filling in steps is one toast, updated in place, that leaves the order's Cancel free.
import { describe, expect, it } from 'vitest'
import type { RunningExchange } from '../../src-sim/exchange'
import { emptyBook } from '../integration/core/counterparty'
import { testId as id, useTerminalSession } from './terminal-harness'

/** The exchange's own book (what /sapi/v1/depth serves). */
const asks = (e: RunningExchange): [string, string][] => e.sim.hub.depth('btcusdt', 100)?.asks ?? []

/**
 * Leaves BTC/USDT with one ask: 0.0015 BTC at 90,000.00 (above the bids: it rests), placed by an account of its own.
 */
async function thinBook(e: RunningExchange): Promise<void> {
  const counterparty = await emptyBook(e, 'btcusdt', 'BTC', ['asks'])
  await counterparty.rest('SELL', '90000.00', '0.0015')
  expect(asks(e)).toEqual([['90000.00', '0.001500']])
}

describe('a partial market fill on a thin book, told in Chromium', () => {
  const { session, errors } = useTerminalSession(async (s) => {
    await s.page.locator(id('order-entry')).waitFor({ timeout: 20_000 })
    await s.page.locator(id('order-available'), { hasText: 'USDT' }).waitFor({ timeout: 20_000 })
  })

  it('tells a 500 USDT market buy that filled 135.00 as partial, with 365.00 USDT unspent', async () => {
    const s = session()
    const { page } = s
    await thinBook(s.core.exchange)
    // A real market order: slippage protection (on by default) would send a limit instead. Off through Settings.
    await page.locator(id('open-settings')).click()
    await page.locator(id('settings-tab-trading')).click()
    await page.locator(id('pref-slippage-on')).uncheck()
    await page.locator(id('settings-close')).click()

    await page.locator(id('order-side-buy')).click()
    await page.locator(id('order-type')).selectOption('MARKET')
    await page.locator(id('order-volume')).fill('500') // a market buy is sized in USDT
    await page.locator(id('order-submit')).click()
    await page.locator(id('order-confirm')).click()

    const told =
      'Partially filled: bought 0.0015 BTC at 90,000.00 (avg) for 135.00 of 500.00 USDT (27%), rest canceled: 365.00 USDT unspent'
    const toast = page.locator(id('toast-warn'), { hasText: 'Partially filled · BTC/USDT' })
    await toast.waitFor({ timeout: 20_000 })
    expect(await toast.textContent()).toContain(told)
    await s.shot('fills-partial-toast', id('toasts'))

    // The notification center keeps it after the toast.
    await page.locator(id('notices-bell')).click()
    const fill = page.locator(`${id('notices-list')} [data-kind="fill"]`)
    await expect.poll(() => fill.count()).toBe(1)
    expect(await fill.textContent()).toContain(told)
    await s.shot('fills-notification-center', id('notices-panel'))
    await page.locator(id('notices-bell')).click()

    // The history: Market with its average, the amount in USDT, the fill in BTC, and what the cancel left.
    await page.locator(id('bottom-tab-orders')).click()
    await page.locator(id('orders-tab-history')).click()
    const row = page.locator(`${id('order-history')} tbody tr[data-status="CANCELED"]`)
    await row.waitFor({ timeout: 15_000 })
    const cell = (t: string) => row.locator(id(`history-${t}`)).textContent()
    await expect.poll(() => cell('avg'), { timeout: 10_000 }).toBe('90,000.00')
    expect([await cell('price'), await cell('amount'), await cell('filled')]).toEqual([
      'Market',
      '500.00 USDT',
      '0.0015 BTC for 135.00 USDT'
    ])
    expect(await row.locator(id('history-status')).innerText()).toBe(
      'Partially filled, rest canceled\n365.00 USDT unspent'
    )
    await s.shot('fills-order-history', id('orders-panel'))
    expect(errors).toEqual([])
  })

  it('tells a limit order filling step by step in one toast, updated in place, off the open order’s Cancel', async () => {
    const s = session()
    const { page } = s
    const counterparty = await emptyBook(s.core.exchange, 'btcusdt', 'BTC', ['asks'])
    await counterparty.rest('SELL', '90000.00', '0.0015')
    await page.locator(id('order-side-buy')).click()
    await page.locator(id('order-type')).selectOption('LIMIT')
    await page.locator(id('order-price')).fill('90000')
    await page.locator(id('order-volume')).fill('0.01')
    await page.locator(id('order-submit')).click()
    await page.locator(id('order-confirm')).click()

    // (the first test's toast may still show: this order's name its asked 0.01 BTC)
    const toasts = page.locator('[data-testid^="toast-"]', { hasText: 'of 0.01 BTC' })
    await page.locator('[data-testid^="toast-"]', { hasText: 'bought 0.0015 of 0.01 BTC' }).waitFor({ timeout: 20_000 })
    // The rest fills in two more steps: the same toast tells each, no new one stacks.
    await counterparty.rest('SELL', '90000.00', '0.001')
    await page.locator('[data-testid^="toast-"]', { hasText: 'bought 0.0025 of 0.01 BTC' }).waitFor({ timeout: 20_000 })
    await counterparty.rest('SELL', '90000.00', '0.001')
    await page.locator('[data-testid^="toast-"]', { hasText: 'bought 0.0035 of 0.01 BTC' }).waitFor({ timeout: 20_000 })
    expect(await toasts.count()).toBe(1)

    // At 1280x720 the toast leaves the order's Cancel, Cancel selected and Cancel all free.
    await page.locator(id('bottom-tab-orders')).click()
    await page.locator(id('orders-tab-open')).click()
    const cancel = page.locator(`${id('open-orders')} ${id('cancel-order')}`).first()
    await cancel.waitFor({ timeout: 15_000 })
    const box = await toasts.first().boundingBox()
    expect(box).not.toBeNull()
    for (const button of [cancel, page.locator(id('cancel-selected')), page.locator(id('cancel-all'))]) {
      const b = await button.boundingBox()
      expect(b).not.toBeNull()
      const apart =
        b!.x >= box!.x + box!.width ||
        b!.x + b!.width <= box!.x ||
        b!.y >= box!.y + box!.height ||
        b!.y + b!.height <= box!.y
      expect(apart, `${await button.getAttribute('data-testid')} under the toast`).toBe(true)
    }
    await s.shot('fills-toast-beside-cancel', id('app-shell'))
    await cancel.click({ timeout: 5_000 })
    expect(errors).toEqual([])
  })
})
