// The status bar's data: the connection to the terminal and, through app.onStatus (about once a second, for the
// active profile), the market feeds, REST latency, server-clock offset, rate-budget use and the poller's pace.
// The connection state is read from the stream itself, so it is the same in Electron and in a browser tab: events
// arriving = connected; an end with the bridge's code says why not; silence past a deadline = stalled.
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
  let off: (() => void) | null = null
  let clock: ReturnType<typeof setInterval> | undefined

  function start(): void {
    if (off) return
    off = liveSubscribe(
      'app.onStatus',
      {},
      (s) => {
        link.value = 'connected'
        last.value = s
        now.value = Date.now()
      },
      {
        onEnd: (e, final) => {
          last.value = null
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
    clock = setInterval(() => (now.value = Date.now()), 1000)
  }
  function stop(): void {
    off?.()
    off = null
    clearInterval(clock)
  }

  const connection = computed(() => connectionOf(link.value, last.value, now.value))
  /** null while REST is down: the average of answers from before the outage would read as a live figure. */
  const latencyMs = computed(() =>
    last.value && !restDown(last.value, now.value)
      ? (last.value.rest.avgLatencyMs ?? last.value.rest.lastLatencyMs ?? null)
      : null
  )
  const restIsDown = computed(() => last.value !== null && restDown(last.value, now.value))
  const clockOffsetMs = computed(() => (last.value?.clock.synced ? last.value.clock.offsetMs : null))
  const rateUse = computed(() => last.value?.rateBudget.maxUse ?? 0)
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
