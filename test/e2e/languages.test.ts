// The terminal's language, in a real Chromium against the terminal `npm run web` starts (runWeb, a real core): the
// language chosen in Settings › Appearance applies at once to the whole window (frame, market list, order book,
// status bar) without a reload, each language's workspace is pictured at 1280x720 (test-results/screenshots/), and
// main keeps the choice: the terminal restarted on another port (a new origin) speaks it from the first paint.
import { mkdirSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { chooseLanguage, mainPreferences, painted, testId, useWebTerminal, type WebTerminal } from './terminal-harness'

const shots = resolve(import.meta.dirname, '../../test-results/screenshots')
const { start, open, restart, errors } = useWebTerminal()
beforeAll(() => mkdirSync(shots, { recursive: true }))

const texts = (page: Page, selector: string): Promise<string[]> =>
  page.locator(selector).evaluateAll((els) => els.map((e) => (e.textContent ?? '').trim()))
const moduleTabs = (page: Page) => texts(page, `${testId('module-tabs')} button`)
const bookColumns = (page: Page) => texts(page, `${testId('orderbook')} .cols span`)
const statusText = (page: Page) => page.locator(testId('status-bar')).innerText()
const lang = (page: Page) => page.evaluate(() => document.documentElement.lang)

/** The page was not loaded again: the marker set on its window is still there, and it was navigated to once. */
const sameDocument = (page: Page) =>
  page.evaluate(() => ({
    marker: (window as unknown as { languageMarker?: string }).languageMarker ?? null,
    loads: performance.getEntriesByType('navigation').map((n) => (n as PerformanceNavigationTiming).type)
  }))

/** The main workspace as a user sees it: the book's ten levels a side drawn, then the whole page. */
async function picture(page: Page, name: string): Promise<void> {
  const shown = (side: string) => page.locator(`${testId(`orderbook-${side}`)}:not([hidden])`).count()
  await expect.poll(() => shown('ask'), { timeout: 20_000 }).toBeGreaterThanOrEqual(10)
  await expect.poll(() => shown('bid'), { timeout: 20_000 }).toBeGreaterThanOrEqual(10)
  await painted(page)
  await page.screenshot({ path: join(shots, name), fullPage: true })
}

describe('the terminal in the user’s language', () => {
  let first: WebTerminal
  let page: Page

  it('starts in the browser’s language (English here)', async () => {
    first = await start()
    page = await open(first.url)
    expect(await moduleTabs(page)).toEqual(['Spot', 'Margin', 'Futures'])
    await expect.poll(() => bookColumns(page)).toEqual(['Price (USDT)', 'Size (BTC)', 'Total (BTC)'])
    expect(await lang(page)).toBe('en')
    expect((await mainPreferences(first.core)).app.language).toBe('auto')
    await page.evaluate(() => ((window as unknown as { languageMarker: string }).languageMarker = 'not reloaded'))
  })

  it('switches to Simplified Chinese at once, without a reload: frame, market list, order book, status bar', async () => {
    await chooseLanguage(page, 'zh-CN')
    await expect.poll(() => moduleTabs(page)).toEqual(['现货', '杠杆', '合约'])
    expect(await lang(page)).toBe('zh-CN')
    expect(await page.locator(testId('market-search')).getAttribute('placeholder')).toBe('搜索市场')
    expect(await texts(page, `${testId('market-list')} .cols button`)).toEqual(
      expect.arrayContaining(['交易对', '最新价'])
    )
    expect(await page.locator(testId('market-favourites')).innerText()).toBe('自选')
    expect(await texts(page, `${testId('orderbook')} [role="tab"]`)).toEqual(['订单簿', '价格阶梯'])
    expect(await bookColumns(page)).toEqual(['价格(USDT)', '数量(BTC)', '累计(BTC)'])
    expect(await page.locator(`${testId('trades')} .head`).innerText()).toBe('最新成交')
    expect(await page.locator(testId('bottom-tab-orders')).innerText()).toBe('委托')
    await expect.poll(() => page.locator(testId('connection-status')).innerText()).toBe('已连接')
    const status = await statusText(page)
    for (const word of ['配置', '时钟', '频率']) expect(status).toContain(word)
    expect(await page.locator(testId('open-settings')).getAttribute('title')).toBe('设置（Ctrl+,）')
    expect(await sameDocument(page)).toEqual({ marker: 'not reloaded', loads: ['navigate'] })
    await picture(page, 'workspace-zh-CN-1280x720.png')
  })

  it('switches to Traditional Chinese the same way, and main keeps the choice', async () => {
    await chooseLanguage(page, 'zh-TW')
    await expect.poll(() => moduleTabs(page)).toEqual(['現貨', '槓桿', '合約'])
    expect(await lang(page)).toBe('zh-TW')
    expect(await texts(page, `${testId('orderbook')} [role="tab"]`)).toEqual(['訂單簿', '價格階梯'])
    expect(await bookColumns(page)).toEqual(['價格(USDT)', '數量(BTC)', '累計(BTC)'])
    expect(await page.locator(testId('market-search')).getAttribute('placeholder')).toBe('搜尋市場')
    await expect.poll(() => page.locator(testId('connection-status')).innerText()).toBe('已連線')
    expect(await sameDocument(page)).toEqual({ marker: 'not reloaded', loads: ['navigate'] })
    await expect.poll(async () => (await mainPreferences(first.core)).app.language).toBe('zh-TW')
    await picture(page, 'workspace-zh-TW-1280x720.png')
  })

  it('the terminal restarted on another port speaks the kept language from the first paint', async () => {
    const before = first.host.port
    await restart(first, page, async (again, second) => {
      expect(second.host.port).not.toBe(before)
      expect(await again.evaluate(() => Object.keys(localStorage))).toEqual([]) // a new origin: nothing of its own
      expect(await lang(again)).toBe('zh-TW')
      expect(await moduleTabs(again)).toEqual(['現貨', '槓桿', '合約'])
      await expect.poll(() => bookColumns(again)).toEqual(['價格(USDT)', '數量(BTC)', '累計(BTC)'])
      expect(await again.locator(testId('connection-status')).innerText()).toBe('已連線')
      expect((await mainPreferences(second.core)).app.language).toBe('zh-TW')
      expect(errors).toEqual([])
    })
  })
})
