// The credential rules on their own, and the constants the renderer's bridge must share with the host.
import { describe, expect, it } from 'vitest'
import * as auth from '../../../src-main/browser-host/auth'
import { loadBridge } from './load-bridge'

const bridge = await loadBridge()

describe('browser host credentials', () => {
  it('spends a token on its first use, valid or not, and opens one session', () => {
    let now = 1000
    const a = auth.createAuth(() => now)
    const t = a.mintToken()
    const s = a.redeem(t)
    expect(s).toMatchObject({ id: 'web:1', secret: expect.stringMatching(/^[\w-]{43}$/) })
    expect(a.redeem(t)).toBeNull()
    expect(a.session(s!.secret)).toBe(s)
    expect(a.session('nope')).toBeNull()
    const short = a.mintToken(50)
    now += 51
    expect(a.redeem(short)).toBeNull()
  })

  it('accepts loopback peers only', () => {
    for (const ok of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) expect(auth.isLoopback(ok)).toBe(true)
    for (const bad of [undefined, '10.0.0.2', '::ffff:192.168.1.2', '127.0.0.2', '0.0.0.0'])
      expect(auth.isLoopback(bad)).toBe(false)
  })

  it('shares its wire constants with the renderer bridge', () => {
    expect([bridge.WS_PROTOCOL, bridge.TOKEN_PREFIX, bridge.SESSION_PREFIX]).toEqual([
      auth.WS_PROTOCOL,
      auth.TOKEN_PREFIX,
      auth.SESSION_PREFIX
    ])
  })
})

describe('bridge: token in the fragment', () => {
  it.each([
    ['#token=abc', 'abc', ''],
    ['#token=abc&x=1', 'abc', '#x=1'],
    ['#/market/spot/btcusdt&token=a-b_c', 'a-b_c', '#/market/spot/btcusdt'],
    ['#/monitor/main&token=abc&y', 'abc', '#/monitor/main&y'],
    ['#/market/spot/btcusdt', null, '#/market/spot/btcusdt'],
    ['', null, ''],
    ['#/x/mytoken=abc', null, '#/x/mytoken=abc']
  ])('%s', (hash, token, rest) => {
    expect(bridge.extractToken(hash)).toEqual({ token, hash: rest })
  })
})
