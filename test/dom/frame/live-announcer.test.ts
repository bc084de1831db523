// The window's polite live region: a fill and an error (a venue's refusal, told in the window's language) put their
// words in it, and the same words said twice change the region, so a screen reader reads them again.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { mount } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { nextTick } from 'vue'
import { ContractError } from '@shared/ipc/contract-kit'
import LiveAnnouncer from '../../../src-renderer/src/components/LiveAnnouncer.vue'
import { setLocale } from '../../../src-renderer/src/i18n'
import { useFeedbackStore } from '../../../src-renderer/src/stores/feedback'
import { fakeTerminal } from './fake-terminal'

const refusal = () =>
  new ContractError({ code: 'exchange', message: '余额不足', exchange: { code: -2017, httpStatus: 400 } })

beforeEach(() => {
  setActivePinia(createPinia())
  fakeTerminal()
})
afterEach(() => setLocale('en'))

describe('the live region', () => {
  it('is one polite status region, empty at first', () => {
    const w = mount(LiveAnnouncer)
    const region = w.get('[data-testid="live-announcer"]')
    expect(region.attributes()).toMatchObject({ role: 'status', 'aria-live': 'polite', 'aria-atomic': 'true' })
    expect(region.text()).toBe('')
  })

  it('says a fill in words', async () => {
    const w = mount(LiveAnnouncer)
    useFeedbackStore().notify('Buy filled', '0.5 BTC at 65,000.00 USDT on BTC/USDT')
    await nextTick()
    expect(w.get('[data-testid="live-announcer"]').text()).toBe('Buy filled: 0.5 BTC at 65,000.00 USDT on BTC/USDT')
  })

  it('says a venue error in the window’s language', async () => {
    const w = mount(LiveAnnouncer)
    const feedback = useFeedbackStore()
    feedback.error(refusal(), 'Order not placed')
    await nextTick()
    expect(w.get('[data-testid="live-announcer"]').text()).toContain('Insufficient balance (code -2017)')
    setLocale('zh-CN')
    feedback.error(refusal(), '下单失败')
    await nextTick()
    const said = w.get('[data-testid="live-announcer"]').text()
    expect(said).toContain('下单失败')
    expect(said).toContain('账户余额不足（错误码 -2017）')
  })

  it('reads the same words again when they are said again', async () => {
    const w = mount(LiveAnnouncer)
    const feedback = useFeedbackStore()
    const region = () => w.get('[data-testid="live-announcer"]').element.textContent
    feedback.warn('Price guard', 'far from the market')
    await nextTick()
    const once = region()
    feedback.warn('Price guard', 'far from the market')
    await nextTick()
    expect(region()).not.toBe(once)
    expect(region()!.trim()).toBe(once!.trim())
  })
})
