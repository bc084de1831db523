// Chart indicators in Chromium against the terminal `npm run web` starts (a real core, the embedded exchange with
// market activity): two added from the chart's dialog by keyboard, drawn (Bollinger's bands over the candles, RSI in a
// pane of its own, its legend moving with the live market), kept by main for the market, and shown again by the
// terminal restarted on another port. Screenshots go to test-results/e2e/indicators-*.png.
import { mkdirSync } from 'node:fs'
import { resolve } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Locator, Page } from 'playwright-core'
import { mainPreferences, testId, useWebTerminal, type WebTerminal } from './terminal-harness'

const shots = resolve(import.meta.dirname, '../../test-results/e2e')
const { start, open, restart, errors } = useWebTerminal()
beforeAll(() => mkdirSync(shots, { recursive: true }))

/** Pixels of `rgb` (within a small distance) on the chart's canvases in the band of rows `top..top+height` (CSS px). */
const inkInBand = (chart: Locator, rgb: [number, number, number], top: number, height: number): Promise<number> =>
  chart.evaluate(
    (el, [rgb, top, height]) => {
      let n = 0
      for (const c of Array.from(el.querySelectorAll('canvas'))) {
        const box = c.getBoundingClientRect()
        const k = c.height / box.height
        const y = Math.max(0, Math.round((top - box.top) * k))
        const h = Math.max(1, Math.round(height * k))
        const data = c.getContext('2d')?.getImageData(0, y, c.width, h).data ?? []
        for (let i = 0; i < data.length; i += 4) {
          const d = Math.abs(data[i]! - rgb[0]) + Math.abs(data[i + 1]! - rgb[1]) + Math.abs(data[i + 2]! - rgb[2])
          if (data[i + 3]! > 0 && d < 60) n++
        }
      }
      return n
    },
    [rgb, top, height] as const
  )

describe('chart indicators in Chromium', () => {
  let first: WebTerminal
  let page: Page

  it('adds Bollinger Bands and RSI from the dialog by keyboard, and draws them: bands on the candles, RSI in a pane', async () => {
    first = await start()
    page = await open(first.url)
    const chart = page.locator(testId('chart-candles'))
    await chart.locator(testId('candle-legend')).waitFor()
    await chart.locator(testId('indicators-button')).focus()
    await page.keyboard.press('Enter')
    const dialog = page.locator(testId('indicator-dialog'))
    await dialog.waitFor()
    // The focus starts on the list to add from; Add is the next control.
    for (const kind of ['rsi', 'bb']) {
      await page.locator(testId('indicator-pick')).selectOption(kind)
      await page.locator(testId('indicator-pick')).focus()
      await page.keyboard.press('Tab')
      await page.keyboard.press('Enter')
      await dialog.locator(testId(`indicator-row-${kind}`)).waitFor()
    }
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })

    const pane = chart.locator(testId('indicator-pane-rsi'))
    await expect.poll(() => pane.innerText(), { timeout: 20_000 }).toMatch(/^RSI\(14\)\s+\d+\.\d\d/)
    await expect.poll(() => chart.locator(testId('indicator-legend-bb')).innerText()).toMatch(/^BOLL\(20, 2\)/)
    // RSI's line (#c86ee6) in the pane's band, under its legend.
    const box = (await pane.boundingBox())!
    await expect
      .poll(() => inkInBand(chart, [200, 110, 230], box.y + box.height, 60), { timeout: 20_000 })
      .toBeGreaterThan(40)
    // Bollinger's bands (#26c6da) over the candles, above the pane.
    const chartBox = (await chart.boundingBox())!
    await expect
      .poll(() => inkInBand(chart, [38, 198, 218], chartBox.y + 50, box.y - chartBox.y - 60), { timeout: 20_000 })
      .toBeGreaterThan(40)
    // The legend follows the live market.
    const before = await pane.innerText()
    await expect.poll(() => pane.innerText(), { timeout: 60_000 }).not.toBe(before)
    await page.screenshot({ path: resolve(shots, 'indicators-added.png') })

    await expect
      .poll(async () => (await mainPreferences(first.core)).profile.indicators['spot:btcusdt']?.map((s) => s.kind))
      .toEqual(['rsi', 'bb'])
  })

  it('the terminal restarted on another port shows the market’s indicators again', async () => {
    await restart(first, page, async (again) => {
      const chart = again.locator(testId('chart-candles'))
      await expect
        .poll(() => chart.locator(testId('indicator-pane-rsi')).innerText(), { timeout: 20_000 })
        .toMatch(/^RSI\(14\)\s+\d+\.\d\d/)
      await chart.locator(testId('indicator-legend-bb')).waitFor()
      await again.screenshot({ path: resolve(shots, 'indicators-after-restart.png') })
      expect(errors).toEqual([])

      // Two more overlays wrap the legend onto a fourth line: every overlay's figures stay in sight (a legend of a
      // fixed three lines cut them off), and a band's three values read apart.
      for (const kind of ['ema', 'supertrend']) {
        await chart.locator(testId('indicators-button')).click()
        await again.locator(testId('indicator-pick')).selectOption(kind)
        await again.locator(testId('indicator-add')).click()
        await again.locator(testId('indicator-close')).click()
      }
      const legend = chart.locator(testId('candle-legend'))
      const cut = () =>
        legend.evaluate((el) => {
          const box = el.getBoundingClientRect()
          return Array.from(el.querySelectorAll('[data-testid^="indicator-legend-"]'))
            .filter((s) => s.getBoundingClientRect().bottom > box.bottom + 0.5)
            .map((s) => s.getAttribute('data-testid'))
        })
      await chart.locator(testId('indicator-legend-supertrend')).waitFor()
      await expect.poll(cut, { timeout: 20_000 }).toEqual([])
      const gaps = await chart.locator(testId('indicator-legend-bb')).evaluate((el) => {
        const values = Array.from(el.querySelectorAll('b')).map((b) => b.getBoundingClientRect())
        return values.slice(1).map((b, k) => b.left - values[k]!.right)
      })
      expect(gaps).toHaveLength(2)
      for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(3)
      await again.screenshot({ path: resolve(shots, 'indicators-four-overlays.png') })
    })
  })
})
