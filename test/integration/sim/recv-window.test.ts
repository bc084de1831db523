// recvWindow is capped at 60000 ms on every signed endpoint: a request signed a day ago with recvWindow 10^12
// (a captured request replayed) is refused with -1021, before its parameters are even read.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CATALOG, fullPath } from '@shared/api/catalog'
import type { RunningExchange } from '../../../src-sim/exchange'
import { quietExchange, SimClient } from './harness'

let ex: RunningExchange
let alice: SimClient

beforeAll(async () => {
  ;({ ex, alice } = await quietExchange())
})
afterAll(() => ex.close())

const HMAC = CATALOG.filter((d) => d.security === 'TRADE' || d.security === 'USER_DATA')
const DAY = 86_400_000

describe('recvWindow cap', () => {
  it('covers the signed endpoints of both modules', () => {
    expect(HMAC.some((d) => d.gateway === 'spot')).toBe(true)
    expect(HMAC.some((d) => d.gateway === 'futures')).toBe(true)
  })

  it.each(HMAC.map((d) => [d.id, d] as const))(
    '%s: a day-old request with recvWindow 10^12 gets -1021',
    async (_id, def) => {
      const replay = new SimClient(ex.url, alice.keys, () => Date.now() - DAY)
      const r = await replay.signed(def.method as 'GET' | 'POST', fullPath(def), { recvWindow: 1_000_000_000_000 })
      expect(r.status).toBe(401)
      expect(r.body.code).toBe(-1021)
      expect(r.body.msg).toMatch(/over the 60000 ms cap/)
    }
  )

  it('refuses a fresh request whose recvWindow is over the cap, as a number or as digits', async () => {
    for (const recvWindow of [60_001, '60001', '99999999999999999999999']) {
      const r = await alice.signed('GET', '/spot/open/sapi/v1/account', { recvWindow })
      expect(r.body.code, String(recvWindow)).toBe(-1021)
    }
  })

  it('still widens the window up to the cap, and refuses a recvWindow that is no whole number', async () => {
    const old = new SimClient(ex.url, alice.keys, () => Date.now() - 30_000)
    expect((await old.signed('GET', '/spot/open/sapi/v1/account', { recvWindow: 60_000 })).status).toBe(200)
    expect((await old.signed('GET', '/spot/open/sapi/v1/account', { recvWindow: 20_000 })).body.code).toBe(-1021)
    for (const recvWindow of ['abc', '-5', '0', '1.5']) {
      const r = await alice.signed('GET', '/spot/open/sapi/v1/account', { recvWindow })
      expect(r.body.code, recvWindow).toBe(-1102)
    }
  })
})
