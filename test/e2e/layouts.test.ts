// Layouts hold in every language (issue 15): at 1280x720, in English, Simplified and Traditional Chinese, every panel
// and dialog of the terminal is opened - the workspace of each module (spot, margin, futures), each tab of the bottom
// panels, the order confirmation, the transfer, the contract settings, the TP/SL editor and a position's
// confirmation, the notifications, the profile menu, Settings with each tab, the monitor and a popped-out market -
// pictured to test-results/screenshots/<locale>/<panel>.png, and no label on any of them is cut (clipped-text.ts).
// One terminal for all three languages; a futures position is opened first so its row, editor and records show.
import { mkdirSync } from 'node:fs'
import { resolve } from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { formatFixed, mul } from '@shared/decimal'
import type { Locale } from '@shared/i18n/locales'
import { clippedTexts, describeClipped } from './clipped-text'
import { chooseLanguage, painted, testId as id, useWebTerminal, type WebTerminal } from './terminal-harness'

const LOCALES: readonly Locale[] = ['en', 'zh-CN', 'zh-TW']
const shots = resolve(import.meta.dirname, '../../test-results/screenshots')
const { start, open, errors } = useWebTerminal()
let web: WebTerminal
let page: Page

const click = (testId: string) => page.locator(id(testId)).click()
const shown = (testId: string) => page.locator(id(testId)).waitFor({ timeout: 20_000 })
const numberIn = async (testId: string) =>
  ((await page.locator(id(testId)).first().textContent()) ?? '').replace(/[^\d.]/g, '')
/** The book's ten levels a side drawn (locators wait in hooks too, where expect.poll may not run). */
const bookDrawn = async () => {
  for (const side of ['ask', 'bid'])
    await page
      .locator(`${id(`orderbook-${side}`)}:not([hidden])`)
      .nth(9)
      .waitFor({ timeout: 20_000 })
}

/** A futures long of 300 USDT at market, so the position row, its TP/SL editor and the records have something. */
async function openLong(): Promise<void> {
  await click('module-tab-futures')
  await page.locator(`${id('order-entry')} .op-head strong`, { hasText: 'BTC/USDT perpetual' }).waitFor()
  await shown('order-mark')
  await page.locator(id('orderbook-ask')).first().waitFor({ timeout: 20_000 })
  await page.locator(id('order-type')).selectOption('MARKET')
  await click('order-open')
  await click('order-side-buy')
  await page.locator(id('order-volume')).fill('300')
  await click('order-submit')
  await click('order-confirm')
  await click('bottom-tab-positions')
  await page.locator(id('position-row')).waitFor({ timeout: 20_000 })
}

beforeAll(async () => {
  web = await start()
  page = await open(web.url)
  await bookDrawn()
  await openLong()
  await click('module-tab-spot')
}, 120_000)
afterAll(async () => {
  await page?.close()
  await web?.stop()
})

describe.each(LOCALES)('the layout in %s at 1280x720', (locale) => {
  const dir = resolve(shots, locale)
  /** Each cut label once (the first panel it showed on), by its place and how it is cut (its text may tick). */
  const cut = new Map<string, string>()
  const report = () => [...cut.values()]
  /** Pictures the window as it is now as `<panel>.png` and notes every cut label on it. */
  async function view(panel: string, on: Page = page): Promise<void> {
    await painted(on)
    await on.screenshot({ path: resolve(dir, `${panel}.png`) })
    const found = await clippedTexts(on)
    describeClipped(`${locale} ${panel}`, found).forEach((line, n) => {
      const c = found[n]!
      if (!cut.has(`${c.selector} ${c.why}`)) cut.set(`${c.selector} ${c.why}`, line)
    })
  }
  /** The bottom panel `tab`, then each of its own tabs (`<prefix>-<sub>`). */
  async function bottom(module: string, tab: string, prefix?: string, subs: readonly string[] = []): Promise<void> {
    await click(`bottom-tab-${tab}`)
    if (!subs.length) return view(`${module}-${tab}`)
    for (const sub of subs) {
      await click(`${prefix}-${sub}`)
      await view(`${module}-${tab}-${sub}`)
    }
  }

  beforeAll(async () => {
    mkdirSync(dir, { recursive: true })
    await chooseLanguage(page, locale)
    await page.waitForFunction((l) => document.documentElement.lang === l, locale)
  })
  beforeEach(() => {
    cut.clear()
  })

  it('spot and margin: the workspace, each bottom tab, the order confirmation', { timeout: 240_000 }, async () => {
    for (const module of ['spot', 'margin']) {
      await click(`module-tab-${module}`)
      await bookDrawn()
      await view(`${module}-workspace`)
      await bottom(module, 'orders', 'orders-tab', ['open', 'history', 'trades'])
      await bottom(module, 'account', 'account-tab', ['balances', 'futures', 'funds'])
      await bottom(module, 'transfer')
    }
    // A limit buy 10% under the last price, stopped at its confirmation.
    await click('module-tab-spot')
    const last = await numberIn('stat-last')
    await page.locator(id('order-type')).selectOption('LIMIT')
    await click('order-side-buy')
    await page.locator(id('order-price')).fill(formatFixed(mul(last, '0.9'), 2, 'down'))
    await page.locator(id('order-volume')).fill('0.01')
    await click('order-submit')
    await shown('order-confirm-dialog')
    await view('spot-order-confirm')
    await click('order-confirm-cancel')
    expect(report()).toEqual([])
  })

  it(
    'futures: the workspace, positions with the contract settings, TP/SL editor and confirmation, records',
    {
      timeout: 240_000
    },
    async () => {
      await click('module-tab-futures')
      await bookDrawn()
      await view('futures-workspace')
      await page.locator(id('order-trigger')).selectOption('stop-loss')
      await view('futures-order-conditional')
      await page.locator(id('order-trigger')).selectOption('none')
      await bottom('futures', 'positions', 'positions-tab', ['positions', 'pnl', 'capital', 'adl', 'liquidations'])
      await click('positions-tab-positions')
      const row = page.locator(id('position-row')).first()
      await row.locator(id('position-tpsl')).click()
      await page.locator(id('tpsl-editor')).scrollIntoViewIfNeeded()
      await view('futures-tpsl-editor')
      await page.locator(id('tpsl-close')).click()
      await row.locator(id('position-close-market')).click()
      await page.locator(id('position-confirm')).scrollIntoViewIfNeeded()
      await view('futures-position-confirm')
      await page.locator(`${id('position-confirm-cancel')}, ${id('position-stale-cancel')}`).click()
      await bottom('futures', 'orders', 'orders-tab', ['open', 'history', 'trades', 'triggers'])
      await bottom('futures', 'account', 'account-tab', ['balances', 'futures', 'funds'])
      await bottom('futures', 'transfer')
      await click('module-tab-spot')
      expect(report()).toEqual([])
    }
  )

  it('the frame: notifications, the profile menu, Settings with each tab', { timeout: 120_000 }, async () => {
    await click('notices-bell')
    await shown('notices-panel')
    await view('notifications')
    await click('notices-bell')
    await click('profile-switcher')
    await shown('profile-menu')
    await view('profile-menu')
    await click('profile-switcher')
    await click('open-settings')
    for (const tab of ['profiles', 'appearance', 'trading', 'notifications', 'shortcuts']) {
      await click(`settings-tab-${tab}`)
      await view(`settings-${tab}`)
    }
    await click('settings-tab-profiles')
    await click('profile-add-open')
    await shown('profile-add-form')
    await view('settings-profiles-add')
    await click('settings-close')
    expect(report()).toEqual([])
  })

  it('the monitor and a popped-out market, each in a window of its own', { timeout: 120_000 }, async () => {
    const monitor = await open(web.host.launchUrl('/monitor/main'))
    await monitor
      .locator(`${id('monitor-view')} ${id('sparkline')}`)
      .first()
      .waitFor({ timeout: 20_000 })
    await view('monitor', monitor)
    await monitor.close()
    const popout = await open(web.host.launchUrl('/market/spot/btcusdt'))
    await popout.locator(id('popout-view')).waitFor()
    await view('popout', popout)
    await popout.close()
    expect(report()).toEqual([])
    expect(errors).toEqual([])
  })
})
