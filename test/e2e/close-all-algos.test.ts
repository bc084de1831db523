// Close all with a futures algorithm still running on the contract, in a real Chromium against the embedded exchange
// (review of issue 19: Close all only named such an algorithm, which could open the position again right after). The
// confirmation names it beside a ticked "Also stop" choice; confirmed, main stops it (its resting slice cancelled on
// the exchange) before the close is sent, the position ends flat, and the outcome says the algorithm was stopped.
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { mul, roundToDecimals } from '@shared/decimal'
import { openRecordedPage, testId as id, useTerminalSession, withContract, type SentCall } from './terminal-harness'

const CONTRACT = 'E-BTC-USDT'

describe('close all and a running futures algorithm, in Chromium', () => {
  const { session } = useTerminalSession()
  const calls: SentCall[] = []
  const errors: string[] = []
  let page: Page

  it('names it with a ticked choice, stops it before the close goes, and says so', async () => {
    const s = session()
    page = await openRecordedPage(s, calls, errors)
    await page.locator(id('order-entry')).waitFor({ timeout: 20_000 })
    await page.locator(id('module-tab-futures')).click()
    await page.locator(id('orderbook-ask')).first().waitFor({ timeout: 20_000 })
    const contract = <T>(f: Parameters<typeof withContract<T>>[1]) => withContract(s.core, f)
    const longHeld = async () =>
      (await contract((c) => c.invoke('account.positions', { symbol: CONTRACT }))).find(
        (p) => p.side === 'BUY' && p.contractName === CONTRACT
      )?.volume ?? '0'
    // A long of a few contracts (300 USDT at the market), opened as another window would.
    await contract((c) =>
      c.invoke('trading.placeOrder', {
        module: 'futures',
        symbol: CONTRACT,
        side: 'BUY',
        type: 'MARKET',
        open: 'OPEN',
        positionType: 1,
        volume: '300'
      })
    )
    await expect.poll(longHeld, { timeout: 20_000 }).not.toBe('0')
    // A TWAP that opens more: its first slice rests far below the market.
    const last = (await contract((c) => c.invoke('market.tickers', { module: 'futures', symbols: [CONTRACT] })))[0]!
      .close
    const twap = await contract((c) =>
      c.invoke('algos.create', {
        kind: 'twap',
        module: 'futures',
        symbol: CONTRACT,
        open: 'OPEN',
        positionType: 1,
        side: 'BUY',
        quantity: '10',
        limitPrice: roundToDecimals(mul(last, '0.6'), 1, 'down'),
        durationSeconds: 600,
        slices: 2,
        jitter: false,
        fireLate: false
      })
    )
    const algo = async () => (await contract((c) => c.invoke('algos.list', {}))).find((a) => a.id === twap.id)!
    await expect
      .poll(async () => (await algo()).children.some((c) => c.state === 'open'), { timeout: 20_000 })
      .toBe(true)
    const slice = (await algo()).children.find((c) => c.state === 'open')!

    await page.locator(id('bottom-tab-positions')).click()
    await page.locator(id('position-row')).first().waitFor({ timeout: 20_000 })
    await page.locator(id('positions-close-all')).click()
    const label = page.locator(id('position-confirm-choice-label'))
    await expect
      .poll(() => label.textContent(), { timeout: 10_000 })
      .toBe('Also stop this algorithm before closing: TWAP (Open long 10 contracts on BTC/USDT perpetual)')
    expect(await page.locator(id('position-confirm-choice')).isChecked()).toBe(true)
    await page.screenshot({ path: resolve(import.meta.dirname, '../../test-results/e2e/close-all-algos-confirm.png') })
    const before = calls.length
    await page.locator(id('position-confirm-send')).click()

    await expect.poll(longHeld, { timeout: 30_000 }).toBe('0')
    expect((await algo()).state).toBe('cancelled')
    // Its slice is gone from the exchange, and main was asked to stop it before the close was sent.
    const open = await contract((c) => c.invoke('account.openOrders', { module: 'futures', symbol: CONTRACT }))
    expect(open.map((o) => o.orderId)).not.toContain(slice.orderId)
    const sent = calls.slice(before).map((c) => c.channel)
    expect(sent.indexOf('algos.cancel')).toBeGreaterThanOrEqual(0)
    expect(sent.indexOf('algos.cancel')).toBeLessThan(sent.indexOf('trading.placeOrder'))
    await expect
      .poll(() => page.locator(id('positions-message')).textContent(), { timeout: 10_000 })
      .toBe('stopped TWAP (Open long 10 contracts on BTC/USDT perpetual); BTC/USDT perpetual: closing at market')
    expect(errors).toEqual([])
  }, 120_000)
})
