// Price-alert fires no window of the profile heard (main keeps them: every window closed, or another profile shown)
// come with the first event of the profile's stream and are listed in the notification center at the time they
// fired, unread, in time order among the others, without a toast for something past.
import { describe, expect, it } from 'vitest'
import type { AlertFireView } from '@shared/ipc/views/alerts'
import AlertsPanel from '../../../src-renderer/src/panels/AlertsPanel.vue'
import { useFeedbackStore } from '../../../src-renderer/src/stores/feedback'
import { useNoticesStore } from '../../../src-renderer/src/stores/notices'
import { useProfilesStore } from '../../../src-renderer/src/stores/profiles'
import { PAPER, profilesView, REMOTE } from '../frame/fixtures'
import { mountPanel } from '../trading/setup'

const fire = (at: number, price: string): AlertFireView => ({
  alertId: 'a1',
  module: 'spot',
  symbol: 'btcusdt',
  source: 'last',
  rule: { kind: 'cross', level: '70000', direction: 'up' },
  at,
  price
})

describe('alert fires missed by every window', () => {
  it('are listed in the notification center at their own time, unread, with no toast', async () => {
    const { fake } = await mountPanel(AlertsPanel, {}, { 'profiles.setActive': () => ({ ok: true }) })
    useProfilesStore().start()
    await fake.emit('profiles.onChange', profilesView([PAPER, REMOTE], PAPER.id))
    const notices = useNoticesStore()
    const now = Date.now()
    notices.add({ kind: 'info', title: 'Order canceled', text: '', at: now })
    await fake.emit('alerts.onChange', {
      profileId: PAPER.id,
      seq: 1,
      alerts: [],
      fired: [],
      missed: [fire(now - 120_000, '70000.10'), fire(now - 60_000, '70100.20')]
    })
    expect(notices.shown.map((n) => [n.at, n.kind, n.profileId])).toEqual([
      [now - 120_000, 'warn', PAPER.id],
      [now - 60_000, 'warn', PAPER.id],
      [now, 'info', PAPER.id]
    ])
    expect(notices.shown[0]!.title).toContain('BTC/USDT')
    expect(notices.shown[1]!.text).toContain('70,100.20')
    expect(notices.unread).toBe(3)
    expect(useFeedbackStore().toasts.filter((t) => t.title.includes('BTC/USDT'))).toEqual([])
  })
})
