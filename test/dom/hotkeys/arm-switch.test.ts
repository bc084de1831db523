// The top bar's arming switch says its state in words (and aria-pressed), and shows a hotkey's question: Confirm runs
// the action, Esc drops it.
import { flushPromises, mount } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import ArmSwitch from '../../../src-renderer/src/hotkeys/ArmSwitch.vue'
import { useTradingHotkeysStore } from '../../../src-renderer/src/hotkeys/trading-hotkeys'
import { fakeTerminal } from '../frame/fake-terminal'

beforeEach(() => {
  setActivePinia(createPinia())
  fakeTerminal()
})

describe('ArmSwitch', () => {
  it('arms and disarms in words, and asks a hotkey question', async () => {
    const w = mount(ArmSwitch, { attachTo: document.body })
    const button = () => w.get('[data-testid="arm-hotkeys"]')
    expect(button().text()).toBe('Trading hotkeys off')
    expect(button().attributes('aria-pressed')).toBe('false')
    await button().trigger('click')
    expect(button().text()).toBe('ARMED: hotkeys trade')
    expect(button().attributes('aria-pressed')).toBe('true')

    const h = useTradingHotkeysStore()
    const go = vi.fn(() => Promise.resolve())
    h.asking = { action: 'cancelAll', words: 'Cancel every open order on BTC/USDT?', go }
    await flushPromises()
    expect(w.get('[data-testid="hotkey-confirm"]').text()).toContain('Cancel every open order on BTC/USDT?')
    await w.get('[data-testid="hotkey-confirm"]').trigger('keydown', { key: 'Escape' })
    await flushPromises()
    expect(w.find('[data-testid="hotkey-confirm"]').exists()).toBe(false)
    expect(go).not.toHaveBeenCalled()
    h.asking = { action: 'cancelAll', words: 'Cancel every open order on BTC/USDT?', go }
    await flushPromises()
    await w.get('[data-testid="hotkey-confirm-yes"]').trigger('click')
    await flushPromises()
    expect(go).toHaveBeenCalledTimes(1)
    w.unmount()
  })
})
