// Trading hotkeys and one-click trading in a real Chromium against the embedded exchange: the size preset and a
// rebinding made in Settings › Shortcuts; an unarmed hotkey places nothing and says why; armed from the top bar, a
// hotkey places exactly one order (the contract calls the page made, and the open orders) and a click on a book level
// one limit at that level's price, through the order form's confirmation (mounted outside any panel, still drawn
// solid in both themes); the rebinding is kept after a restart and the terminal starts unarmed. Screenshots of
// Settings and of the armed top bar at 1280x720.
import { mkdirSync } from 'node:fs'
import { join, resolve } from 'node:path'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import {
  connected,
  recordCalls,
  testId as id,
  useWebTerminal,
  type SentCall,
  type WebTerminal
} from './terminal-harness'

const shots = resolve(import.meta.dirname, '../../test-results/e2e')
const shot = async (page: Page, name: string): Promise<void> => {
  mkdirSync(shots, { recursive: true })
  await page.screenshot({ path: join(shots, `${name}.png`) })
}

/** A dialog's background, text and border colours in `theme`. */
const dialogLook = (page: Page, theme: string, testid = 'order-confirm-dialog') =>
  page.evaluate(
    ([theme, testid]) => {
      document.documentElement.dataset['theme'] = theme
      const s = getComputedStyle(document.querySelector(`[data-testid="${testid}"]`)!)
      return { background: s.backgroundColor, text: s.color, border: s.borderTopColor }
    },
    [theme, testid] as const
  )
/** The same colours as the theme's variables resolve them (the order form's: panel, text and border). */
const themeLook = (
  page: Page,
  theme: string,
  vars = { background: '--bg-panel', text: '--text', border: '--border' }
) =>
  page.evaluate(
    ([theme, vars]) => {
      document.documentElement.dataset['theme'] = theme
      const probe = document.body.appendChild(document.createElement('div'))
      probe.style.cssText = `background: var(${vars.background}); color: var(${vars.text}); border: 1px solid var(${vars.border})`
      const s = getComputedStyle(probe)
      const look = { background: s.backgroundColor, text: s.color, border: s.borderTopColor }
      probe.remove()
      return look
    },
    [theme, vars] as const
  )

describe('trading hotkeys and one-click trading in Chromium', () => {
  const web = useWebTerminal()
  let first: WebTerminal
  let page: Page
  const calls: SentCall[] = []
  const placed = (): Record<string, unknown>[] =>
    calls.filter((c) => c.channel === 'trading.placeOrder').map((c) => c.input)
  const openRows = () => page.locator(`${id('open-orders')} tbody tr[data-order-id]`)

  it('an unarmed hotkey places nothing; armed, one press places exactly one order', async () => {
    first = await web.start()
    page = await web.chromium().context.newPage()
    await page.setViewportSize({ width: 1280, height: 720 })
    recordCalls(page, calls)
    await page.goto(first.url)
    await connected(page)
    await page.locator(id('order-available'), { hasText: 'USDT' }).waitFor({ timeout: 20_000 })
    await page.locator(id('orderbook-bid')).first().waitFor({ timeout: 20_000 })
    await page.locator(id('bottom-tab-orders')).click()

    // The size preset of BTC/USDT and Buy at the best bid without its own question (the form's guards still ask).
    await page.locator(id('open-settings')).click()
    await page.locator(id('settings-tab-shortcuts')).click()
    await page.locator(id('hotkey-size')).fill('0.001')
    await page.locator(id('hotkey-size-save')).click()
    await page.locator(id('hotkey-ask-buyBid')).uncheck()
    await page.locator(id('hotkey-size-row-spot:btcusdt')).waitFor()
    await shot(page, 'hotkeys-settings')
    await page.locator(id('settings-close')).click()
    await page.locator(id('settings')).waitFor({ state: 'detached' })

    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur()) // no field has the focus
    await page.keyboard.press('Shift+KeyB')
    await page.locator(id('toast-warn'), { hasText: 'Trading hotkeys are not armed' }).waitFor({ timeout: 10_000 })
    expect(placed()).toEqual([])
    expect(await openRows().count()).toBe(0)

    await page.locator(id('arm-hotkeys')).click()
    await expect.poll(() => page.locator(id('arm-hotkeys')).textContent()).toContain('ARMED')
    expect(await page.locator(id('arm-hotkeys')).getAttribute('aria-pressed')).toBe('true')
    await shot(page, 'hotkeys-armed-top-bar')

    await page.keyboard.press('Shift+KeyB')
    await expect.poll(() => placed().length, { timeout: 15_000 }).toBe(1)
    expect(placed()[0]).toMatchObject({
      module: 'spot',
      symbol: 'btcusdt',
      side: 'BUY',
      type: 'LIMIT',
      volume: '0.001'
    })
    // Told in a toast: the order form's own line and fields stay the trader's.
    await page
      .locator(id('toast-success'), { hasText: /order placed: / })
      .first()
      .waitFor({ timeout: 15_000 })
    // At the best bid it rests unless a bot sells into it meanwhile: then it is filled, and no longer open.
    await expect.poll(() => openRows().count(), { timeout: 15_000 }).toBeLessThanOrEqual(1)
    expect(placed()).toHaveLength(1)
  }, 180_000)

  it('armed, a click on an ask level places one SELL limit at that price', async () => {
    const before = placed().length
    const asks = page.locator(id('orderbook-asks'))
    expect(await asks.getAttribute('title')).toBe(
      'One-click trading ARMED: a click on an ask places a SELL limit at its price, size 0.001 BTC'
    )
    // The level furthest from the spread (least likely to trade away), read and clicked in one step of the page.
    const price = await page.evaluate(() => {
      const rows = document.querySelectorAll<HTMLElement>('[data-testid="orderbook-ask"]')
      const row = rows[0]!
      row.click()
      return row.dataset['price']!
    })
    // One-click asks in the order form's confirmation (order confirmations are on by default).
    await page.locator(id('order-confirm-dialog')).waitFor({ timeout: 10_000 })
    // Mounted in the top bar, outside any panel: still the form's solid dialog, in the dark and the light theme.
    for (const theme of ['dark', 'light']) expect(await dialogLook(page, theme)).toEqual(await themeLook(page, theme))
    await page.evaluate(() => (document.documentElement.dataset['theme'] = 'dark'))
    await page.locator(id('order-confirm')).click()
    await expect.poll(() => placed().length, { timeout: 15_000 }).toBe(before + 1)
    expect(placed().at(-1)).toMatchObject({ side: 'SELL', type: 'LIMIT', volume: '0.001', price })
    // The sell rests above the best ask: shown in the open orders at its price (grouped as the table writes it).
    const [whole, frac] = price.split('.')
    const shown = `${Number(whole).toLocaleString('en-US')}${frac ? `.${frac}` : ''}`
    const sell = openRows().filter({ hasText: shown })
    await expect.poll(() => sell.count(), { timeout: 15_000 }).toBe(1)

    // A hotkey's own question (cancel all asks first), also in the top bar: the solid dialog of every question.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur())
    await page.keyboard.press('Shift+KeyC')
    await page.locator(id('hotkey-confirm')).waitFor({ timeout: 10_000 })
    const modal = { background: '--bg-elev', text: '--text', border: '--border-strong' }
    for (const theme of ['dark', 'light'])
      expect(await dialogLook(page, theme, 'hotkey-confirm')).toEqual(await themeLook(page, theme, modal))
    await page.evaluate(() => (document.documentElement.dataset['theme'] = 'dark'))
    await page.locator(id('hotkey-confirm-no')).click()
    await page.locator(id('hotkey-confirm')).waitFor({ state: 'detached' })
    expect(await sell.count()).toBe(1)
  }, 120_000)

  it('keeps a rebinding after a restart, and starts unarmed', async () => {
    await page.locator(id('open-settings')).click()
    await page.locator(id('settings-tab-shortcuts')).click()
    await page.locator(id('hotkey-record-sellAsk')).click()
    await page.locator(id('hotkey-recording')).waitFor()
    await page.keyboard.press('Alt+Shift+KeyQ')
    await expect.poll(() => page.locator(id('hotkey-keys-sellAsk')).textContent()).toBe('Alt+Shift+Q')
    await web.restart(first, page, async (again) => {
      await again.locator(id('arm-hotkeys')).waitFor()
      expect(await again.locator(id('arm-hotkeys')).textContent()).toContain('Trading hotkeys off')
      await again.locator(id('open-settings')).click()
      await again.locator(id('settings-tab-shortcuts')).click()
      await expect.poll(() => again.locator(id('hotkey-keys-sellAsk')).textContent()).toBe('Alt+Shift+Q')
      expect(await again.locator(id('hotkey-keys-buyBid')).textContent()).toBe('Shift+B')
    })
  }, 180_000)
})
