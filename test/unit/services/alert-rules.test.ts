// An alert's rule over a series of fresh prices, with exact decimals: crossings both ways, re-arming only after the
// price went back across, a % move within its window, a channel entered and left, and nothing from before a gap.
import { describe, expect, it } from 'vitest'
import { watchRule } from '../../../src-main/services/alert-rules'
import type { AlertRuleView } from '@shared/ipc/views/alerts'

/** The prices (one a second unless given as [price, ms]) at which the rule fired. */
function firesOf(rule: AlertRuleView, prices: (string | [string, number])[]): string[] {
  const w = watchRule(rule)
  return prices
    .map((p, i) => (typeof p === 'string' ? { price: p, at: i * 1000 } : { price: p[0], at: p[1] }))
    .filter((t) => w.see(t))
    .map((t) => t.price)
}

describe('a level crossed', () => {
  const level = (direction: 'up' | 'down' | 'either'): AlertRuleView => ({ kind: 'cross', level: '100.10', direction })

  it('fires up when the price goes from below the level to it or above, compared exactly', () => {
    expect(firesOf(level('up'), ['100.09', '100.0999999999', '100.1'])).toEqual(['100.1'])
    expect(firesOf(level('up'), ['100.09', '100.11'])).toEqual(['100.11'])
  })

  it('does not fire on the first price, whichever side it is on', () => {
    expect(firesOf(level('up'), ['100.20', '100.30'])).toEqual([])
    expect(firesOf(level('down'), ['100.00', '99.00'])).toEqual([])
  })

  it('fires down from above to the level or below, and not up', () => {
    expect(firesOf(level('down'), ['100.2', '100.10', '99'])).toEqual(['100.10'])
    expect(firesOf(level('down'), ['99', '101'])).toEqual([])
    expect(firesOf(level('up'), ['101', '99'])).toEqual([])
  })

  it('either way fires on each crossing', () => {
    expect(firesOf(level('either'), ['99', '101', '99.5', '100.5'])).toEqual(['101', '99.5', '100.5'])
  })

  it('fires once while the price stays beyond, and again only after it went back across', () => {
    expect(firesOf(level('up'), ['99', '101', '102', '103', '100.10', '101'])).toEqual(['101'])
    expect(firesOf(level('up'), ['99', '101', '102', '100', '101'])).toEqual(['101', '101'])
  })

  it('a price resting at the level fires once', () => {
    expect(firesOf(level('up'), ['99', '100.1', '100.10', '100.1'])).toEqual(['100.1'])
  })

  it('forgets what it saw before a gap: the first fresh price after it only sets the side', () => {
    const w = watchRule(level('up'))
    expect(w.see({ price: '99', at: 0 })).toBe(false)
    w.forget()
    expect(w.see({ price: '101', at: 1000 })).toBe(false)
    expect(w.see({ price: '99', at: 2000 })).toBe(false)
    expect(w.see({ price: '101', at: 3000 })).toBe(true)
  })
})

describe('a move of N% within a window', () => {
  const move = (direction: 'up' | 'down' | 'either', percent = '2', windowMinutes = 5): AlertRuleView => ({
    kind: 'move',
    percent,
    windowMinutes,
    direction
  })

  it('fires up at exactly 2% above the window low, not a hair below it', () => {
    expect(firesOf(move('up'), ['100', '101', '101.999999'])).toEqual([])
    expect(firesOf(move('up'), ['100', '101', '102'])).toEqual(['102'])
    // the low is the window's lowest, not its first price
    expect(firesOf(move('up'), ['101', '100', '101.5', '102.00'])).toEqual(['102.00'])
  })

  it('fires down from the window high', () => {
    expect(firesOf(move('down'), ['100', '99', '98.00'])).toEqual(['98.00'])
    expect(firesOf(move('down'), ['100', '98.01'])).toEqual([])
    expect(firesOf(move('up'), ['100', '98'])).toEqual([])
    expect(firesOf(move('either'), ['100', '98', '99.96'])).toEqual(['98', '99.96'])
  })

  it('counts only prices inside the window', () => {
    const fiveMin = 5 * 60_000
    expect(
      firesOf(move('up'), [
        ['100', 0],
        ['101', 60_000],
        ['102', fiveMin + 1]
      ])
    ).toEqual([])
    expect(
      firesOf(move('up'), [
        ['100', 0],
        ['102', fiveMin]
      ])
    ).toEqual(['102'])
  })

  it('fires every time from a new window that starts at the price it fired at', () => {
    expect(firesOf(move('up'), ['100', '102', '103', '104.04'])).toEqual(['102', '104.04'])
  })

  it('takes fractional percents exactly', () => {
    expect(firesOf(move('up', '0.1'), ['1000', '1000.99'])).toEqual([])
    expect(firesOf(move('up', '0.1'), ['1000', '1001'])).toEqual(['1001'])
  })

  it('nothing from before a gap counts', () => {
    const w = watchRule(move('up'))
    w.see({ price: '100', at: 0 })
    w.forget()
    expect(w.see({ price: '103', at: 1000 })).toBe(false)
  })
})

describe('a channel entered or left', () => {
  const channel = (on: 'enter' | 'leave' | 'either'): AlertRuleView => ({ kind: 'channel', low: '90', high: '110', on })

  it('fires on entering (the bounds are inside) and not on leaving', () => {
    expect(firesOf(channel('enter'), ['80', '90', '100', '120'])).toEqual(['90'])
    expect(firesOf(channel('enter'), ['120', '110.00', '111'])).toEqual(['110.00'])
  })

  it('fires on leaving either side', () => {
    expect(firesOf(channel('leave'), ['100', '89.99', '100', '110.01'])).toEqual(['89.99', '110.01'])
  })

  it('either fires on every change, never while the price stays on one side', () => {
    expect(firesOf(channel('either'), ['100', '105', '120', '130', '95'])).toEqual(['120', '95'])
  })

  it('the first price only sets the side', () => {
    expect(firesOf(channel('enter'), ['100', '101'])).toEqual([])
  })
})
