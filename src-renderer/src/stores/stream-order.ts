// The one rule every store applies to main's per-profile streams (trading.onOrderEvents, trading.onOrderHistory,
// account.onUpdate): an event is applied only if it is of the profile the subscription is for and newer than the last
// one applied of that profile on that stream. Main numbers each profile's stream for its whole run and never restarts
// a number with a subscription (main's profile streams), so the last number is kept across resubscriptions
// (a dropped connection, a switch away and back): a new subscription's first event (its snapshot) is above it, and a
// late event of an ended one is not. A window never outlives its main run: Electron reloads it with main, and the
// browser host's session secret dies with the host (the tab must be opened again), so numbers never start over.
import type { StreamStamp } from '@shared/ipc/views/common'

export interface StreamOrder {
  /**
   * Whether to apply `e`: of `profileId` (null: the subscription named none and follows main's active profile, so
   * any) and newer than the last applied of its profile. An applied one becomes the last.
   */
  accept(e: StreamStamp, profileId: string | null): boolean
}

/** One per store and stream. */
export function streamOrder(): StreamOrder {
  const last = new Map<string, number>()
  return {
    accept(e, profileId) {
      if (profileId !== null && e.profileId !== profileId) return false
      if (e.seq <= (last.get(e.profileId) ?? 0)) return false
      last.set(e.profileId, e.seq)
      return true
    }
  }
}
