import { describe, expect, it } from 'vitest'
import { mount } from '@vue/test-utils'
import { createPinia } from 'pinia'
import App from '../../src-renderer/src/App.vue'

describe('App shell', () => {
  it('switches the active module when a tab is clicked', async () => {
    const wrapper = mount(App, { global: { plugins: [createPinia()] } })
    expect(wrapper.get('[data-testid="module-body"]').text()).toBe('Spot')
    await wrapper.get('[data-testid="module-tab-futures"]').trigger('click')
    expect(wrapper.get('[data-testid="module-body"]').text()).toBe('Futures')
    expect(wrapper.get('[data-testid="module-tab-futures"]').classes()).toContain('active')
  })
})
