// The notification center: every fill, error and notice kept with its time until the user clears it, per profile
// (each naming its profile), counted on the bell until looked at; toasts leave the screen with their profile.
import { beforeEach, describe, expect, it } from 'vitest'
import { flushPromises, mount } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import NotificationBell from '../../../src-renderer/src/components/NotificationBell.vue'
import ToastHost from '../../../src-renderer/src/components/ToastHost.vue'
import { useFeedbackStore } from '../../../src-renderer/src/stores/feedback'
import { MAX_PER_PROFILE, useNoticesStore } from '../../../src-renderer/src/stores/notices'
import { useProfilesStore } from '../../../src-renderer/src/stores/profiles'
import { fakeTerminal } from './fake-terminal'
import { PAPER, REMOTE } from './fixtures'

beforeEach(() => {
  localStorage.clear()
  setActivePinia(createPinia())
  fakeTerminal()
  const profiles = useProfilesStore()
  profiles.list = [PAPER, REMOTE]
  profiles.activeId = PAPER.id
})

const texts = (w: ReturnType<typeof mount>) => w.findAll('[data-testid="notice"]').map((n) => n.text())

describe('notification center', () => {
  it('keeps every fill, error and notice with its time and profile, newest first, after the toasts are gone', async () => {
    const w = mount(NotificationBell)
    const feedback = useFeedbackStore()
    feedback.error(new Error('Insufficient balance'), 'Could not place the order')
    feedback.notify('Partially filled · ETH/USDT', 'Partially filled: bought 0.044 ETH … 359.00 USDT unspent', {
      tone: 'warn',
      profileId: PAPER.id
    })
    feedback.info('Order canceled')
    for (const t of [...feedback.toasts]) feedback.dismiss(t.id)
    await flushPromises()
    expect(w.get('[data-testid="notices-count"]').text()).toBe('3')
    await w.get('[data-testid="notices-bell"]').trigger('click')
    const list = texts(w)
    expect(list).toHaveLength(3)
    expect(list[0]).toMatch(/^Notice\s*\d{2}\/\d{2}, \d{2}:\d{2}:\d{2}\s*Embedded exchange \(paper\)\s*Order canceled/)
    expect(list[1]).toContain('Fill')
    expect(list[1]).toContain('359.00 USDT unspent')
    expect(list[2]).toContain('Insufficient balance')
    expect(w.findAll('[data-testid="notice"]').map((n) => n.attributes('data-kind'))).toEqual(['info', 'fill', 'error'])
    expect(w.get('[data-testid="notice-profile"]').text()).toBe(PAPER.name)
    // Looked at: no longer counted.
    expect(w.find('[data-testid="notices-count"]').exists()).toBe(false)
  })

  it('keeps notices per profile: another profile shows its own, a clear clears only the shown profile’s', async () => {
    const notices = useNoticesStore()
    const profiles = useProfilesStore()
    const w = mount(NotificationBell)
    notices.add({ kind: 'fill', title: 'Filled · ETH/USDT', text: 'paper fill' })
    notices.add({ kind: 'fill', title: 'Filled · BTC/USDT', text: 'remote fill', profileId: REMOTE.id })
    notices.add({ kind: 'error', title: 'Not connected to the terminal', text: 'no profile yet', profileId: null })
    await w.get('[data-testid="notices-bell"]').trigger('click')
    expect(texts(w).map((t) => t.includes('paper fill') || t.includes('no profile yet'))).toEqual([true, true])

    profiles.activeId = REMOTE.id
    await flushPromises()
    expect(texts(w)).toHaveLength(2)
    expect(texts(w)[1]).toContain('remote fill')
    expect(texts(w)[1]).toContain(REMOTE.name)
    await w.get('[data-testid="notices-clear"]').trigger('click')
    expect(w.find('[data-testid="notices-empty"]').exists()).toBe(true)

    profiles.activeId = PAPER.id
    await flushPromises()
    expect(texts(w)).toHaveLength(1)
    expect(texts(w)[0]).toContain('paper fill')
  })

  it('takes a profile’s toasts off the screen when another profile is shown, and keeps the app’s own', async () => {
    const feedback = useFeedbackStore()
    const profiles = useProfilesStore()
    const w = mount(ToastHost)
    profiles.activeId = null // before the profile list is known: the app's own
    feedback.warn('Not connected to the terminal', 'retrying')
    profiles.activeId = PAPER.id
    feedback.notify('Filled · BTC/USDT', 'Filled: sold 5 contracts at 39,998.5 (avg)', { profileId: PAPER.id })
    feedback.error(new Error('Insufficient balance'), 'Could not place the order')
    await flushPromises()
    expect(w.findAll('.toast')).toHaveLength(3)
    expect(w.text()).toContain('39,998.5')

    profiles.activeId = REMOTE.id
    expect(feedback.toasts.map((t) => t.title)).toEqual(['Not connected to the terminal'])
    await flushPromises()
    expect(w.text()).not.toContain('39,998.5')
    // The same words under the new profile are a toast of their own, not a count on the gone one.
    feedback.error(new Error('Insufficient balance'), 'Could not place the order')
    expect(feedback.toasts.map((t) => [t.title, t.count, t.profileId])).toEqual([
      ['Not connected to the terminal', 1, null],
      ['Could not place the order', 1, REMOTE.id]
    ])
    // A paper fill told late (its read answered after the switch) is not shown under the remote profile.
    feedback.notify('Filled · ETH/USDT', 'Filled: bought 0.5 ETH at 3,100.00 (avg)', { profileId: PAPER.id })
    expect(feedback.toasts.map((t) => t.title)).not.toContain('Filled · ETH/USDT')
    // The paper fills are still in the paper profile's notification center.
    profiles.activeId = PAPER.id
    expect(useNoticesStore().shown.some((n) => n.text.includes('3,100.00'))).toBe(true)
    expect(useNoticesStore().shown.some((n) => n.text.includes('39,998.5'))).toBe(true)
  })

  it('counts a notice repeated at once on its predecessor, and drops the oldest beyond the bound', () => {
    const notices = useNoticesStore()
    notices.add({ kind: 'error', title: 'Could not load', text: 'offline', at: 1000 })
    notices.add({ kind: 'error', title: 'Could not load', text: 'offline', at: 2000 })
    expect(notices.shown.map((n) => [n.count, n.at])).toEqual([[2, 2000]])
    for (let i = 0; i < MAX_PER_PROFILE; i++) notices.add({ kind: 'info', title: `n${i}`, text: '' })
    expect(notices.shown).toHaveLength(MAX_PER_PROFILE)
    expect(notices.shown[0]!.title).toBe('n0')
  })
})
