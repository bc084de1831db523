// The notification center in the window: main's list (a stand-in of main's service behind the fake client,
// fake-main-notices.ts), followed live: every fill, alert fire, error and notice with its time, newest first, the
// unread count on the bell, read and cleared in main; the shown profile's only (a switch never shows another's);
// toasts leave the screen with their profile.
import { beforeEach, describe, expect, it } from 'vitest'
import { flushPromises, mount } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import type { OrderHistoryEntryView } from '@shared/ipc/views/trading'
import NotificationBell from '../../../src-renderer/src/components/NotificationBell.vue'
import ToastHost from '../../../src-renderer/src/components/ToastHost.vue'
import { useFeedbackStore } from '../../../src-renderer/src/stores/feedback'
import { useProfilesStore } from '../../../src-renderer/src/stores/profiles'
import { BTCUSDT } from '../../fixtures/instruments'
import { withMainNotices, type MainNotices } from '../fake-main-notices'
import { fakeTerminal } from './fake-terminal'
import { PAPER, REMOTE } from './fixtures'

let main: MainNotices

beforeEach(() => {
  localStorage.clear()
  setActivePinia(createPinia())
  const ft = fakeTerminal({ 'market.symbols': () => [BTCUSDT] })
  main = withMainNotices(ft.client, () => PAPER.id)
  const profiles = useProfilesStore()
  profiles.list = [PAPER, REMOTE]
  profiles.activeId = PAPER.id
})

const texts = (w: ReturnType<typeof mount>) => w.findAll('[data-testid="notice"]').map((n) => n.text())
const count = (w: ReturnType<typeof mount>) => w.find('[data-testid="notices-count"]')

const filled: OrderHistoryEntryView = {
  module: 'spot',
  symbol: 'btcusdt',
  orderId: '9007199254740993',
  clientOrderId: null,
  side: 'BUY',
  type: 'LIMIT',
  price: '65000',
  volume: '0.5',
  executed: '0.5',
  avgPrice: '64999.5',
  status: 'FILLED',
  final: true,
  time: 1,
  updatedAt: 2
}

describe('notification center', () => {
  it('lists main’s entries and the window’s with their time, newest first; opening it marks them read in main', async () => {
    const w = mount(NotificationBell)
    const feedback = useFeedbackStore()
    feedback.error(new Error('Insufficient balance'), 'Could not place the order')
    main.service.alertFired(PAPER.id, {
      alertId: 'a1',
      module: 'spot',
      symbol: 'btcusdt',
      source: 'last',
      rule: { kind: 'cross', level: '70000', direction: 'up' },
      at: Date.now(),
      price: '70000.10'
    })
    main.service.sawOrders(PAPER.id, [filled])
    feedback.info('Now on profile Paper') // the terminal's own chatter: listed, read, not counted
    for (const t of [...feedback.toasts]) feedback.dismiss(t.id)
    await flushPromises()
    expect(count(w).text()).toBe('3')
    expect(main.service.list(PAPER.id).notices[0]).toMatchObject({ kind: 'info', unread: false })
    await w.get('[data-testid="notices-bell"]').trigger('click')
    await flushPromises()
    const list = texts(w)
    expect(list[0]).toMatch(/^Notice\s*\d{2}\/\d{2}, \d{2}:\d{2}:\d{2}\s*Now on profile Paper/)
    expect(list[1]).toContain('BTC/USDT')
    expect(list[1]).toContain('64,999.50')
    expect(list[2]).toContain('Price alert: BTC/USDT')
    expect(list[2]).toContain('70,000.10')
    expect(list[3]).toContain('Insufficient balance')
    expect(w.findAll('[data-testid="notice"]').map((n) => n.attributes('data-kind'))).toEqual([
      'info',
      'fill',
      'warn',
      'error'
    ])
    // Looked at: read in main (every window), no longer counted.
    expect(main.service.list(PAPER.id).unread).toBe(0)
    expect(count(w).exists()).toBe(false)
    expect(w.findAll('[data-unread="true"]')).toHaveLength(0)
  })

  it('shows the shown profile’s list only: a switch never shows another’s entries; clear clears the shown one’s in main', async () => {
    const profiles = useProfilesStore()
    main.service.told(PAPER.id, { kind: 'fill', title: 'Filled · ETH/USDT', text: 'paper fill' })
    main.service.told(REMOTE.id, { kind: 'fill', title: 'Filled · BTC/USDT', text: 'remote fill' })
    const w = mount(NotificationBell)
    await w.get('[data-testid="notices-bell"]').trigger('click')
    await flushPromises()
    expect(texts(w)).toEqual([expect.stringContaining('paper fill')])

    profiles.activeId = REMOTE.id
    await w.vm.$nextTick()
    expect(texts(w)).toEqual([]) // at once: the paper entries are gone before the remote list arrives
    await flushPromises()
    expect(texts(w)).toEqual([expect.stringContaining('remote fill')])
    await w.get('[data-testid="notices-clear"]').trigger('click')
    await flushPromises()
    expect(w.find('[data-testid="notices-empty"]').exists()).toBe(true)
    expect(main.service.list(REMOTE.id).notices).toEqual([])

    profiles.activeId = PAPER.id
    await flushPromises()
    expect(texts(w)).toEqual([expect.stringContaining('paper fill')])
  })

  it('lists a fill only this window found once however often it is told; main’s bounds clip, never drop, an entry', async () => {
    const feedback = useFeedbackStore()
    const w = mount(NotificationBell)
    for (let i = 0; i < 2; i++)
      feedback.notify('Filled · BTC/USDT perpetual', 'Filled: sold 5 contracts', {
        profileId: PAPER.id,
        listKey: 'fill:futures:77:end'
      })
    // A spot fill is main's to list: the window only toasts it.
    feedback.notify('Filled · BTC/USDT', 'Filled: bought 0.5 BTC', { profileId: PAPER.id })
    feedback.error(new Error('x'.repeat(5000)), '')
    await flushPromises()
    expect(count(w).text()).toBe('2')
    const list = main.service.list(PAPER.id).notices
    expect(list.map((n) => n.kind)).toEqual(['error', 'fill'])
    const told = list[0]!.subject
    expect(told.type === 'told' && [told.title, told.text.length, told.text.endsWith('…')]).toEqual([
      'Error',
      2000,
      true
    ])
    expect(feedback.toasts.map((t) => t.title)).toContain('Filled · BTC/USDT')
  })

  it('says when main’s list cannot be followed, instead of showing it empty', async () => {
    const w = mount(NotificationBell)
    await flushPromises()
    main.end({ code: 'invalid-input', message: "notices.onChange: invalid input field 'profileId'" })
    await w.get('[data-testid="notices-bell"]').trigger('click')
    await flushPromises()
    expect(w.get('[data-testid="notices-error"]').text()).toContain('The notifications could not be loaded')
    expect(w.find('[data-testid="notices-empty"]').exists()).toBe(false)
  })

  it('takes a profile’s toasts off the screen when another profile is shown; its entries stay in its list', async () => {
    const feedback = useFeedbackStore()
    const profiles = useProfilesStore()
    const w = mount(ToastHost)
    feedback.notify('Filled · BTC/USDT', 'Filled: sold 5 contracts at 39,998.5 (avg)', {
      profileId: PAPER.id,
      listKey: 'fill:futures:1:end'
    })
    feedback.error(new Error('Insufficient balance'), 'Could not place the order')
    await flushPromises()
    expect(w.findAll('.toast')).toHaveLength(2)

    profiles.activeId = REMOTE.id
    expect(feedback.toasts).toEqual([])
    await flushPromises()
    expect(w.text()).not.toContain('39,998.5')
    // A paper fill told late (its read answered after the switch): not shown under the remote profile, but listed
    // in the paper profile's list.
    feedback.notify('Filled · ETH/USDT', 'Filled: bought 0.5 ETH at 3,100.00 (avg)', {
      profileId: PAPER.id,
      listKey: 'fill:futures:2:end'
    })
    expect(feedback.toasts.map((t) => t.title)).not.toContain('Filled · ETH/USDT')
    await flushPromises()
    const paper = main.service.list(PAPER.id).notices.map((n) => n.subject.type === 'told' && n.subject.text)
    expect(paper).toEqual([
      'Filled: bought 0.5 ETH at 3,100.00 (avg)',
      'Insufficient balance',
      'Filled: sold 5 contracts at 39,998.5 (avg)'
    ])
    expect(main.service.list(REMOTE.id).notices).toEqual([])
  })
})
