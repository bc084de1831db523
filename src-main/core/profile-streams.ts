// The per-profile trading and account streams as the contract serves them: every event stamped with its profile id
// and the next number of that profile's stream (StreamStamp in src-shared/ipc/views/common.ts), and every open
// subscription of a profile counted until its stop runs. The numbers are per profile and stream for the whole run,
// never restarted by a new subscription: a window resubscribing after a reconnect or a switch back gets numbers
// above every one it saw, so it needs no reset and a late event of an ended subscription is always older.
import type { Sequenced } from '@shared/ipc/views/common'

export type ProfileStreamName =
  | 'trading.onOrderEvents'
  | 'trading.onOrderHistory'
  | 'account.onUpdate'
  | 'alerts.onChange'
  | 'algos.onChange'
  | 'notices.onChange'

export class ProfileStreams {
  readonly #last = new Map<string, number>()
  readonly #open = new Map<string, number>()

  /**
   * Starts one profile's subscription: `start` gets an emit that stamps each event; the stop returned ends it (once)
   * and uncounts it.
   */
  open<T extends object>(
    stream: ProfileStreamName,
    profileId: string,
    emit: (e: Sequenced<T>) => void,
    start: (emit: (e: T) => void) => () => void
  ): () => void {
    const key = `${stream} ${profileId}`
    this.#open.set(profileId, (this.#open.get(profileId) ?? 0) + 1)
    let stopped = false
    const stop = start((e) => {
      if (stopped) return // a service that emits during its own teardown
      const seq = (this.#last.get(key) ?? 0) + 1
      this.#last.set(key, seq)
      emit({ ...e, profileId, seq })
    })
    return () => {
      if (stopped) return
      stopped = true
      stop()
      const n = (this.#open.get(profileId) ?? 1) - 1
      if (n > 0) this.#open.set(profileId, n)
      else this.#open.delete(profileId)
    }
  }

  /** Subscriptions of the profile open now (a switch must leave none of the old profile's but those named by id). */
  openCount(profileId: string): number {
    return this.#open.get(profileId) ?? 0
  }
}
