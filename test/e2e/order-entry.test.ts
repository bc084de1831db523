// Orders exactly as typed, in a real Chromium against the embedded exchange, asserted on the contract traffic the
// page sends (the browser host's WebSocket carries the contract as JSON text): hostile text is refused in words and
// sends nothing (not even with Enter), the nearest allowed value is one click away, a price far from the market
// needs its own tick, a market order goes out as the protected limit the confirmation names, a futures open
// shows its margin and is refused when it needs more than is free, and the form speaks the language chosen in
// Settings (Simplified and Traditional Chinese, then English again) without a reload.
import { resolve } from 'node:path'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { recordCalls, testId as id, useTerminalSession, type SentCall } from './terminal-harness'

describe('order entry in Chromium, on the contract traffic', () => {
  const sent: SentCall[] = []
  let page: Page
  const { errors } = useTerminalSession(async (s) => {
    page = await s.chromium.context.newPage()
    await page.setViewportSize({ width: 1280, height: 720 })
    page.on('pageerror', (e) => errors.push(String(e)))
    recordCalls(page, sent)
    await page.goto(s.launchUrl())
    await page.locator(id('order-available'), { hasText: 'USDT' }).waitFor({ timeout: 20_000 })
    await page.locator(id('orderbook-ask')).first().waitFor({ timeout: 20_000 })
  })
  const places = () => sent.filter((c) => c.channel === 'trading.placeOrder').map((c) => c.input)
  const shot = (name: string) =>
    page.screenshot({ path: resolve(import.meta.dirname, `../../test-results/e2e/${name}.png`) })
  const refusal = () => page.locator(id('order-refusal')).textContent()

  it('refuses hostile text in words, keeps it as typed, and sends nothing', async () => {
    await page.locator(id('order-volume')).fill('0.01')
    const cases: [string, string][] = [
      ['-5', 'price takes no sign: type the number alone'],
      ['1e3', 'write price in full digits, not as an exponent: 1e3 is 1000'],
      ['12a', 'price takes digits and one decimal point; "a" is not allowed'],
      ['3000,12', 'use a point for decimals in price; commas only separate thousands (1,234.5): did you mean 3000.12?'],
      ['3000.123', 'price ticks are 0.01 USDT on BTC/USDT: 3000.12 or 3000.13']
    ]
    for (const [text, words] of cases) {
      await page.locator(id('order-price')).fill(text)
      await expect.poll(refusal).toBe(words)
      expect(await page.locator(id('order-price')).inputValue()).toBe(text)
      expect(await page.locator(id('order-submit')).isDisabled()).toBe(true)
      await page.locator(id('order-price')).press('Enter')
    }
    await page.locator(id('order-volume')).fill('2') // 2 BTC at 3000.12 would be 6000 USDT: fine; at 65000 too much
    await page.locator(id('order-price')).fill('65000')
    await expect.poll(refusal).toBe('the order needs 130,000 USDT; 100,000 USDT is available')
    await shot('order-entry-refusal')
    expect(places()).toEqual([])
  })

  it('a one-click fix, then a price far from the market: its own tick, and the typed price is what is sent', async () => {
    await page.locator(id('order-volume')).fill('0.001')
    await page.locator(id('order-price')).fill('3000.123')
    await page.locator(id('order-fix'), { hasText: '3000.12' }).click()
    expect(await page.locator(id('order-price')).inputValue()).toBe('3000.12')
    await expect
      .poll(() => page.locator(id('order-deviation')).textContent())
      .toMatch(/^price 3,000\.12 USDT is [\d.]+% below the last price [\d,.]+ \(price guard: 5%\)$/)
    await page.locator(id('order-submit')).click()
    await page.locator(id('order-confirm-dialog')).waitFor()
    expect(await page.locator(id('order-confirm')).isDisabled()).toBe(true)
    await page.locator(id('order-confirm-guard-ack-deviation')).check()
    await page.locator(id('order-confirm')).click()
    await expect
      .poll(() => page.locator(id('order-result')).textContent(), { timeout: 10_000 })
      .toBe('Buy order placed: 0.001 BTC at 3,000.12 USDT on BTC/USDT')
    expect(places()).toEqual([
      expect.objectContaining({
        module: 'spot',
        symbol: 'btcusdt',
        side: 'BUY',
        type: 'LIMIT',
        price: '3000.12',
        volume: '0.001'
      })
    ])
  })

  it('a market buy goes out as the protected limit its confirmation names', async () => {
    await page.locator(id('order-type')).selectOption('MARKET')
    await page.locator(id('order-volume')).fill('100')
    await expect
      .poll(() => page.locator(id('order-market-estimate')).textContent())
      .toMatch(/^Est\. avg [\d,.]+ · slippage [\d.]+% · fills 100\.00%$/)
    await page.locator(id('order-submit')).click()
    const words = (await page.locator(id('order-confirm-guard-protection')).textContent()) ?? ''
    const m = words.match(
      /^sent as a LIMIT BUY of ([\d.]+) BTC at ([\d,.]+), the worst price within 1% of the best ask ([\d,.]+), instead of a market order/
    )
    expect(m).not.toBeNull()
    await shot('order-entry-protected-market')
    await page.locator(id('order-confirm')).click()
    await expect.poll(() => places().length, { timeout: 10_000 }).toBe(2)
    // The words group the price (65,650.00); the order carries it as the venue takes it.
    expect(places()[1]).toMatchObject({ side: 'BUY', type: 'LIMIT', volume: m![1], price: m![2]!.replace(/,/g, '') })
  })

  it('a futures open shows what it takes, and more margin than is free is refused unsent', async () => {
    await page.locator(id('module-tab-futures')).click()
    await page.locator(`${id('order-entry')} .op-mark`).waitFor({ timeout: 20_000 })
    await page.locator(id('order-type')).selectOption('LIMIT')
    await page.locator(id('order-open')).click()
    const mark = ((await page.locator(`${id('order-entry')} .op-mark`).textContent()) ?? '').replace(/[^\d.]/g, '')
    await page.locator(id('order-price')).fill(mark)
    await page.locator(id('order-volume')).fill('10')
    await expect
      .poll(() => page.locator(id('preview-margin')).textContent())
      .toMatch(/^[\d,.]+ of [\d,.]+ USDT at \d+x$/)
    await page.locator(id('order-volume')).fill('100000')
    await expect
      .poll(refusal)
      .toMatch(
        /^this opens 100,000 contracts, taking [\d,]+\.\d\d USDT of margin at \d+x; [\d,]+\.\d\d USDT is available \(at most [\d,]+ contracts\)$/
      )
    expect(await page.locator(id('order-submit')).isDisabled()).toBe(true)
    await shot('order-entry-futures-margin')
    expect(places()).toHaveLength(2)
    expect(errors).toEqual([])
  })

  it('speaks the language chosen in Settings › Appearance, the refusal on screen told again at once', async () => {
    const choose = async (language: 'en' | 'zh-CN' | 'zh-TW') => {
      await page.locator(id('open-settings')).click()
      await page.locator(id('settings-tab-appearance')).click()
      await page.locator(id('pref-language')).selectOption(language)
      await page.locator(id('settings-close')).click()
      await page.locator(id('settings')).waitFor({ state: 'detached' })
    }
    await choose('zh-CN')
    await expect.poll(() => page.locator(id('order-side-buy')).textContent()).toBe('做多')
    await expect
      .poll(refusal)
      .toMatch(
        /^此委托开仓 100,000 张，按 \d+x 杠杆需占用保证金 [\d,]+\.\d\d USDT；可用 [\d,]+\.\d\d USDT（最多可开 [\d,]+ 张）$/
      )
    expect(await page.locator(id('order-submit')).textContent()).toContain('开多')
    expect(await page.locator(id('order-margin-cross')).textContent()).toContain('全仓')
    expect(await page.locator(id('preview-margin')).textContent()).toMatch(/^[\d,.]+ \/ [\d,.]+ USDT（\d+x）$/)
    await page.locator(id('order-price')).fill('65000,5')
    await expect.poll(refusal).toBe('价格请用小数点表示小数；逗号只用于千位分隔（1,234.5）：您是想输入 65000.5 吗？')
    await shot('order-entry-zh-CN')
    await choose('zh-TW')
    await expect.poll(refusal).toBe('價格請用小數點表示小數；逗號只用於千分位（1,234.5）：您是想輸入 65000.5 嗎？')
    expect(await page.locator(id('order-side-sell')).textContent()).toContain('做空')
    await choose('en')
    await expect
      .poll(refusal)
      .toBe('use a point for decimals in price; commas only separate thousands (1,234.5): did you mean 65000.5?')
    expect(places()).toHaveLength(2)
    expect(errors).toEqual([])
  })
})
