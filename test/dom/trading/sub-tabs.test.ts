// The sub-tab strips of the orders, account and positions panels follow the tabs pattern: each tab controls the
// panel's one tabpanel, which is labelled by the selected tab and follows a click (axe does not require this).
import { describe, expect, it } from 'vitest'
import type { Component } from 'vue'
import AccountPanel from '../../../src-renderer/src/panels/AccountPanel.vue'
import OrdersPanel from '../../../src-renderer/src/panels/OrdersPanel.vue'
import PositionPanel from '../../../src-renderer/src/panels/PositionPanel.vue'
import { mountPanel } from './setup'

const strips: [string, Component, 'spot' | 'futures'][] = [
  ['orders', OrdersPanel, 'spot'],
  ['account', AccountPanel, 'spot'],
  ['positions', PositionPanel, 'futures']
]

describe('sub-tab strips', () => {
  it.each(strips)('%s: every tab controls the tabpanel, labelled by the selected tab', async (name, panel, module) => {
    const { wrapper } = await mountPanel(panel, { module })
    const tabs = wrapper.findAll(`[role="tablist"] [role="tab"]`)
    expect(tabs.length).toBeGreaterThan(1)
    const body = wrapper.get('[role="tabpanel"]')
    expect(body.attributes('id')).toBe(`${name}-tabpanel`)
    for (const tab of tabs) expect(tab.attributes('aria-controls')).toBe(`${name}-tabpanel`)
    const selected = () => wrapper.get('[role="tab"][aria-selected="true"]').attributes('id')
    expect(body.attributes('aria-labelledby')).toBe(selected())
    await tabs[1]!.trigger('click')
    expect(selected()).toBe(tabs[1]!.attributes('id'))
    expect(wrapper.get('[role="tabpanel"]').attributes('aria-labelledby')).toBe(tabs[1]!.attributes('id'))
  })
})
