// Price-alert fires no window of the profile heard (every window closed, or another profile shown) are main's to
// list in the notification center (src-main/notices lists every fire): the window that follows the profile next
// neither toasts them (something past) nor lists them again.
import { describe, expect, it } from 'vitest'
import type { AlertFireView } from '@shared/ipc/views/alerts'
import AlertsPanel from '../../../src-renderer/src/panels/AlertsPanel.vue'
import { useFeedbackStore } from '../../../src-renderer/src/stores/feedback'
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
  it('are neither toasted nor listed again by the window', async () => {
    const { fake } = await mountPanel(AlertsPanel, {}, { 'profiles.setActive': () => ({ ok: true }) })
    useProfilesStore().start()
    await fake.emit('profiles.onChange', profilesView([PAPER, REMOTE], PAPER.id))
    const now = Date.now()
    await fake.emit('alerts.onChange', {
      profileId: PAPER.id,
      seq: 1,
      alerts: [],
      fired: [],
      missed: [fire(now - 120_000, '70000.10'), fire(now - 60_000, '70100.20')]
    })
    expect(useFeedbackStore().toasts.filter((t) => t.title.includes('BTC/USDT'))).toEqual([])
    expect(fake.inputs('notices.add')).toEqual([])
  })
})
