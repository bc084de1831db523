// Algorithms on the candle chart in a real Chromium, run by main against the embedded exchange: a right-click under
// the last price offers "Algorithm here…"; its trailing stop fills the order form's Algo tab (kind, side, the distance
// to the clicked price), nothing sent before the tab's confirmation; once confirmed the algorithm's line is on the
// chart, labelled in words, in the algorithm's colour; another profile's chart has none of it (and the line is back
// after switching back); cancelled in the Algorithms panel, its line leaves the chart.
// Screenshots (1280x720): test-results/e2e/chart-algos-menu.png, chart-algos-line.png, chart-algos-cancelled.png.
import { describe, expect, it } from 'vitest'
import { compare, mul } from '@shared/decimal'
import { chartPlot } from './chart-own-lines'
import { addRemoteProfile, newAccount, switchProfile, venueAddresses } from './profiles-ui'
import { testId as id, useTerminalSession, withContract, type TerminalSession } from './terminal-harness'
import { confirmAlgo } from './algo-confirm'

const PAPER = 'Embedded exchange (paper)'
const OTHER = 'Chart algos elsewhere'

const lastPrice = async (s: TerminalSession): Promise<string> =>
  (await withContract(s.core, (c) => c.invoke('market.tickers', { module: 'spot', symbols: ['btcusdt'] })))[0]!.close

describe('algorithms on the candle chart in Chromium', () => {
  const { session, errors } = useTerminalSession(async (s) => {
    await s.page.locator(id('order-entry')).waitFor({ timeout: 20_000 })
  })

  it('a trailing stop made from the chart’s menu is drawn on the chart and leaves it when cancelled', async () => {
    const s = session()
    const { page } = s
    await page.locator(id('candle-legend')).waitFor({ timeout: 20_000 })
    const algoLines = page.locator(`${id('chart-candles')} ${id('chart-own-lines')} li[data-own-id^="algo:"]`)
    expect(await algoLines.count()).toBe(0)

    // A right-click on a row of the plot a little under the last price (rows tried downwards until one is).
    const plot = chartPlot(page)
    const box = (await plot.boundingBox())!
    const menu = page.locator(id('chart-price-menu'))
    let price: string | null = null
    for (let f = 0.2; f < 0.75 && price === null; f += 0.05) {
      await page.mouse.click(box.x + box.width * 0.5, box.y + box.height * f, { button: 'right' })
      await menu.waitFor()
      const at = (await menu.getAttribute('data-price'))!
      if (compare(at, mul(await lastPrice(s), '0.999')) < 0) price = at
      else await page.keyboard.press('Escape')
    }
    expect(price).not.toBeNull()
    const group = menu.locator(id('chart-menu-algo-group'))
    expect(await group.getAttribute('role')).toBe('group')
    const trailing = menu.locator(id('chart-menu-algo-trailing-stop'))
    expect(await trailing.textContent()).toMatch(/^\s*Sell trailing stop, \d+\.\d\d % behind…\s*$/)
    expect(await menu.locator(id('chart-menu-algo-oco')).textContent()).toContain('Sell OCO, stop ')
    await s.shot('chart-algos-menu')
    const pct = /(\d+\.\d\d) %/.exec((await trailing.textContent())!)![1]!
    await trailing.click()

    // The Algo tab, filled with the kind, the side and the distance; nothing is made before its confirmation.
    await page.locator(id('algo-form')).waitFor()
    expect(await page.locator(id('algo-kind')).inputValue()).toBe('trailing-stop')
    expect(await page.locator(id('algo-side-sell')).getAttribute('aria-pressed')).toBe('true')
    expect(await page.locator(id('algo-trailPercent')).inputValue()).toBe(pct)
    expect(await withContract(s.core, (c) => c.invoke('algos.list', {}))).toEqual([])
    await page.locator(id('algo-quantity')).fill('0.001')
    await page.locator(id('algo-review')).click()
    await page.locator(id('algo-confirm-dialog')).waitFor()
    await confirmAlgo(page)

    // Its line: the stop's price as it trails, the distance, the side and size, in words.
    const words = new RegExp(`^Trailing stop [\\d,]+\\.\\d+ \\(${pct.replace('.', '\\.')} %\\) · Sell 0\\.001$`)
    await expect.poll(() => algoLines.allTextContents(), { timeout: 30_000 }).toEqual([expect.stringMatching(words)])
    await s.shot('chart-algos-line')

    // Another profile's chart: none of this account's algorithms; back on paper, the line again.
    const keys = await newAccount(s.core.exchange)
    await addRemoteProfile(page, { name: OTHER, ...venueAddresses(s.core.exchange), ...keys })
    await switchProfile(page, OTHER)
    expect(await algoLines.count()).toBe(0)
    await page.locator(id('candle-legend')).waitFor({ timeout: 20_000 })
    expect(await algoLines.count()).toBe(0)
    await switchProfile(page, PAPER)
    await expect.poll(() => algoLines.count(), { timeout: 20_000 }).toBe(1)

    // Cancelled in the Algorithms panel (it asks first): the line leaves the chart.
    await page.locator(id('bottom-tab-algos')).click()
    const row = page.locator(id('algo-item')).first()
    await expect.poll(() => row.getAttribute('data-state'), { timeout: 15_000 }).toBe('waiting')
    await row.locator(id('algo-cancel')).click()
    await row.locator(id('algo-cancel-yes')).click()
    await expect.poll(() => row.getAttribute('data-state'), { timeout: 30_000 }).toBe('cancelled')
    await expect.poll(() => algoLines.count(), { timeout: 15_000 }).toBe(0)
    await s.shot('chart-algos-cancelled')
    expect(errors).toEqual([])
  }, 180_000)
})
