// The price ladder in a real Chromium against the embedded exchange, on a profile of its own (an account made through
// the control API): the ladder opened beside the book; a bad size refused in words; a click on a bid cell far under
// the market places exactly one BUY limit at that level, through the order form's confirmation (none while the size
// field holds a size that is not saved); the own order shows at
// its level, dragged two levels up it moves (one trading.moveOrder at the drop's price); the paper profile shows none
// of it (switched to and back); a click on the own order cancels it. Screenshot: test-results/e2e/ladder.png.
import { resolve } from 'node:path'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { clippedTexts } from './clipped-text'
import { addRemoteProfile, newAccount, switchProfile, venueAddresses } from './profiles-ui'
import { openRecordedPage, painted, testId as id, useTerminalSession, type SentCall } from './terminal-harness'

const TRADER = 'Ladder trader'

/** The ladder's cells whose text is cut: none may be (a size rounded to fit says so, whole in its title). */
const cutCells = (page: Page): Promise<string[]> =>
  page.evaluate(() =>
    [...document.querySelectorAll('[data-testid="ladder-row"] > span')]
      .filter((e) => e.scrollWidth > e.clientWidth + 1)
      .map((e) => `${e.getAttribute('data-testid')} "${e.textContent}" ${e.scrollWidth}/${e.clientWidth} px`)
  )
const PAPER = 'Embedded exchange (paper)'

describe('the price ladder in Chromium', () => {
  const { session, errors } = useTerminalSession()

  it('places from a level through the confirmation, moves by a drag, cancels by a click, follows the profile', async () => {
    const s = session()
    const ex = s.core.exchange
    const keys = await newAccount(ex)

    const calls: SentCall[] = []
    const page = await openRecordedPage(s, calls, errors)
    const sent = (channel: string) => calls.filter((c) => c.channel === channel).map((c) => c.input)

    await addRemoteProfile(page, { name: TRADER, ...venueAddresses(ex), ...keys })
    await switchProfile(page, TRADER)
    await page.locator(id('order-available'), { hasText: 'USDT' }).waitFor({ timeout: 20_000 })

    // The ladder beside the book, one row per USDT, held still (auto-centre off) and scrolled well under the market.
    await page.locator(id('book-tab-ladder')).click()
    const rows = page.locator(id('ladder-row'))
    await rows.first().waitFor({ timeout: 20_000 })
    // Docked beside the candles at 1280x720 the column headers read whole (the own-order ones short, titled in full).
    expect(await clippedTexts(page, `${id('ladder-grid')} [role="row"]:has([role="columnheader"])`)).toEqual([])
    // Its default grouping is picked from the book: the embedded makers rest 2 basis points apart (1,300 ticks on
    // BTC/USDT), and the ladder opens showing sizes on both sides of the touch, not 21 empty cents.
    const group = page.locator(id('ladder-group'))
    expect(await group.getAttribute('data-picked')).toBe('no')
    await expect.poll(() => group.inputValue()).not.toBe('1')
    await expect.poll(() => page.locator(`${id('ladder-bid')}.filled`).count(), { timeout: 10_000 }).toBeGreaterThan(0)
    await expect.poll(() => page.locator(`${id('ladder-ask')}.filled`).count(), { timeout: 10_000 }).toBeGreaterThan(0)
    // At 1280x720 every size reads whole or rounded to fit, never cut (the book moves: looked at on several frames);
    // the grouping's words read whole too.
    for (let i = 0; i < 5; i++) {
      expect(await cutCells(page)).toEqual([])
      await painted(page)
    }
    expect(await clippedTexts(page, `${id('ladder')} .tools`)).toEqual([])
    const fitted = page.locator(`${id('ladder')} [data-approx="yes"]`)
    if (await fitted.count()) {
      const [text, title] = await fitted.first().evaluate((e) => [e.textContent ?? '', e.getAttribute('title') ?? ''])
      expect(title).not.toContain(`: ${text.trim()}.`) // the title holds the whole size, not the rounded one
    }
    // One USDT a row from here on, the trader's pick: the levels the test clicks are whole numbers.
    await group.selectOption('100')
    expect(await group.getAttribute('data-picked')).toBe('yes')
    await page.locator(id('ladder-auto')).uncheck()
    // Hostile sizes are refused in words naming the rule, kept as typed, and nothing is saved or sent.
    const size = page.locator(id('ladder-size'))
    const refused: [string, string][] = [
      ['-1', 'takes no sign'],
      ['1e-3', '1e-3 is 0.001'],
      ['0.0000001', 'size steps are 0.000001 BTC on BTC/USDT'],
      ['1,5', 'did you mean 1.5?'],
      ['abc', '"a" is not allowed']
    ]
    for (const [text, words] of refused) {
      await size.fill(text)
      await size.press('Enter')
      await expect.poll(() => page.locator(id('ladder-size-error')).textContent()).toContain(words)
      expect(await size.inputValue()).toBe(text)
    }
    await size.fill(' 0.001 ')
    await size.press('Enter')
    await page.locator(id('ladder-size-error')).waitFor({ state: 'detached' })
    await expect.poll(() => page.locator(id('ladder-size-saved')).getAttribute('title')).toContain('0.001 BTC')
    const grid = page.locator(id('ladder-grid'))
    await grid.focus()
    for (let i = 0; i < 8; i++) await grid.press('PageDown')
    await page.locator(id('bottom-tab-orders')).click()

    // A click on the lowest row's bid cell: the form's confirmation, then exactly one BUY limit at that level. Not
    // while the size field holds a size that is not the saved one: that click is refused in words.
    const low = rows.last()
    const price = (await low.getAttribute('data-ladder-price'))!
    expect(price).toMatch(/^\d+$/)
    await size.fill('0.5x')
    await size.press('Enter')
    await page.locator(id('ladder-size-error')).waitFor()
    await low.locator(id('ladder-bid')).click()
    await page.locator(id('toast-warn'), { hasText: 'does not hold the saved size (0.001)' }).waitFor()
    expect(await page.locator(id('order-confirm-dialog')).count()).toBe(0)
    await size.fill('0.001')
    // The trader's own draft in the order form is left as typed by the ladder's order (it was overwritten).
    await page.locator(id('order-price')).fill('60000.5')
    await page.locator(id('order-volume')).fill('0.25')
    await low.locator(id('ladder-bid')).click()
    await page.locator(id('order-confirm-dialog')).waitFor({ timeout: 10_000 })
    expect(sent('trading.placeOrder')).toEqual([])
    await page.locator(id('order-confirm')).click()
    await expect.poll(() => sent('trading.placeOrder').length, { timeout: 15_000 }).toBe(1)
    expect(await page.locator(id('order-price')).inputValue()).toBe('60000.5')
    expect(await page.locator(id('order-volume')).inputValue()).toBe('0.25')
    // The answer is told in a toast; gone (after its lifetime) before the drag, so it covers no level.
    const told = page.locator(id('toast-success'), { hasText: /order placed: / })
    await told.first().waitFor({ timeout: 15_000 })
    await told.first().waitFor({ state: 'detached', timeout: 20_000 })
    expect(sent('trading.placeOrder')[0]).toMatchObject({
      module: 'spot',
      symbol: 'btcusdt',
      side: 'BUY',
      type: 'LIMIT',
      volume: '0.001',
      price
    })
    const mine = page.locator(`${id('ladder-buys')}[data-own]`)
    await expect.poll(() => mine.count(), { timeout: 20_000 }).toBe(1)
    // The own order's whole size (its letter left out when the column is too narrow for both: the column says it).
    expect(await mine.textContent()).toMatch(/^(B )?0\.001$/)
    expect(await low.locator(id('ladder-buys')).textContent()).toMatch(/^(B )?0\.001$/)
    expect(await cutCells(page)).toEqual([]) // the own-order column takes room now: still nothing cut
    await page.screenshot({ path: resolve(import.meta.dirname, '../../test-results/e2e/ladder.png') })

    // Dragged two levels up: one move at the drop's level; the order shows there once main has moved it.
    const target = rows.nth((await rows.count()) - 3)
    const to = (await target.getAttribute('data-ladder-price'))!
    const from = (await mine.boundingBox())!
    const drop = (await target.locator(id('ladder-buys')).boundingBox())!
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2)
    await page.mouse.down()
    await page.mouse.move(drop.x + drop.width / 2, drop.y + drop.height / 2, { steps: 6 })
    await page.mouse.up()
    await expect.poll(() => sent('trading.moveOrder').length, { timeout: 15_000 }).toBe(1)
    expect(sent('trading.moveOrder')[0]).toMatchObject({ module: 'spot', symbol: 'btcusdt', price: to })
    await page.locator(id('toast-success'), { hasText: 'Order moved to' }).first().waitFor({ timeout: 20_000 })
    await expect.poll(() => target.locator(id('ladder-buys')).textContent(), { timeout: 20_000 }).toContain('0.001')
    expect(await mine.count()).toBe(1)
    expect(sent('trading.cancelOrder')).toEqual([])

    // The paper profile shows none of the trader's orders; back on the trader's, the order is there again.
    await switchProfile(page, PAPER)
    expect(await mine.count()).toBe(0)
    await rows.first().waitFor({ timeout: 20_000 })
    await page.locator(id('order-available'), { hasText: 'USDT' }).waitFor({ timeout: 20_000 })
    expect(await mine.count()).toBe(0)
    await switchProfile(page, TRADER)
    // The ladder starts again centred on the market: scrolled down to the order's level, it shows there.
    await rows.first().waitFor({ timeout: 20_000 })
    expect(await group.inputValue()).toBe('100') // the trader's pick for the market, kept across the switch
    await page.locator(id('ladder-auto')).uncheck()
    await grid.focus()
    const row = page.locator(`${id('ladder-row')}[data-ladder-price="${to}"]`)
    // Paged towards the order's price (the market may have drifted either way meanwhile), never past it.
    for (let i = 0; i < 80 && !(await row.count()); i++) {
      const top = Number(await rows.first().getAttribute('data-ladder-price'))
      await grid.press(Number(to) > top ? 'PageUp' : 'PageDown')
    }
    await expect.poll(() => row.locator(id('ladder-buys')).getAttribute('data-own'), { timeout: 20_000 }).toBe('1')

    // A click on the own order cancels it through the cancel path.
    await row.locator(id('ladder-buys')).click()
    await expect.poll(() => sent('trading.cancelOrder').length, { timeout: 15_000 }).toBe(1)
    await expect.poll(() => mine.count(), { timeout: 20_000 }).toBe(0)
    await page.locator(id('toast-success'), { hasText: 'cancelled at' }).first().waitFor({ timeout: 10_000 })
    expect(sent('trading.placeOrder')).toHaveLength(1)
    expect(errors).toEqual([])
    await page.close()
  }, 300_000)
})
