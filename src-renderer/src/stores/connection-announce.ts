// The connection said to a screen reader, as the status bar shows it to the eye: a change for the worse at once
// (the urgent region: prices on screen may be old, an order may not go), the way back politely. Only changes of
// state are said, never the seconds of a stall counting up, so a shaky link does not talk over everything else.
import { watch } from 'vue'
import { t } from '../i18n'
import { useAnnouncerStore } from './announcer'
import { useStatusStore, type ConnectionState } from './status'

/** States that tell the user something is wrong (connecting at start is not news). */
/** What the urgent region can still hold of a flapping connection (announcer.ts keeps 3 messages a region). */
const KEPT_DOWN = 3

const BAD = new Set<ConnectionState>(['degraded', 'unreachable', 'stalled', 'reconnecting', 'offline', 'unauthorized'])

/** Starts saying the connection's changes; returns the stop. One per window (components/LiveAnnouncer.vue). */
export function announceConnection(): () => void {
  const status = useStatusStore()
  const announcer = useAnnouncerStore()
  /** What was said of the trouble: taken back when the connection is back, so the region never reads it as now. */
  let downSaid: string[] = []
  return watch(
    () => status.connection.state,
    (state) => {
      const c = status.connection
      if (BAD.has(state)) {
        const said = t('status.announce.down', { state: c.label, detail: c.detail })
        announcer.say(said, true)
        downSaid = [...downSaid, said].slice(-KEPT_DOWN) // the region keeps its last few: older ones are gone already
      } else if (state === 'connected' && downSaid.length) {
        for (const said of downSaid) announcer.unsay(said)
        downSaid = []
        announcer.say(t('status.announce.back', { detail: c.detail }))
      }
    }
  )
}
