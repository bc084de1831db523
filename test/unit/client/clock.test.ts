// Clock: offset at the midpoint of the round trip, best (lowest-RTT) of N samples, its error bound (half that RTT
// plus drift, at most the tolerance for stamps ahead; a known offset's own error), the latest stamp issued, periodic
// refresh, the first signed call syncs, and a -1021 rejection triggers a resync and exactly one resend of that request.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ServerClock, bestOffset, offsetFromSample, type TimeSample } from '../../../src-main/client/clock'
import type { TransportInit } from '../../../src-main/client/transport'
import { makeClient, reply, stubTransport } from './helpers'

afterEach(() => {
  vi.useRealTimers()
})

describe('midpoint math', () => {
  it('offset = serverTime - (sent + rtt / 2)', () => {
    expect(offsetFromSample({ sentAt: 1000, receivedAt: 1100, serverTime: 5050 })).toEqual({
      offsetMs: 4000,
      rttMs: 100
    })
    expect(offsetFromSample({ sentAt: 1000, receivedAt: 1001, serverTime: 900 })).toEqual({
      offsetMs: -100.5,
      rttMs: 1
    })
  })
  it('the lowest-RTT sample wins', () => {
    const samples: TimeSample[] = [
      { sentAt: 0, receivedAt: 300, serverTime: 10_290 }, // rtt 300: offset 10140
      { sentAt: 400, receivedAt: 440, serverTime: 10_420 }, // rtt 40: offset 10000
      { sentAt: 500, receivedAt: 600, serverTime: 10_600 } // rtt 100: offset 10050
    ]
    expect(bestOffset(samples)).toEqual({ offsetMs: 10_000, rttMs: 40 })
    expect(bestOffset([])).toBeUndefined()
  })
})

describe('ServerClock', () => {
  function scripted(local: { t: number }, script: { rtt: number; skew: number }[]) {
    let i = 0
    return vi.fn(async (): Promise<TimeSample> => {
      const s = script[Math.min(i++, script.length - 1)]!
      const sentAt = local.t
      local.t += s.rtt
      return { sentAt, receivedAt: local.t, serverTime: sentAt + s.rtt / 2 + s.skew }
    })
  }

  it('sync takes N samples and keeps the best; timestamp is now + offset as 13 digits', async () => {
    const local = { t: 1_700_000_000_000 }
    const sampler = scripted(local, [
      { rtt: 80, skew: 2600 },
      { rtt: 10, skew: 2500 },
      { rtt: 30, skew: 2550 }
    ])
    const clock = new ServerClock({ now: () => local.t, sampler, samples: 3 })
    const state = await clock.sync()
    expect(sampler).toHaveBeenCalledTimes(3)
    expect(state).toMatchObject({ offsetMs: 2500, rttMs: 10, synced: true })
    expect(clock.timestamp()).toBe(String(local.t + 2500))
    expect(clock.timestamp()).toMatch(/^\d{13}$/)
  })

  it('concurrent syncs share one measurement', async () => {
    const local = { t: 1_700_000_000_000 }
    const sampler = scripted(local, [{ rtt: 5, skew: 1 }])
    const clock = new ServerClock({ now: () => local.t, sampler, samples: 4 })
    await Promise.all([clock.sync(), clock.sync(), clock.sync()])
    expect(sampler).toHaveBeenCalledTimes(4)
  })

  it('failed samples are skipped; all failing rejects and keeps the old offset', async () => {
    let n = 0
    const clock = new ServerClock({
      now: () => 1_700_000_000_000,
      offsetMs: 7,
      samples: 3,
      sampler: async () => {
        if (n++ % 2 === 0) throw new Error('down')
        return { sentAt: 1_700_000_000_000, receivedAt: 1_700_000_000_000, serverTime: 1_700_000_000_100 }
      }
    })
    expect((await clock.sync()).offsetMs).toBe(100)
    const dead = new ServerClock({
      now: () => 1_700_000_000_000,
      offsetMs: 7,
      sampler: async () => Promise.reject(new Error('down'))
    })
    await expect(dead.sync()).rejects.toThrow('down')
    expect(dead.state().offsetMs).toBe(7)
    await expect(dead.ensureSynced()).resolves.toBeUndefined()
  })

  describe('error bound (what reconciliation takes as the venue clock at least)', () => {
    it('half the RTT of the sample the offset came from, right after the sync; venueNowAtLeast is now less it', async () => {
      const local = { t: 1_700_000_000_000 }
      const clock = new ServerClock({
        now: () => local.t,
        sampler: scripted(local, [
          { rtt: 80, skew: 900 },
          { rtt: 40, skew: 900 },
          { rtt: 60, skew: 900 }
        ]),
        samples: 3
      })
      await clock.sync()
      expect(clock.state()).toMatchObject({ offsetMs: 900, rttMs: 40 })
      expect(clock.errorBoundMs()).toBe(20)
      expect(clock.venueNowAtLeast()).toBe(local.t + 900 - 20)
    })

    it('grows by 200 ppm of the time since the sync, and starts over at the next sync', async () => {
      const local = { t: 1_700_000_000_000 }
      const clock = new ServerClock({
        now: () => local.t,
        sampler: scripted(local, [
          { rtt: 40, skew: 0 },
          { rtt: 10, skew: 0 }
        ]),
        samples: 1
      })
      await clock.sync()
      local.t += 100_000
      expect(clock.errorBoundMs()).toBeCloseTo(20 + 20, 9)
      local.t += 900_000
      expect(clock.errorBoundMs()).toBeCloseTo(20 + 200, 9)
      expect(clock.venueNowAtLeast()).toBeCloseTo(local.t - 220, 6)
      await clock.sync()
      expect(clock.errorBoundMs()).toBe(5)
    })

    it('not capped: a slow sync or a long time without one widens it as physics says', async () => {
      const local = { t: 1_700_000_000_000 }
      const slow = new ServerClock({
        now: () => local.t,
        sampler: scripted(local, [{ rtt: 12_000, skew: 0 }]),
        samples: 1
      })
      await slow.sync()
      expect(slow.errorBoundMs()).toBe(6000)
      const drifting = new ServerClock({
        now: () => local.t,
        sampler: scripted(local, [{ rtt: 40, skew: 0 }]),
        samples: 1
      })
      await drifting.sync()
      expect(drifting.errorBoundMs()).toBe(20)
      local.t += 100_000_000 // 28 h without a sync: 200 ppm of drift allowed
      expect(drifting.errorBoundMs()).toBe(20_020)
      expect(drifting.venueNowAtLeast()).toBe(drifting.now() - 20_020)
    })

    it('without a measured sample: unbounded (a failed sync changes nothing)', async () => {
      const local = { t: 1_700_000_000_000 }
      const clock = new ServerClock({ now: () => local.t, sampler: async () => Promise.reject(new Error('down')) })
      expect(clock.errorBoundMs()).toBe(Infinity)
      expect(clock.venueNowAtLeast()).toBe(-Infinity)
      await clock.ensureSynced()
      expect(clock.state().synced).toBe(false)
      expect(clock.errorBoundMs()).toBe(Infinity)
    })

    it('the local time is monotonic by default: a step of the wall clock does not move the estimate, but widens the bound until a resync', async () => {
      const wall = Date.now
      const step = { ms: 0 }
      Date.now = () => wall() + step.ms // in place before the clock exists: a clock reading Date.now would see the step
      try {
        const clock = new ServerClock({
          samples: 1,
          sampler: async () => ({ sentAt: wall(), receivedAt: wall() + 10, serverTime: wall() + 5 })
        })
        await clock.sync()
        const before = clock.now()
        expect(clock.errorBoundMs()).toBeLessThan(50)
        step.ms = 3_600_000 // NTP steps the system clock an hour ahead (or the machine slept an hour)
        expect(clock.now() - before).toBeLessThan(1000)
        expect(clock.errorBoundMs()).toBeGreaterThan(3_599_000) // a write now resyncs first (request.ts)
      } finally {
        Date.now = wall
      }
    })

    it('a known offset: its offsetErrorMs (default 0: exact); a measured sync replaces it', async () => {
      const local = { t: 1_700_000_000_000 }
      expect(new ServerClock({ now: () => local.t, offsetMs: 100 }).errorBoundMs()).toBe(0)
      const given = new ServerClock({
        now: () => local.t,
        offsetMs: 100,
        offsetErrorMs: 30,
        sampler: scripted(local, [{ rtt: 8, skew: 120 }]),
        samples: 1
      })
      expect(given.errorBoundMs()).toBe(30)
      expect(given.venueNowAtLeast()).toBe(local.t + 100 - 30)
      expect(new ServerClock({ now: () => local.t, offsetMs: 100, offsetErrorMs: 9000 }).errorBoundMs()).toBe(9000)
      await given.sync()
      expect(given.state()).toMatchObject({ offsetMs: 120, rttMs: 8 })
      expect(given.errorBoundMs()).toBe(4)
    })
  })

  it('latestStamp is never below a timestamp already issued, though a resync moved the offset back', async () => {
    const local = { t: 1_700_000_000_000 }
    const clock = new ServerClock({
      now: () => local.t,
      sampler: scripted(local, [
        { rtt: 10, skew: 2500 },
        { rtt: 10, skew: 1000 }
      ]),
      samples: 1
    })
    await clock.sync()
    expect(clock.latestStamp()).toBe(clock.now()) // nothing stamped yet
    const stamped = Number(clock.timestamp())
    expect(stamped).toBe(local.t + 2500)
    await clock.sync() // the venue's clock was 1.5 s less ahead than measured: now() goes back
    expect(clock.state().offsetMs).toBe(1000)
    expect(clock.now()).toBeLessThan(stamped)
    expect(clock.latestStamp()).toBe(stamped)
    local.t += 1000
    expect(clock.latestStamp()).toBe(stamped) // now() still below the stamp
    local.t += 1000
    expect(clock.now()).toBeGreaterThan(stamped)
    expect(clock.latestStamp()).toBe(clock.now())
  })

  it('refreshes periodically after start()', async () => {
    vi.useFakeTimers()
    const local = { t: 1_700_000_000_000 }
    const sampler = scripted(local, [{ rtt: 1, skew: 0 }])
    const clock = new ServerClock({ now: () => local.t, sampler, samples: 1, refreshMs: 60_000 })
    clock.start()
    await vi.advanceTimersByTimeAsync(60_000)
    expect(sampler).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(120_000)
    expect(sampler).toHaveBeenCalledTimes(3)
    clock.stop()
    await vi.advanceTimersByTimeAsync(120_000)
    expect(sampler).toHaveBeenCalledTimes(3)
  })
})

describe('through the client', () => {
  const LOCAL = 1_700_000_000_000
  const SKEW = 9_000 // the venue runs 9 s ahead of this machine
  /** A venue whose clock is LOCAL + SKEW; each time request takes 4 ms of local time. */
  function venue(signed: (init: TransportInit, n: number) => ReturnType<typeof reply>) {
    const local = { t: LOCAL }
    let signedN = 0
    const transport = stubTransport((url, init) => {
      if (url.endsWith('/sapi/v1/time')) {
        local.t += 2
        const r = reply(200, { timezone: '中国标准时间', serverTime: local.t + SKEW }) // stamped at the midpoint
        local.t += 2
        return r
      }
      return signed(init, ++signedN)
    })
    const clock = new ServerClock({ now: () => local.t, samples: 3 })
    return { local, transport, client: makeClient(transport, { clock }) }
  }
  const tsOf = (init: TransportInit): number => Number(init.headers['X-CH-TS'])
  const signedCalls = (calls: { url: string; init: TransportInit }[]) => calls.filter((c) => !c.url.endsWith('/time'))

  it('the first signed call syncs first, and stamps local + offset', async () => {
    const { transport, client, local } = venue(() => reply(200, { balances: [] }))
    await client.spotAccount()
    expect(transport.calls.map((c) => new URL(c.url).pathname)).toEqual([
      '/spot/open/sapi/v1/time',
      '/spot/open/sapi/v1/time',
      '/spot/open/sapi/v1/time',
      '/spot/open/sapi/v1/account'
    ])
    expect(tsOf(signedCalls(transport.calls)[0]!.init)).toBe(local.t + SKEW)
  })

  it('-1021: resync, then resend THAT request once (POST too: the same body bytes)', async () => {
    const { transport, client, local } = venue((_init, n) =>
      n === 1 ? reply(200, '{"code":"-1021","msg":"时间戳超出范围","succ":false}') : reply(200, { orderId: '77' })
    )
    const r = await client.spotOrderPlace({
      symbol: 'btcusdt',
      side: 'BUY',
      type: 'MARKET',
      volume: '5',
      newClientOrderId: 'c-1'
    })
    expect(r.orderId).toBe('77')
    const sent = signedCalls(transport.calls)
    expect(sent).toHaveLength(2)
    expect(sent[1]!.init.body).toBe(sent[0]!.init.body)
    expect(transport.calls.filter((c) => c.url.endsWith('/time'))).toHaveLength(6) // first sync + resync
    expect(tsOf(sent[1]!.init)).toBe(local.t + SKEW)
  })

  it('a burst rejected with -1021 together resyncs once, and each request is resent once', async () => {
    const { transport, client } = venue((_init, n) =>
      n <= 3 ? reply(401, { code: -1021, msg: 'old' }) : reply(200, { balances: [] })
    )
    await client.syncClock()
    transport.calls.length = 0
    await Promise.all([client.spotAccount(), client.spotAccount(), client.spotAccount()])
    expect(transport.calls.filter((c) => c.url.endsWith('/time'))).toHaveLength(3) // one resync of 3 samples, not three
    expect(signedCalls(transport.calls)).toHaveLength(6)
  })

  it('a -1021 for a request stamped before the latest resync just resends (no second resync)', async () => {
    const gates: ((r: ReturnType<typeof reply>) => void)[] = []
    const { transport, client } = venue((_init, n) =>
      n <= 2 ? (new Promise((r) => gates.push(r)) as never) : reply(200, { balances: [] })
    )
    await client.syncClock()
    const a = client.spotAccount()
    const b = client.spotAccount()
    await vi.waitFor(() => expect(gates).toHaveLength(2), { timeout: 5000 }) // both stamped with the same offset
    transport.calls.length = 0
    gates[0]!(reply(401, { code: -1021, msg: 'old' }))
    await a // resynced, then resent
    expect(transport.calls.filter((c) => c.url.endsWith('/time'))).toHaveLength(3)
    gates[1]!(reply(401, { code: -1021, msg: 'old' }))
    await b
    expect(transport.calls.filter((c) => c.url.endsWith('/time'))).toHaveLength(3)
    expect(signedCalls(transport.calls)).toHaveLength(2)
  })

  it('a second -1021 is not retried again', async () => {
    const { transport, client } = venue(() =>
      reply(401, { code: -1021, msg: 'Timestamp for this request is outside of the recvWindow' })
    )
    await expect(client.spotAccount()).rejects.toMatchObject({ kind: 'api', code: -1021 })
    expect(signedCalls(transport.calls)).toHaveLength(2)
  })

  it('public calls do not sync the clock', async () => {
    const { transport, client } = venue(() => reply(200, {}))
    await client.call('spot.ticker', { symbol: 'btcusdt' })
    expect(transport.calls).toHaveLength(1)
  })
})
