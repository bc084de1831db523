// The trader's own lines on the candle chart, for the e2e tests: read from the list the chart keeps beside its canvas
// for screen readers, and found on the canvas by what the chart names under the pointer.
import type { Locator, Page } from 'playwright-core'
import { testId as id } from './terminal-harness'

/** The own lines the candle chart drew, one `li` each (its `data-own-id`, its words). */
export const ownLines = (page: Page): Locator => page.locator(`${id('chart-candles')} ${id('chart-own-lines')} li`)

/** The candle chart's plot, which names the own line under the pointer in `data-own-line`. */
export const chartPlot = (page: Page): Locator => page.locator(`${id('chart-candles')} .plot`).first()

/**
 * Moves the pointer down the plot at `x` (page px, from the plot's box) until the chart names `line` under it, and
 * returns that point; throws when it is nowhere on that column.
 */
export async function pointAtOwnLine(
  page: Page,
  line: string,
  x: (box: { x: number; width: number }) => number
): Promise<{ x: number; y: number }> {
  const plot = chartPlot(page)
  const box = (await plot.boundingBox())!
  const at = x(box)
  for (let y = box.y + 20; y < box.y + box.height - 20; y += 1) {
    await page.mouse.move(at, y)
    if ((await plot.getAttribute('data-own-line')) === line) return { x: at, y }
  }
  throw new Error(`the line ${line} is not under the pointer anywhere at x ${at}`)
}
