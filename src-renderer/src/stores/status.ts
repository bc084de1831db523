// The status bar's data: the connection to the terminal and, through app.onStatus (about once a second, for the
// active profile), the market feeds, REST latency, server-clock offset, rate-budget use and the poller's pace.
// The connection state is read from the stream itself, so it is the same in Electron and in a browser tab: events
// arriving = connected; an end with the bridge's code says why not; silence past a deadline = stalled.
// The bar draws once a second (each drawing is a frame of the whole page): its venue clock turns at the venue's
// second, and a status that only moves figures (latency, clock offset, rate use) is shown at that turn, not when it
// arrives; a status that changes a state (a feed, REST up or down, a tone, the poller's pace) is shown at once.
import { defineStore } from 'pinia'
import { computed, ref, shallowRef } from 'vue'
import type { StatusView } from '@shared/ipc/views/status'
import { t } from '../i18n'
import { liveSubscribe } from '../services/live'
import { terminal } from '../services/terminal'

export type ConnectionState =
  'connecting' | 'connected' | 'degraded' | 'unreachable' | 'stalled' | 'reconnecting' | 'offline' | 'unauthorized'

const STALL_MS = 4000
/** REST failing with no answer for this long is down, not a blip (a poll or two failed). */
const REST_DOWN_MS = 15_000

/** The venue's REST is failing and has not answered for a while: the latency of its last answers is no figure now. */
export const restDown = (s: StatusView, now: number): boolean =>
  !!s.rest.lastError && (s.rest.lastOkAt === null || now - s.rest.lastOkAt > REST_DOWN_MS)

/** Latency (ms) above which the bar's REST figure is a warning, and a fault. */
export const LATENCY_WARN_MS = 300
export const LATENCY_BAD_MS = 800
/** Rate-budget use, in whole percent as the bar shows it, from which the bar warns. */
export const RATE_WARN_PCT = 70

/** The average REST latency the bar shows; null while REST is down (answers from before the outage are no figure). */
export const latencyOf = (s: StatusView, now: number): number | null =>
  restDown(s, now) ? null : (s.rest.avgLatencyMs ?? s.rest.lastLatencyMs ?? null)

/** What of a status the bar shows as a state rather than a figure: a change here is shown at once. */
function stateOf(s: StatusView, now: number): string {
  const latency = latencyOf(s, now)
  const band = latency === null ? 0 : latency > LATENCY_BAD_MS ? 2 : latency > LATENCY_WARN_MS ? 1 : 0
  return JSON.stringify([
    s.profileId,
    s.feeds.map((f) => [f.module, f.state, f.lastError]),
    restDown(s, now),
    s.rest.lastError,
    band,
    s.clock.synced,
    s.rateBudget.rateLimited > 0,
    Math.round(s.rateBudget.maxUse * 100) >= RATE_WARN_PCT,
    s.polling.multiplier,
    s.polling.reason
  ])
}

/** Ms until the venue's next whole second, a little past it (a timer is never early, but the clocks may differ). */
export const msToNextSecond = (venueMs: number): number => 1000 - (((venueMs % 1000) + 1000) % 1000) + 20

export interface Connection {
  state: ConnectionState
  label: string
  detail: string
}

/** The one-word state and its explanation, from the last status and how the stream is doing. */
export function connectionOf(link: ConnectionState, s: StatusView | null, now: number): Connection {
  const said = (state: ConnectionState, detail: string): Connection => ({
    state,
    label: t(`status.connection.${state}`),
    detail
  })
  if (link === 'unauthorized' || link === 'offline' || link === 'reconnecting')
    return said(link, t(`status.detail.${link}`))
  if (!s) return said('connecting', t('status.detail.connecting'))
  if (now - s.at > STALL_MS)
    return said('stalled', t('status.detail.stalled', { seconds: Math.round((now - s.at) / 1000) }))
  const bad = s.feeds.filter(
    (f) => f.state === 'stale' || f.state === 'reconnecting' || (f.state === 'closed' && f.lastError)
  )
  const feedWords = (f: (typeof bad)[number]): string => {
    const words = { module: t(`common.modules.${f.module}`), state: t(`status.feedStates.${f.state}`) }
    return f.lastError ? t('status.detail.feedError', { ...words, error: f.lastError }) : t('status.detail.feed', words)
  }
  const rest = restDown(s, now)
  const words = [...(rest ? [t('status.detail.rest', { error: s.rest.lastError ?? '' })] : []), ...bad.map(feedWords)]
  // The venue answers nothing at all (REST down, no feed in use open): not "degraded", gone; since when if known.
  const inUse = s.feeds.filter((f) => f.state !== 'idle' && !(f.state === 'closed' && !f.lastError))
  if (rest && inUse.every((f) => f.state !== 'open' && f.state !== 'stale')) {
    const since = s.rest.lastOkAt === null ? null : Math.round((now - s.rest.lastOkAt) / 1000)
    const head = since === null ? t('status.detail.noAnswer') : t('status.detail.noAnswerFor', { seconds: since })
    return said('unreachable', [head, ...words].join('; '))
  }
  if (words.length) return said('degraded', words.join('; '))
  return said('connected', t(s.profileId ? 'status.detail.connected' : 'status.detail.noProfile'))
}

export const useStatusStore = defineStore('status', () => {
  const link = ref<ConnectionState>('connecting')
  const last = shallowRef<StatusView | null>(null)
  /** Local ms of the last event, against which staleness is judged (status `at` is main's clock, the same machine). */
  const now = ref(Date.now())
  /** The status the bar shows: `last`, figures paced to the clock's second (see the top of the file). */
  const bar = shallowRef<StatusView | null>(null)
  /** The venue's time the bar shows, in whole seconds (ms); null until a status says the offset. */
  const venueSecond = ref<number | null>(null)
  let off: (() => void) | null = null
  let clock: ReturnType<typeof setTimeout> | undefined

  const offsetOf = (s: StatusView | null): number => (s?.clock.synced ? s.clock.offsetMs : 0)
  function turn(): void {
    const t = Date.now()
    // Events move `now`; the clock moves it only when they stopped coming, so the stall shows and counts up.
    if (t - now.value >= 1000) now.value = t
    if (bar.value !== last.value) bar.value = last.value
    const venue = t + offsetOf(bar.value)
    venueSecond.value = bar.value ? Math.round(venue / 1000) * 1000 : null
    clock = setTimeout(turn, msToNextSecond(venue))
  }

  function start(): void {
    if (off) return
    off = liveSubscribe(
      'app.onStatus',
      {},
      (s) => {
        link.value = 'connected'
        last.value = s
        now.value = Date.now()
        const shown = bar.value
        if (!shown || stateOf(shown, now.value) !== stateOf(s, now.value)) {
          bar.value = s
          if (!shown) venueSecond.value = Math.floor((now.value + offsetOf(s)) / 1000) * 1000
        }
      },
      {
        onEnd: (e, final) => {
          last.value = null
          bar.value = null
          venueSecond.value = null
          link.value = !e
            ? 'reconnecting'
            : e.code === 'unauthorized'
              ? 'unauthorized'
              : final
                ? 'offline'
                : 'reconnecting'
        }
      }
    )
    clock = setTimeout(turn, msToNextSecond(Date.now()))
  }
  function stop(): void {
    off?.()
    off = null
    clearTimeout(clock)
  }

  // The same object while nothing it says changed: a new one at every event would redraw the bar for nothing.
  const connection = computed<Connection>((prev) => {
    const c = connectionOf(link.value, last.value, now.value)
    return prev && prev.state === c.state && prev.label === c.label && prev.detail === c.detail ? prev : c
  })
  /** The bar's REST latency; null while REST is down. */
  const latencyMs = computed(() => (bar.value ? latencyOf(bar.value, now.value) : null))
  const restIsDown = computed(() => bar.value !== null && restDown(bar.value, now.value))
  const clockOffsetMs = computed(() => (bar.value?.clock.synced ? bar.value.clock.offsetMs : null))
  const rateUse = computed(() => bar.value?.rateBudget.maxUse ?? 0)
  /** The terminal's version ('' until told; the connection state already says why it is not). */
  const version = ref('')
  function loadVersion(): void {
    if (version.value) return
    terminal()
      .invoke('app.info', {})
      .then((i) => (version.value = `v${i.version}`))
      .catch(() => undefined)
  }
  return {
    link,
    last,
    now,
    bar,
    venueSecond,
    connection,
    latencyMs,
    restIsDown,
    clockOffsetMs,
    rateUse,
    version,
    loadVersion,
    start,
    stop
  }
})
