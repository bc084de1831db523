// The window's live regions: a fill in the polite one, an error (a venue's refusal, told in the window's language) in
// the assertive one; a burst keeps every message as a line, and the same words said twice are a new line, read again.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { mount } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { nextTick } from 'vue'
import { ContractError } from '@shared/ipc/contract-kit'
import LiveAnnouncer from '../../../src-renderer/src/components/LiveAnnouncer.vue'
import { setLocale } from '../../../src-renderer/src/i18n'
import { useFeedbackStore } from '../../../src-renderer/src/stores/feedback'
import { useProfilesStore } from '../../../src-renderer/src/stores/profiles'
import { useStatusStore } from '../../../src-renderer/src/stores/status'
import { fakeTerminal } from './fake-terminal'
import { status as statusView } from './fixtures'

const refusal = () =>
  new ContractError({ code: 'exchange', message: '余额不足', exchange: { code: -2017, httpStatus: 400 } })

beforeEach(() => {
  setActivePinia(createPinia())
  fakeTerminal()
})
afterEach(() => setLocale('en'))

const lines = (w: ReturnType<typeof mount>, id: string) => w.findAll(`[data-testid="${id}"] p`).map((p) => p.text())

describe('the live regions', () => {
  it('are a polite status region and an assertive one for errors, empty at first', () => {
    const w = mount(LiveAnnouncer)
    expect(w.get('[data-testid="live-announcer"]').attributes()).toMatchObject({
      role: 'status',
      'aria-live': 'polite',
      'aria-relevant': 'additions'
    })
    expect(w.get('[data-testid="live-announcer-urgent"]').attributes()).toMatchObject({
      role: 'alert',
      'aria-live': 'assertive'
    })
    expect(lines(w, 'live-announcer')).toEqual([])
    expect(lines(w, 'live-announcer-urgent')).toEqual([])
  })

  it('says a fill in words, politely', async () => {
    const w = mount(LiveAnnouncer)
    useFeedbackStore().notify('Buy filled', '0.5 BTC at 65,000.00 USDT on BTC/USDT')
    await nextTick()
    expect(lines(w, 'live-announcer')).toEqual(['Buy filled: 0.5 BTC at 65,000.00 USDT on BTC/USDT'])
    expect(lines(w, 'live-announcer-urgent')).toEqual([])
  })

  it('says a venue error at once (assertive), in the window’s language', async () => {
    const w = mount(LiveAnnouncer)
    const feedback = useFeedbackStore()
    feedback.error(refusal(), 'Order not placed')
    await nextTick()
    expect(lines(w, 'live-announcer-urgent').at(-1)).toContain('Insufficient balance (code -2017)')
    setLocale('zh-CN')
    feedback.error(refusal(), '下单失败')
    await nextTick()
    const said = lines(w, 'live-announcer-urgent').at(-1)!
    expect(said).toContain('下单失败')
    expect(said).toContain('账户余额不足（错误码 -2017）')
    expect(lines(w, 'live-announcer')).toEqual([])
  })

  it('keeps a burst: a fill told right after an outcome is a line of its own, not a replacement', async () => {
    const w = mount(LiveAnnouncer)
    const feedback = useFeedbackStore()
    feedback.notify('Order placed', '0.5 BTC')
    feedback.notify('Buy filled', '0.5 BTC')
    await nextTick()
    expect(lines(w, 'live-announcer')).toEqual(['Order placed: 0.5 BTC', 'Buy filled: 0.5 BTC'])
  })

  it('forgets what was said of the account left when the profile switches', async () => {
    const w = mount(LiveAnnouncer)
    const profiles = useProfilesStore()
    profiles.activeId = 'paper'
    await nextTick()
    useFeedbackStore().notify('Buy filled', '0.0456 BTC')
    useFeedbackStore().error(refusal(), 'Order not placed')
    await nextTick()
    expect(lines(w, 'live-announcer')).toHaveLength(1)
    profiles.activeId = 'remote'
    await nextTick()
    expect(lines(w, 'live-announcer')).toEqual([])
    expect(lines(w, 'live-announcer-urgent')).toEqual([])
  })

  it('reads the same words again when they are said again (a new line), and keeps only the last few', async () => {
    const w = mount(LiveAnnouncer)
    const feedback = useFeedbackStore()
    feedback.warn('Price guard', 'far from the market')
    await nextTick()
    feedback.warn('Price guard', 'far from the market')
    await nextTick()
    expect(lines(w, 'live-announcer')).toEqual(['Price guard: far from the market', 'Price guard: far from the market'])
    for (const n of [1, 2, 3]) feedback.notify(`Note ${n}`, '')
    await nextTick()
    expect(lines(w, 'live-announcer')).toEqual(['Note 1', 'Note 2', 'Note 3'])
  })

  it('says the connection going down at once and coming back politely, each change once', async () => {
    const w = mount(LiveAnnouncer)
    const status = useStatusStore()
    status.link = 'connected'
    status.last = statusView()
    await nextTick()
    expect(lines(w, 'live-announcer-urgent')).toEqual([]) // connected at start is not news
    status.link = 'reconnecting'
    await nextTick()
    expect(lines(w, 'live-announcer-urgent')).toEqual([
      'Reconnecting: The connection to the terminal dropped; trying again'
    ])
    status.now = Date.now() + 1000 // the clock ticks while still down: nothing more is said
    await nextTick()
    expect(lines(w, 'live-announcer-urgent')).toHaveLength(1)
    setLocale('zh-CN')
    status.link = 'offline'
    await nextTick()
    expect(lines(w, 'live-announcer-urgent').at(-1)).toMatch(/^离线：/)
    setLocale('en')
    status.link = 'connected'
    status.last = statusView()
    status.now = Date.now()
    await nextTick()
    expect(lines(w, 'live-announcer')).toEqual(['Connected again: Terminal, feeds and REST are answering'])
  })
})
