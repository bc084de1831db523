// The keyboard alone, in a real Chromium: Tab reaches each main control of the workspace and every stop shows a
// visible focus outline (its computed style, in both themes); an order is placed with keys only (Tab, typing, Enter
// on the form and on the confirmation, the focus back on the form's button) and the live region says so; the
// colour-blind-safe palette chosen in Settings › Appearance changes the computed buy and sell colours at once, and
// main keeps it: the terminal restarted on another port paints it from the start.
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { connected, mainPreferences, testId as id, useWebTerminal, type WebTerminal } from './terminal-harness'
import { control } from '../integration/sim-control'

/** The focused element: its test id (or tag and role) and how its outline is drawn. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null
    if (!el || el === document.body) return null
    const s = getComputedStyle(el)
    return {
      id: el.dataset['testid'] ?? `${el.tagName.toLowerCase()}${el.getAttribute('role') ? `[${el.role}]` : ''}`,
      outline: { style: s.outlineStyle, width: parseFloat(s.outlineWidth), colour: s.outlineColor }
    }
  })
type Stop = NonNullable<Awaited<ReturnType<typeof focused>>>

/**
 * Presses Tab until each of `want` has had the focus (or `max` presses); every stop on the way. Each press is a round
 * trip to Chromium: the test walking it has a ceiling of its own for a loaded machine.
 */
async function tabThrough(page: Page, want: string[], max = 400): Promise<Stop[]> {
  const stops: Stop[] = []
  const left = new Set(want)
  for (let n = 0; n < max && left.size; n++) {
    await page.keyboard.press('Tab')
    const f = await focused(page)
    if (!f) continue
    stops.push(f)
    left.delete(f.id)
  }
  return stops
}

/** Presses Tab until the control `testid` has the focus. */
async function tabTo(page: Page, testid: string): Promise<void> {
  for (let n = 0; n < 400; n++) {
    if ((await focused(page))?.id === testid) return
    await page.keyboard.press('Tab')
  }
  throw new Error(`Tab never reached ${testid}`)
}

const MAIN_CONTROLS = [
  'module-tab-spot',
  'popout-current',
  'open-monitor',
  'theme-toggle',
  'open-settings',
  'profile-switcher',
  'notices-bell',
  'market-search',
  'market-favourites',
  'market-fav',
  'orderbook-step',
  'orderbook-asks',
  'orderbook-bids',
  'order-side-buy',
  'order-side-sell',
  'order-type',
  'order-price',
  'order-volume',
  'bottom-tab-orders',
  'orders-tab-open'
]
const theme = (page: Page) => page.evaluate(() => document.documentElement.dataset['theme'])
const background = (page: Page, testid: string) =>
  page.locator(id(testid)).evaluate((el) => getComputedStyle(el).backgroundColor)

describe('the terminal by keyboard', () => {
  const web = useWebTerminal()
  let first: WebTerminal
  let page: Page

  it('Tab reaches every main control, each with a visible focus outline, in the dark and the light theme', async () => {
    first = await web.start()
    page = await web.open(first.url)
    await page.locator(id('order-available'), { hasText: 'USDT' }).waitFor({ timeout: 20_000 })
    await page.locator(id('orderbook-ask')).first().waitFor({ timeout: 20_000 })
    for (const want of ['dark', 'light']) {
      if ((await theme(page)) !== want) await page.locator(id('theme-toggle')).click()
      await expect.poll(() => theme(page)).toBe(want)
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur())
      const stops = await tabThrough(page, MAIN_CONTROLS)
      const reached = new Set(stops.map((s) => s.id))
      expect(
        MAIN_CONTROLS.filter((c) => !reached.has(c)),
        `${want}: not reached by Tab`
      ).toEqual([])
      const hidden = stops.filter((s) => s.outline.style === 'none' || !(s.outline.width >= 2))
      expect(hidden, `${want}: a focus with no visible outline`).toEqual([])
      // the outline is the theme's accent, not the page's colour
      const accent = await page.evaluate(() => {
        const probe = document.createElement('i')
        probe.style.color = 'var(--accent)'
        document.body.append(probe)
        const c = getComputedStyle(probe).color
        probe.remove()
        return c
      })
      expect(new Set(stops.map((s) => s.outline.colour))).toEqual(new Set([accent]))
    }
  }, 240_000)

  it('places an order with the keyboard alone, the live region says so, the focus comes back to the form', async () => {
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur())
    const last = (await page.locator(id('stat-last')).innerText()).replace(/[^\d.]/g, '')
    expect(Number(last)).toBeGreaterThan(0)
    await tabTo(page, 'order-price')
    await page.keyboard.press('ControlOrMeta+a')
    await page.keyboard.type(last)
    await tabTo(page, 'order-volume')
    await page.keyboard.press('ControlOrMeta+a')
    await page.keyboard.type('0.001')
    // every text the live region shows from here (a fill may follow the outcome at once and replace it)
    await page.locator(id('live-announcer')).evaluate((region) => {
      const said: string[] = ((window as unknown as { said: string[] }).said = [])
      new MutationObserver(() => said.push(region.textContent ?? '')).observe(region, {
        childList: true,
        subtree: true,
        characterData: true
      })
    })
    await tabTo(page, 'order-submit')
    await page.keyboard.press('Enter')
    await page.locator(id('order-confirm-dialog')).waitFor()
    await expect.poll(async () => (await focused(page))?.id).toBe('order-confirm')
    // Tab stays inside the dialog
    for (let n = 0; n < 6; n++) {
      await page.keyboard.press('Tab')
      expect(await page.locator(id('order-confirm-dialog')).evaluate((d) => d.contains(document.activeElement))).toBe(
        true
      )
    }
    await tabTo(page, 'order-confirm')
    await page.keyboard.press('Enter')
    await expect
      .poll(() => page.locator(id('order-result')).textContent(), { timeout: 15_000 })
      .toMatch(/^Buy order placed: 0\.001 BTC at [\d,.]+ USDT on BTC\/USDT$/)
    const said = await page.evaluate(() => (window as unknown as { said: string[] }).said)
    expect(said.some((s) => s.includes('Buy order placed: 0.001 BTC'))).toBe(true)
    // back where the order was sent from: the form's button, or (disabled while the form is empty) the form's first
    await expect
      .poll(() => page.locator(id('order-entry')).evaluate((f) => f.contains(document.activeElement)))
      .toBe(true)
  })

  it('takes a price from the book by keyboard: the arrows choose a level, Enter puts it in the order form', async () => {
    await page.locator(id('order-price')).fill('') // what the earlier order left there
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur())
    // The market held still while the level is chosen and read: a loaded machine let it move twice between the
    // second row's price, the Enter and the read of the bids (clean-clone CI).
    await control(first.core.exchange, 'activity', { paused: true })
    try {
      await takeSecondBid()
    } finally {
      await control(first.core.exchange, 'activity', { paused: false })
    }
  })

  /** The book's second bid into the order form by keyboard, the market held still. */
  async function takeSecondBid(): Promise<void> {
    // A push already on its way lands after the pause: the second row reads the same at two polls in a row.
    let last: string | null = null
    await expect
      .poll(async () => {
        const now = await page.locator(id('orderbook-bid')).nth(1).getAttribute('data-price')
        const same = now !== null && now === last
        last = now
        return same
      })
      .toBe(true)
    await tabTo(page, 'orderbook-bids')
    // the keyboard's level: the best bid when the side takes the focus, the second after an arrow
    await expect.poll(() => page.locator(id('orderbook-bids')).getAttribute('data-cursor')).toBe('0')
    await page.keyboard.press('ArrowDown')
    await expect.poll(() => page.locator(id('orderbook-bids')).getAttribute('data-cursor')).toBe('1')
    await page.keyboard.press('Enter')
    // The price taken is the level the cursor is on, as the live region says it (the book's DOM mirror trails the
    // drawn book by up to ~0.75 s by design, so its second row may still show the book of before the pause).
    const said = page.locator(id('live-announcer'))
    await expect
      .poll(() => said.textContent(), { timeout: 10_000 })
      .toMatch(/Into the order form: Bid [\d,]+\.\d+, size/)
    // (the region keeps its recent messages: the cursor's rows, then what was picked)
    const taken = /Into the order form: Bid ([\d,]+\.\d+), size/
      .exec((await said.textContent()) ?? '')![1]!
      .replace(/,/g, '')
    await expect
      .poll(async () => Number(await page.locator(id('order-price')).inputValue()), { timeout: 10_000 })
      .toBe(Number(taken))
    // and it is the second bid: the mirror shows it there once it has caught up with the book held still
    await expect
      .poll(() => page.locator(id('orderbook-bid')).nth(1).getAttribute('data-price'), { timeout: 10_000 })
      .toSatisfy((p: string | null) => p !== null && Number(p) === Number(taken))
    await page.keyboard.press('Tab') // leaving the side drops its cursor
    await expect.poll(() => page.locator(id('orderbook-bids')).getAttribute('data-cursor')).toBeNull()
  }

  it('the colour-blind-safe palette changes the buy and sell colours at once, and main keeps it', async () => {
    if ((await theme(page)) !== 'light') await page.locator(id('theme-toggle')).click()
    await expect.poll(() => theme(page)).toBe('light')
    const before = { buy: await background(page, 'order-side-buy') }
    await page.locator(id('open-settings')).click()
    await page.locator(id('settings-tab-appearance')).click()
    await page.locator(id('pref-palette')).selectOption('blue-orange')
    await page.keyboard.press('Escape')
    await page.locator(id('settings')).waitFor({ state: 'detached' })
    const light = { buy: 'rgb(18, 79, 168)', sell: 'rgb(154, 74, 0)' } // theme.css, the light theme's blue-orange
    await expect.poll(() => background(page, 'order-side-buy')).toBe(light.buy)
    expect(light.buy).not.toBe(before.buy)
    // the sell side's colour shows on its own button once chosen
    await page.locator(id('order-side-sell')).click()
    await expect.poll(() => background(page, 'order-side-sell')).toBe(light.sell)
    await expect.poll(async () => (await mainPreferences(first.core)).app.palette).toBe('blue-orange')

    await web.restart(first, page, async (again) => {
      await connected(again)
      expect(await again.evaluate(() => document.documentElement.dataset['palette'])).toBe('blue-orange')
      await again.locator(id('order-side-buy')).waitFor({ timeout: 20_000 })
      expect(await background(again, 'order-side-buy')).toBe(light.buy)
      expect(web.errors).toEqual([])
    })
  })
})
