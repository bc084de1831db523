// The price ladder in a real Chromium against the embedded exchange, on a profile of its own (an account made through
// the control API): the ladder opened beside the book; a bad size refused in words; a click on a bid cell far under
// the market places exactly one BUY limit at that level, through the order form's confirmation; the own order shows at
// its level, dragged two levels up it moves (one trading.moveOrder at the drop's price); the paper profile shows none
// of it (switched to and back); a click on the own order cancels it. Screenshot: test-results/e2e/ladder.png.
import { resolve } from 'node:path'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { connected, recordCalls, testId as id, useTerminalSession, type SentCall } from './terminal-harness'

const TRADER = 'Ladder trader'
const PAPER = 'Embedded exchange (paper)'

async function switchTo(page: Page, name: string): Promise<void> {
  await page.locator(id('profile-switcher')).click()
  await page.locator(id('profile-menu')).locator('button', { hasText: name }).click()
  await expect.poll(() => page.locator(id('profile-switcher')).textContent()).toContain(name)
}

describe('the price ladder in Chromium', () => {
  const { session, errors } = useTerminalSession()

  it('places from a level through the confirmation, moves by a drag, cancels by a click, follows the profile', async () => {
    const s = session()
    const ex = s.core.exchange
    const made = await fetch(`${ex.url}/sim/v1/accounts`, {
      method: 'POST',
      body: '{}',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${ex.controlToken}` }
    })
    const keys = (await made.json()) as { apiKey: string; apiSecret: string }

    const calls: SentCall[] = []
    const page = await s.chromium.context.newPage()
    page.on('pageerror', (e) => errors.push(String(e)))
    page.on('console', (m) => void (m.type() === 'error' && errors.push(m.text())))
    recordCalls(page, calls)
    const sent = (channel: string) => calls.filter((c) => c.channel === channel).map((c) => c.input)
    await page.setViewportSize({ width: 1280, height: 720 })
    await page.goto(s.launchUrl())
    await connected(page)

    await page.locator(id('profile-switcher')).click()
    await page.locator(id('profile-add')).click()
    const form = page.locator(id('profile-add-form'))
    await form.locator(id('profile-name')).fill(TRADER)
    await form.locator(id('profile-base-url')).fill(ex.url)
    await form.locator(id('profile-ws-spot')).fill(`ws://127.0.0.1:${ex.port}/spot/ws`)
    await form.locator(id('profile-ws-futures')).fill(`ws://127.0.0.1:${ex.port}/futures/ws`)
    await form.locator(id('profile-api-key')).fill(keys.apiKey)
    await form.locator(id('profile-api-secret')).fill(keys.apiSecret)
    await form.locator(id('profile-save')).click()
    await page.locator(id('profile-card-remote')).waitFor()
    await page.keyboard.press('Escape')
    await switchTo(page, TRADER)
    await page.locator(id('order-available'), { hasText: 'USDT' }).waitFor({ timeout: 20_000 })

    // The ladder beside the book, one row per USDT, held still (auto-centre off) and scrolled well under the market.
    await page.locator(id('book-tab-ladder')).click()
    const rows = page.locator(id('ladder-row'))
    await rows.first().waitFor({ timeout: 20_000 })
    await page.locator(id('ladder-group')).selectOption('100')
    await page.locator(id('ladder-auto')).uncheck()
    const size = page.locator(id('ladder-size'))
    await size.fill('1e-3')
    await size.press('Enter')
    await expect.poll(() => page.locator(id('ladder-size-error')).textContent()).toContain('1e-3 is 0.001')
    await size.fill('0.001')
    await size.press('Enter')
    await page.locator(id('ladder-size-error')).waitFor({ state: 'detached' })
    const grid = page.locator(id('ladder-grid'))
    await grid.focus()
    for (let i = 0; i < 8; i++) await grid.press('PageDown')
    await page.locator(id('bottom-tab-orders')).click()

    // A click on the lowest row's bid cell: the form's confirmation, then exactly one BUY limit at that level.
    const low = rows.last()
    const price = (await low.getAttribute('data-ladder-price'))!
    expect(price).toMatch(/^\d+$/)
    await low.locator(id('ladder-bid')).click()
    await page.locator(id('order-confirm-dialog')).waitFor({ timeout: 10_000 })
    expect(sent('trading.placeOrder')).toEqual([])
    await page.locator(id('order-confirm')).click()
    await expect.poll(() => sent('trading.placeOrder').length, { timeout: 15_000 }).toBe(1)
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
    expect(await mine.textContent()).toContain('B 0.001')
    expect(await low.locator(id('ladder-buys')).textContent()).toContain('B 0.001')
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
    await expect.poll(() => target.locator(id('ladder-buys')).textContent(), { timeout: 20_000 }).toContain('B 0.001')
    expect(await mine.count()).toBe(1)
    expect(sent('trading.cancelOrder')).toEqual([])

    // The paper profile shows none of the trader's orders; back on the trader's, the order is there again.
    await switchTo(page, PAPER)
    expect(await mine.count()).toBe(0)
    await rows.first().waitFor({ timeout: 20_000 })
    await page.locator(id('order-available'), { hasText: 'USDT' }).waitFor({ timeout: 20_000 })
    expect(await mine.count()).toBe(0)
    await switchTo(page, TRADER)
    // The ladder starts again centred on the market: scrolled down to the order's level, it shows there.
    await rows.first().waitFor({ timeout: 20_000 })
    await page.locator(id('ladder-auto')).uncheck()
    await grid.focus()
    const row = page.locator(`${id('ladder-row')}[data-ladder-price="${to}"]`)
    for (let i = 0; i < 16 && !(await row.count()); i++) await grid.press('PageDown')
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
