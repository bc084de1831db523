// Verdicts the trader is told however they arrive (notice 'recovered' or 'correction'): kept so a window that
// subscribes after one was reached still hears it. Every new subscriber within REPLAY_MS is told it (a window's first
// stream may be dropped on the way; the renderer tells each notice once), and the first one after that.
import type { GatewayEvent } from './types'

/** Notices kept (the newest). */
const KEPT = 20
/** How long after a notice every new subscriber is told it too. */
const REPLAY_MS = 60_000

export class NoticeLog {
  private notices: { event: GatewayEvent; at: number; replayed: boolean }[] = []

  add(event: GatewayEvent): void {
    this.notices = [...this.notices, { event, at: Date.now(), replayed: false }].slice(-KEPT)
  }

  /** What a subscriber that comes now is told: notices never replayed, and those reached within REPLAY_MS. */
  toTell(): GatewayEvent[] {
    const now = Date.now()
    const out = this.notices.filter((n) => !n.replayed || now - n.at < REPLAY_MS)
    for (const n of out) n.replayed = true
    return out.map((n) => n.event)
  }
}
