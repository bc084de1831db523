import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { AccountSnapshotView } from '@shared/ipc/views/account'
import { ExchangeError } from '../../../src-main/client/errors'
import type { Priority } from '../../../src-main/client/types'
import { PollScheduler, type PartValue, type PollPart, type RateUse } from '../../../src-main/services/poll-scheduler'

const key = (p: PollPart): string => (p.kind === 'openOrders' ? `${p.module}:${p.symbol}` : p.kind)

function fakeSource() {
  const calls: { part: string; priority: Priority }[] = []
  const use: RateUse = { maxUse: 0, queuedUser: 0, queuedBackground: 0 }
  let fail: ((part: string) => Error | undefined) | undefined
  let balance = '100'
  const source = {
    async fetch(_id: string, part: PollPart, priority: Priority): Promise<PartValue> {
      calls.push({ part: key(part), priority })
      const err = fail?.(key(part))
      if (err) throw err
      if (part.kind === 'balances')
        return { kind: 'balances', balances: [{ asset: 'USDT', free: balance, locked: '0' }] }
      if (part.kind === 'futuresAccount') return { kind: 'futuresAccount', account: [], positions: [] }
      return { kind: 'openOrders', orders: [] }
    },
    rateUse: () => use
  }
  return {
    source,
    calls,
    use,
    count: (part: string, priority?: Priority) =>
      calls.filter((c) => c.part === part && (priority === undefined || c.priority === priority)).length,
    setFail: (f: typeof fail) => (fail = f),
    setBalance: (b: string) => (balance = b)
  }
}

describe('PollScheduler', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('polls only what subscribers need, in the background, open orders more often than balances', async () => {
    const f = fakeSource()
    const s = new PollScheduler({ source: f.source, baseMs: 1000 })
    const got: AccountSnapshotView[] = []
    const off = s.subscribe('p1', { spotSymbols: ['btcusdt'] }, (v) => got.push(v))
    await vi.advanceTimersByTimeAsync(10)
    expect(f.calls.map((c) => c.part).sort()).toEqual(['balances', 'spot:btcusdt'])
    expect(f.calls.every((c) => c.priority === 'background')).toBe(true)
    expect(got[0]?.balances).toEqual([{ asset: 'USDT', free: '100', locked: '0' }])
    expect(got[0]?.positions).toBeNull() // futures not asked for
    await vi.advanceTimersByTimeAsync(6000)
    // rank 0 every 1 s, balances (rank 2) every 2 s
    expect(f.count('spot:btcusdt')).toBeGreaterThanOrEqual(6)
    expect(f.count('balances')).toBeLessThanOrEqual(4)
    off()
    const n = f.calls.length
    await vi.advanceTimersByTimeAsync(5000)
    expect(f.calls.length).toBe(n)
    s.close()
  })

  it('sends a snapshot only when something changed', async () => {
    const f = fakeSource()
    const s = new PollScheduler({ source: f.source, baseMs: 1000 })
    const got: AccountSnapshotView[] = []
    s.subscribe('p1', {}, (v) => got.push(v))
    await vi.advanceTimersByTimeAsync(5000)
    expect(got).toHaveLength(1)
    f.setBalance('90')
    await vi.advanceTimersByTimeAsync(3000)
    expect(got).toHaveLength(2)
    expect(got[1]?.balances?.[0]?.free).toBe('90')
    s.close()
  })

  it('backs off while the rate budget is tight and recovers when it relaxes', async () => {
    const f = fakeSource()
    const s = new PollScheduler({ source: f.source, baseMs: 1000 })
    s.subscribe('p1', { spotSymbols: ['btcusdt'] }, () => undefined)
    await vi.advanceTimersByTimeAsync(10)
    f.use.maxUse = 0.9
    await vi.advanceTimersByTimeAsync(3000)
    expect(s.state('p1').multiplier).toBe(8)
    expect(s.state('p1').reason).toMatch(/90 % used/)
    expect(s.state('p1').words).toEqual({ key: 'main.polling.budget', params: { percent: 90 } })
    const before = f.count('spot:btcusdt')
    await vi.advanceTimersByTimeAsync(8000)
    expect(f.count('spot:btcusdt') - before).toBeLessThanOrEqual(2) // ~every 8 s instead of every 1 s
    f.use.maxUse = 0.1
    await vi.advanceTimersByTimeAsync(600)
    expect(s.state('p1').multiplier).toBe(4)
    await vi.advanceTimersByTimeAsync(2000)
    expect(s.state('p1').multiplier).toBe(4) // one step per relaxMs (3 s)
    await vi.advanceTimersByTimeAsync(1000)
    expect(s.state('p1').multiplier).toBe(2)
    await vi.advanceTimersByTimeAsync(3000)
    expect(s.state('p1')).toEqual({ multiplier: 1, reason: null })
    s.close()
  })

  it('polls nothing while user actions wait for budget', async () => {
    const f = fakeSource()
    const s = new PollScheduler({ source: f.source, baseMs: 1000 })
    f.use.queuedUser = 2
    s.subscribe('p1', { spotSymbols: ['btcusdt'] }, () => undefined)
    await vi.advanceTimersByTimeAsync(5000)
    expect(f.calls).toHaveLength(0)
    f.use.queuedUser = 0
    await vi.advanceTimersByTimeAsync(600)
    expect(f.calls.length).toBeGreaterThan(0)
    s.close()
  })

  it('refreshes at once with user priority after an action, coalescing a burst, and keeps polling its symbol', async () => {
    const f = fakeSource()
    const s = new PollScheduler({ source: f.source, baseMs: 10_000, refreshDelayMs: 20 })
    s.subscribe('p1', {}, () => undefined)
    await vi.advanceTimersByTimeAsync(10)
    f.calls.length = 0
    s.refreshNow('p1', { module: 'spot', symbol: 'ethusdt' })
    s.refreshNow('p1', { module: 'spot', symbol: 'ethusdt' })
    s.refreshNow('p1')
    await vi.advanceTimersByTimeAsync(25)
    expect(f.calls.sort((a, b) => a.part.localeCompare(b.part))).toEqual([
      { part: 'balances', priority: 'user' },
      { part: 'spot:ethusdt', priority: 'user' }
    ])
    s.refreshNow('other-profile') // nobody watches it: nothing to do
    await vi.advanceTimersByTimeAsync(25)
    expect(f.calls).toHaveLength(2)
    s.close()
  })

  it('reports a failing part, keeps its last value and retries it with back-off', async () => {
    const f = fakeSource()
    const logs: string[] = []
    const s = new PollScheduler({ source: f.source, baseMs: 1000, log: (l) => logs.push(l) })
    const got: AccountSnapshotView[] = []
    s.subscribe('p1', {}, (v) => got.push(v))
    await vi.advanceTimersByTimeAsync(10)
    f.setFail((p) =>
      p === 'balances'
        ? new ExchangeError({ kind: 'network', endpointId: 'spot.account', message: 'spot.account: network error' })
        : undefined
    )
    await vi.advanceTimersByTimeAsync(3000)
    const last = got.at(-1)!
    expect(last.errors).toEqual([
      { part: 'balances', message: 'spot.account: network error', words: { key: 'main.transport.network' } }
    ])
    expect(last.balances?.[0]?.free).toBe('100')
    const tries = f.count('balances')
    await vi.advanceTimersByTimeAsync(10_000)
    expect(f.count('balances') - tries).toBeLessThanOrEqual(3) // 4 s, 8 s, ... not every 2 s
    expect(logs).toHaveLength(1) // logged once per failure streak
    f.setFail(undefined)
    await vi.advanceTimersByTimeAsync(20_000)
    expect(got.at(-1)?.errors).toEqual([])
    s.close()
  })

  it('polls a failed part at once when told the venue is back, not after its back-off', async () => {
    const f = fakeSource()
    const s = new PollScheduler({ source: f.source, baseMs: 1000 })
    const got: AccountSnapshotView[] = []
    s.subscribe('p1', {}, (v) => got.push(v))
    await vi.advanceTimersByTimeAsync(10)
    f.setFail(
      () => new ExchangeError({ kind: 'network', endpointId: 'spot.account', message: 'spot.account: network error' })
    )
    await vi.advanceTimersByTimeAsync(20_000) // several failures: the next try is 16 s or more away
    expect(got.at(-1)?.errors).toHaveLength(1)
    f.setFail(undefined)
    f.setBalance('250')
    s.retryFailed('p1')
    s.retryFailed('no-such-profile') // nothing polled for a profile nobody watches
    await vi.advanceTimersByTimeAsync(600) // the next tick, half a base interval
    expect(got.at(-1)?.errors).toEqual([])
    expect(got.at(-1)?.balances?.[0]?.free).toBe('250')
    s.close()
  })

  it('a 429 sends the poller to its slowest pace at once', async () => {
    const f = fakeSource()
    const s = new PollScheduler({ source: f.source, baseMs: 1000 })
    f.setFail(
      () =>
        new ExchangeError({ kind: 'api', httpStatus: 429, endpointId: 'spot.account', message: 'too many requests' })
    )
    s.subscribe('p1', {}, () => undefined)
    await vi.advanceTimersByTimeAsync(10)
    expect(s.state('p1').multiplier).toBe(8)
    s.close()
  })
})
