// Dockable, saved layouts (issue 18 item 5) in a real Chromium against the terminal `npm run web` starts: the default
// workspace as it always was; a bottom panel dragged (a real drag) to dock right of the market; a chart of another
// market added (a multi-chart layout); hostile layout names refused in words, a duplicate asking to replace; the
// arrangement saved under a name, reset to the default, the named one chosen again; the terminal restarted on
// another port shows it, from main's preferences. Pictures at 1280x720 in test-results/e2e.
import { mkdirSync } from 'node:fs'
import { resolve } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { mainPreferences, testId as id, useWebTerminal, type WebTerminal } from './terminal-harness'

const shots = resolve(import.meta.dirname, '../../test-results/e2e')
const { start, open, restart, errors } = useWebTerminal()
beforeAll(() => mkdirSync(shots, { recursive: true }))

/** The registered panels of each group, by the group's place on screen (left to right, top to bottom). */
const groups = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('[data-testid="workspace"] .dv-groupview')]
      .map((g) => {
        const r = g.getBoundingClientRect()
        const tabs = [...g.querySelectorAll<HTMLElement>('.dv-tab [data-tab-for]')].map((t) => t.dataset['tabFor'])
        return { x: Math.round(r.x), y: Math.round(r.y), tabs: tabs.join(',') }
      })
      .sort((a, b) => a.y - b.y || a.x - b.x)
  )
const groupOf = async (page: Page, tab: string) => (await groups(page)).find((g) => g.tabs.split(',').includes(tab))
const box = async (page: Page, selector: string) => (await page.locator(selector).first().boundingBox())!

async function menu(page: Page, item: string): Promise<void> {
  await page.locator(id('layouts-menu')).click()
  await page.locator(id(item)).click()
}
async function nameIt(page: Page, name: string): Promise<string> {
  await page.locator(id('layout-name')).fill(name)
  await page.locator(id('layout-name-save')).click()
  // A refusal shows at the field; an accepted name closes the dialog or asks before replacing.
  const error = page.locator(id('layout-name-error'))
  await page
    .locator(`${id('layout-name-error')}, ${id('layout-replace-ask')}`)
    .or(page.locator('body:not(:has([data-testid="layout-name-dialog"]))'))
    .first()
    .waitFor()
  return (await error.count()) ? ((await error.textContent())?.trim() ?? '') : ''
}

describe('dockable, saved layouts', () => {
  let first: WebTerminal
  let page: Page

  it(
    'opens on the default layout: market list left, market centre, order right, bottom panels as tabs below',
    { timeout: 180_000 },
    async () => {
      first = await start()
      page = await open(first.url)
      await page.locator(id('orderbook-ask')).first().waitFor({ timeout: 20_000 })
      const list = (await groupOf(page, 'panel-tab-market-list'))!
      const market = (await groupOf(page, 'panel-tab-market'))!
      const order = (await groupOf(page, 'panel-tab-order'))!
      const bottom = (await groupOf(page, 'bottom-tab-orders'))!
      expect(list.x).toBeLessThan(market.x)
      expect(market.x).toBeLessThan(order.x)
      expect(bottom.y).toBeGreaterThan(market.y)
      expect(bottom.tabs).toMatch(
        /^bottom-tab-orders,bottom-tab-account,bottom-tab-transfer,bottom-tab-alerts,.*bottom-tab-pnl/
      )
      expect(await page.locator(id('bottom-tab-orders')).getAttribute('role')).toBe('tab')
      // The market group alone shows no tab strip (its room goes to the bottom panels); the menu is in the top bar.
      expect(await page.locator('[data-tab-for="panel-tab-market"]').isVisible()).toBe(false)
      expect(bottom.y - market.y).toBeGreaterThanOrEqual(444)
      expect(await page.locator(`header ${id('layouts-menu')}`).isVisible()).toBe(true)
      await page.screenshot({ path: resolve(shots, 'layouts-default-1280x720.png') })
    }
  )

  it(
    'docks a bottom panel right of the market by a real drag, and adds a chart of another market',
    { timeout: 180_000 },
    async () => {
      const tab = await box(page, id('bottom-tab-account'))
      const market = await box(page, '[data-testid="workspace"] .dv-groupview:has([data-tab-for="panel-tab-market"])')
      await page.mouse.move(tab.x + tab.width / 2, tab.y + tab.height / 2)
      await page.mouse.down()
      await page.mouse.move(tab.x + 30, tab.y - 40, { steps: 5 })
      // dockview's right drop zone: the right edge of the market group's content
      await page.mouse.move(market.x + market.width - 12, market.y + market.height / 2, { steps: 12 })
      await page.mouse.up()
      await expect
        .poll(async () => {
          const [m, a] = [await groupOf(page, 'panel-tab-market'), await groupOf(page, 'bottom-tab-account')]
          return !!m && !!a && a !== m && a.x > m.x && Math.abs(a.y - m.y) < 5
        })
        .toBe(true)
      // a chart of ETH beside the BTC market: two market panels of different markets
      await page.locator(id('market-row-ethusdt')).click()
      await menu(page, 'layouts-add-chart')
      await page
        .locator(`${id('market-panel')}[data-market="spot:ethusdt"]`)
        .nth(1)
        .waitFor({ timeout: 20_000 })
      // the added chart keeps its tab strip: its title (the market as the windows name it) and its close button
      await page.locator(`.dv-tab:has(${id('chart-close')})`).waitFor()
      await expect.poll(() => page.locator(`.dv-tab:has(${id('chart-close')})`).innerText()).toMatch(/Chart ETH\/USDT/)
      await page.locator(id('market-row-btcusdt')).click()
      await expect
        .poll(() => page.locator(id('market-panel')).evaluateAll((els) => els.map((e) => e.dataset['market']).sort()))
        .toEqual(['spot:btcusdt', 'spot:ethusdt'])
      await page.screenshot({ path: resolve(shots, 'layouts-changed-1280x720.png') })
    }
  )

  it(
    'refuses hostile names in words, asks before replacing, and saves the layout under a name',
    { timeout: 180_000 },
    async () => {
      await menu(page, 'layouts-save-as')
      expect(await nameIt(page, '')).toBe('A layout name must not be empty')
      expect(await nameIt(page, '   ')).toBe('A layout name must not be empty')
      expect(await nameIt(page, 'x'.repeat(41))).toBe('A layout name must be at most 40 characters (41 typed)')
      expect(await nameIt(page, ' padded')).toBe('A layout name must not start or end with a space')
      const invisible =
        'A layout name must not hold control or invisible characters (a tab, a line break, a zero-width space, a direction mark)'
      expect(await nameIt(page, 'tab\there')).toBe(invisible)
      expect(await nameIt(page, 'Scalp\u200b')).toBe(invisible)
      // kept as typed: markup is a name like any other
      expect(await nameIt(page, '<b>Scalp</b> 短线')).toBe('')
      await page.locator(id('layout-name-dialog')).waitFor({ state: 'detached' })
      await expect.poll(() => page.locator(id('layouts-current')).textContent()).toBe('<b>Scalp</b> 短线')
      // the same name again asks first
      await menu(page, 'layouts-save-as')
      expect(await nameIt(page, '<b>Scalp</b> 短线')).toBe('')
      await page.locator(id('layout-replace-ask')).waitFor()
      await page.locator(id('layout-replace')).click()
      await page.locator(id('layout-name-dialog')).waitFor({ state: 'detached' })
      await expect
        .poll(async () => Object.keys((await mainPreferences(first.core)).app.layouts.main?.saved ?? {}))
        .toEqual(['<b>Scalp</b> 短线'])
    }
  )

  it('resets to the default and switches back to the named layout', { timeout: 180_000 }, async () => {
    await menu(page, 'layouts-reset')
    await expect.poll(async () => (await groupOf(page, 'bottom-tab-account'))?.tabs).toContain('bottom-tab-orders')
    expect(await page.locator(id('market-panel')).count()).toBe(1)
    expect(await page.locator(id('layouts-current')).textContent()).toBe('Default')
    await page.screenshot({ path: resolve(shots, 'layouts-reset-1280x720.png') })
    await page.locator(id('layouts-menu')).click()
    await page.locator(`${id('layout-option')}[data-layout="<b>Scalp</b> 短线"]`).click()
    await expect
      .poll(async () => {
        const [m, a] = [await groupOf(page, 'panel-tab-market'), await groupOf(page, 'bottom-tab-account')]
        return !!m && !!a && a.x > m.x && Math.abs(a.y - m.y) < 5
      })
      .toBe(true)
    await expect.poll(() => page.locator(id('market-panel')).count()).toBe(2)
    // Delete asks first (it cannot be undone); Esc keeps the layout saved and shown.
    await menu(page, 'layouts-delete')
    const ask = page.locator(id('layout-ask'))
    await expect.poll(() => ask.locator('h2').textContent()).toBe('Delete the layout "<b>Scalp</b> 短线"?')
    await page.keyboard.press('Escape')
    await ask.waitFor({ state: 'detached' })
    expect(await page.locator(id('layouts-current')).textContent()).toBe('<b>Scalp</b> 短线')
    expect(Object.keys((await mainPreferences(first.core)).app.layouts.main?.saved ?? {})).toEqual([
      '<b>Scalp</b> 短线'
    ])
  })

  it('the terminal restarted on another port lays the named layout out again', { timeout: 180_000 }, async () => {
    await expect
      .poll(async () => (await mainPreferences(first.core)).app.layouts.main?.current?.panels['market-2'] !== undefined)
      .toBe(true)
    await restart(first, page, async (again) => {
      await again.locator(id('orderbook-ask')).first().waitFor({ timeout: 20_000 })
      await expect
        .poll(async () => {
          const [m, a] = [await groupOf(again, 'panel-tab-market'), await groupOf(again, 'bottom-tab-account')]
          return !!m && !!a && a.x > m.x && Math.abs(a.y - m.y) < 5
        })
        .toBe(true)
      await expect
        .poll(() => again.locator(id('market-panel')).evaluateAll((els) => els.map((e) => e.dataset['market']).sort()))
        .toEqual(['spot:btcusdt', 'spot:ethusdt'])
      expect(await again.locator(id('layouts-current')).textContent()).toBe('<b>Scalp</b> 短线')
      await again.screenshot({ path: resolve(shots, 'layouts-after-restart-1280x720.png') })
      expect(errors).toEqual([])
    })
  })
})
