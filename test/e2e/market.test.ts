// The market panel in Chromium against the real core and the embedded exchange (market activity on): btcusdt's book,
// trades and candles arrive and keep moving, a book price fills the order form, intervals switch, and a futures
// contract shows mark, index, funding and the countdown. Screenshots go to test-results/e2e/market-*.png.
import { beforeAll, describe, expect, it } from 'vitest'
import type { Locator, Page } from 'playwright-core'
import { painted, useTerminalSession } from './terminal-harness'

/** What a canvas holds (sampled): painted pixels, distinct colours, and pixels of the dark theme's up/down green
 *  and red (candles, volume, depth areas: proof the data is drawn, not just the axes). */
interface Ink {
  painted: number
  colours: number
  upDown: number
  width: number
}
interface CanvasLike {
  width: number
  height: number
  getContext(
    kind: '2d'
  ): { getImageData(x: number, y: number, w: number, h: number): { data: ArrayLike<number> } } | null
}
/** Over every canvas of a chart (ECharts' layers: the history, and the live layer above it). */
const inkOf = (chart: { querySelectorAll(s: 'canvas'): ArrayLike<CanvasLike> }): Ink => {
  const canvases = Array.from(chart.querySelectorAll('canvas'))
  let painted = 0
  let upDown = 0
  const colours = new Set<number>()
  const near = (r: number, g: number, b: number, [R, G, B]: number[]): boolean =>
    Math.abs(r - R!) + Math.abs(g - G!) + Math.abs(b - B!) < 60
  for (const c of canvases) {
    const data = c.getContext('2d')?.getImageData(0, 0, c.width, c.height).data ?? []
    for (let i = 0; i < data.length; i += 4 * 7) {
      if ((data[i + 3] ?? 0) === 0) continue
      const [r, g, b] = [data[i] ?? 0, data[i + 1] ?? 0, data[i + 2] ?? 0]
      painted++
      colours.add((r << 16) | (g << 8) | b)
      if (near(r, g, b, [14, 203, 129]) || near(r, g, b, [246, 70, 93])) upDown++
    }
  }
  return { painted, colours: colours.size, upDown, width: canvases[0]?.width ?? 0 }
}
// Passed as the page function itself (it runs in the page, so it may not close over anything).
const canvasInk = (chart: Locator): Promise<Ink> => chart.evaluate(inkOf as unknown as (c: unknown) => Ink)

interface RowLike {
  getBoundingClientRect(): { top: number; height: number }
  closest(s: string): {
    querySelector(s: 'canvas'): (CanvasLike & { getBoundingClientRect(): { top: number; height: number } }) | null
  } | null
}
/** Ink of the canvas band under a row of the book's or tape's invisible DOM mirror: the row the user sees there. */
const rowBandInk = (row: RowLike): Ink => {
  const canvas = row.closest('.side, .rows')?.querySelector('canvas')
  if (!canvas) return { painted: 0, colours: 0, upDown: 0, width: 0 }
  const box = canvas.getBoundingClientRect()
  const r = row.getBoundingClientRect()
  const scale = canvas.height / box.height
  const y = Math.max(0, Math.round((r.top - box.top) * scale))
  const h = Math.max(1, Math.round(r.height * scale))
  const data = canvas.getContext('2d')?.getImageData(0, y, canvas.width, h).data ?? []
  let painted = 0
  let upDown = 0
  const colours = new Set<number>()
  const near = (r: number, g: number, b: number, [R, G, B]: number[]): boolean =>
    Math.abs(r - R!) + Math.abs(g - G!) + Math.abs(b - B!) < 60
  for (let i = 0; i < data.length; i += 4) {
    if ((data[i + 3] ?? 0) === 0) continue
    const [r, g, b] = [data[i] ?? 0, data[i + 1] ?? 0, data[i + 2] ?? 0]
    painted++
    colours.add((r << 16) | (g << 8) | b)
    if (near(r, g, b, [14, 203, 129]) || near(r, g, b, [246, 70, 93])) upDown++
  }
  return { painted, colours: colours.size, upDown, width: canvas.width }
}
const rowInk = (row: Locator): Promise<Ink> => row.evaluate(rowBandInk as unknown as (r: unknown) => Ink)

async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const end = Date.now() + timeoutMs
  let v = await read()
  while (!ok(v)) {
    if (Date.now() > end) throw new Error(`timed out; last value: ${JSON.stringify(v)}`)
    await new Promise((r) => setTimeout(r, 150))
    v = await read()
  }
  return v
}

describe('market panel in Chromium', () => {
  const { session, errors } = useTerminalSession(async (s) => {
    await s.page.setViewportSize({ width: 1680, height: 1000 })
    await s.page.locator('[data-testid="market-panel"]').waitFor()
  })
  let page: Page
  beforeAll(() => {
    page = session().page
  })

  it('shows btcusdt live: book rows, trades arriving, candles drawn', async () => {
    const panel = page.locator('[data-testid="market-panel"]')
    expect(await panel.getAttribute('data-market')).toBe('spot:btcusdt')
    const book = page.locator('[data-testid="orderbook"]')
    await book.locator('[data-testid="orderbook-bid"]').first().waitFor()
    expect(await book.locator('[data-testid="orderbook-ask"]').count()).toBeGreaterThan(3)
    expect(await book.locator('[data-testid="orderbook-bid"]').count()).toBeGreaterThan(3)
    // Prices at the market's precision, asks above bids.
    const bestAsk = await book.locator('[data-testid="orderbook-ask"]').last().getAttribute('data-price')
    const bestBid = await book.locator('[data-testid="orderbook-bid"]').first().getAttribute('data-price')
    expect(bestAsk).toMatch(/^\d+\.\d{2}$/)
    expect(Number(bestAsk)).toBeGreaterThan(Number(bestBid))

    // The rows are drawn on canvases under an invisible mirror of the same rows (the test ids): where a mirror row
    // lies, its canvas shows a row in the market's colours (prices, depth bars).
    for (const row of [
      book.locator('[data-testid="orderbook-ask"]').first(),
      book.locator('[data-testid="orderbook-bid"]').first()
    ]) {
      await until(
        () => rowInk(row),
        (i) => i.painted > 200 && i.upDown > 20 && i.colours > 3
      )
    }

    // Live: the book and the tape change by themselves.
    const bookText = await book.innerText()
    await until(
      () => book.innerText(),
      (t) => t !== bookText
    )
    const tape = page.locator('[data-testid="trades"]')
    await tape.locator('[data-testid="trade-row"]').first().waitFor()
    const firstTrades = await tape.locator('[data-testid="trade-row"]').allInnerTexts()
    await until(
      () => tape.locator('[data-testid="trade-row"]').allInnerTexts(),
      (rows) => rows.join('|') !== firstTrades.join('|'),
      30_000
    )
    await until(
      () => rowInk(tape.locator('[data-testid="trade-row"]').first()),
      (i) => i.painted > 100 && i.upDown > 5
    )

    // Candles: a legend with exact text, and a canvas with candles, volume and averages on it.
    const candles = page.locator('[data-testid="chart-candles"]')
    await candles.locator('[data-testid="candle-legend"]').waitFor()
    expect(await candles.locator('[data-testid="candle-legend"]').innerText()).toMatch(/O [\d,]+\.\d{2}/)
    const ink = await until(
      () => canvasInk(candles),
      (i) => i.painted > 500 && i.colours > 4 && i.upDown > 20
    )
    expect(ink.width).toBeGreaterThan(300)
    const depth = await until(
      () => canvasInk(page.locator('[data-testid="chart-depth"]')),
      (i) => i.painted > 1000 && i.upDown > 100
    )
    expect(depth.colours).toBeGreaterThan(2)
    // 24 h stats.
    await until(
      () => page.locator('[data-testid="stat-high"]').innerText(),
      (t) => /\d/.test(t)
    )
    expect(await page.locator('[data-testid="stat-last"]').innerText()).toMatch(/^\d{1,3}(,\d{3})*\.\d{2}$/) // grouped thousands

    await session().shot('market-spot-workspace')
    await session().shot('market-spot', '[data-testid="market-panel"]')
  })

  it('fills the order form with a clicked book price', async () => {
    // Read and click in one step in the page: the live book may move between two round trips.
    const price = await page
      .locator('[data-testid="orderbook-bid"]')
      .nth(2)
      .evaluate((row) => {
        const el = row as unknown as { dataset: Record<string, string>; click(): void }
        el.click()
        return el.dataset['price']
      })
    expect(price).toMatch(/^\d+\.\d{2}$/)
    await until(
      () => page.locator('input[data-testid="order-price"]').inputValue(),
      (v) => v === price,
      5000
    )
  })

  it('groups the book to a coarser step', async () => {
    const step = page.locator('[data-testid="orderbook-step"]')
    await step.selectOption('10')
    await until(
      () => page.locator('[data-testid="orderbook-bid"]').first().getAttribute('data-price'),
      (p) => p !== null && /^\d+0$/.test(p)
    )
    await session().shot('market-book-grouped', '[data-testid="orderbook"]')
    await step.selectOption('0.01')
  })

  it('switches the candle interval', async () => {
    const candles = page.locator('[data-testid="chart-candles"]')
    await candles.locator('[data-testid="interval-1day"]').click()
    expect(await candles.locator('[data-testid="interval-1day"]').getAttribute('class')).toContain('on')
    // A daily bar's legend names the date, not the clock.
    await until(
      () =>
        candles
          .locator('[data-testid="candle-legend"]')
          .innerText()
          .catch(() => ''),
      // the legend wraps its parts (a line each where it is narrow): whitespace may part the time from O
      (t) => /^\d{4}-\d{2}-\d{2}\s*O /.test(t)
    )
    await until(
      () => canvasInk(candles),
      (i) => i.upDown > 20
    )
    await candles.locator('[data-testid="interval-1min"]').click()
    await until(
      () =>
        candles
          .locator('[data-testid="candle-legend"]')
          .innerText()
          .catch(() => ''),
      (t) => /^\d{2}-\d{2} \d{2}:\d{2}\s*O /.test(t)
    )
    // Hover draws the crosshair and the legend follows the bar under it.
    const box = (await candles.locator('canvas').first().boundingBox())!
    await page.mouse.move(box.x + box.width * 0.5, box.y + box.height * 0.4)
    await painted(page) // the crosshair is drawn
    await session().shot('market-candles-1min-crosshair', '[data-testid="chart-candles"]')
    await page.mouse.move(0, 0)
  })

  it('shows mark, index, funding and the countdown on a futures market', async () => {
    await page.locator('[data-testid="module-tab-futures"]').click()
    const panel = page.locator('[data-testid="market-panel"]')
    await until(
      () => panel.getAttribute('data-market'),
      (m) => m === 'futures:E-BTC-USDT'
    )
    const stats = page.locator('[data-testid="futures-stats"]')
    await until(
      () => stats.locator('[data-testid="mark-price"]').innerText(),
      (t) => /^\d{1,3}(,\d{3})*\.\d$/.test(t)
    )
    expect(await stats.locator('[data-testid="index-price"]').innerText()).toMatch(/^\d{1,3}(,\d{3})*\.\d$/)
    expect(await stats.locator('[data-testid="funding-rate"]').innerText()).toMatch(/^[+-]?\d+\.\d{4}%$/)
    const countdown = await stats.locator('[data-testid="funding-countdown"]').innerText()
    expect(countdown).toMatch(/^0[0-7]:[0-5]\d:[0-5]\d$/)
    // A 1 s countdown; a loaded machine may run the page's timers late.
    await until(
      () => stats.locator('[data-testid="funding-countdown"]').innerText(),
      (t) => t !== countdown,
      15_000
    )
    await page.locator('[data-testid="orderbook-bid"]').first().waitFor()
    await until(
      () => canvasInk(page.locator('[data-testid="chart-candles"]')),
      (i) => i.upDown > 20
    )
    await session().shot('market-futures', '[data-testid="market-panel"]')
  })

  it('shows every figure of the stats row whole at 1280x720, the ones past its first row behind "+N"', async () => {
    // Each label inside the row's box, or wholly below its first row and counted by the button: never cut at the
    // edge (a row that scrolled sideways showed "24h vol (US" there, spot and futures alike).
    const layout = () =>
      page.locator('[data-testid="market-stats"]').evaluate((el) => {
        const box = el.getBoundingClientRect()
        const rows = [...el.querySelectorAll('dt')].map((dt) => {
          const r = dt.getBoundingClientRect()
          const inside = r.left >= box.left - 1 && r.right <= box.right + 1 && r.bottom <= box.top + 40 + 1
          return { text: dt.textContent, where: inside ? 'shown' : r.top >= box.top + 40 - 1 ? 'below' : 'cut' }
        })
        return { rows, more: el.querySelector('[data-testid="stats-more"]')?.textContent?.trim() ?? null }
      })
    const whole = async () => {
      const l = await layout()
      expect(l.rows.filter((r) => r.where === 'cut')).toEqual([])
      const below = l.rows.filter((r) => r.where === 'below').length
      expect(l.more).toBe(below ? `+${below}` : null)
      return below
    }
    await page.setViewportSize({ width: 1280, height: 720 })
    try {
      await until(
        () => page.locator('[data-testid="stats-more"]').count(),
        (n) => n === 1
      )
      expect(await whole()).toBeGreaterThan(0) // futures' nine figures do not fit 1280 px
      await page.locator('[data-testid="stats-more"]').click()
      const open = await layout()
      expect(open.more).toBe('−')
      const box = (await page.locator('[data-testid="market-stats"]').boundingBox())!
      for (const dt of await page.locator('[data-testid="market-stats"] dt').all()) {
        const r = (await dt.boundingBox())!
        expect(r.x + r.width).toBeLessThanOrEqual(box.x + box.width + 1) // every label whole once opened
        expect(r.y + r.height).toBeLessThanOrEqual(box.y + box.height + 1)
      }
      await session().shot('market-stats-1280-open', '[data-testid="market-panel"]')
      await page.locator('[data-testid="stats-more"]').click()
      // Spot's six figures fit the row at 1280 px: no button.
      await page.locator('[data-testid="module-tab-spot"]').click()
      await until(
        () => page.locator('[data-testid="market-panel"]').getAttribute('data-market'),
        (m) => m === 'spot:btcusdt'
      )
      await page.locator('[data-testid="stat-amount"]').waitFor()
      expect(await whole()).toBe(0)
      await page.locator('[data-testid="module-tab-futures"]').click()
      await until(
        () => page.locator('[data-testid="market-panel"]').getAttribute('data-market'),
        (m) => m === 'futures:E-BTC-USDT'
      )
    } finally {
      await page.setViewportSize({ width: 1680, height: 1000 })
    }
  })

  it('follows the light theme', async () => {
    await page.evaluate(() => {
      ;(
        globalThis as unknown as { document: { documentElement: { dataset: Record<string, string> } } }
      ).document.documentElement.dataset['theme'] = 'light'
    })
    await painted(page) // the charts redrew in the light theme
    await session().shot('market-futures-light', '[data-testid="market-panel"]')
    await page.evaluate(() => {
      ;(
        globalThis as unknown as { document: { documentElement: { dataset: Record<string, string> } } }
      ).document.documentElement.dataset['theme'] = 'dark'
    })
    expect(errors.filter((e) => !/favicon/.test(e))).toEqual([])
  })
})
