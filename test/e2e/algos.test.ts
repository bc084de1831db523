// Algorithms from the UI in a real Chromium, run by main against the embedded exchange: a stop-limit sell made in
// the order form's Algo tab through its confirmation fires when the control API steers BTC/USDT through its trigger,
// ends done in the Algorithms panel with its child order, and that order is in the orders tab's history; then an OCO
// whose limit rests is stopped by the kill switch (it asks first), its limit order cancelled; then a bracket buy made
// in the tab fills its entry and rests its take profit on the embedded exchange, and its cancel cancels it there;
// then a TWAP's limit price edited from the panel (a hostile value refused first) moves its resting slice.
import { describe, expect, it } from 'vitest'
import { compare, mul, roundToDecimals } from '@shared/decimal'
import type { RunningExchange } from '../../src-sim/exchange'
import { testId as id, useTerminalSession, withContract, type TerminalSession } from './terminal-harness'
import { confirmAlgo } from './algo-confirm'

async function steer(e: RunningExchange, symbol: string, price: string): Promise<void> {
  const res = await fetch(`${e.url}/sim/v1/price`, {
    method: 'POST',
    body: JSON.stringify({ symbol, price }),
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${e.controlToken}` }
  })
  if (res.status !== 200) throw new Error(`steer: ${await res.text()}`)
}

const lastPrice = async (s: TerminalSession): Promise<string> =>
  (await withContract(s.core, (c) => c.invoke('market.tickers', { module: 'spot', symbols: ['btcusdt'] })))[0]!.close

const algos = (s: TerminalSession) => withContract(s.core, (c) => c.invoke('algos.list', {}))

describe('algorithms in Chromium', () => {
  const { session, errors } = useTerminalSession(async (s) => {
    await s.page.locator(id('order-entry')).waitFor({ timeout: 20_000 })
  })

  it('a stop-limit sell from the Algo tab fires through its trigger and ends done with its order', async () => {
    const s = session()
    const { page } = s
    await page.locator(id('bottom-tab-algos')).click()
    await page.locator(id('algo-empty')).waitFor({ timeout: 20_000 })
    await page.locator(id('order-entry-tab-algo')).click()
    const last = await lastPrice(s)
    const trigger = roundToDecimals(mul(last, '0.97'), 2, 'down')
    const limit = roundToDecimals(mul(last, '0.85'), 2, 'down')
    await page.locator(id('algo-kind')).selectOption('stop-limit')
    await page.locator(id('algo-side-sell')).click()
    await page.locator(id('algo-triggerPrice')).fill(trigger)
    await page.locator(id('algo-stopLimitPrice')).fill(limit)
    await page.locator(id('algo-quantity')).fill('-0.001') // refused as typed, in words
    expect(await page.locator(id('algo-refusal')).textContent()).toBe(
      'the quantity takes no sign: type the number alone'
    )
    expect(await page.locator(id('algo-review')).isDisabled()).toBe(true)
    await page.locator(id('algo-quantity')).fill('0.001')
    await page.locator(id('algo-review')).click()
    await page.locator(id('algo-confirm-dialog')).waitFor()
    expect(await page.locator(id('algo-confirm-title')).textContent()).toBe('Stop limit · Sell 0.001 BTC on BTC/USDT')
    await s.shot('algos-confirm')
    // Its stop limit 15% under the market is beyond the price guard (5%): named, and ticked before it starts.
    expect(await page.locator(id('algo-confirm')).isDisabled()).toBe(true)
    expect(await confirmAlgo(page)).toEqual([
      expect.stringMatching(
        /^Stop limit [\d,.]+ USDT is 1[45](\.\d+)?% below the last price [\d,.]+ \(price guard: 5%\)$/
      )
    ])
    await expect
      .poll(() => page.locator(id('algo-result')).textContent(), { timeout: 15_000 })
      .toMatch(/^Stop limit started; next: Sell when the last price reaches /)
    const row = page.locator(id('algo-item')).first()
    await expect.poll(() => row.getAttribute('data-state'), { timeout: 15_000 }).toBe('waiting')
    expect(await row.locator(id('algo-progress')).textContent()).toBe('0 / 0.001')
    await s.shot('algos-waiting')

    await steer(s.core.exchange, 'btcusdt', roundToDecimals(mul(last, '0.9'), 2, 'down'))
    await expect.poll(() => row.getAttribute('data-state'), { timeout: 60_000 }).toBe('done')
    expect(await row.locator(id('algo-progress')).textContent()).toBe('0.001 / 0.001')
    expect(await row.locator(id('algo-state')).textContent()).toMatch(/^done · triggered at /)
    expect(await row.locator(id('algo-child')).textContent()).toMatch(/^stop leg: limit sell 0.001 at .* · ended/)
    await s.shot('algos-done')

    const [done] = await algos(s)
    const orderId = done!.children[0]!.orderId!
    await page.locator(id('bottom-tab-orders')).click()
    await page.locator(id('orders-tab-history')).click()
    const order = page.locator(`${id('order-history')} tbody tr[data-order-id="${orderId}"]`)
    await expect.poll(() => order.getAttribute('data-status'), { timeout: 20_000 }).toBe('FILLED')
  }, 180_000)

  it('the kill switch asks first, then stops every algorithm and cancels their orders', async () => {
    const s = session()
    const { page } = s
    await page.locator(id('bottom-tab-algos')).click()
    const last = await lastPrice(s)
    // An OCO sell whose limit rests far above the market and whose trigger is far below it: it waits, one order open.
    await page.locator(id('algo-kind')).selectOption('oco')
    await page.locator(id('algo-side-sell')).click()
    await page.locator(id('algo-limitPrice')).fill(roundToDecimals(mul(last, '1.5'), 2, 'down'))
    await page.locator(id('algo-triggerPrice')).fill(roundToDecimals(mul(last, '0.5'), 2, 'down'))
    await page.locator(id('algo-stopLimitPrice')).fill('') // optional on a sell: its stop is then a market sell
    await page.locator(id('algo-quantity')).fill('0.001')
    await page.locator(id('algo-review')).click()
    await confirmAlgo(page)
    const oco = page.locator(id('algo-item')).filter({ has: page.locator(id('algo-kind-cell'), { hasText: 'OCO' }) })
    await expect.poll(() => oco.locator(id('algo-child')).textContent(), { timeout: 20_000 }).toContain('open')

    await page.locator(id('algo-kill')).click()
    expect(await page.locator(id('algo-kill-ask')).textContent()).toContain('Stop every running algorithm of')
    await s.shot('algos-kill-ask')
    // Nothing is stopped before the yes.
    expect((await algos(s)).filter((a) => a.state === 'waiting' || a.state === 'working')).toHaveLength(1)
    await page.locator(id('algo-kill-yes')).click()
    await expect.poll(() => oco.getAttribute('data-state'), { timeout: 30_000 }).toBe('cancelled')
    expect(await oco.locator(id('algo-next')).textContent()).toBe('stopped by the kill switch')
    expect(await oco.locator(id('algo-child')).textContent()).toContain('ended')
    await s.shot('algos-killed')
    const killed = (await algos(s)).find((a) => a.kind === 'oco')!
    await page.locator(id('bottom-tab-orders')).click()
    await page.locator(id('orders-tab-history')).click()
    const order = page.locator(`${id('order-history')} tbody tr[data-order-id="${killed.children[0]!.orderId}"]`)
    await expect.poll(() => order.getAttribute('data-status'), { timeout: 20_000 }).toBe('CANCELED')
    expect(errors).toEqual([])
  }, 180_000)

  it('a bracket buy from the Algo tab: its entry fills, its take profit rests on the exchange, cancel takes it off', async () => {
    const s = session()
    const { page } = s
    await page.locator(id('bottom-tab-algos')).click()
    await page.locator(id('order-entry-tab-algo')).click()
    const last = await lastPrice(s)
    // An entry above the market fills at once; the take profit far above it rests; the stop loss far below waits.
    const entry = roundToDecimals(mul(last, '1.02'), 2, 'down')
    const takeProfit = roundToDecimals(mul(last, '1.5'), 2, 'down')
    await page.locator(id('algo-kind')).selectOption('bracket')
    await page.locator(id('algo-side-buy')).click()
    await page.locator(id('algo-limitPrice')).fill(entry)
    await page.locator(id('algo-takeProfitPrice')).fill(`${takeProfit}5`) // a tick too fine: refused as typed
    await page.locator(id('algo-triggerPrice')).fill(roundToDecimals(mul(last, '0.5'), 2, 'down'))
    await page.locator(id('algo-quantity')).fill('0.001')
    expect(await page.locator(id('algo-refusal')).textContent()).toMatch(
      /^the take-profit price ticks are 0\.01 USDT on BTC\/USDT: /
    )
    expect(await page.locator(id('algo-takeProfitPrice')).inputValue()).toBe(`${takeProfit}5`)
    await page.locator(id('algo-takeProfitPrice')).fill(takeProfit)
    await page.locator(id('algo-review')).click()
    await page.locator(id('algo-confirm-dialog')).waitFor()
    expect(await page.locator(id('algo-confirm-title')).textContent()).toBe('Bracket · Buy 0.001 BTC on BTC/USDT')
    expect(await page.locator(id('algo-confirm-runs')).textContent()).toContain('takes the profit')
    await s.shot('algos-bracket-confirm')
    await confirmAlgo(page)

    const row = page
      .locator(id('algo-item'))
      .filter({ has: page.locator(id('algo-kind-cell'), { hasText: 'Bracket' }) })
    const children = row.locator(id('algo-child'))
    await expect
      .poll(() => children.allTextContents(), { timeout: 60_000 })
      .toEqual([
        expect.stringMatching(/^entry: limit buy 0\.001 at .* · ended, filled 0\.001$/),
        expect.stringMatching(/^take profit: limit sell 0\.001 at .* · open, filled 0$/)
      ])
    expect(await row.locator(id('algo-progress')).textContent()).toBe('0.001 / 0.001')
    await s.shot('algos-bracket-working')
    const bracket = (await algos(s)).find((a) => a.kind === 'bracket')!
    const tp = bracket.children.find((c) => c.role === 'take-profit')!
    const onExchange = s.core.exchange.spot.engine.getOpenOrder(tp.orderId!)
    expect(onExchange).toBeDefined()

    await row.locator(id('algo-cancel')).click()
    await row.locator(id('algo-cancel-yes')).click()
    await expect.poll(() => row.getAttribute('data-state'), { timeout: 30_000 }).toBe('cancelled')
    expect(s.core.exchange.spot.engine.getOpenOrder(tp.orderId!)).toBeUndefined()
    expect(errors).toEqual([])
  }, 180_000)

  it("a TWAP's limit price edited while it runs: refused as typed, then its resting slice moves to the new price", async () => {
    const s = session()
    const { page } = s
    await page.locator(id('bottom-tab-algos')).click()
    await page.locator(id('order-entry-tab-algo')).click()
    const last = await lastPrice(s)
    // A buy far below the market: its first slice rests.
    const limit = roundToDecimals(mul(last, '0.6'), 2, 'down')
    const moved = roundToDecimals(mul(last, '0.55'), 2, 'down')
    await page.locator(id('algo-kind')).selectOption('twap')
    await page.locator(id('algo-side-buy')).click()
    await page.locator(id('algo-limitPrice')).fill(limit)
    await page.locator(id('algo-durationSeconds')).fill('600')
    await page.locator(id('algo-slices')).fill('2')
    await page.locator(id('algo-quantity')).fill('0.002')
    await page.locator(id('algo-review')).click()
    await confirmAlgo(page)
    const row = page.locator(id('algo-item')).filter({ has: page.locator(id('algo-kind-cell'), { hasText: 'TWAP' }) })
    const children = row.locator(id('algo-child'))
    await expect
      .poll(() => children.allTextContents(), { timeout: 60_000 })
      .toEqual([expect.stringMatching(/^slice: limit buy 0\.001 at .* · open, filled 0$/)])

    await row.locator(id('algo-edit-open')).click()
    const field = page.locator(id('algo-edit-limitPrice'))
    expect(await field.inputValue()).toBe(limit)
    await field.fill(`${moved}5`) // a tick too fine: refused as typed, nothing sent
    expect(await page.locator(id('algo-edit-refusal')).textContent()).toMatch(
      /^the limit price ticks are 0\.01 USDT on BTC\/USDT: /
    )
    expect(await page.locator(id('algo-edit-save')).isDisabled()).toBe(true)
    expect(await field.inputValue()).toBe(`${moved}5`)
    await s.shot('algos-edit-refused')
    await field.fill(moved)
    // 45% under the last price: named with its distance, and Save waits for its own tick (AlgoEditRow's guards).
    const guard = page.locator(id('algo-edit-guard'))
    await expect
      .poll(() => guard.locator('span').textContent())
      .toMatch(/^Limit [\d,.]+ USDT is [\d.]+% below the last price [\d,.]+ \(price guard: 5%\)$/)
    expect(await page.locator(id('algo-edit-save')).isDisabled()).toBe(true)
    await s.shot('algos-edit-guard')
    await guard.locator(id('algo-edit-guard-ack')).check()
    await page.locator(id('algo-edit-save')).click()
    await page.locator(id('algo-edit')).waitFor({ state: 'detached', timeout: 15_000 })
    await expect
      .poll(() => children.allTextContents(), { timeout: 60_000 })
      .toEqual([
        expect.stringMatching(/^slice: limit buy 0\.001 at .* · ended, filled 0$/),
        expect.stringMatching(/^slice: limit buy 0\.001 at .* · open, filled 0$/)
      ])
    expect(await row.locator(id('algo-term')).first().textContent()).toContain('Limit')
    await s.shot('algos-edit-moved')
    const twap = (await algos(s)).find((a) => a.kind === 'twap')!
    expect(twap.limitPrice).toBe(moved)
    expect(twap.edits).toEqual([{ at: expect.any(Number), changes: [{ field: 'limitPrice', from: limit, to: moved }] }])
    const [first, second] = twap.children
    expect(compare(second!.price!, moved)).toBe(0)
    expect(s.core.exchange.spot.engine.getOpenOrder(first!.orderId!)).toBeUndefined()
    expect(s.core.exchange.spot.engine.getOpenOrder(second!.orderId!)).toBeDefined()

    await row.locator(id('algo-cancel')).click()
    await row.locator(id('algo-cancel-yes')).click()
    await expect.poll(() => row.getAttribute('data-state'), { timeout: 30_000 }).toBe('cancelled')
    expect(errors).toEqual([])
  }, 180_000)
})
