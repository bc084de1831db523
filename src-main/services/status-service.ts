// The status bar's data for a profile: market feed connections, REST latency, server-clock offset, rate-budget use
// and the poller's back-off, pushed about once a second.
import type { z } from 'zod'
import type * as S from '@shared/ipc/schemas/account'
import type { FeedStatusView, RateBudgetView, StatusView } from '@shared/ipc/views/status'
import type { MarketFeeds } from '../feeds'
import type { PollScheduler } from './poll-scheduler'
import type { Venues } from './venues'

type In<T extends z.ZodType> = z.output<T>

export class StatusService {
  constructor(
    private readonly venues: Venues,
    private readonly feeds: MarketFeeds,
    private readonly scheduler: PollScheduler,
    private readonly intervalMs = 1000
  ) {}

  snapshot(profileId?: string): StatusView {
    const id = profileId ?? this.venues.activeId()
    const empty: StatusView = {
      profileId: id,
      at: Date.now(),
      feeds: [],
      rest: { lastLatencyMs: null, avgLatencyMs: null, lastOkAt: null, lastError: null },
      clock: { offsetMs: 0, rttMs: null, synced: false },
      rateBudget: { maxUse: 0, queuedUser: 0, queuedBackground: 0, rateLimited: 0, buckets: [] },
      polling: { multiplier: 1, reason: null }
    }
    if (id === null || !this.venues.vault.profiles.find(id)) return empty
    const rt = this.venues.get(id)
    const feeds: FeedStatusView[] = (['spot', 'futures'] as const).map((gateway) => {
      const s = this.feeds.status({ profileId: id, gateway })
      return {
        module: gateway,
        state: s?.state ?? 'idle',
        lastFrameAt: s?.lastFrameAt ?? null,
        reconnects: s?.reconnects ?? 0,
        lastError: s?.lastError ?? null,
        channels: s?.channels ?? 0
      }
    })
    const clock = rt.client.executor.clock.state()
    const l = rt.latency
    return {
      ...empty,
      feeds,
      rest: { lastLatencyMs: l.last, avgLatencyMs: l.avg, lastOkAt: l.lastOkAt, lastError: l.lastError },
      // Against this machine's wall clock, which is what the window adds it to (the estimate runs on a monotonic one).
      clock: {
        offsetMs: Math.round(rt.client.executor.clock.now() - Date.now()),
        rttMs: clock.rttMs ?? null,
        synced: clock.synced
      },
      rateBudget: budget(rt.client.rateStats()),
      polling: this.scheduler.state(id)
    }
  }

  onStatus(p: In<typeof S.statusStream>, emit: (s: StatusView) => void): () => void {
    const push = (): void => emit(this.snapshot(p.profileId))
    push()
    const timer = setInterval(push, this.intervalMs)
    timer.unref()
    return () => clearInterval(timer)
  }
}

function budget(stats: ReturnType<import('../client').ExchangeClient['rateStats']>): RateBudgetView {
  const out: RateBudgetView = { maxUse: 0, queuedUser: 0, queuedBackground: 0, rateLimited: 0, buckets: [] }
  for (const b of stats) {
    if (b.plannedCount > 0) out.maxUse = Math.max(out.maxUse, b.used / b.plannedCount)
    out.queuedUser += b.queuedUser
    out.queuedBackground += b.queuedBackground
    out.rateLimited += b.rateLimited
    if (b.used > 0)
      out.buckets.push({ endpointId: b.endpointId, used: b.used, planned: b.plannedCount, windowMs: b.windowMs })
  }
  return out
}
