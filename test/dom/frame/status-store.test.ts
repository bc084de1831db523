// The status bar's store and component: connection state from the status stream (events, the bridge's end codes,
// silence), and the figures it shows.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { flushPromises, mount } from '@vue/test-utils'
import { nextTick } from 'vue'
import { createPinia, setActivePinia } from 'pinia'
import StatusBar from '../../../src-renderer/src/components/StatusBar.vue'
import { connectionOf, useStatusStore } from '../../../src-renderer/src/stores/status'
import { announceConnection } from '../../../src-renderer/src/stores/connection-announce'
import { useAnnouncerStore } from '../../../src-renderer/src/stores/announcer'
import type { StatusView } from '@shared/ipc/views/status'
import { fakeTerminal, type FakeTerminal } from './fake-terminal'
import { status } from './fixtures'

let fake: FakeTerminal
beforeEach(() => {
  setActivePinia(createPinia())
  fake = fakeTerminal({
    'app.info': () => ({
      name: 'CH Trader',
      version: '0.1.0',
      embeddedExchangeUrl: 'http://127.0.0.1:1',
      startedAt: 0,
      notices: []
    })
  })
})
afterEach(() => {
  vi.useRealTimers()
})

describe('connectionOf', () => {
  const now = Date.now()
  it('is connected while fresh status arrives and feeds and REST answer', () => {
    expect(connectionOf('connected', status({ at: now }), now).state).toBe('connected')
  })
  it('is degraded with a feed in trouble or REST failing, saying which', () => {
    const feeds = [
      {
        module: 'spot' as const,
        state: 'reconnecting' as const,
        lastFrameAt: null,
        reconnects: 2,
        lastError: 'socket closed',
        channels: 1
      }
    ]
    expect(connectionOf('connected', status({ at: now, feeds }), now)).toMatchObject({
      state: 'degraded',
      detail: 'Spot feed reconnecting: socket closed'
    })
    const rest = { lastLatencyMs: null, avgLatencyMs: null, lastOkAt: now - 60_000, lastError: 'HTTP 502' }
    expect(connectionOf('connected', status({ at: now, rest }), now)).toMatchObject({
      state: 'degraded',
      detail: 'REST: HTTP 502'
    })
  })
  it('is "venue unreachable" when REST has failed for a while and no feed in use is open, since when', () => {
    const rest = { lastLatencyMs: 9, avgLatencyMs: 11, lastOkAt: now - 30_000, lastError: 'network error' }
    const down = {
      module: 'spot' as const,
      state: 'reconnecting' as const,
      lastFrameAt: now - 30_000,
      reconnects: 4,
      lastError: 'connect ECONNREFUSED 127.0.0.1:1',
      channels: 3
    }
    const idle = { ...down, module: 'futures' as const, state: 'idle' as const, lastError: null, channels: 0 }
    expect(connectionOf('connected', status({ at: now, rest, feeds: [down, idle] }), now)).toMatchObject({
      state: 'unreachable',
      label: 'Venue unreachable',
      detail:
        'No answer from the venue for 30 s; REST: network error; Spot feed reconnecting: connect ECONNREFUSED 127.0.0.1:1'
    })
    // A feed still open: the venue answers there, so it is degraded, and says both troubles.
    const open = { ...down, module: 'futures' as const, state: 'open' as const, lastError: null }
    expect(connectionOf('connected', status({ at: now, rest, feeds: [down, open] }), now)).toMatchObject({
      state: 'degraded',
      detail: 'REST: network error; Spot feed reconnecting: connect ECONNREFUSED 127.0.0.1:1'
    })
    // REST failing only since moments ago is not down yet (a poll or two).
    const blip = { ...rest, lastOkAt: now - 3000 }
    expect(connectionOf('connected', status({ at: now, rest: blip, feeds: [down, idle] }), now).state).toBe('degraded')
  })
  it('is stalled when status stops coming, and says the link state otherwise', () => {
    expect(connectionOf('connected', status({ at: now - 10_000 }), now).state).toBe('stalled')
    expect(connectionOf('connecting', null, now).state).toBe('connecting')
    expect(connectionOf('unauthorized', null, now).detail).toMatch(
      /run `npm run web` again \(or press Enter in the terminal where it runs\)/
    )
  })
})

describe('useStatusStore', () => {
  it('follows app.onStatus and reads latency, clock offset and rate use', () => {
    const s = useStatusStore()
    s.start()
    expect(fake.subscribed('app.onStatus')).toEqual([{}])
    fake.emit('app.onStatus', status())
    expect(s.connection.state).toBe('connected')
    expect(s.latencyMs).toBe(14.4)
    expect(s.clockOffsetMs).toBe(-3)
    expect(s.rateUse).toBe(0.25)
    s.stop()
  })

  it('reconnects after a dropped connection and stops on a final refusal', async () => {
    vi.useFakeTimers()
    const s = useStatusStore()
    s.start()
    fake.end('app.onStatus', { code: 'disconnected', message: 'lost' })
    expect(s.connection.state).toBe('reconnecting')
    await vi.advanceTimersByTimeAsync(600)
    expect(fake.subscribed('app.onStatus')).toHaveLength(1) // subscribed again
    fake.end('app.onStatus', { code: 'unauthorized', message: 'no token' })
    expect(s.connection.state).toBe('unauthorized')
    await vi.advanceTimersByTimeAsync(20_000)
    expect(fake.subscribed('app.onStatus')).toHaveLength(0)
    s.stop()
  })
})

describe('StatusBar', () => {
  it('shows connection, feeds, latency, clock offset and rate budget', async () => {
    const w = mount(StatusBar)
    useStatusStore().start()
    fake.emit(
      'app.onStatus',
      status({ rateBudget: { maxUse: 0.82, queuedUser: 0, queuedBackground: 3, rateLimited: 0, buckets: [] } })
    )
    await flushPromises()
    const conn = w.get('[data-testid="connection-status"]')
    expect(conn.attributes('data-state')).toBe('connected')
    expect(conn.text()).toBe('Connected')
    expect(w.get('[data-testid="feed-spot"] .dot').classes()).toContain('ok')
    expect(w.get('[data-testid="feed-futures"] .dot').classes()).toContain('idle')
    expect(w.get('[data-testid="status-latency"]').text()).toBe('REST 14 ms')
    expect(w.get('[data-testid="status-clock"]').text()).toBe('Clock −3 ms')
    expect(w.get('[data-testid="status-rate"]').text()).toMatch(/^Rate\s*82%$/)
    expect(w.get('[data-testid="status-rate"]').classes()).toContain('warn')
    expect(w.text()).toContain('v0.1.0')
    w.unmount()
  })
})

describe('the bar draws once a second', () => {
  it('its clock turns at the venue second, with the figures of statuses that came meanwhile; a state at once', async () => {
    vi.useFakeTimers()
    vi.setSystemTime(new Date('2026-11-30T12:00:00.300Z'))
    const w = mount(StatusBar)
    const s = useStatusStore()
    s.start()
    fake.emit('app.onStatus', status()) // the clock offset is -3 ms
    await nextTick()
    const bar = w.get('[data-testid="status-bar"]')
    const latency = (): string => w.get('[data-testid="status-latency"]').text()
    expect(bar.text()).toContain('12:00:00 UTC')
    expect(latency()).toBe('REST 14 ms')
    await vi.advanceTimersByTimeAsync(0)
    expect(bar.text()).toContain('v0.1.0')

    // Figures alone: the bar changes nothing until the venue's next second, then clock and figures together.
    let writes = 0
    const seen = new MutationObserver((records) => (writes += records.length))
    seen.observe(bar.element, { subtree: true, childList: true, characterData: true, attributes: true })
    await vi.advanceTimersByTimeAsync(300)
    const figures = status({ rest: { lastLatencyMs: 30, avgLatencyMs: 21, lastOkAt: Date.now(), lastError: null } })
    fake.emit('app.onStatus', figures)
    await vi.advanceTimersByTimeAsync(390) // 12:00:00.990
    expect(latency()).toBe('REST 14 ms')
    expect(writes).toBe(0)
    await vi.advanceTimersByTimeAsync(40) // past the venue's second (the offset is -3 ms)
    expect(bar.text()).toContain('12:00:01 UTC')
    expect(latency()).toBe('REST 21 ms')
    expect(writes).toBeGreaterThan(0)
    seen.disconnect()

    // A state (the spot feed going stale) is shown as it arrives.
    await vi.advanceTimersByTimeAsync(300)
    const stale = status()
    stale.feeds[0] = { ...stale.feeds[0]!, state: 'stale', lastError: 'stale: no frame for 30 s' }
    fake.emit('app.onStatus', stale)
    await nextTick()
    expect(w.get('[data-testid="feed-spot"] .dot').classes()).toContain('warn')
    expect(bar.text()).toContain('12:00:01 UTC')

    // No status any more: the clock still turns, and the stall is seen and counted.
    await vi.advanceTimersByTimeAsync(5000)
    expect(bar.text()).toContain('12:00:06 UTC')
    expect(s.connection.state).toBe('stalled')
    await vi.advanceTimersByTimeAsync(2000)
    expect(s.connection.detail).toMatch(/\b7 s\b|\b7\b/)
    s.stop()
    w.unmount()
  })
})

describe('the venue going down and coming back', () => {
  const down = (): StatusView =>
    status({
      rest: { lastLatencyMs: 9, avgLatencyMs: 11, lastOkAt: Date.now() - 40_000, lastError: 'network error' },
      feeds: [
        {
          module: 'spot',
          state: 'reconnecting',
          lastFrameAt: null,
          reconnects: 3,
          lastError: 'connect ECONNREFUSED',
          channels: 2
        }
      ]
    })
  it('the bar says unreachable and REST down (not the average of answers from before), then live figures again', async () => {
    const w = mount(StatusBar)
    useStatusStore().start()
    fake.emit('app.onStatus', down())
    await flushPromises()
    const conn = w.get('[data-testid="connection-status"]')
    expect(conn.attributes('data-state')).toBe('unreachable')
    expect(conn.text()).toBe('Venue unreachable')
    expect(conn.attributes('title')).toMatch(/^No answer from the venue for 4\d s; REST: network error; Spot feed/)
    const rest = w.get('[data-testid="status-latency"]')
    expect(rest.text()).toBe('REST down')
    expect(rest.classes()).toContain('bad')
    expect(rest.attributes('title')).toBe('REST requests to the venue are failing: network error')
    fake.emit('app.onStatus', status())
    await flushPromises()
    expect(conn.attributes('data-state')).toBe('connected')
    expect(w.get('[data-testid="status-latency"]').text()).toBe('REST 14 ms')
    w.unmount()
  })
  it('a screen reader is told at once, and the trouble is taken back from its region when the venue is back', async () => {
    const s = useStatusStore()
    s.start()
    const stop = announceConnection()
    const announcer = useAnnouncerStore()
    fake.emit('app.onStatus', status())
    await flushPromises()
    fake.emit('app.onStatus', down())
    await flushPromises()
    expect(announcer.urgent.map((x) => x.text)).toEqual([
      expect.stringMatching(/^Venue unreachable: No answer from the venue for 4\d s; REST: network error/)
    ])
    fake.emit('app.onStatus', status())
    await flushPromises()
    expect(announcer.urgent).toEqual([])
    expect(announcer.polite.map((x) => x.text)).toEqual(['Connected again: Terminal, feeds and REST are answering'])
    stop()
    s.stop()
  })
})
