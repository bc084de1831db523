// What the market list's and the monitor's tests share: a fresh page with a fake terminal answering the market list
// store's calls, and the price flash they show alike (stores/price-flash.ts: base.css's flash-up / flash-down).
import { expect, vi } from 'vitest'
import type { DOMWrapper } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import type { TickerView } from '@shared/ipc/views/market'
import { fakeTerminal, nextFrame, type FakeTerminal, type Handlers } from './fake-terminal'
import { FUTURES, SPOT, ticker } from './fixtures'

/** For what follows the stores' and the panel's own timers (flash, lease debounce): generous on a loaded machine. */
export const LATE = { timeout: 8000, interval: 20 }

/** A fresh page (no stored choices, a new store) on a terminal that lists SPOT and FUTURES at `close`. */
export function marketListTerminal(
  close: { spot: (symbol: string) => TickerView; futures: (symbol: string) => TickerView } = {
    spot: (s) => ticker(s, '100'),
    futures: (s) => ticker(s, '200')
  },
  more: Handlers = {}
): FakeTerminal {
  localStorage.clear()
  setActivePinia(createPinia())
  return fakeTerminal({
    'market.symbols': () => SPOT,
    'market.contracts': () => FUTURES,
    'market.tickers': (i) =>
      i.module === 'spot' ? i.symbols.map(close.spot) : FUTURES.map((c) => close.futures(c.symbol)),
    ...more
  })
}

/** Sends `symbol`'s live ticker at `close`. */
export function sendTicker(fake: FakeTerminal, symbol: string, close: string, rose?: string): void {
  fake.emit('market.onTicker', ticker(symbol, close, rose), (p) => (p as { symbol: string }).symbol === symbol)
}

/**
 * A rise tints the same price element (never re-created) with flash-up, the tint ends by itself, then a fall tints it
 * flash-down. One tint style only: the cell's own background, never the list's old overlay (tint-*) besides it.
 */
export async function expectFlashUpThenDown(
  cell: () => Pick<DOMWrapper<Element>, 'element' | 'text' | 'classes'>,
  send: (close: string) => void
) {
  const element = cell().element
  const prices = cell().text()
  send('101.5')
  await nextFrame()
  expect(cell().text()).not.toBe(prices)
  expect(cell().element).toBe(element)
  expect(cell().classes()).toContain('flash-up')
  expect(
    cell()
      .classes()
      .filter((c) => c.startsWith('tint-'))
  ).toEqual([])
  await vi.waitFor(() => expect(cell().classes()).not.toContain('flash-up'), LATE)
  send('99')
  await nextFrame()
  expect(cell().classes()).toContain('flash-down')
  expect(cell().classes()).not.toContain('flash-up')
  expect(cell().element).toBe(element)
}
