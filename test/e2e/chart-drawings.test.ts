// Drawing tools on the candle chart in Chromium against the terminal `npm run web` starts (a real core, the
// embedded exchange with market activity): a horizontal line and a trend line drawn with the pointer, Esc cancelling
// a drawing in progress, the line dragged to another price, locked (a locked one does not move), the trend line
// deleted with the Delete key, all kept by main; the terminal restarted on another port shows the kept drawing
// again. Screenshots: test-results/e2e/drawings-*.png.
import { mkdirSync } from 'node:fs'
import { resolve } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Locator, Page } from 'playwright-core'
import type { Drawing } from '@shared/ipc/schemas/preferences-drawings'
import { mainPreferences, painted, testId, useWebTerminal, type WebTerminal } from './terminal-harness'

const shots = resolve(import.meta.dirname, '../../test-results/e2e')
const { start, open, restart, errors } = useWebTerminal()
beforeAll(() => mkdirSync(shots, { recursive: true }))

const kept = async (w: WebTerminal): Promise<Drawing[]> =>
  (await mainPreferences(w.core)).app.drawings['spot:btcusdt'] ?? []
/** The first segment of a drawing as the layer drew it, in page pixels. */
async function segment(chart: Locator, id: string): Promise<{ x1: number; y1: number; x2: number; y2: number }> {
  const line = chart.locator(`[data-drawing="${id}"] line`).first()
  const svg = (await chart.locator(testId('drawings-layer')).boundingBox())!
  const n = async (a: string) => Number(await line.getAttribute(a))
  return {
    x1: svg.x + (await n('x1')),
    y1: svg.y + (await n('y1')),
    x2: svg.x + (await n('x2')),
    y2: svg.y + (await n('y2'))
  }
}
async function drag(page: Page, from: { x: number; y: number }, to: { x: number; y: number }): Promise<void> {
  await page.mouse.move(from.x, from.y)
  await page.mouse.down()
  await page.mouse.move((from.x + to.x) / 2, (from.y + to.y) / 2, { steps: 4 })
  await page.mouse.move(to.x, to.y, { steps: 4 })
  await page.mouse.up()
}

describe('drawing tools on the candle chart in Chromium', () => {
  let first: WebTerminal
  let page: Page
  let lineId = ''

  it('draws, moves, locks and deletes, each kept by main', async () => {
    first = await start()
    page = await open(first.url)
    const chart = page.locator(testId('chart-candles'))
    await chart.locator(testId('candle-legend')).waitFor()
    // The price grid as the layer clips to it (points are placed on it only), in page pixels.
    const svg = (await chart.locator(testId('drawings-layer')).boundingBox())!
    const clip = chart.locator(`${testId('drawings-layer')} clipPath rect`)
    const grid = async (a: string) => Number(await clip.getAttribute(a))
    await expect.poll(() => grid('height')).toBeGreaterThan(40)
    const plot = { x: svg.x + (await grid('x')), y: svg.y + (await grid('y')) }
    const size = { w: await grid('width'), h: await grid('height') }
    const at = (fx: number, fy: number) => ({ x: plot.x + size.w * fx, y: plot.y + size.h * fy })
    const items = chart.locator(`${testId('drawings-list')} li`)

    // A horizontal line: the tools opened and the tool chosen by keyboard, one click on the plot.
    await chart.locator(testId('draw-open')).focus()
    await page.keyboard.press('Enter')
    await chart.locator(testId('draw-hline')).focus()
    await page.keyboard.press('Enter')
    expect(await chart.locator(testId('draw-hline')).getAttribute('aria-pressed')).toBe('true')
    await page.mouse.click(at(0.5, 0.3).x, at(0.5, 0.3).y)
    await expect.poll(() => kept(first)).toHaveLength(1)
    lineId = (await kept(first))[0]!.id
    const price = (await kept(first))[0]!.points[0]!.p
    expect(price).toMatch(/^\d+(\.\d+)?$/)

    // A ray begun and cancelled with Esc: nothing drawn, the tool let go.
    await chart.locator(testId('draw-ray')).click()
    await page.mouse.click(at(0.3, 0.45).x, at(0.3, 0.45).y)
    await page.keyboard.press('Escape')
    expect(await chart.locator(testId('draw-ray')).getAttribute('aria-pressed')).toBe('false')

    // A trend line: two clicks.
    await chart.locator(testId('draw-trend')).click()
    await page.mouse.click(at(0.25, 0.5).x, at(0.25, 0.5).y)
    await page.mouse.click(at(0.6, 0.42).x, at(0.6, 0.42).y)
    await expect.poll(() => kept(first)).toHaveLength(2)
    const trend = (await kept(first))[1]!
    expect(trend.kind).toBe('trend')
    expect(await items.count()).toBe(2)
    await page.screenshot({ path: resolve(shots, 'drawings-drawn.png') })

    // The horizontal line dragged down a quarter of the grid: a lower price, kept.
    const h = await segment(chart, lineId)
    await drag(page, { x: plot.x + 60, y: h.y1 }, { x: plot.x + 60, y: h.y1 + size.h * 0.25 })
    await expect.poll(async () => (await kept(first))[0]!.points[0]!.p).not.toBe(price)
    const moved = (await kept(first))[0]!.points[0]!.p
    expect(Number(moved)).toBeLessThan(Number(price))

    // Locked (it is the selected one after the drag): a drag no longer moves it.
    await chart.locator(testId('draw-lock')).click()
    await expect.poll(async () => (await kept(first))[0]!.locked).toBe(true)
    const h2 = await segment(chart, lineId)
    await drag(page, { x: plot.x + 60, y: h2.y1 }, { x: plot.x + 60, y: h2.y1 + size.h * 0.25 })

    // The trend line selected by a press on it and deleted with the Delete key; main then holds the line alone, at
    // the price it had before the locked drag (which would have been saved before this delete).
    const tr = await segment(chart, trend.id)
    await page.mouse.click((tr.x1 + tr.x2) / 2, (tr.y1 + tr.y2) / 2)
    await page.keyboard.press('Delete')
    await expect.poll(async () => (await kept(first)).map((d) => d.kind)).toEqual(['hline'])
    expect((await kept(first))[0]!.points[0]!.p).toBe(moved)
    expect(await items.count()).toBe(1)
    await page.screenshot({ path: resolve(shots, 'drawings-edited.png') })

    // Zoomed with the wheel and panned to older bars with a drag under the pointer: the line is still drawn, and
    // nothing threw (ECharts kept its crosshair tip after each redraw under the pointer: it threw on each, once).
    const centre = at(0.5, 0.7)
    await page.mouse.move(centre.x, centre.y)
    for (let i = 0; i < 4; i++) await page.mouse.wheel(0, -240)
    await drag(page, at(0.3, 0.8), at(0.7, 0.8))
    await page.mouse.move(centre.x - 20, centre.y)
    await chart.locator(testId('chart-latest')).waitFor({ timeout: 10_000 }) // off the latest bar: zoomed and panned
    await chart.locator(`[data-drawing="${lineId}"] line`).waitFor({ state: 'attached' })
    await painted(page)
    expect(errors).toEqual([])
  })

  it('the terminal restarted on another port shows the kept drawing again', async () => {
    const before = await kept(first)
    await restart(first, page, async (again, second) => {
      const chart = again.locator(testId('chart-candles'))
      await chart.locator(testId('candle-legend')).waitFor()
      const item = chart.locator(`${testId('drawings-list')} li`)
      await expect.poll(() => item.count(), { timeout: 20_000 }).toBe(1)
      expect(await item.first().getAttribute('data-drawing-id')).toBe(lineId)
      await chart.locator(`[data-drawing="${lineId}"] line`).waitFor({ state: 'attached' })
      expect(await kept(second)).toEqual(before)
      await again.screenshot({ path: resolve(shots, 'drawings-after-restart.png') })
      expect(errors).toEqual([])
    })
  })
})
