// Trading from the candle chart in a real Chromium against the embedded exchange. A profile of its own reaches the
// exchange through a fault proxy (test/integration/core/fault-proxy.ts), which logs the venue traffic and can lose an
// answer; the page's contract calls are recorded off the browser host's WebSocket.
// - an order's line dragged down: the target price shows snapped to the tick while dragging; on the drop exactly one
//   trading.moveOrder call, at the venue one cancel and then one place at that price, and one live order at the end;
// - Esc during a drag: nothing sent;
// - the cancel's answer lost between the two steps: the line shows "moving", the gateway reconciles the cancel
//   before the place goes, and the trader is told the order moved;
// - a right-click on a price: a menu (role=menu) whose buy limit fills the order form and opens its confirmation.
// Screenshots (1280x720): test-results/e2e/chart-trading-drag.png (dragging), chart-trading-moving.png,
// chart-trading-menu.png.
import { afterAll, describe, expect, it } from 'vitest'
import { resolve } from 'node:path'
import { startFaultProxy, type Decision } from '../integration/core/fault-proxy'
import { chartPlot, ownLines, pointAtOwnLine } from './chart-own-lines'
import { placeLimit, underBestBid } from './order-form-ui'
import { addRemoteProfile, newAccount, switchProfile, venueAddresses } from './profiles-ui'
import { openRecordedPage, painted, testId as id, useTerminalSession, type SentCall } from './terminal-harness'

const MOVER = 'Chart mover'
const PAPER = 'Embedded exchange (paper)'
/** A price as the screen writes it: grouped, its decimals kept. */
const grouped = (p: string): string =>
  Number(p).toLocaleString('en-US', { minimumFractionDigits: p.split('.')[1]?.length ?? 0 })

describe('trading from the candle chart in Chromium', () => {
  let proxy: Awaited<ReturnType<typeof startFaultProxy>> | undefined
  /** The next cancel's fate at the proxy (then forwarded again). */
  const fault: { cancel?: Decision } = {}
  afterAll(async () => {
    await proxy?.close()
  })
  const { session, errors } = useTerminalSession()

  it('drags an order line to move it, Esc cancels a drag, an unknown cancel is reconciled, right-click orders', async () => {
    const s = session()
    const ex = s.core.exchange
    proxy = await startFaultProxy(ex.url, (r) => {
      if (r.method === 'POST' && r.path === '/sapi/v1/cancel' && fault.cancel) {
        const f = fault.cancel
        delete fault.cancel
        return f
      }
      return 'forward'
    })
    const keys = await newAccount(ex)

    // A page of its own whose contract calls are recorded from its first frame.
    const calls: SentCall[] = []
    const page = await openRecordedPage(s, calls, errors)
    const shot = (name: string) =>
      page.screenshot({ path: resolve(import.meta.dirname, `../../test-results/e2e/${name}.png`) })

    // The mover's profile, added in Settings' profile form and switched to.
    await addRemoteProfile(page, { name: MOVER, ...venueAddresses(ex, proxy.url), ...keys })
    await switchProfile(page, MOVER)
    await page.locator(id('order-available'), { hasText: 'USDT' }).waitFor({ timeout: 20_000 })
    await page.locator(id('candle-legend')).waitFor({ timeout: 20_000 })

    // A limit buy a little under the best bid, placed in the order form: it rests, on the chart as its line.
    const price = await underBestBid(page)
    await placeLimit(page, 'buy', price, '0.01')
    const lines = ownLines(page)
    await expect.poll(() => lines.count(), { timeout: 15_000 }).toBe(1)
    const plot = chartPlot(page)

    /** The pointer onto the order's line (its y in the page), found by what the chart names under the pointer. */
    const onLine = async (): Promise<{ x: number; y: number }> =>
      // Right of the labels (they sit at the line's left end, above it): the line itself, not its label.
      pointAtOwnLine(page, (await lines.first().getAttribute('data-own-id'))!, (box) => box.x + box.width * 0.6)
    const openRows = async (): Promise<string[]> => {
      const rows = page.locator(`${id('open-orders')} tbody tr[data-order-id]`)
      return rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-order-id') ?? ''))
    }
    await page.locator(id('bottom-tab-orders')).click()
    await expect.poll(openRows, { timeout: 10_000 }).toHaveLength(1)
    const [first] = await openRows()

    // Esc during a drag: the preview goes and nothing is sent.
    let at = await onLine()
    await page.mouse.down()
    await page.mouse.move(at.x, at.y + 20, { steps: 4 })
    await page.locator(id('chart-drag-preview')).waitFor()
    await page.keyboard.press('Escape')
    await page.locator(id('chart-drag-preview')).waitFor({ state: 'detached' })
    await page.mouse.up()
    await painted(page)
    expect(calls.filter((c) => c.channel === 'trading.moveOrder')).toEqual([])

    // Dragged 14 px down: the preview names the price snapped to the tick; dropped, one move call at that price.
    at = await onLine()
    const venueFrom = proxy.log.length
    await page.mouse.down()
    await page.mouse.move(at.x, at.y + 14, { steps: 6 })
    const preview = page.locator(id('chart-drag-preview'))
    await preview.waitFor()
    const target = (await preview.getAttribute('data-price'))!
    expect(target).toMatch(/^\d+\.\d{2}$/)
    expect(Number(target)).toBeLessThan(Number(price))
    expect(await preview.textContent()).toContain('Move to')
    await shot('chart-trading-drag')
    await page.mouse.up()
    await expect.poll(openRows, { timeout: 20_000 }).not.toContain(first)
    await expect.poll(openRows, { timeout: 20_000 }).toHaveLength(1)
    const moveCalls = calls.filter((c) => c.channel === 'trading.moveOrder')
    expect(moveCalls).toEqual([
      { channel: 'trading.moveOrder', input: expect.objectContaining({ orderId: first, price: target }) }
    ])
    const writes = proxy.log
      .slice(venueFrom)
      .filter((r) => r.method === 'POST' && /^\/sapi\/v1\/(cancel|order)$/.test(r.path))
      .map((r) =>
        r.path.endsWith('cancel') ? `cancel ${String(r.body['orderId'])}` : `place ${String(r.body['price'])}`
      )
    expect(writes).toEqual([`cancel ${first}`, `place ${Number(target)}`])
    await page.locator(id('toast-success'), { hasText: 'Order moved to' }).first().waitFor({ timeout: 10_000 })

    // The cancel's answer lost between the steps: "moving" on the chart while the gateway reconciles, then moved.
    const [second] = await openRows()
    fault.cancel = 'lose-answer'
    at = await onLine()
    const lostFrom = proxy.log.length
    await page.mouse.down()
    await page.mouse.move(at.x, at.y + 10, { steps: 5 })
    const target2 = (await preview.getAttribute('data-price'))!
    // Every price the "moving" mark shows, recorded by the page itself: on a quiet machine the gateway may settle the
    // lost answer before a locator reads the mark twice.
    await page.evaluate(() => {
      const seen: string[] = []
      Object.assign(window, { movingSeen: seen })
      const note = () => {
        const p = document.querySelector('[data-testid="chart-order-moving"]')?.getAttribute('data-price')
        if (p && seen.at(-1) !== p) seen.push(p)
      }
      new MutationObserver(note).observe(document.body, { subtree: true, childList: true, attributes: true })
    })
    await page.mouse.up()
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { movingSeen: string[] }).movingSeen), { timeout: 10_000 })
      .toEqual([target2])
    await shot('chart-trading-moving')
    await page.locator(id('chart-order-moving')).waitFor({ state: 'detached', timeout: 30_000 })
    await expect.poll(openRows, { timeout: 20_000 }).not.toContain(second)
    expect(await openRows()).toHaveLength(1)
    const after = proxy.log.slice(lostFrom)
    const cancelAt = after.findIndex((r) => r.path === '/sapi/v1/cancel')
    const placeAt = after.findIndex((r) => r.method === 'POST' && r.path === '/sapi/v1/order')
    expect(after[cancelAt]!.decision).toBe('lose-answer')
    // Read back by its id between the lost cancel answer and the place.
    expect(after.slice(cancelAt, placeAt).some((r) => r.method === 'GET' && r.query.get('orderId') === second)).toBe(
      true
    )
    // The body carries the price as a JSON number (exact text on the wire; parsed here, 62299.10 reads 62299.1).
    expect(after[placeAt]!.body['price']).toBe(Number(target2))
    await expect
      .poll(() => page.locator(id('toast-success')).allTextContents(), { timeout: 10_000 })
      .toContainEqual(expect.stringContaining(`Order moved to ${grouped(target2)}`))

    // A right-click on a price (under the bid): the menu, keyboard reachable; its
    // buy limit opens the order form's confirmation (the size is the form's own, typed first).
    await page.locator(id('order-volume')).fill('0.01')
    const box = (await plot.boundingBox())!
    // (where the order was before its last move: a price the axis shows, under the bid)
    const below = at.y + 2
    await page.mouse.click(box.x + box.width / 2, below, { button: 'right' })
    const menu = page.locator(id('chart-price-menu'))
    await menu.waitFor()
    expect(await menu.getAttribute('role')).toBe('menu')
    const menuPrice = (await menu.getAttribute('data-price'))!
    // Spot has no stop orders: only the limits are offered as orders (then "Algorithm here…": chart-algos.test.ts).
    expect(await menu.locator(':scope > [role="menuitem"]').allTextContents()).toEqual([
      expect.stringMatching(/^\s*Buy limit at /),
      expect.stringMatching(/^\s*Sell limit at /)
    ])
    expect(await menu.locator(`${id('chart-menu-algo-group')} [role="menuitem"]`).count()).toBeGreaterThan(0)
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')))
      .toBe('chart-menu-buy-limit')
    await shot('chart-trading-menu')
    await page.keyboard.press('Escape')
    await menu.waitFor({ state: 'detached' })
    await page.mouse.click(box.x + box.width / 2, below, { button: 'right' })
    await menu.waitFor()
    await page.keyboard.press('Enter')
    await page.locator(id('order-confirm-dialog')).waitFor()
    expect(await page.locator(id('order-price')).inputValue()).toBe(menuPrice)
    await page.locator(id('order-confirm')).click()
    await expect.poll(openRows, { timeout: 20_000 }).toHaveLength(2)
    const places = calls.filter((c) => c.channel === 'trading.placeOrder')
    expect(places.at(-1)!.input).toMatchObject({ side: 'BUY', type: 'LIMIT', price: menuPrice, volume: '0.01' })

    // Back on the paper profile: none of the mover's lines on the chart, so none to drag; the mover's orders stay.
    await switchProfile(page, PAPER)
    await expect.poll(() => lines.count(), { timeout: 15_000 }).toBe(0)
    // The pointer where the menu's order rests: the chart names no own line there.
    await page.mouse.move(box.x + box.width * 0.6, below)
    await painted(page)
    expect(await plot.getAttribute('data-own-line')).toBeNull()
    expect(errors).toEqual([])
    await page.close()
  }, 240_000)
})
