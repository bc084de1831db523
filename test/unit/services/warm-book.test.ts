// Main's warm book (cold start): the active profile's opening market is subscribed at once, and let go when a window
// subscribes that book or after the hold; the default market is the renderer's.
import { readFileSync } from 'node:fs'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Module } from '@shared/module'
import { OPENING_SYMBOL, warmOpeningBook, type WarmBookOptions } from '../../../src-main/services/warm-book'

function fakeFeeds() {
  const subs: { target: unknown; symbol: string; live: boolean }[] = []
  const feeds: WarmBookOptions['feeds'] = {
    depth: (target, symbol) => {
      const s = { target, symbol, live: true }
      subs.push(s)
      return () => void (s.live = false)
    }
  }
  return { feeds, subs }
}

const last =
  (module: Module, symbols: Partial<Record<Module, string>> = {}) =>
  () => ({ module, symbols })

beforeEach(() => void vi.useFakeTimers())
afterEach(() => void vi.useRealTimers())

describe('warmOpeningBook', () => {
  it("subscribes the active profile's last market, on its module's gateway", () => {
    const f = fakeFeeds()
    warmOpeningBook({ feeds: f.feeds, activeId: () => 'p1', lastMarket: last('margin', { margin: 'ethusdt' }) })
    expect(f.subs).toEqual([{ target: { profileId: 'p1', gateway: 'spot' }, symbol: 'ethusdt', live: true }])
  })

  it('opens on the same default market as the window when the profile has none stored', () => {
    // Read as text: the renderer's store is not part of main's program.
    const app = readFileSync(new URL('../../../src-renderer/src/stores/app.ts', import.meta.url), 'utf8')
    const literal = /DEFAULT_SYMBOL: Record<Module, string> = (\{[^}]*\})/.exec(app)![1]!
    expect(OPENING_SYMBOL).toEqual(JSON.parse(literal.replace(/(\w+):/g, '"$1":').replaceAll("'", '"')))
    const f = fakeFeeds()
    warmOpeningBook({ feeds: f.feeds, activeId: () => 'p1', lastMarket: last('futures') })
    expect(f.subs[0]).toMatchObject({ target: { gateway: 'futures' }, symbol: 'E-BTC-USDT' })
  })

  it("lets go once a window's subscription of that book is in, not for another stream", () => {
    const f = fakeFeeds()
    const warm = warmOpeningBook({ feeds: f.feeds, activeId: () => 'p1', lastMarket: last('spot') })
    const spot = { profileId: 'p1', gateway: 'spot' } as const
    warm.joined(spot, { kind: 'ticker', symbol: 'btcusdt' })
    warm.joined(spot, { kind: 'depth', symbol: 'ethusdt' })
    warm.joined({ profileId: 'p2', gateway: 'spot' }, { kind: 'depth', symbol: 'btcusdt' })
    warm.joined({ profileId: 'p1', gateway: 'futures' }, { kind: 'depth', symbol: 'btcusdt' })
    expect(f.subs[0]!.live).toBe(true)
    warm.joined(spot, { kind: 'depth', symbol: 'btcusdt' })
    expect(f.subs[0]!.live).toBe(false)
    expect(vi.getTimerCount()).toBe(0)
  })

  it('lets go after the hold when no window came, and at once when released', () => {
    const f = fakeFeeds()
    warmOpeningBook({ feeds: f.feeds, activeId: () => 'p1', lastMarket: last('spot'), holdMs: 5000 })
    vi.advanceTimersByTime(4999)
    expect(f.subs[0]!.live).toBe(true)
    vi.advanceTimersByTime(1)
    expect(f.subs[0]!.live).toBe(false)
    const g = fakeFeeds()
    const warm = warmOpeningBook({ feeds: g.feeds, activeId: () => 'p1', lastMarket: last('spot') })
    warm.release()
    warm.release()
    expect(g.subs[0]!.live).toBe(false)
    expect(vi.getTimerCount()).toBe(0)
  })

  it('warms nothing without a profile, and a failure is logged, never thrown', () => {
    const f = fakeFeeds()
    warmOpeningBook({ feeds: f.feeds, activeId: () => null, lastMarket: last('spot') })
    expect(f.subs).toEqual([])
    const logs: string[] = []
    const warm = warmOpeningBook({
      feeds: f.feeds,
      activeId: () => 'gone',
      lastMarket: () => {
        throw new Error('profile gone not found')
      },
      log: (l) => logs.push(l)
    })
    expect(logs).toEqual(['warm book: not started (profile gone not found)'])
    expect(() => warm.release()).not.toThrow()
  })
})
