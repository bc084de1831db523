// Chart indicators per layout (issue 17 item 1, with issue 18 item 5's layouts) in a real Chromium against the
// terminal `npm run web` starts: Bollinger Bands added from the chart's dialog while the layout "Bands" is shown are
// saved with it; the layout "Plain" shows none (the market has none of its own) and gets RSI of its own; switching
// back and forth shows each layout's set, a reset the market's, and the terminal restarted on another port shows the
// layout with its set again, from main's preferences. Pictures at 1280x720 in test-results/e2e.
import { mkdirSync } from 'node:fs'
import { resolve } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { mainPreferences, testId as id, useWebTerminal, type WebTerminal } from './terminal-harness'

const shots = resolve(import.meta.dirname, '../../test-results/e2e')
const { start, open, restart, errors } = useWebTerminal()
beforeAll(() => mkdirSync(shots, { recursive: true }))

async function menu(page: Page, item: string): Promise<void> {
  await page.locator(id('layouts-menu')).click()
  await page.locator(id(item)).click()
}
async function saveAs(page: Page, name: string): Promise<void> {
  await menu(page, 'layouts-save-as')
  await page.locator(id('layout-name')).fill(name)
  await page.locator(id('layout-name-save')).click()
  await page.locator(id('layout-name-dialog')).waitFor({ state: 'detached' })
  await expect.poll(() => page.locator(id('layouts-current')).textContent()).toBe(name)
}
async function choose(page: Page, name: string): Promise<void> {
  await page.locator(id('layouts-menu')).click()
  await page.locator(`${id('layout-option')}[data-layout="${name}"]`).click()
  await expect.poll(() => page.locator(id('layouts-current')).textContent()).toBe(name)
}
/** Adds one indicator from the chart's dialog; returns where the dialog says it is saved. */
async function add(page: Page, kind: string): Promise<string> {
  await page.locator(`${id('chart-candles')} ${id('indicators-button')}`).click()
  await page.locator(id('indicator-pick')).selectOption(kind)
  await page.locator(id('indicator-add')).click()
  await page.locator(`${id('indicator-dialog')} ${id(`indicator-row-${kind}`)}`).waitFor()
  const where = (await page.locator(id('indicator-saved-in')).textContent())?.trim() ?? ''
  await page.locator(id('indicator-close')).click()
  await page.locator(id('indicator-dialog')).waitFor({ state: 'detached' })
  return where
}
/** The indicators the chart draws now (overlays in its legend, panes by their legend), by kind. */
const drawn = (page: Page) =>
  page
    .locator(
      `${id('chart-candles')} [data-testid^="indicator-legend-"], ${id('chart-candles')} [data-testid^="indicator-pane-"]`
    )
    .evaluateAll((els) => els.map((e) => e.dataset['testid']!.replace(/^indicator-(legend|pane)-/, '')).sort())
const kinds = (list: readonly { kind: string }[] | undefined) => list?.map((s) => s.kind)

describe('chart indicators per layout', () => {
  let first: WebTerminal
  let page: Page

  it('saves an indicator with the layout shown, not for the market', { timeout: 180_000 }, async () => {
    first = await start()
    page = await open(first.url)
    await page.locator(`${id('chart-candles')} ${id('candle-legend')}`).waitFor({ timeout: 20_000 })
    await saveAs(page, 'Plain')
    await saveAs(page, 'Bands')
    expect(await add(page, 'bb')).toBe('Saved with the layout "Bands"')
    await expect.poll(() => drawn(page), { timeout: 20_000 }).toEqual(['bb'])
    await expect
      .poll(async () =>
        kinds((await mainPreferences(first.core)).app.layouts.main?.saved['Bands']?.indicators?.['spot:btcusdt'])
      )
      .toEqual(['bb'])
    const prefs = await mainPreferences(first.core)
    expect(prefs.app.layouts.main?.saved['Plain']?.indicators).toBeUndefined()
    expect(prefs.profile.indicators['spot:btcusdt']).toBeUndefined()
    await page.screenshot({ path: resolve(shots, 'layout-indicators-bands-1280x720.png') })
  })

  it("switching layouts shows each layout's own set; a reset the market's", { timeout: 180_000 }, async () => {
    await choose(page, 'Plain')
    await expect.poll(() => drawn(page), { timeout: 20_000 }).toEqual([])
    expect(await add(page, 'rsi')).toBe('Saved with the layout "Plain"')
    await expect.poll(() => drawn(page), { timeout: 20_000 }).toEqual(['rsi'])
    await page.screenshot({ path: resolve(shots, 'layout-indicators-plain-1280x720.png') })
    await choose(page, 'Bands')
    await expect.poll(() => drawn(page), { timeout: 20_000 }).toEqual(['bb'])
    await menu(page, 'layouts-reset')
    await expect.poll(() => page.locator(id('layouts-current')).textContent()).toBe('Default')
    await expect.poll(() => drawn(page), { timeout: 20_000 }).toEqual([])
    await choose(page, 'Bands')
    await expect.poll(() => drawn(page), { timeout: 20_000 }).toEqual(['bb'])
    const layouts = (await mainPreferences(first.core)).app.layouts.main
    expect(kinds(layouts?.saved['Plain']?.indicators?.['spot:btcusdt'])).toEqual(['rsi'])
    expect((await mainPreferences(first.core)).profile.indicators['spot:btcusdt']).toBeUndefined()
  })

  it('the terminal restarted on another port shows the layout with its indicators', { timeout: 180_000 }, async () => {
    await expect
      .poll(async () => (await mainPreferences(first.core)).app.layouts.main?.current?.indicators?.['spot:btcusdt'])
      .toHaveLength(1)
    await restart(first, page, async (again) => {
      await expect.poll(() => again.locator(id('layouts-current')).textContent(), { timeout: 20_000 }).toBe('Bands')
      await expect.poll(() => drawn(again), { timeout: 20_000 }).toEqual(['bb'])
      await again.screenshot({ path: resolve(shots, 'layout-indicators-after-restart-1280x720.png') })
      await choose(again, 'Plain')
      await expect.poll(() => drawn(again), { timeout: 20_000 }).toEqual(['rsi'])
      expect(errors).toEqual([])
    })
  })
})
