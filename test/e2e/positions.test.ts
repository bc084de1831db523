// Closing part of a position from its row, in a real Chromium against the embedded exchange: a long of 45 contracts
// is opened from the order form, a stop-loss and a take-profit for the whole position are attached from the row,
// then 20 contracts are closed from the row with 20 typed in, behind the confirmation. Asserted on the page (the
// confirmation's words, the row's size and legs), on the contract traffic (the one placeOrder the close sends) and
// on the exchange's own state: the position holds 25 and both waiting legs were replaced by legs of 25 (main's TP/SL
// keeper), with the old ones of 45 cancelled. The PnL history then lists the partial close's fills.
import { resolve } from 'node:path'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { formatFixed, mul } from '@shared/decimal'
import { openLong } from './order-form-ui'
import { recordCalls, testId as id, useTerminalSession, type SentCall } from './terminal-harness'

const C = 'E-BTC-USDT'

describe('a position closed in part from its row, in Chromium', () => {
  const sent: SentCall[] = []
  let page: Page
  const { session, errors } = useTerminalSession(async (s) => {
    // A page of its own, watched from its first frame: every contract call it makes (the browser host's WebSocket
    // carries the contract as JSON text).
    page = await s.chromium.context.newPage()
    page.on('pageerror', (e) => errors.push(String(e)))
    recordCalls(page, sent)
    await page.goto(s.launchUrl())
    await page.locator(id('order-entry')).waitFor({ timeout: 20_000 })
    await page.locator(id('module-tab-futures')).click()
    await page.locator(`${id('order-entry')} .op-head strong`, { hasText: 'BTC/USDT perpetual' }).waitFor()
  })
  const shot = (name: string) =>
    page
      .locator(id('position-panel'))
      .screenshot({ path: resolve(import.meta.dirname, `../../test-results/e2e/${name}.png`) })

  it('closes 20 of 45 contracts behind the confirmation and keeps both TP/SL legs at the 25 left', async () => {
    const s = session()
    const v = s.core.exchange.futures
    // A long of 45 contracts, opened from the order form.
    const row = await openLong(page, '45')

    // Stop-loss and take-profit for the whole position, confirmed.
    const mark = ((await row.locator(id('position-mark')).textContent()) ?? '').replace(/,/g, '')
    const [sl, tp] = [formatFixed(mul(mark, '0.9'), 1, 'down'), formatFixed(mul(mark, '1.1'), 1, 'down')]
    await row.locator(id('position-tpsl')).click()
    await page.locator(id('tpsl-sl')).fill(sl)
    await page.locator(id('tpsl-tp')).fill(tp)
    await page.locator(id('tpsl-submit')).click()
    await page.locator(id('position-confirm-send')).click()
    const legs = row.locator(id('position-leg'))
    await expect
      .poll(
        () =>
          legs.evaluateAll((ls) =>
            ls.map((l) => `${l.getAttribute('data-leg-kind')} ${l.getAttribute('data-leg-volume')}`)
          ),
        { timeout: 15_000 }
      )
      .toEqual(['stop-loss 45', 'take-profit 45'])

    // Close 20 from the row: the confirmation names it and the legs it will resize; nothing is sent before "Confirm".
    const before = sent.filter((c) => c.channel === 'trading.placeOrder').length
    await row.locator(id('position-close-qty')).fill('20')
    await row.locator(id('position-close-market')).click()
    const confirm = page.locator(id('position-confirm'))
    await expect
      .poll(() => confirm.textContent())
      .toContain('Close 20 of 45 contracts of the long BTC/USDT perpetual at market')
    expect(await confirm.textContent()).toContain('Stop-loss 45 contracts will be resized to the 25 contracts left')
    expect(sent.filter((c) => c.channel === 'trading.placeOrder').length).toBe(before)
    await shot('position-partial-close-confirm')
    await page.locator(id('position-confirm-send')).click()

    await expect.poll(() => row.locator(id('position-size')).textContent(), { timeout: 15_000 }).toBe('25')
    const closes = sent.filter((c) => c.channel === 'trading.placeOrder').slice(before)
    expect(
      closes.map((c) => ({
        symbol: c.input['symbol'],
        side: c.input['side'],
        type: c.input['type'],
        volume: c.input['volume'],
        open: c.input['open']
      }))
    ).toEqual([{ symbol: C, side: 'SELL', type: 'MARKET', volume: '20', open: 'CLOSE' }])

    // The legs follow the position: shown at 25 without the "resizing" flag, and so on the exchange.
    await expect
      .poll(
        () =>
          legs.evaluateAll((ls) =>
            ls.map((l) => `${l.getAttribute('data-leg-kind')} ${l.getAttribute('data-leg-volume')}`)
          ),
        { timeout: 20_000 }
      )
      .toEqual(['stop-loss 25', 'take-profit 25'])
    expect(await row.locator(id('position-leg-resizing')).count()).toBe(0)
    const waiting = [...v.triggers.values()].filter((t) => t.contract === C && t.status === 1 && t.kind === 'tpsl')
    expect(
      waiting
        .map((t) => [t.triggerType, String(v.orders.get(t.id)!.volume), v.contracts.get(C)!.priceText(t.triggerPrice)])
        .sort()
    ).toEqual([
      [3, '25', sl],
      [4, '25', tp]
    ])
    const position = [...v.accounts.values()]
      .flatMap((a) => [...a.positions.values()])
      .find((p) => p.contract === C && p.qty > 0 && waiting.some((t) => t.positionId === p.id))
    expect(position?.qty).toBe(25)
    const cancelled = [...v.triggers.values()].filter((t) => t.contract === C && t.status === 4 && t.kind === 'tpsl')
    expect(cancelled.map((t) => String(v.orders.get(t.id)!.volume))).toEqual(['45', '45'])
    await shot('position-partial-close-legs')

    // The PnL history lists the partial close at once (the venue's own history waits for the full close).
    await page.locator(id('positions-tab-pnl')).click()
    const fills = page.locator(id('closing-fill'))
    await expect.poll(() => fills.count(), { timeout: 15_000 }).toBeGreaterThan(0)
    const realized = [...v.records.trades.values()].flat().filter((t) => t.contract === C && t.action === 'CLOSE')
    expect(realized.reduce((n, t) => n + t.qty, 0)).toBe(20)
    expect(await fills.count()).toBe(realized.length)
    expect(await fills.first().textContent()).toMatch(/BTC\/USDT perpetual.*long/)
    await shot('position-partial-close-pnl')
    expect(errors).toEqual([])
  })
})
