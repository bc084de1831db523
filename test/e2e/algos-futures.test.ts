// Algorithms on futures from the order form's Algo tab in a real Chromium at 1280x720, run by main against the
// embedded exchange: the tab offers the kinds main runs on futures, refuses hostile contracts in words, fits the order
// column; a TWAP opening a long goes through its confirmation in futures words, main receives the futures spec (open,
// margin mode, contracts) and its slice rests on the exchange as an OPEN of whole contracts; its edit's refusal shows
// whole in the Algorithms panel; a close larger than the position is refused by the form, and by main when the
// position shrinks between the confirmation's look and its Start; a switch to another account's profile mid-form
// carries nothing typed for the first into the second's start.
import { resolve } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { mul, roundToDecimals } from '@shared/decimal'
import { FUTURES_ALGO_KINDS } from '@shared/ipc/schemas/algos'
import {
  openRecordedPage,
  testId as id,
  useTerminalSession,
  withContract,
  type SentCall,
  type TerminalSession
} from './terminal-harness'
import { addRemoteProfile, switchProfile } from './profiles-ui'
import { SECOND_KEYS, startSecondExchange, type SecondExchange } from './second-exchange'
import { confirmAlgo } from './algo-confirm'

const CONTRACT = 'E-BTC-USDT'

const lastPrice = async (s: TerminalSession): Promise<string> =>
  (await withContract(s.core, (c) => c.invoke('market.tickers', { module: 'futures', symbols: [CONTRACT] })))[0]!.close

const longHeld = async (s: TerminalSession): Promise<string> => {
  const all = await withContract(s.core, (c) => c.invoke('account.positions', { symbol: CONTRACT }))
  return all.find((p) => p.side === 'BUY' && p.contractName === CONTRACT)?.volume ?? '0'
}

/** A market order on the contract through the contract, as another window sends one. */
const marketOrder = (s: TerminalSession, side: 'BUY' | 'SELL', open: 'OPEN' | 'CLOSE', volume: string) =>
  withContract(s.core, (c) =>
    c.invoke('trading.placeOrder', {
      module: 'futures',
      symbol: CONTRACT,
      side,
      type: 'MARKET',
      open,
      positionType: 1,
      volume
    })
  )

/** A picture of the recorded page (the session's own `shot` takes its first page), in test-results/e2e. */
const shot = (page: Page, name: string, selector?: string): Promise<unknown> => {
  const path = resolve(import.meta.dirname, `../../test-results/e2e/${name}.png`)
  return selector ? page.locator(selector).first().screenshot({ path }) : page.screenshot({ path })
}

/** A TWAP over 600 seconds in 2 slices at `limit`, typed in the Algo tab. */
async function typeTwap(page: Page, side: 'buy' | 'sell', limit: string, quantity: string): Promise<void> {
  await page.locator(id('algo-kind')).selectOption('twap')
  await page.locator(id(`algo-side-${side}`)).click()
  await page.locator(id('algo-limitPrice')).fill(limit)
  await page.locator(id('algo-durationSeconds')).fill('600')
  await page.locator(id('algo-slices')).fill('2')
  await page.locator(id('algo-quantity')).fill(quantity)
}

describe('algorithms on futures in Chromium', () => {
  const { session } = useTerminalSession()
  const calls: SentCall[] = []
  const errors: string[] = []
  let page: Page
  let second: SecondExchange | undefined
  afterAll(async () => {
    await second?.close()
  })

  it('a TWAP opening a long from the Algo tab: the futures spec main received and its slice on the exchange', async () => {
    const s = session()
    page = await openRecordedPage(s, calls, errors)
    await page.locator(id('order-entry')).waitFor({ timeout: 20_000 })
    await page.locator(id('module-tab-futures')).click()
    await page.locator(`${id('order-entry')} .op-head strong`, { hasText: 'BTC/USDT perpetual' }).waitFor()
    await page.locator(id('order-entry-tab-algo')).click()
    const offered = await page
      .locator(`${id('algo-kind')} option`)
      .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value))
    expect([...offered].sort()).toEqual([...FUTURES_ALGO_KINDS].sort())
    expect(await page.locator(id('algo-margin')).textContent()).toBe('Margin: Cross')

    const last = await lastPrice(s)
    const limit = roundToDecimals(mul(last, '0.6'), 1, 'down') // far below the market: its slices rest
    await typeTwap(page, 'buy', limit, '10')
    expect(await page.locator(id('algo-side-buy')).textContent()).toContain('Open long')
    // Hostile contracts: refused in words at the field, kept as typed, nothing to review.
    for (const [text, words] of [
      ['-5', 'the quantity takes no sign: type the number alone'],
      ['1e3', 'write the quantity in full digits, not as an exponent: 1e3 is 1000'],
      ['abc', 'the quantity takes digits and one decimal point; "a" is not allowed'],
      ['0.5', 'the quantity takes whole numbers on BTC/USDT perpetual: 1']
    ] as const) {
      await page.locator(id('algo-quantity')).fill(text)
      await expect.poll(() => page.locator(id('algo-refusal')).textContent()).toBe(words)
      expect(await page.locator(id('algo-quantity')).inputValue()).toBe(text)
      expect(await page.locator(id('algo-review')).isDisabled()).toBe(true)
    }
    await page.locator(id('algo-quantity')).fill('')
    await expect.poll(() => page.locator(id('algo-hint')).textContent()).toBe('the quantity is required')
    expect(await page.locator(id('algo-review')).isDisabled()).toBe(true)
    await page.locator(id('algo-quantity')).fill('10')
    // The tab fits the order column: nothing wider than it (clipped), the review button in view.
    const form = page.locator(id('algo-form'))
    expect(await form.evaluate((e) => e.scrollWidth <= e.clientWidth)).toBe(true)
    await shot(page, 'algos-futures-tab', id('order-entry'))

    await page.locator(id('algo-review')).click()
    await page.locator(id('algo-confirm-dialog')).waitFor()
    expect(await page.locator(id('algo-confirm-title')).textContent()).toBe(
      'TWAP · Open long 10 contracts on BTC/USDT perpetual'
    )
    expect(await page.locator(id('algo-confirm-rows')).textContent()).toContain('Margin modeCross')
    expect(await page.locator(id('algo-confirm-runs')).textContent()).toContain(
      'Its orders open or add to a long position in cross margin, at the leverage set on the venue.'
    )
    await shot(page, 'algos-futures-confirm')
    expect(calls.filter((c) => c.channel === 'algos.create')).toEqual([]) // asks first
    await confirmAlgo(page)
    await expect
      .poll(() => page.locator(id('algo-result')).textContent(), { timeout: 15_000 })
      .toMatch(/^TWAP started; next: /)
    expect(calls.filter((c) => c.channel === 'algos.create').map((c) => c.input)).toEqual([
      expect.objectContaining({
        kind: 'twap',
        module: 'futures',
        symbol: CONTRACT,
        open: 'OPEN',
        positionType: 1,
        side: 'BUY',
        quantity: '10',
        limitPrice: limit,
        durationSeconds: 600,
        slices: 2
      })
    ])

    await page.locator(id('bottom-tab-algos')).click()
    const row = page.locator(id('algo-item')).filter({ has: page.locator(id('algo-kind-cell'), { hasText: 'TWAP' }) })
    expect(await row.locator(id('algo-side')).textContent()).toBe('Open long')
    await expect
      .poll(() => row.locator(id('algo-child')).allTextContents(), { timeout: 60_000 })
      .toEqual([expect.stringMatching(/^slice: limit buy 5 at .* · open, filled 0$/)])
    const twap = (await withContract(s.core, (c) => c.invoke('algos.list', {}))).find((a) => a.kind === 'twap')!
    const child = s.core.exchange.futures.orders.get(twap.children[0]!.orderId!)
    expect(child).toMatchObject({ contract: CONTRACT, side: 'BUY', action: 'OPEN', positionType: 1, volume: 5 })
    expect(s.core.exchange.futures.openOrders(child!.account, CONTRACT).map((o) => o.id)).toContain(child!.id)

    // Its edit, read with the contract's rules: a tick too fine refused, the refusal whole inside the panel.
    await row.locator(id('algo-edit-open')).click()
    await page.locator(id('algo-edit-limitPrice')).fill(`${limit}5`)
    const refusal = page.locator(id('algo-edit-refusal'))
    await expect
      .poll(() => refusal.textContent())
      .toMatch(/^the limit price ticks are 0\.1 USDT on BTC\/USDT perpetual: /)
    expect(await page.locator(id('algo-edit-save')).isDisabled()).toBe(true)
    const panel = (await page.locator(id('algos-panel')).boundingBox())!
    await expect
      .poll(async () => {
        const b = (await refusal.boundingBox())!
        return b.y >= panel.y && b.y + b.height <= panel.y + panel.height
      })
      .toBe(true)
    await shot(page, 'algos-futures-edit-refused')
    await page.locator(id('algo-edit-back')).click()
    // The row's actions stay in view however wide the row: Cancel lies inside the panel at 1280x720, and on top.
    const cancel = row.locator(id('algo-cancel'))
    const inPanel = async (): Promise<boolean> => {
      const b = (await cancel.boundingBox())!
      return b.x >= panel.x && b.x + b.width <= panel.x + panel.width
    }
    expect(await inPanel()).toBe(true)
    expect(
      await cancel.evaluate((el) => {
        const r = el.getBoundingClientRect()
        return el.contains(document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2))
      })
    ).toBe(true)
    await row.locator(id('algo-cancel')).click()
    await row.locator(id('algo-cancel-yes')).click()
    await expect.poll(() => row.getAttribute('data-state'), { timeout: 30_000 }).toBe('cancelled')
    expect(s.core.exchange.futures.openOrders(child!.account, CONTRACT).map((o) => o.id)).not.toContain(child!.id)
    expect(errors).toEqual([])
  }, 180_000)

  it('a close larger than the position: refused by the form, and by main when the position shrank meanwhile', async () => {
    const s = session()
    // A long of a few contracts (300 USDT at the market), opened as another window would.
    await page.locator(id('orderbook-ask')).first().waitFor({ timeout: 20_000 })
    await marketOrder(s, 'BUY', 'OPEN', '300')
    await expect.poll(() => longHeld(s), { timeout: 20_000 }).not.toBe('0')
    const held = await longHeld(s)
    const over = String(Number(held) + 1) // contracts are whole numbers here

    const last = await lastPrice(s)
    const limit = roundToDecimals(mul(last, '1.5'), 1, 'down') // far above the market: its close slices rest
    await typeTwap(page, 'sell', limit, over)
    await page.locator(id('algo-close')).click()
    expect(await page.locator(id('algo-side-sell')).textContent()).toContain('Close long')
    await expect
      .poll(() => page.locator(id('algo-refusal')).textContent(), { timeout: 20_000 })
      .toBe(`closing ${over} contracts, but the long position holds ${held}`)
    expect(await page.locator(id('algo-review')).isDisabled()).toBe(true)
    await page.locator(id('algo-fix')).click() // the most it may close
    expect(await page.locator(id('algo-quantity')).inputValue()).toBe(held)
    await page.locator(id('algo-review')).click()
    await page.locator(id('algo-confirm-dialog')).waitFor()
    expect(await page.locator(id('algo-confirm-title')).textContent()).toBe(
      `TWAP · Close long ${held} contracts on BTC/USDT perpetual`
    )
    expect(await page.locator(id('algo-confirm-runs')).textContent()).toContain(
      'Reduce-only: its orders only close the long position, never open one the other way'
    )
    await shot(page, 'algos-futures-close-confirm')
    // The position shrinks while the confirmation is open: main reads it at the start and refuses the larger total.
    await marketOrder(s, 'SELL', 'CLOSE', '1')
    await expect.poll(() => longHeld(s), { timeout: 20_000 }).toBe(String(Number(held) - 1))
    await confirmAlgo(page)
    await expect
      .poll(() => page.locator(id('algo-refusal')).textContent(), { timeout: 15_000 })
      .toMatch(
        new RegExp(
          `^the total to close \\(${held}\\) is more than the long position on BTC/USDT perpetual \\(${Number(held) - 1} contracts\\)$`
        )
      )
    expect(calls.filter((c) => c.channel === 'algos.create').at(-1)!.input).toMatchObject({
      open: 'CLOSE',
      side: 'SELL',
      quantity: held
    })
    const algos = await withContract(s.core, (c) => c.invoke('algos.list', {}))
    expect(algos.filter((a) => a.open === 'CLOSE')).toEqual([]) // nothing created
    await shot(page, 'algos-futures-close-refused', id('order-entry'))
    expect(errors).toEqual([])
  }, 180_000)

  it("a profile switch mid-form: the tab empties, and the new account's start carries only what was typed for it", async () => {
    const s = session()
    second = await startSecondExchange()
    await addRemoteProfile(page, { name: 'Second venue', ...second.urls, ...SECOND_KEYS })
    const last = await lastPrice(s)
    await page.locator(id('algo-open')).click() // the last test closed
    await typeTwap(page, 'buy', roundToDecimals(mul(last, '0.6'), 1, 'down'), '12')
    expect(await page.locator(id('algo-review')).isDisabled()).toBe(false)
    const before = calls.filter((c) => c.channel === 'algos.create').length
    // (The confirmation is modal: a switch while it is open comes from elsewhere; the dom test shows it closes.)
    await switchProfile(page, 'Second venue')
    expect(await page.locator(id('algo-quantity')).inputValue()).toBe('') // it shows that account's last market
    expect(await page.locator(id('algo-limitPrice')).inputValue()).toBe('')
    await page.locator(id('module-tab-futures')).click()
    await page.locator(`${id('order-entry')} .op-head strong`, { hasText: 'BTC/USDT perpetual' }).waitFor()
    expect(await page.locator(id('algo-quantity')).inputValue()).toBe('')
    expect(await page.locator(id('algo-open')).getAttribute('aria-pressed')).toBe('true')
    // BTC is about 40,000 on the second venue: a TWAP of its own, typed there.
    await typeTwap(page, 'buy', '24000', '3')
    await page.locator(id('algo-review')).click()
    expect(await page.locator(id('algo-confirm-profile')).textContent()).toContain('Second venue')
    await confirmAlgo(page)
    await expect
      .poll(() => page.locator(id('algo-result')).textContent(), { timeout: 20_000 })
      .toMatch(/^TWAP started; next: /)
    const creates = calls.filter((c) => c.channel === 'algos.create').map((c) => c.input)
    expect(creates).toHaveLength(before + 1)
    const [paper, other] = [creates[0]!, creates.at(-1)!]
    expect(other).toMatchObject({ module: 'futures', quantity: '3', limitPrice: '24000', open: 'OPEN' })
    expect(other['profileId']).toEqual(expect.any(String))
    expect(other['profileId']).not.toBe(paper['profileId'])
    await shot(page, 'algos-futures-second-profile', id('order-entry'))
    expect(errors).toEqual([])
  }, 240_000) // a second venue started and added: about 100 s beside a busy loop on each core
})
