// The trader's own orders on the candle chart, in a real Chromium against the paper exchange: a limit buy placed in
// the order form shows as a line with its side, size and exact price; the toolbar's toggle hides and shows it (kept
// by main); under a second profile (a second embedded exchange added through Settings) the chart holds no line of
// the paper account, and back on paper the line is there again; cancelled, it goes. The lines are read from the list
// the chart keeps beside its canvas for screen readers (what the own series drew). Screenshots:
// test-results/e2e/chart-own-state.png (the page at 1280x720) and chart-own-state-chart.png (the chart alone). Then a
// futures long shows its entry line, and its TP/SL their trigger lines (chart-own-state-futures.png).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { chartPlot, ownLines, pointAtOwnLine } from './chart-own-lines'
import { placeLimit, underBestBid } from './order-form-ui'
import { addRemoteProfile, switchProfile } from './profiles-ui'
import { connected, mainPreferences, testId as id, useTerminalSession } from './terminal-harness'
import { SECOND_KEYS, startSecondExchange, type SecondExchange } from './second-exchange'

const PAPER = 'Embedded exchange (paper)'
const SECOND = 'Second venue'

const lineTexts = (page: Page): Promise<string[]> => ownLines(page).allTextContents()

describe('own orders on the candle chart in Chromium', () => {
  let second: SecondExchange
  beforeAll(async () => {
    second = await startSecondExchange()
  })
  afterAll(async () => {
    await second?.close()
  })
  const { session, errors } = useTerminalSession(async (s) => {
    await s.page.setViewportSize({ width: 1280, height: 720 })
    await connected(s.page)
    await s.page.locator(id('order-available'), { hasText: 'USDT' }).waitFor({ timeout: 20_000 })
  })

  it('draws a placed limit order with its price, none under another profile, and drops it once cancelled', async () => {
    const s = session()
    const { page } = s
    await page.locator(id('candle-legend')).waitFor({ timeout: 20_000 })
    expect(await page.locator(id('chart-own')).getAttribute('aria-pressed')).toBe('true')

    // A buy a little under the best bid: it rests, and sits inside the chart's drawn price range.
    const price = await underBestBid(page)
    await placeLimit(page, 'buy', price, '0.01')

    const grouped = Number(price).toLocaleString('en-US', { minimumFractionDigits: 2 })
    const label = new RegExp(`^Buy 0\\.010* @ ${grouped.replace(/[.,]/g, '\\$&')}0*$`)
    await expect.poll(() => lineTexts(page), { timeout: 15_000 }).toEqual([expect.stringMatching(label)])
    expect(await ownLines(page).first().getAttribute('data-own-id')).toMatch(/^order:\d+$/)
    await s.shot('chart-own-state')

    // The pointer on the line (or its label) names the order: what dragging a line to move the order hooks into.
    const orderLine = (await ownLines(page).first().getAttribute('data-own-id'))!
    await pointAtOwnLine(page, orderLine, (box) => box.x + 40)
    const box = (await chartPlot(page).boundingBox())!
    await page.mouse.move(box.x + box.width / 2, box.y - 30)
    await s.shot('chart-own-state-chart', id('chart-candles'))

    // The toolbar's toggle hides the layer for this market, a preference main keeps; pressed again, it is back.
    await page.locator(id('chart-own')).click()
    await expect.poll(() => lineTexts(page)).toEqual([])
    expect(await page.locator(id('chart-own')).getAttribute('aria-pressed')).toBe('false')
    await expect
      .poll(async () => (await mainPreferences(s.core)).profile.chartOwnHidden)
      .toEqual({ 'spot:btcusdt': true })
    await page.locator(id('chart-own')).click()
    await expect.poll(() => lineTexts(page), { timeout: 15_000 }).toEqual([expect.stringMatching(label)])
    await expect.poll(async () => (await mainPreferences(s.core)).profile.chartOwnHidden).toEqual({})

    // The second venue as a remote profile: switched to, the chart holds no line of the paper account.
    await addRemoteProfile(page, { name: SECOND, ...second.urls, ...SECOND_KEYS })
    await switchProfile(page, SECOND)
    expect(await lineTexts(page)).toEqual([])
    // Still none once the second venue's account has been polled (it has no order on BTC/USDT).
    await page.locator(id('order-available'), { hasText: '177,777' }).waitFor({ timeout: 20_000 })
    expect(await lineTexts(page)).toEqual([])

    // Back on paper: the order's line again; cancelled in the orders tab, it goes.
    await switchProfile(page, PAPER)
    await expect.poll(() => lineTexts(page), { timeout: 15_000 }).toEqual([expect.stringMatching(label)])
    await page.locator(id('bottom-tab-orders')).click()
    const rows = page.locator(`${id('open-orders')} tbody tr[data-order-id]`)
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(1)
    await rows.first().locator(id('cancel-order')).click()
    await expect.poll(() => lineTexts(page), { timeout: 15_000 }).toEqual([])
    expect(errors).toEqual([])
  })

  it('draws a futures position at its entry price and its TP/SL at their trigger prices', async () => {
    const s = session()
    const { page } = s
    await page.locator(id('module-tab-futures')).click()
    await expect.poll(() => page.locator(`${id('order-entry')} .op-mod`).textContent()).toBe('Futures')
    await page.locator(id('order-open')).click()
    // A long of 2 contracts, bought across the book (a taker at once).
    const ask = Number(await page.locator(id('orderbook-ask')).last().getAttribute('data-price', { timeout: 20_000 }))
    await placeLimit(page, 'buy', (ask * 1.004).toFixed(1), '2')
    await expect
      .poll(() => lineTexts(page), { timeout: 20_000 })
      .toContainEqual(expect.stringMatching(/^Entry Buy 2 @ \d{2},\d{3}(\.\d+)?$/))
    const ids = await ownLines(page).evaluateAll((li) => li.map((l) => l.getAttribute('data-own-id')))
    expect(ids.filter((i) => i?.startsWith('entry:'))).toHaveLength(1)

    // TP/SL attached to it: both trigger orders show at their trigger prices, named as such.
    await page.locator(id('bottom-tab-positions')).click()
    const row = page.locator(id('position-row')).first()
    await expect.poll(() => row.locator(id('position-mark')).textContent(), { timeout: 15_000 }).toMatch(/\d/)
    const mark = Number(((await row.locator(id('position-mark')).textContent()) ?? '').replace(/,/g, ''))
    await row.locator(id('position-tpsl')).click()
    await page.locator(id('tpsl-sl')).fill((mark * 0.997).toFixed(1))
    await page.locator(id('tpsl-tp')).fill((mark * 1.003).toFixed(1))
    await page.locator(id('tpsl-submit')).click()
    await page.locator(id('position-confirm-send')).click()
    await expect
      .poll(() => page.locator(id('positions-message')).textContent(), { timeout: 10_000 })
      .toBe('TP/SL attached to BTC/USDT perpetual')
    await expect
      .poll(() => lineTexts(page), { timeout: 20_000 })
      .toEqual(
        expect.arrayContaining([
          expect.stringMatching(/^Stop-loss Sell 2 @ \d{2},\d{3}\.\d$/),
          expect.stringMatching(/^Take-profit Sell 2 @ \d{2},\d{3}\.\d$/)
        ])
      )
    await s.shot('chart-own-state-futures', id('chart-candles'))
    expect(errors).toEqual([])
  })
})
