// Window routes (the same spelling as the Electron window manager) and the frame's keyboard shortcuts.
import { describe, expect, it } from 'vitest'
import { marketRoute, monitorRoute, parseRoute, routeOf } from '../../../src-renderer/src/layout/routes'
import { shortcutOf } from '../../../src-renderer/src/layout/shortcuts'

describe('routes', () => {
  it('reads the workspace, a popped-out market and the monitor', () => {
    expect(parseRoute('')).toEqual({ kind: 'main' })
    expect(parseRoute('#/')).toEqual({ kind: 'main' })
    expect(parseRoute('#/market/spot/btcusdt')).toEqual({ kind: 'market', module: 'spot', symbol: 'btcusdt' })
    expect(parseRoute('#/market/margin/ethusdt')).toEqual({ kind: 'market', module: 'margin', symbol: 'ethusdt' })
    // Contract names travel lowercase (as main's window-state writes them) and come back uppercase.
    expect(parseRoute('#/market/futures/e-btc-usdt')).toEqual({
      kind: 'market',
      module: 'futures',
      symbol: 'E-BTC-USDT'
    })
    expect(parseRoute('#/monitor')).toEqual({ kind: 'monitor', layout: 'default' })
    expect(parseRoute('#/monitor/desk2')).toEqual({ kind: 'monitor', layout: 'desk2' })
  })

  it('reads a market route with an older build’s capitalized module', () => {
    expect(parseRoute('#/market/Margin/ethusdt')).toEqual({ kind: 'market', module: 'margin', symbol: 'ethusdt' })
    expect(routeOf(parseRoute('#/market/Futures/e-btc-usdt'))).toBe('/market/futures/e-btc-usdt')
  })

  it('ignores a one-time token in the fragment and refuses what is not a route', () => {
    expect(parseRoute('#/market/spot/btcusdt&token=abc_DEF-123')).toEqual({
      kind: 'market',
      module: 'spot',
      symbol: 'btcusdt'
    })
    expect(parseRoute('#token=abc')).toEqual({ kind: 'main' })
    expect(parseRoute('#/market/options/btcusdt')).toEqual({ kind: 'main' })
    expect(parseRoute('#/market/spot/<script>')).toEqual({ kind: 'main' })
    expect(parseRoute('#/monitor/a/b')).toEqual({ kind: 'main' })
  })

  it('writes routes that read back the same', () => {
    expect(marketRoute('futures', 'E-BTC-USDT')).toBe('/market/futures/e-btc-usdt')
    expect(monitorRoute()).toBe('/monitor/default')
    for (const r of ['#/market/futures/e-eth-usdt', '#/market/spot/dogeusdt', '#/monitor/default'])
      expect(`#${routeOf(parseRoute(r))}`).toBe(r)
  })
})

describe('shortcuts', () => {
  const key = (k: Partial<KeyboardEvent>) => ({
    key: '',
    code: '',
    ctrlKey: false,
    metaKey: false,
    altKey: false,
    shiftKey: false,
    ...k
  })

  it('maps the frame keys', () => {
    expect(shortcutOf(key({ key: '/' }), false)).toBe('focusSearch')
    expect(shortcutOf(key({ key: 'k', ctrlKey: true }), false)).toBe('focusSearch')
    expect(shortcutOf(key({ key: 'K', metaKey: true }), true)).toBe('focusSearch')
    expect(shortcutOf(key({ key: ',', ctrlKey: true }), false)).toBe('settings')
    expect(shortcutOf(key({ key: '¡', code: 'Digit1', altKey: true }), false)).toBe('module0')
    expect(shortcutOf(key({ key: '3', code: 'Digit3', altKey: true }), true)).toBe('module2')
    expect(shortcutOf(key({ key: 'p', code: 'KeyP', altKey: true }), false)).toBe('popOut')
    expect(shortcutOf(key({ key: 'm', code: 'KeyM', altKey: true }), false)).toBe('monitor')
    expect(shortcutOf(key({ key: 't', code: 'KeyT', altKey: true }), false)).toBe('toggleTheme')
  })

  it('leaves plain keys typed into a field to the field', () => {
    expect(shortcutOf(key({ key: '/' }), true)).toBeNull()
    expect(shortcutOf(key({ key: 'p' }), false)).toBeNull()
    expect(shortcutOf(key({ key: '1', code: 'Digit1' }), false)).toBeNull()
  })
})
