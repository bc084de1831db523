// The algorithm kinds algos.test.ts and chart-algos.test.ts do not make, each from the order form's Algo tab in a
// real Chromium as a trader does (kind, side, fields typed, a hostile value refused in words with nothing sent,
// Review, the confirmation's words, Confirm), run by main against the embedded exchange: a stop-market sell fires
// when the control API steers the last price through its trigger; a scaled buy lays its levels through one
// batchOrders call at the prices and sizes asked; an iceberg buy shows one part at a time, each refreshed at the same
// price until its total is filled; a chase buy joins the best bid, follows the book as it is steered up and stops at
// its bound; a futures bracket opening a long fills its entry, rests its take profit as a close and, steered through
// its stop loss, cancels it and closes the long flat at the market.
import { afterEach, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { add, compare, mul, roundToDecimals, sub } from '@shared/decimal'
import type { RunningExchange } from '../../src-sim/exchange'
import { formatScaled } from '../../src-sim/engine'
import { testId as id, useTerminalSession, withContract, type TerminalSession } from './terminal-harness'
import { confirmAlgo } from './algo-confirm'

async function control(e: RunningExchange, path: string, body: Record<string, unknown>): Promise<void> {
  const res = await fetch(`${e.url}/sim/v1/${path}`, {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${e.controlToken}` }
  })
  if (res.status !== 200) throw new Error(`${path}: ${await res.text()}`)
}
const steer = (e: RunningExchange, price: string) => control(e, 'price', { symbol: 'btcusdt', price })
const pauseActivity = (e: RunningExchange, paused: boolean) => control(e, 'activity', { paused })

const lastPrice = async (s: TerminalSession): Promise<string> =>
  (await withContract(s.core, (c) => c.invoke('market.tickers', { module: 'spot', symbols: ['btcusdt'] })))[0]!.close

const CONTRACT = 'E-BTC-USDT'
const futuresLast = async (s: TerminalSession): Promise<string> =>
  (await withContract(s.core, (c) => c.invoke('market.tickers', { module: 'futures', symbols: [CONTRACT] })))[0]!.close
/**
 * The contract book's best ask once it follows the spot market: a test before this one steers the spot price, and the
 * contract's book reaches it over some seconds (an entry 2 % above a book that was still on its way rested under it).
 */
async function futuresBestAsk(s: TerminalSession): Promise<string> {
  let ask: string | undefined
  await expect
    .poll(
      async () => {
        const spot = await lastPrice(s)
        const depth = await withContract(s.core, (c) =>
          c.invoke('market.depth', { module: 'futures', symbol: CONTRACT, limit: 5 })
        )
        ask = depth.asks[0]?.[0]
        if (ask === undefined) return false
        // within 1 % of the spot price: |ask - spot| * 100 <= spot
        const gap = compare(ask, spot) < 0 ? sub(spot, ask) : sub(ask, spot)
        return compare(mul(gap, '100'), spot) <= 0
      },
      { timeout: 60_000, interval: 500 }
    )
    .toBe(true)
  return ask!
}
const longHeld = async (s: TerminalSession): Promise<string> => {
  const all = await withContract(s.core, (c) => c.invoke('account.positions', { symbol: CONTRACT }))
  return all.find((p) => p.side === 'BUY' && p.contractName === CONTRACT)?.volume ?? '0'
}

const algos = (s: TerminalSession) => withContract(s.core, (c) => c.invoke('algos.list', {}))
const ofKind = async (s: TerminalSession, kind: string) => (await algos(s)).filter((a) => a.kind === kind)
const algoOf = async (s: TerminalSession, kind: string) => (await ofKind(s, kind))[0]!

/** The Algorithms panel's row of the one algorithm of `kind` (each test makes a kind of its own). */
const rowOf = (page: Page, kindText: string) =>
  page.locator(id('algo-item')).filter({ has: page.locator(id('algo-kind-cell'), { hasText: kindText }) })

/** The spot exchange's order `orderId` while it rests (price and quantity as decimal text), else undefined. */
function resting(s: TerminalSession, orderId: string): { price: string; quantity: string } | undefined {
  const o = s.core.exchange.spot.engine.getOpenOrder(orderId)
  return o && { price: formatScaled(o.price, 2), quantity: formatScaled(o.origQty, 6) }
}

/** The requests main sends to the embedded exchange meanwhile (its gateway's fetch runs in this process). */
function recordVenueRequests(s: TerminalSession): {
  sent: { method: string; path: string; body: string }[]
  stop(): void
} {
  const real = globalThis.fetch
  const sent: { method: string; path: string; body: string }[] = []
  globalThis.fetch = (input, init) => {
    const url = String(input instanceof Request ? input.url : input)
    if (url.startsWith(s.core.exchange.url))
      sent.push({
        method: init?.method ?? 'GET',
        path: new URL(url).pathname,
        body: typeof init?.body === 'string' ? init.body : ''
      })
    return real(input, init)
  }
  return { sent, stop: () => void (globalThis.fetch = real) }
}

/** Fills the field `f` with `text`: refused with `words`, kept as typed, nothing to review. */
async function refusedAsTyped(page: Page, f: string, text: string, words: string | RegExp): Promise<void> {
  await page.locator(id(`algo-${f}`)).fill(text)
  await expect.poll(() => page.locator(id('algo-refusal')).textContent()).toMatch(words)
  expect(await page.locator(id(`algo-${f}`)).inputValue()).toBe(text)
  expect(await page.locator(id('algo-review')).isDisabled()).toBe(true)
}

describe('every other algorithm kind from the Algo tab in Chromium', () => {
  const { session, errors } = useTerminalSession(async (s) => {
    await s.page.setViewportSize({ width: 1280, height: 720 })
    await s.page.locator(id('order-entry')).waitFor({ timeout: 20_000 })
    await s.page.locator(id('bottom-tab-algos')).click()
    await s.page.locator(id('order-entry-tab-algo')).click()
  })
  afterEach(async () => {
    await pauseActivity(session().core.exchange, false) // a test that paused the market leaves it running
  })

  it('a stop-market sell: a hostile trigger refused, then it waits and fires a market sell when the price crosses', async () => {
    const s = session()
    const { page } = s
    const last = await lastPrice(s)
    const trigger = roundToDecimals(mul(last, '0.97'), 2, 'down')
    await page.locator(id('algo-kind')).selectOption('stop-market')
    await page.locator(id('algo-side-sell')).click()
    await page.locator(id('algo-quantity')).fill('0.001')
    await refusedAsTyped(
      page,
      'triggerPrice',
      '1e3',
      'write the trigger price in full digits, not as an exponent: 1e3 is 1000'
    )
    expect(await ofKind(s, 'stop-market')).toEqual([]) // nothing sent
    await page.locator(id('algo-triggerPrice')).fill(trigger)
    await page.locator(id('algo-review')).click()
    await page.locator(id('algo-confirm-dialog')).waitFor()
    expect(await page.locator(id('algo-confirm-title')).textContent()).toBe('Stop market · Sell 0.001 BTC on BTC/USDT')
    expect(await page.locator(id('algo-confirm-runs')).textContent()).toMatch(
      /When the last price reaches .*: a market sell of 0\.001 BTC\./
    )
    await s.shot('algos-kinds-stop-market-confirm')
    await confirmAlgo(page)
    await expect
      .poll(() => page.locator(id('algo-result')).textContent(), { timeout: 15_000 })
      .toMatch(/^Stop market started; next: Sell when the last price reaches /)

    const row = rowOf(page, 'Stop market')
    await expect.poll(() => row.getAttribute('data-state'), { timeout: 15_000 }).toBe('waiting')
    expect(await row.locator(id('algo-progress')).textContent()).toBe('0 / 0.001')
    const waiting = await algoOf(s, 'stop-market')
    expect(waiting).toMatchObject({ module: 'spot', symbol: 'btcusdt', side: 'SELL', quantity: '0.001' })
    expect(compare(waiting.triggerPrice!, trigger)).toBe(0)
    expect(waiting.children).toEqual([]) // nothing on the exchange before the trigger

    await steer(s.core.exchange, roundToDecimals(mul(last, '0.9'), 2, 'down'))
    await expect.poll(() => row.getAttribute('data-state'), { timeout: 60_000 }).toBe('done')
    expect(await row.locator(id('algo-progress')).textContent()).toBe('0.001 / 0.001')
    expect(await row.locator(id('algo-state')).textContent()).toMatch(/^done · triggered at /)
    expect(await row.locator(id('algo-child')).allTextContents()).toEqual([
      expect.stringMatching(/^stop leg: market sell 0\.001 · ended, filled 0\.001$/)
    ])
    await s.shot('algos-kinds-stop-market-done')
    const fired = await algoOf(s, 'stop-market')
    expect(compare(fired.triggered!.price, trigger)).toBeLessThanOrEqual(0) // fired at or below its trigger
    expect(fired.children).toEqual([
      expect.objectContaining({ role: 'stop', side: 'SELL', type: 'MARKET', volume: '0.001', price: null })
    ])
    expect(compare(fired.children[0]!.filled, '0.001')).toBe(0)
    expect(errors).toEqual([])
  }, 120_000)

  it('a scaled buy: a hostile count refused, then its levels placed through one batch at the prices and sizes asked', async () => {
    const s = session()
    const { page } = s
    const last = await lastPrice(s)
    // Far below the market so every level rests; three levels 100 USDT apart, linear sizes 1:2:3 (factor 2).
    const from = roundToDecimals(mul(last, '0.6'), 0, 'down')
    const to = sub(from, '200')
    await page.locator(id('algo-kind')).selectOption('scaled')
    await page.locator(id('algo-side-buy')).click()
    await page.locator(id('algo-fromPrice')).fill(from)
    await page.locator(id('algo-toPrice')).fill(to)
    await page.locator(id('algo-sizeFactor')).fill('2')
    await page.locator(id('algo-quantity')).fill('0.006')
    await refusedAsTyped(page, 'orders', '2.5', 'the number of orders must be a whole number')
    expect(await ofKind(s, 'scaled')).toEqual([])
    await page.locator(id('algo-orders')).fill('3')
    expect(await page.locator(id('algo-sizing')).inputValue()).toBe('linear')
    await page.locator(id('algo-review')).click()
    await page.locator(id('algo-confirm-dialog')).waitFor()
    expect(await page.locator(id('algo-confirm-title')).textContent()).toBe('Scaled · Buy 0.006 BTC on BTC/USDT')
    const runs = await page.locator(id('algo-confirm-runs')).textContent()
    expect(runs).toContain('3 limit buy orders of 0.006 BTC in all from')
    expect(runs).toMatch(/1\. 0\.001 BTC at .*2\. 0\.002 BTC at .*3\. 0\.003 BTC at /)
    await s.shot('algos-kinds-scaled-confirm')
    const venue = recordVenueRequests(s)
    try {
      await confirmAlgo(page)
      const row = rowOf(page, 'Scaled')
      await expect
        .poll(() => row.locator(id('algo-child')).allTextContents(), { timeout: 60_000 })
        .toEqual([
          expect.stringMatching(/^level: limit buy 0\.001 at .* · open, filled 0$/),
          expect.stringMatching(/^level: limit buy 0\.002 at .* · open, filled 0$/),
          expect.stringMatching(/^level: limit buy 0\.003 at .* · open, filled 0$/)
        ])
    } finally {
      venue.stop()
    }
    // One batch carried the three; no order of them went alone.
    const batches = venue.sent.filter((r) => r.path.endsWith('/sapi/v1/batchOrders'))
    expect(batches).toHaveLength(1)
    expect((JSON.parse(batches[0]!.body) as { orders: unknown[] }).orders).toHaveLength(3)
    expect(venue.sent.filter((r) => r.method === 'POST' && r.path.endsWith('/sapi/v1/order'))).toEqual([])

    const row = rowOf(page, 'Scaled')
    expect(await row.getAttribute('data-state')).toBe('working')
    expect(await row.locator(id('algo-progress')).textContent()).toBe('0 / 0.006')
    expect(await row.locator(id('algo-next')).textContent()).toContain('its 3 open limits fill (0 of 0.006 filled)')
    await s.shot('algos-kinds-scaled-working')
    const scaled = await algoOf(s, 'scaled')
    expect(scaled).toMatchObject({ side: 'BUY', quantity: '0.006', orders: 3, sizing: 'linear' })
    expect(compare(scaled.fromPrice!, from)).toBe(0)
    expect(compare(scaled.sizeFactor!, '2')).toBe(0)
    const expected = [
      { price: from, quantity: '0.001' },
      { price: sub(from, '100'), quantity: '0.002' },
      { price: to, quantity: '0.003' }
    ]
    const onExchange = scaled.children.map((c) => resting(s, c.orderId!))
    expect(onExchange).toHaveLength(3)
    onExchange.forEach((o, k) => {
      expect(o).toBeDefined()
      expect(compare(o!.price, expected[k]!.price)).toBe(0)
      expect(compare(o!.quantity, expected[k]!.quantity)).toBe(0)
    })

    await row.locator(id('algo-cancel')).click()
    await row.locator(id('algo-cancel-yes')).click()
    await expect.poll(() => row.getAttribute('data-state'), { timeout: 30_000 }).toBe('cancelled')
    for (const c of scaled.children) expect(resting(s, c.orderId!)).toBeUndefined()
    expect(errors).toEqual([])
  }, 120_000)

  it('an iceberg buy: a hostile visible part refused, then each part refreshed at the same price until the total', async () => {
    const s = session()
    const { page } = s
    const last = await lastPrice(s)
    // A limit above the market: each shown part fills as it is placed, and the next is shown at the same price.
    const limit = roundToDecimals(mul(last, '1.02'), 2, 'down')
    await page.locator(id('algo-kind')).selectOption('iceberg')
    await page.locator(id('algo-side-buy')).click()
    await page.locator(id('algo-limitPrice')).fill(limit)
    await page.locator(id('algo-quantity')).fill('0.003')
    await refusedAsTyped(
      page,
      'visibleQuantity',
      'abc',
      'the visible quantity takes digits and one decimal point; "a" is not allowed'
    )
    expect(await ofKind(s, 'iceberg')).toEqual([])
    await page.locator(id('algo-visibleQuantity')).fill('0.001')
    await page.locator(id('algo-review')).click()
    await page.locator(id('algo-confirm-dialog')).waitFor()
    expect(await page.locator(id('algo-confirm-title')).textContent()).toBe('Iceberg · Buy 0.003 BTC on BTC/USDT')
    expect(await page.locator(id('algo-confirm-runs')).textContent()).toMatch(
      /A limit buy of 0\.003 BTC at .*, at most 0\.001 BTC shown at a time/
    )
    await s.shot('algos-kinds-iceberg-confirm')
    await confirmAlgo(page)

    const row = rowOf(page, 'Iceberg')
    await expect.poll(() => row.getAttribute('data-state'), { timeout: 60_000 }).toBe('done')
    expect(await row.locator(id('algo-progress')).textContent()).toBe('0.003 / 0.003')
    expect(await row.locator(id('algo-child')).allTextContents()).toEqual(
      Array(3).fill(expect.stringMatching(/^slice: limit buy 0\.001 at .* · ended, filled 0\.001$/))
    )
    await s.shot('algos-kinds-iceberg-done')
    const iceberg = await algoOf(s, 'iceberg')
    expect(iceberg).toMatchObject({ side: 'BUY', quantity: '0.003', filled: '0.003' })
    expect(compare(iceberg.visibleQuantity!, '0.001')).toBe(0)
    // Three parts, one after another, each the visible quantity at the limit price typed.
    expect(iceberg.children).toHaveLength(3)
    for (const c of iceberg.children) {
      expect(c).toMatchObject({ role: 'slice', side: 'BUY', type: 'LIMIT', volume: '0.001', state: 'final' })
      expect(compare(c.price!, limit)).toBe(0)
    }
    expect(new Set(iceberg.children.map((c) => c.orderId)).size).toBe(3)
    expect(errors).toEqual([])
  }, 120_000)

  it('a chase buy: no bound refused, then it joins the best bid, follows the book up and stops at its bound', async () => {
    const s = session()
    const { page } = s
    const ex = s.core.exchange
    // The market held still: the best bid the chase joins is known.
    await pauseActivity(ex, true)
    const bid = formatScaled(ex.spot.engine.bestBid('btcusdt')!, 2)
    const bound = roundToDecimals(mul(bid, '1.01'), 2, 'down')
    await page.locator(id('algo-kind')).selectOption('chase')
    await page.locator(id('algo-side-buy')).click()
    await page.locator(id('algo-intervalSeconds')).fill('1')
    await page.locator(id('algo-quantity')).fill('0.005')
    // Neither a limit nor a distance: how far it may follow is unsaid.
    await page.locator(id('algo-limitPrice')).fill('')
    await page.locator(id('algo-maxDistancePercent')).fill('')
    await expect
      .poll(() => page.locator(id('algo-refusal')).textContent())
      .toBe('a chase needs a limit price, a maximum distance, or both: how far it may follow')
    expect(await page.locator(id('algo-review')).isDisabled()).toBe(true)
    expect(await ofKind(s, 'chase')).toEqual([])
    await page.locator(id('algo-limitPrice')).fill(bound)
    await page.locator(id('algo-review')).click()
    await page.locator(id('algo-confirm-dialog')).waitFor()
    expect(await page.locator(id('algo-confirm-title')).textContent()).toBe('Chase · Buy 0.005 BTC on BTC/USDT')
    expect(await page.locator(id('algo-confirm-runs')).textContent()).toMatch(
      /A limit buy of 0\.005 BTC at the best bid, moved with it at most once every 1 seconds, never beyond /
    )
    await s.shot('algos-kinds-chase-confirm')
    await confirmAlgo(page)

    const row = rowOf(page, 'Chase')
    await expect
      .poll(async () => (await algoOf(s, 'chase'))?.children.filter((c) => c.state === 'open').length, {
        timeout: 30_000
      })
      .toBe(1)
    const joined = await algoOf(s, 'chase')
    expect(compare(joined.chaseBound!, bound)).toBe(0)
    expect(joined.children).toHaveLength(1)
    expect(compare(joined.children[0]!.price!, bid)).toBe(0) // at the best bid
    const first = resting(s, joined.children[0]!.orderId!)!
    expect([compare(first.price, bid), compare(first.quantity, '0.005')]).toEqual([0, 0])
    expect(await row.getAttribute('data-state')).toBe('working')
    await expect
      .poll(() => row.locator(id('algo-next')).textContent(), { timeout: 15_000 })
      .toMatch(/^its limit at .* fills, or the book moves/)
    await s.shot('algos-kinds-chase-joined')

    // The market steered well above the bound: the chase follows and stops at its bound, never beyond.
    await pauseActivity(ex, false)
    await steer(ex, roundToDecimals(mul(bid, '1.05'), 2, 'down'))
    await expect
      .poll(
        async () => {
          const a = await algoOf(s, 'chase')
          const live = a.children.find((c) => c.state === 'open')
          return live && compare(live.price!, bound)
        },
        { timeout: 60_000 }
      )
      .toBe(0)
    const chase = await algoOf(s, 'chase')
    expect(chase.children.length).toBeGreaterThanOrEqual(2) // it moved
    for (const c of chase.children) expect(compare(c.price!, bound)).toBeLessThanOrEqual(0)
    expect(chase.children.filter((c) => c.state === 'open')).toHaveLength(1) // never two live
    const live = chase.children.find((c) => c.state === 'open')!
    const onExchange = resting(s, live.orderId!)!
    expect(compare(onExchange.price, bound)).toBe(0)
    // What is left, no more: the live order's size and what the ended ones filled make the total.
    const endedFilled = chase.children.filter((c) => c !== live).reduce((sum, c) => add(sum, c.filled), '0')
    expect(compare(onExchange.quantity, live.volume)).toBe(0)
    expect(compare(add(live.volume, endedFilled), '0.005')).toBe(0)
    expect(chase.state).toBe('working')
    await expect.poll(() => row.locator(id('algo-next')).textContent(), { timeout: 15_000 }).toContain('(bound ')
    await s.shot('algos-kinds-chase-bound')

    await row.locator(id('algo-cancel')).click()
    await row.locator(id('algo-cancel-yes')).click()
    await expect.poll(() => row.getAttribute('data-state'), { timeout: 30_000 }).toBe('cancelled')
    expect(resting(s, live.orderId!)).toBeUndefined()
    expect(errors).toEqual([])
  }, 120_000)

  it('a futures bracket opening a long: contracts refused as typed, its entry fills, its take profit rests as a close, its stop loss closes flat', async () => {
    const s = session()
    const { page } = s
    await page.locator(id('module-tab-futures')).click()
    await page.locator(`${id('order-entry')} .op-head strong`, { hasText: 'BTC/USDT perpetual' }).waitFor()
    await page.locator(id('order-entry-tab-algo')).click()
    const last = await futuresLast(s)
    // An entry above the market fills at once; the take profit above it rests; the stop loss below waits. Above the
    // book's best ask too: earlier tests steer the market, and the contract's book may stand above its last trade
    // (the clean-clone CI drew an entry at last + 2 % resting under the ask for a minute).
    const ask = await futuresBestAsk(s)
    const top = compare(ask, last) > 0 ? ask : last
    const entry = roundToDecimals(mul(top, '1.02'), 1, 'down')
    const takeProfit = roundToDecimals(mul(top, '1.06'), 1, 'down')
    const trigger = roundToDecimals(mul(last, '0.95'), 1, 'down')
    await page.locator(id('algo-kind')).selectOption('bracket')
    await page.locator(id('algo-open')).click()
    await page.locator(id('algo-side-buy')).click()
    expect(await page.locator(id('algo-side-buy')).textContent()).toContain('Open long')
    await page.locator(id('algo-limitPrice')).fill(entry)
    await page.locator(id('algo-takeProfitPrice')).fill(takeProfit)
    await page.locator(id('algo-triggerPrice')).fill(trigger)
    await page.locator(id('algo-stopLimitPrice')).fill('') // optional on futures: its stop loss closes at the market
    await refusedAsTyped(page, 'quantity', '0.5', 'the quantity takes whole numbers on BTC/USDT perpetual: 1')
    expect(await ofKind(s, 'bracket')).toEqual([])
    await page.locator(id('algo-quantity')).fill('2')
    await page.locator(id('algo-review')).click()
    await page.locator(id('algo-confirm-dialog')).waitFor()
    expect(await page.locator(id('algo-confirm-title')).textContent()).toBe(
      'Bracket · Open long 2 contracts on BTC/USDT perpetual'
    )
    expect(await page.locator(id('algo-confirm-runs')).textContent()).toContain('takes the profit')
    await s.shot('algos-kinds-futures-bracket-confirm')
    await confirmAlgo(page)

    const row = rowOf(page, 'Bracket')
    expect(await row.locator(id('algo-side')).textContent()).toBe('Open long')
    const children = row.locator(id('algo-child'))
    await expect
      .poll(() => children.allTextContents(), { timeout: 60_000 })
      .toEqual([
        expect.stringMatching(/^entry: limit buy 2 at .* · ended, filled 2$/),
        expect.stringMatching(/^take profit: limit sell 2 at .* · open, filled 0$/)
      ])
    expect(await row.locator(id('algo-progress')).textContent()).toBe('2 / 2')
    await s.shot('algos-kinds-futures-bracket-working')
    const bracket = await algoOf(s, 'bracket')
    expect(bracket).toMatchObject({ module: 'futures', symbol: CONTRACT, side: 'BUY', open: 'OPEN', quantity: '2' })
    expect(bracket.positionType).toBe(1)
    expect(compare(bracket.limitPrice!, entry)).toBe(0)
    expect(compare(bracket.takeProfitPrice!, takeProfit)).toBe(0)
    expect(compare(bracket.triggerPrice!, trigger)).toBe(0)
    expect(bracket.stopLimitPrice).toBeNull()
    const tp = bracket.children.find((c) => c.role === 'take-profit')!
    expect(compare(tp.price!, takeProfit)).toBe(0)
    const onExchange = s.core.exchange.futures.orders.get(tp.orderId!)
    expect(onExchange).toMatchObject({ contract: CONTRACT, side: 'SELL', action: 'CLOSE', volume: 2 })
    expect(s.core.exchange.futures.openOrders(onExchange!.account, CONTRACT).map((o) => o.id)).toContain(tp.orderId)
    expect(await longHeld(s)).toBe('2')

    // The last price steered through the stop loss: the take profit is cancelled, the long closed at the market.
    await steer(s.core.exchange, roundToDecimals(mul(last, '0.9'), 2, 'down'))
    await expect.poll(() => row.getAttribute('data-state'), { timeout: 60_000 }).toBe('done')
    expect(await row.locator(id('algo-state')).textContent()).toMatch(/^done · triggered at /)
    await s.shot('algos-kinds-futures-bracket-stopped')
    const stopped = await algoOf(s, 'bracket')
    expect(stopped.children.map((c) => [c.role, c.side, c.type, c.volume])).toEqual([
      ['entry', 'BUY', 'LIMIT', '2'],
      ['take-profit', 'SELL', 'LIMIT', '2'],
      ['stop', 'SELL', 'MARKET', '2']
    ])
    expect(s.core.exchange.futures.openOrders(onExchange!.account, CONTRACT).map((o) => o.id)).not.toContain(tp.orderId)
    await expect.poll(() => longHeld(s), { timeout: 30_000 }).toBe('0')
    expect(errors).toEqual([])
  }, 120_000)
})
