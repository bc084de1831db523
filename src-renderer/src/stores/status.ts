// The status bar's data: the connection to the terminal and, through app.onStatus (about once a second, for the
// active profile), the market feeds, REST latency, server-clock offset, rate-budget use and the poller's pace.
// The connection state is read from the stream itself, so it is the same in Electron and in a browser tab: events
// arriving = connected; an end with the bridge's code says why not; silence past a deadline = stalled.
import { defineStore } from 'pinia'
import { computed, ref, shallowRef } from 'vue'
import type { StatusView } from '@shared/ipc/views/status'
import { NO_CREDENTIAL_ADVICE } from '../bridge/terminal-bridge'
import { liveSubscribe } from '../services/live'
import { terminal } from '../services/terminal'

export type ConnectionState =
  'connecting' | 'connected' | 'degraded' | 'stalled' | 'reconnecting' | 'offline' | 'unauthorized'

const STALL_MS = 4000

export interface Connection {
  state: ConnectionState
  label: string
  detail: string
}

/** The one-word state and its explanation, from the last status and how the stream is doing. */
export function connectionOf(link: ConnectionState, s: StatusView | null, now: number): Connection {
  if (link === 'unauthorized') return { state: link, label: 'Not authorized', detail: NO_CREDENTIAL_ADVICE }
  if (link === 'offline')
    return { state: link, label: 'Offline', detail: 'The terminal cannot be reached; reload the page to try again' }
  if (link === 'reconnecting')
    return { state: link, label: 'Reconnecting', detail: 'The connection to the terminal dropped; trying again' }
  if (!s) return { state: 'connecting', label: 'Connecting', detail: 'Waiting for the terminal' }
  if (now - s.at > STALL_MS)
    return {
      state: 'stalled',
      label: 'Stalled',
      detail: `No status from the terminal for ${Math.round((now - s.at) / 1000)} s`
    }
  const bad = s.feeds.filter(
    (f) => f.state === 'stale' || f.state === 'reconnecting' || (f.state === 'closed' && f.lastError)
  )
  if (bad.length)
    return {
      state: 'degraded',
      label: 'Degraded',
      detail: bad.map((f) => `${f.module} feed ${f.state}${f.lastError ? `: ${f.lastError}` : ''}`).join('; ')
    }
  if (s.rest.lastError && (s.rest.lastOkAt === null || now - s.rest.lastOkAt > 15_000))
    return { state: 'degraded', label: 'Degraded', detail: `REST: ${s.rest.lastError}` }
  return {
    state: 'connected',
    label: 'Connected',
    detail: s.profileId ? 'Terminal, feeds and REST are answering' : 'Connected; no profile is active'
  }
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
  const latencyMs = computed(() => last.value?.rest.avgLatencyMs ?? last.value?.rest.lastLatencyMs ?? null)
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
  return { link, last, now, connection, latencyMs, clockOffsetMs, rateUse, version, loadVersion, start, stop }
})
