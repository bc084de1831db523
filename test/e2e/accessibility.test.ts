// Accessibility in a real Chromium: axe-core runs over every panel, dialog and menu of the main window (each module,
// each bottom tab and its sub-tabs, Settings with each tab, the order confirmation, the profile menu, the
// notifications) and over the monitor, in the dark and then the light theme, and finds no violation of impact serious
// or critical. A failure prints each violation with the state it was found in, its rule, help text and the elements.
import { appendFileSync } from 'node:fs'
import axe from 'axe-core'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { connected, painted, testId as id, useTerminalSession } from './terminal-harness'

interface Found {
  id: string
  impact: string | null
  help: string
  nodes: { target: string; summary: string }[]
}

/** Runs axe over the page as it is now; the violations of impact serious or critical, as readable lines. */
async function audit(page: Page, where: string): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source)
  await painted(page)
  const found = await page.evaluate(async () => {
    const r = await (window as unknown as { axe: typeof axe }).axe.run(document, { resultTypes: ['violations'] })
    return r.violations.map((v) => ({
      id: v.id,
      impact: v.impact ?? null,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target.join(' '), summary: n.failureSummary ?? '' }))
    }))
  })
  const lines = (found as Found[])
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => [
      `[${where}] ${v.impact} ${v.id}: ${v.help}`,
      ...v.nodes.slice(0, 6).map((n) => `    ${n.target}\n      ${n.summary.replace(/\n/g, '\n      ')}`),
      ...(v.nodes.length > 6 ? [`    … and ${v.nodes.length - 6} more`] : [])
    ])
  if (process.env['A11Y_LOG']) appendFileSync(process.env['A11Y_LOG'], `== ${where}\n${lines.join('\n')}\n`)
  return lines
}

/** Clicks each element of `selector` in turn and audits the page after each click. */
async function eachTab(page: Page, selector: string, where: string, into: string[]): Promise<void> {
  const tabs = await page.locator(selector).evaluateAll((els) => els.map((e) => e.getAttribute('data-testid') ?? ''))
  for (const tab of tabs) {
    await page.locator(id(tab)).click()
    into.push(...(await audit(page, `${where} ${tab}`)))
  }
}

async function auditEverything(page: Page, theme: string, launchUrl: () => string): Promise<string[]> {
  const out: string[] = []
  for (const m of ['spot', 'margin', 'futures'] as const) {
    await page.locator(id(`module-tab-${m}`)).click()
    await page.locator(id('orderbook-ask')).first().waitFor({ timeout: 20_000 })
    out.push(...(await audit(page, `${theme} ${m} workspace`)))
    await eachTab(page, '[data-testid^="bottom-tab-"]', `${theme} ${m}`, out)
    await page.locator(id('bottom-tab-orders')).click()
    await eachTab(page, '[data-testid^="orders-tab-"]', `${theme} ${m}`, out)
    await page.locator(id('bottom-tab-account')).click()
    await eachTab(page, '[data-testid^="account-tab-"]', `${theme} ${m}`, out)
    if (m === 'futures') {
      await page.locator(id('bottom-tab-positions')).click()
      await eachTab(page, '[data-testid^="positions-tab-"]', `${theme} ${m}`, out)
    }
  }
  await page.locator(id('module-tab-spot')).click()

  // the order confirmation
  await page.locator(id('order-price')).fill('1000')
  await page.locator(id('order-volume')).fill('0.001')
  await page.locator(id('order-submit')).click()
  await page.locator(id('order-confirm-dialog')).waitFor()
  out.push(...(await audit(page, `${theme} order confirmation`)))
  await page.locator(id('order-confirm-cancel')).click()

  // menus and popovers of the top bar
  await page.locator(id('profile-switcher')).click()
  await page.locator(id('profile-menu')).waitFor()
  out.push(...(await audit(page, `${theme} profile menu`)))
  await page.keyboard.press('Escape')
  await page.locator(id('notices-bell')).click()
  await page.locator(id('notices-panel')).waitFor()
  out.push(...(await audit(page, `${theme} notifications`)))
  await page.keyboard.press('Escape')

  // Settings, each tab
  await page.locator(id('open-settings')).click()
  await page.locator(id('settings')).waitFor()
  await eachTab(page, '[data-testid^="settings-tab-"]', `${theme} settings`, out)
  await page.locator(id('settings-close')).click()
  await page.locator(id('settings')).waitFor({ state: 'detached' })

  // the monitor window
  const monitor = await page.context().newPage()
  await monitor.setViewportSize({ width: 1280, height: 720 })
  await monitor.goto(launchUrl())
  await connected(monitor)
  out.push(...(await audit(monitor, `${theme} monitor`)))
  await monitor.close()
  return out
}

describe('accessibility (axe-core) in both themes', () => {
  let page: Page
  const { session } = useTerminalSession(async (s) => {
    page = await s.chromium.context.newPage()
    await page.setViewportSize({ width: 1280, height: 720 })
    await page.goto(s.launchUrl())
    await connected(page)
    await page.locator(id('order-available'), { hasText: 'USDT' }).waitFor({ timeout: 20_000 })
  })
  const theme = () => page.evaluate(() => document.documentElement.dataset['theme'])

  for (const want of ['dark', 'light'] as const) {
    it(`no serious or critical violation anywhere in the ${want} theme`, async () => {
      if ((await theme()) !== want) await page.locator(id('theme-toggle')).click()
      await expect.poll(theme).toBe(want)
      const found = await auditEverything(page, want, () => session().launchUrl('#/monitor'))
      expect(found.join('\n'), found.join('\n')).toBe('')
    }, 600_000)
  }
})
